import { Module } from '@nestjs/common';
import { SettingsReadService } from './settings-read.service';

/** The site settings lifecycle (SPEC §3–§5, §7): reads of live/draft/lock/versions and the site commands. */
@Module({
  providers: [SettingsReadService],
  exports: [SettingsReadService],
})
export class SettingsModule {}

import { Module } from '@nestjs/common';
import { MediaModule } from '../media';
import { BackupService } from './backup.service';
import { BackupsHttpController } from './backups.http.controller';

@Module({ imports: [MediaModule], controllers: [BackupsHttpController], providers: [BackupService], exports: [BackupService] })
export class BackupModule {}

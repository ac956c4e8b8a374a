import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DraftAnswer } from '../pull-live/pull-live.command';

import { RestoreSnapshotCommand } from './restore-snapshot.command';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/versions')
export class RestoreSnapshotHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: restores the snapshot into the draft; 404 unknown id, 423 while another editor holds the lock. */
  @Post(':id/restore')
  @HttpCode(200)
  @ApiOkResponse({ description: '{data: the draft after the restore, error: null}' })
  async restore(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<DraftAnswer> {
    return this.commands.execute(new RestoreSnapshotCommand(actor, id));
  }
}

import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { DeleteSnapshotCommand, type DeleteSnapshotResult } from './delete-snapshot.command';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/versions')
export class DeleteSnapshotHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: deletes the snapshot; 404 for an unknown id. */
  @Delete(':id')
  @ApiOkResponse({ description: '{deleted: id, error: null}' })
  async delete(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<DeleteSnapshotResult> {
    return this.commands.execute(new DeleteSnapshotCommand(actor, id));
  }
}

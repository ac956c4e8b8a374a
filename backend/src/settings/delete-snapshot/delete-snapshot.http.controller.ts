import { Controller, Delete, Header, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { siteCommandContext } from '../settings-request';
import { DeleteSnapshotCommand, type DeleteSnapshotResult } from './delete-snapshot.command';

@ApiTags('settings')
@Controller('api/settings/versions')
export class DeleteSnapshotHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: deletes the snapshot; 404 for an unknown id. */
  @Delete(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{deleted: id, error: null}' })
  async delete(@Req() req: Request, @Param('id') id: string): Promise<DeleteSnapshotResult> {
    return this.commands.execute(new DeleteSnapshotCommand(siteCommandContext(req), id));
  }
}

import { Controller, Delete, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SiteStream } from '../site-stream';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

export interface DeleteSnapshotResult {
  deleted: string;
  error: null;
}

@ApiTags('settings')
@Controller('api/settings/versions')
export class DeleteSnapshotHttpController {
  constructor(private readonly site: SiteStream) {}

  /** SPEC §7: deletes the snapshot for good (the event keeps its label for the audit trail); 404 for an unknown id. */
  @Delete(':id')
  @ApiOkResponse({ description: '{deleted: id, error: null}' })
  async delete(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<DeleteSnapshotResult> {
    await this.site.execute(actor, { type: 'DeleteSnapshot', data: { snapshotId: id } });
    return { deleted: id, error: null };
  }
}

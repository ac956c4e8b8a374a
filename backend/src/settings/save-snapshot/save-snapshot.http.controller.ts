import { Body, Controller, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { SettingsVersionView } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { SaveSnapshotRequestDto } from './save-snapshot.request.dto';
import { IdSource } from '../../platform/event-sourcing/clock';
import { recordedNotYetShown } from '../../platform/event-sourcing/aggregate-runner';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

export interface SaveSnapshotResult {
  version: SettingsVersionView;
  error: null;
}

@ApiTags('settings')
@Controller('api/settings/versions')
export class SaveSnapshotHttpController {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    private readonly ids: IdSource,
  ) {}

  /** SPEC §7: snapshots the draft as it reads now (draft merged over live), 201, and answers the snapshot. */
  @Post()
  @ApiBody({ schema: { type: 'object', properties: { label: { type: 'string', nullable: true }, stage: { type: 'string', enum: ['draft'] } } } })
  @ApiCreatedResponse({ description: '{version: {id, label, stage, status, created_at, author_email}, error: null}' })
  async save(@Actor() actor: AdminIssuer, @Body() body: SaveSnapshotRequestDto): Promise<SaveSnapshotResult> {
    const snapshotId = this.ids.next();
    await this.site.execute(actor, { type: 'SaveSnapshot', data: { label: body.label ?? null }, metadata: { snapshotId } });
    const version = await this.reads.getVersionView(snapshotId);
    if (!version) throw recordedNotYetShown('The snapshot');
    return { version, error: null };
  }
}

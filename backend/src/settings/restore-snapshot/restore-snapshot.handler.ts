import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DraftAnswer } from '../pull-live/pull-live.command';
import { MediaLibraryView } from '../media-library.view';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { RestoreSnapshotCommand } from './restore-snapshot.command';

@CommandHandler(RestoreSnapshotCommand)
export class RestoreSnapshotHandler implements ICommandHandler<RestoreSnapshotCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    private readonly library: MediaLibraryView,
  ) {}

  /** Issue 13 point 6: the answer names library files the restored draft links to that were deleted since. */
  async execute({ context, snapshotId }: RestoreSnapshotCommand): Promise<DraftAnswer & { missing_media?: string[] }> {
    await this.site.execute(context, (now) => ({ type: 'RestoreSnapshot', data: { snapshotId }, metadata: { actorEmail: context.actorEmail, now } }));
    const data = (await this.reads.getDraft('editor')).settings;
    const missing = await this.library.missingFrom(data);
    return missing.length > 0 ? { data, error: null, missing_media: missing } : { data, error: null };
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DraftAnswer } from '../pull-live/pull-live.command';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { RestoreSnapshotCommand } from './restore-snapshot.command';

@CommandHandler(RestoreSnapshotCommand)
export class RestoreSnapshotHandler implements ICommandHandler<RestoreSnapshotCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context, snapshotId }: RestoreSnapshotCommand): Promise<DraftAnswer> {
    await this.site.execute(context, (now) => ({ type: 'RestoreSnapshot', data: { snapshotId }, metadata: { actorEmail: context.actorEmail, now } }));
    return { data: (await this.reads.getDraft('editor')).settings, error: null };
  }
}

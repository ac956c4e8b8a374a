import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IdSource } from '../../platform/event-sourcing/clock';
import type { SettingsVersionView } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { SaveSnapshotCommand, type SaveSnapshotResult } from './save-snapshot.command';

@CommandHandler(SaveSnapshotCommand)
export class SaveSnapshotHandler implements ICommandHandler<SaveSnapshotCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    private readonly ids: IdSource,
  ) {}

  async execute({ context, label }: SaveSnapshotCommand): Promise<SaveSnapshotResult> {
    const snapshotId = this.ids.next();
    await this.site.execute(context, (now) => ({ type: 'SaveSnapshot', data: { label }, metadata: { actorEmail: context.actorEmail, now, snapshotId } }));
    const version = await this.reads.getVersionView(snapshotId);
    if (!version) throw new Error(`Snapshot ${snapshotId} was recorded but is not in the read model`);
    return { version: version satisfies SettingsVersionView, error: null };
  }
}

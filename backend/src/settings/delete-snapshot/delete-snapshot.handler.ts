import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SiteStream } from '../site-stream';
import { DeleteSnapshotCommand, type DeleteSnapshotResult } from './delete-snapshot.command';

@CommandHandler(DeleteSnapshotCommand)
export class DeleteSnapshotHandler implements ICommandHandler<DeleteSnapshotCommand> {
  constructor(private readonly site: SiteStream) {}

  async execute({ context, snapshotId }: DeleteSnapshotCommand): Promise<DeleteSnapshotResult> {
    await this.site.execute(context, (now) => ({ type: 'DeleteSnapshot', data: { snapshotId }, metadata: { actorEmail: context.actorEmail, now } }));
    return { deleted: snapshotId, error: null };
  }
}

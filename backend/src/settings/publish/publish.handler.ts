import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { PublishCommand, type PublishResult } from './publish.command';

@CommandHandler(PublishCommand)
export class PublishHandler implements ICommandHandler<PublishCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context, snapshotId }: PublishCommand): Promise<PublishResult> {
    await this.site.execute(context, (now) => ({ type: 'Publish', data: { snapshotId }, metadata: { actorEmail: context.actorEmail, now } }));
    const live = await this.reads.getLive();
    return { data: live.settings, version: live.version, error: null };
  }
}

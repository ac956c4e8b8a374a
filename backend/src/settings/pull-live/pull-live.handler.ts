import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { PullLiveCommand, type DraftAnswer } from './pull-live.command';

@CommandHandler(PullLiveCommand)
export class PullLiveHandler implements ICommandHandler<PullLiveCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context }: PullLiveCommand): Promise<DraftAnswer> {
    await this.site.execute(context, (now) => ({ type: 'PullLive', data: {}, metadata: { actorEmail: context.actorEmail, now } }));
    return { data: (await this.reads.getDraft('editor')).settings, error: null };
  }
}

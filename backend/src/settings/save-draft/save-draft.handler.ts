import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { SaveDraftCommand, type SaveDraftResult } from './save-draft.command';

@CommandHandler(SaveDraftCommand)
export class SaveDraftHandler implements ICommandHandler<SaveDraftCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context, settings }: SaveDraftCommand): Promise<SaveDraftResult> {
    await this.site.execute(context, (now) => ({ type: 'SaveDraft', data: { settings }, metadata: { actorEmail: context.actorEmail, now } }));
    return { data: (await this.reads.getDraft('editor')).settings, error: null };
  }
}

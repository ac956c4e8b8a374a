import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  MEDIA_STREAM,
  mediaDecider,
  renamedMediaReplacements,
  rewriteLinkReferences,
  validateSettingsUpdate,
  type MediaCommand,
  type MediaEvent,
  type MediaState,
  type MediaUrlOptions,
} from '@punchline/domain';
import { type AggregateRunner, AggregateRunners } from '../../platform/event-sourcing/aggregate-runner';
import type { AppConfig } from '../../platform/config/config';
import { CONFIG } from '../../platform/platform.module';
import { mediaUrlOptions } from '../../media/media-url-options';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { SaveDraftCommand, type MediaRenamedInSave, type SaveDraftResult } from './save-draft.command';

@CommandHandler(SaveDraftCommand)
export class SaveDraftHandler implements ICommandHandler<SaveDraftCommand> {
  /** The media stream read for its renames only, through the domain's decider (no media feature internals). */
  private readonly media: AggregateRunner<MediaState, MediaCommand, MediaEvent>;
  private readonly urlOptions: MediaUrlOptions;

  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    runners: AggregateRunners,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.media = runners.create({ decider: mediaDecider, name: 'media (renames for saves)', staleRevisionText: '', cache: true });
    this.urlOptions = mediaUrlOptions(config);
  }

  async execute({ context, settings }: SaveDraftCommand): Promise<SaveDraftResult> {
    const { record, renamed } = await this.followRenames(settings);
    await this.site.execute(context, (now) => ({ type: 'SaveDraft', data: { settings: record }, metadata: { actorEmail: context.actorEmail, now } }));
    const data = (await this.reads.getDraft('editor')).settings;
    return renamed.length > 0 ? { data, error: null, media_renamed: renamed } : { data, error: null };
  }

  /**
   * Issue 13 point 5: an editor who held a file's old URL in an unsaved form while another admin
   * renamed it would write the old, now missing, URL back. The media stream knows every rename, so
   * the save names the file where it is now, and the answer says so. A record that does not
   * validate goes to the decider as it came, to be refused there with its errors.
   */
  private async followRenames(settings: unknown): Promise<{ record: unknown; renamed: MediaRenamedInSave[] }> {
    const checked = validateSettingsUpdate(settings);
    if (!checked.ok) return { record: settings, renamed: [] };
    const renames = await this.media.read(MEDIA_STREAM, (state) => state.renamed);
    const replacements = renamedMediaReplacements(checked.value, renames, this.urlOptions);
    if (replacements.length === 0) return { record: settings, renamed: [] };
    const rewritten = rewriteLinkReferences(checked.value, replacements);
    const byFile = new Map<string, MediaRenamedInSave>();
    for (const r of replacements) byFile.set(r.fromPath, { from: r.fromPath, to: r.toPath, url: r.to });
    return { record: rewritten.settings, renamed: [...byFile.values()] };
  }
}

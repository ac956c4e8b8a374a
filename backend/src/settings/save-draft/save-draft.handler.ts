import { Injectable } from '@nestjs/common';
import { type MediaRenamedInSave, type SettingsRecord, renamedMediaReplacements, rewriteLinkReferences, validateSettingsUpdate } from '@punchline/domain';
import { MediaLibraryView } from '../media-library.view';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface SaveDraftResult {
  /** The draft after the save: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
  /** Present when the save followed renames made while the editor held the old links. */
  media_renamed?: MediaRenamedInSave[];
}

/**
 * A handler because a save orchestrates two aggregates' views: it reads the media stream's renames
 * and rewrites the record before the site decides on it (issue 26 keeps handlers for such cases only).
 */
@Injectable()
export class SaveDraftHandler {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    private readonly library: MediaLibraryView,
  ) {}

  /** `settings` is the whole record as received; the domain validates and normalises it. */
  async execute(actor: AdminIssuer, settings: unknown): Promise<SaveDraftResult> {
    const { record, renamed } = await this.followRenames(settings);
    await this.site.execute(actor, { type: 'SaveDraft', data: { settings: record } });
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
    // Most saves name no former path: then the record is not validated twice (the decider does it).
    const renames = await this.library.renamed();
    const text = renames.size === 0 ? '' : JSON.stringify(settings) ?? '';
    if (![...renames.keys()].some((former) => text.includes(former) || text.includes(encodeURIComponent(former)))) return { record: settings, renamed: [] };
    const checked = validateSettingsUpdate(settings);
    if (!checked.ok) return { record: settings, renamed: [] };
    const replacements = renamedMediaReplacements(checked.value, renames, this.library.urlOptions);
    if (replacements.length === 0) return { record: settings, renamed: [] };
    const rewritten = rewriteLinkReferences(checked.value, replacements);
    const byFile = new Map<string, MediaRenamedInSave>();
    for (const r of replacements) byFile.set(r.fromPath, { from: r.fromPath, to: r.toPath, url: r.to });
    return { record: rewritten.settings, renamed: [...byFile.values()] };
  }
}

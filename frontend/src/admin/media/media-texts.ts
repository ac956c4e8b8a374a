/** SPEC §8 texts of the Media Manager and picker, plus the screen's own. */
export const MEDIA_TEXTS = {
  uploadFailed: 'Upload failed',
  uploadMissingUrl: 'Upload response missing url',
  loadFailed: 'Failed to load media',
  listFailed: (status: number) => `List failed: ${status}`,
  deleteFailed: (status: number) => `Delete failed: ${status}`,
  renameFailed: 'Rename failed',
  usageFailed: 'Could not determine where this file is used.',
  confirmDelete: (name: string) => `Delete "${name}"? This cannot be undone.`,
  copied: 'Copied',
  copyFailed: 'Could not copy the URL.',
  inUseTitle: 'File in use',
  keptTitle: 'Kept in the site’s history',
  keptIntro: (name: string) => `“${name}” is not used by the draft or the live site, but the site’s history still links to it:`,
  keptBySnapshot: (label: string | null, when: string) => `Snapshot ${label ? `“${label}”` : 'without a label'} of ${when}`,
  keptByPublish: (when: string) => `The live site as published on ${when}`,
  keptOutro: 'Restoring one of these, or rolling live back to it, would show a missing image. Delete it anyway?',
  inUseIntro: (name: string) => `“${name}” cannot be deleted while the site uses it. Remove it from these places first:`,
  empty: 'No media yet. Upload an image or a video to get started.',
  /** The empty state names the filter in use (issue 12 point 5), not just 'search'. */
  noMatchesFor: (q: string, usage: 'all' | 'used' | 'unused') => {
    const which = usage === 'used' ? 'used' : usage === 'unused' ? 'unused' : '';
    if (q.trim() === '') return usage === 'used' ? 'No file is used on the site right now.' : 'Every file is used somewhere on the site.';
    return `No ${which ? `${which} ` : ''}files match “${q.trim()}”.`;
  },
} as const;

export const STAGE_LABELS: Record<string, string> = { draft: 'Draft', live: 'Live' };

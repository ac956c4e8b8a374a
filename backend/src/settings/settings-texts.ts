/** Texts the settings endpoints answer with (SPEC §6, §8 where they give one). */
export const SETTINGS_TEXTS = {
  /** SPEC §6: a 403 on lock calls. */
  adminRequiredToEditDraft: 'Admin access required to edit draft.',
  onlyDraftSaved: 'Only the draft can be saved: PUT /api/settings?stage=draft.',
  stageLiveOrDraft: 'stage must be live or draft.',
  snapshotStageDraft: "Snapshots are of the draft: stage must be 'draft'.",
  staleRevision: 'The draft changed in the meantime; reload and try again.',
} as const;

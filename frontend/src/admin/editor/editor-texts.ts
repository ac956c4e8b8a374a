/** Texts of the editing screens: SPEC §4 banners, §5 messages, §8 default errors (a server `error` field wins over these). */
export const EDITOR_TEXTS = {
  readOnlyLive: 'Switch to the Draft view to edit these fields.',
  readOnlyLocked: 'Draft is locked by another editor. Fields are read-only until they release the lock.',
  saveDraftFailed: 'Failed to save draft',
  restoredWithMissingMedia: (paths: readonly string[]) =>
    `Snapshot restored into the draft, but ${paths.length === 1 ? 'this file it uses was' : 'these files it uses were'} deleted from the Media Manager since: ${paths.join(', ')}. Upload ${paths.length === 1 ? 'it' : 'them'} again or pick others before publishing.`,
  /** Issue 13 point 5: the save followed files renamed in the Media Manager while this form held their old links. */
  savedFollowingRenames: (renamed: readonly { from: string; to: string }[]) =>
    `Draft saved. Renamed meanwhile in the Media Manager: ${renamed.map((r) => `“${r.from}” is now “${r.to}”`).join(', ')}; the draft uses the new ${renamed.length === 1 ? 'name' : 'names'}.`,
  /** The snapshot chosen in the publish dialog was deleted elsewhere while the dialog was open. */
  chosenSnapshotDeleted: (name: string) => `“${name}” was deleted by another admin or in another tab, and can no longer be published.`,
  loadLockFailed: 'Failed to load lock',
  acquireLockFailed: 'Failed to acquire lock',
  releaseLockFailed: 'Failed to release lock',
  lockedByAnother: 'Draft locked by another editor.',
  lockForbidden: 'Admin access required to edit draft.',
  pullLiveFailed: 'Failed to pull live into draft',
  publishFailed: 'Failed to publish',
  loadSnapshotsFailed: 'Failed to load snapshots',
  createSnapshotFailed: 'Failed to create snapshot',
  restoreSnapshotFailed: 'Failed to restore snapshot',
  deleteSnapshotFailed: 'Failed to delete snapshot',
  loadRecentDraftsFailed: 'Failed to load recent drafts',
  selectSnapshot: 'Select the draft snapshot you intend to publish.',
  chooseWhatToPublish: 'Choose what to publish.',
  confirmReviewed: "Confirm that you've reviewed the selected draft snapshot.",
  /** SPEC §8 fixes the snapshot wording above; publishing the current draft needs its own (issue 12 point 8). */
  confirmReviewedDraft: "Confirm that you've reviewed the current draft.",
  scheduleFailed: 'Failed to schedule the publish',
  loadSchedulesFailed: 'Failed to load scheduled publishes',
  cancelScheduleFailed: 'Failed to cancel the scheduled publish',
  scheduleTimeRequired: 'Choose the date and time the publish should happen.',
  scheduleTimeInPast: 'Choose a time in the future for a scheduled publish.',
  linkLimitReached: 'Link limit reached',
  memberLinkLimitReached: 'Maximum of 10 links reached for this member.',
} as const;

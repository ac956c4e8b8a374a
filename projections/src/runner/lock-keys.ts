/** Advisory lock keys of the read-model side (715001/715002 belong to the event store and migrations). */
export const LOCK_KEYS = {
  /** Held (session-level) by the one projector leader. */
  leader: 715003,
  /** Shared by every projector batch, exclusive for replay's compare/swap: pauses batches meanwhile. */
  batches: 715004,
  /** Serialises ensureReadModels across processes starting together. */
  readModelMigrations: 715005,
  /** Held (session-level) by the one process building missing deferred indexes. */
  deferredIndexes: 715006,
} as const;

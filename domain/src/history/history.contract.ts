/** The HTTP shapes of DESIGN §13 history, shared by server and screens. */

export type HistoryStage = 'live' | 'draft';

/** GET /api/admin/history items: an event that changed what a stage reads. */
export interface HistoryItem {
  position: number;
  occurred_at: string;
  actor_email: string | null;
  action: string;
  fields: string[];
  summary: string;
}

/** GET /api/admin/history/fields values: who last changed a field, and when. */
export interface FieldProvenance {
  position: number;
  occurred_at: string;
  actor_email: string | null;
  /** The name the actor signed in with, when known (issue 25). */
  actor_name?: string | null;
  action: string;
}

/** GET /api/admin/audit/verify. */
export interface VerifyAnswer {
  ok: boolean;
  verified: number;
  head: { position: number; hash: string } | null;
  first_invalid: { position: number; event_id: string; stream: string; type: string; reason?: string } | null;
}

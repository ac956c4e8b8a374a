/** The DESIGN §13 history calls as the screens make them (every call resolves; failures carry the server's text). */
import type { JsonChange } from '@punchline/domain';
import { api } from '../../shared/api';

export type HistoryStage = 'live' | 'draft';

export interface HistoryItem {
  position: number;
  occurred_at: string;
  actor_email: string | null;
  action: string;
  fields: string[];
  summary: string;
}

export interface VerifyResult {
  ok: boolean;
  verified: number;
  head: { position: number; hash: string } | null;
  first_invalid: { position: number; event_id: string; stream: string; type: string; reason?: string } | null;
}

export interface FieldProvenance {
  position: number;
  occurred_at: string;
  actor_email: string | null;
  action: string;
}

export const historyApi = {
  timeline: (stage: HistoryStage, before?: number) =>
    api.get<{ items: HistoryItem[]; next_before: number | null }>(`/api/admin/history?stage=${stage}&limit=50${before !== undefined ? `&before=${before}` : ''}`),
  diff: (stage: HistoryStage, from: number, to: number) => api.get<{ from: number; to: number; changes: JsonChange[] }>(`/api/admin/history/diff?stage=${stage}&from=${from}&to=${to}`),
  fields: (stage: HistoryStage) => api.get<{ fields: Record<string, FieldProvenance> }>(`/api/admin/history/fields?stage=${stage}`),
  rollback: (position: number) => api.post('/api/settings/rollback', { position }),
  restore: (position: number, stage: HistoryStage) => api.post('/api/settings/history/restore', { position, stage }),
  verify: () => api.get<VerifyResult>('/api/admin/audit/verify'),
};

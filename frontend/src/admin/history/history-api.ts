/** The DESIGN §13 history calls as the screens make them (every call resolves; failures carry the server's text). */
import type { FieldProvenance, HistoryItem, HistoryStage, JsonChange, VerifyAnswer } from '@punchline/domain';
import { api } from '../../shared/api';

export type { FieldProvenance, HistoryItem, HistoryStage } from '@punchline/domain';
export type VerifyResult = VerifyAnswer;

export const historyApi = {
  timeline: (stage: HistoryStage, before?: number) =>
    api.get<{ items: HistoryItem[]; next_before: number | null }>(`/api/admin/history?stage=${stage}&limit=50${before !== undefined ? `&before=${before}` : ''}`),
  diff: (stage: HistoryStage, from: number, to: number) => api.get<{ from: number; to: number; changes: JsonChange[] }>(`/api/admin/history/diff?stage=${stage}&from=${from}&to=${to}`),
  fields: (stage: HistoryStage) => api.get<{ fields: Record<string, FieldProvenance> }>(`/api/admin/history/fields?stage=${stage}`),
  rollback: (position: number) => api.post('/api/settings/rollback', { position }),
  restore: (position: number, stage: HistoryStage) => api.post('/api/settings/history/restore', { position, stage }),
  verify: () => api.get<VerifyResult>('/api/admin/audit/verify'),
};

import { ALLOWLIST_TEXTS, allowlistEntryProblem, normaliseEmail } from '@punchline/domain';

/** The Admin Access panel (SPEC §2, §4): load, edit locally, save, then show what the server returned. */
export interface AllowlistPanelState {
  phase: 'loading' | 'load-error' | 'ready' | 'saving';
  /** The lists as the server last answered them. */
  saved: { editable: string[]; env: string[] };
  /** The editable list as edited here, not yet saved. */
  editable: string[];
  input: string;
  /** Red text: a load or save failure, or a refused entry. */
  error: string | null;
  /** Green text after a save. */
  success: string | null;
}

export const initialAllowlistPanel: AllowlistPanelState = {
  phase: 'loading',
  saved: { editable: [], env: [] },
  editable: [],
  input: '',
  error: null,
  success: null,
};

export type AllowlistPanelAction =
  | { type: 'load-started' }
  | { type: 'loaded'; editable: string[]; env: string[] }
  | { type: 'load-failed'; error: string }
  | { type: 'input'; value: string }
  | { type: 'add' }
  | { type: 'remove'; email: string }
  | { type: 'reset' }
  | { type: 'save-started' }
  | { type: 'saved'; editable: string[]; env: string[] }
  | { type: 'save-failed'; error: string };

export function allowlistPanelReducer(state: AllowlistPanelState, action: AllowlistPanelAction): AllowlistPanelState {
  switch (action.type) {
    case 'load-started':
      return { ...state, phase: 'loading', error: null, success: null };
    case 'loaded':
      return { ...state, phase: 'ready', saved: { editable: action.editable, env: action.env }, editable: action.editable, error: null };
    case 'load-failed':
      return { ...state, phase: 'load-error', saved: { editable: [], env: [] }, editable: [], error: action.error, success: null };
    case 'input':
      return { ...state, input: action.value, error: state.phase === 'ready' ? null : state.error };
    case 'add': {
      const problem = allowlistEntryProblem(state.input, state.editable, state.saved.env);
      if (problem) return { ...state, error: problem, success: null };
      return { ...state, editable: [...state.editable, normaliseEmail(state.input)], input: '', error: null, success: null };
    }
    case 'remove':
      return { ...state, editable: state.editable.filter((email) => email !== action.email), error: null, success: null };
    case 'reset':
      return { ...state, editable: state.saved.editable, input: '', error: null, success: null };
    case 'save-started':
      return { ...state, phase: 'saving', error: null, success: null };
    case 'saved':
      return { ...state, phase: 'ready', saved: { editable: action.editable, env: action.env }, editable: action.editable, error: null, success: ALLOWLIST_TEXTS.saved };
    case 'save-failed':
      return { ...state, phase: 'ready', error: action.error, success: null };
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

export function isAllowlistDirty(state: Pick<AllowlistPanelState, 'saved' | 'editable'>): boolean {
  const { editable, saved } = state;
  return editable.length !== saved.editable.length || editable.some((email, i) => email !== saved.editable[i]);
}

/** Everyone the server will let in: the editable list plus ADMIN_EMAILS, counted once each. */
export function allowedCount(state: Pick<AllowlistPanelState, 'saved' | 'editable'>): number {
  return new Set([...state.editable, ...state.saved.env]).size;
}

/** {editable, env} from the server, or null when the body is not that. */
export function allowlistFrom(body: unknown): { editable: string[]; env: string[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { editable, env } = body as { editable?: unknown; env?: unknown };
  const list = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null);
  const e = list(editable);
  const n = list(env);
  return e && n ? { editable: e, env: n } : null;
}

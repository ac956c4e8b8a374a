import { normaliseEmail } from '@punchline/domain';

/**
 * The email-list panels (Admin Access, SPEC §2 and §4; Auditors, DESIGN §15): load, edit locally,
 * save, then show what the server returned. The checks and texts differ per list, so they come in
 * with the actions that need them.
 */
export interface EmailListPanelState {
  phase: 'loading' | 'load-error' | 'ready' | 'saving';
  /** The lists as the server last answered them. */
  saved: EmailLists;
  /** The editable list as edited here, not yet saved. */
  editable: string[];
  input: string;
  /** Red text: a load or save failure, or a refused entry. */
  error: string | null;
  /** Green text after a save. */
  success: string | null;
}

/** The editable list and the one fixed in the server's environment. */
export interface EmailLists {
  editable: string[];
  env: string[];
}

/** Why an entry typed into the panel may not be added (the list's own texts), or null. */
export type EntryProblem = (raw: string, editable: readonly string[], env: readonly string[]) => string | null;

export const initialEmailListPanel: EmailListPanelState = {
  phase: 'loading',
  saved: { editable: [], env: [] },
  editable: [],
  input: '',
  error: null,
  success: null,
};

export type EmailListPanelAction =
  | { type: 'load-started' }
  | { type: 'loaded'; lists: EmailLists }
  | { type: 'load-failed'; error: string }
  | { type: 'input'; value: string }
  | { type: 'add'; problem: EntryProblem }
  | { type: 'remove'; email: string }
  | { type: 'reset' }
  | { type: 'save-started' }
  | { type: 'saved'; lists: EmailLists; success: string }
  | { type: 'save-failed'; error: string };

export function emailListPanelReducer(state: EmailListPanelState, action: EmailListPanelAction): EmailListPanelState {
  switch (action.type) {
    case 'load-started':
      return { ...state, phase: 'loading', error: null, success: null };
    case 'loaded':
      return { ...state, phase: 'ready', saved: action.lists, editable: action.lists.editable, error: null };
    case 'load-failed':
      return { ...state, phase: 'load-error', saved: { editable: [], env: [] }, editable: [], error: action.error, success: null };
    case 'input':
      return { ...state, input: action.value, error: state.phase === 'ready' ? null : state.error };
    case 'add': {
      const problem = action.problem(state.input, state.editable, state.saved.env);
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
      return { ...state, phase: 'ready', saved: action.lists, editable: action.lists.editable, error: null, success: action.success };
    case 'save-failed':
      return { ...state, phase: 'ready', error: action.error, success: null };
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

export function isEmailListDirty(state: Pick<EmailListPanelState, 'saved' | 'editable'>): boolean {
  const { editable, saved } = state;
  return editable.length !== saved.editable.length || editable.some((email, i) => email !== saved.editable[i]);
}

/** Everyone the server will let in: the editable list plus the environment's, counted once each. */
export function allowedCount(state: Pick<EmailListPanelState, 'saved' | 'editable'>): number {
  return new Set([...state.editable, ...state.saved.env]).size;
}

/** {editable, env} from the server, or null when the body is not that. */
export function emailListsFrom(body: unknown): EmailLists | null {
  if (typeof body !== 'object' || body === null) return null;
  const { editable, env } = body as { editable?: unknown; env?: unknown };
  const list = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null);
  const e = list(editable);
  const n = list(env);
  return e && n ? { editable: e, env: n } : null;
}

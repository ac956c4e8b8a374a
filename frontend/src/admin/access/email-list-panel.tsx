import { useCallback, useEffect, useId, useReducer } from 'react';
import { api, errorText } from '../../shared/api';
import { type EmailListPanelAction, type EmailListPanelState, type EntryProblem, allowedCount, emailListPanelReducer, emailListsFrom, initialEmailListPanel, isEmailListDirty } from './email-list-panel.state';
import '../ui/ui.css';
import './admin-access.css';

/** What makes one email-list panel itself: its endpoint, its check and every text it shows. */
export interface EmailListPanelConfig {
  /** GET answers {editable, env}; PUT {emails} replaces the editable list and answers the same. */
  endpoint: string;
  entryProblem: EntryProblem;
  title: string;
  lead: string;
  /** Shown under the lead once loaded: everyone the list lets in (the Admin Access panel). */
  count?: { one: string; many: string };
  loading: string;
  listTitle: string;
  empty: string;
  addLabel: string;
  addButton: string;
  removeLabel: (email: string) => string;
  envTitle: string;
  /** Offers Reset beside Save (the Admin Access panel). */
  reset?: boolean;
  saveButton: string;
  texts: { loadFailed: string; saveFailed: string; saved: string };
}

function useEmailList(config: EmailListPanelConfig) {
  const [state, dispatch] = useReducer(emailListPanelReducer, initialEmailListPanel);
  const { endpoint, texts } = config;

  const load = useCallback(async () => {
    dispatch({ type: 'load-started' });
    const result = await api.get(endpoint);
    const lists = result.ok ? emailListsFrom(result.body) : null;
    if (lists) dispatch({ type: 'loaded', lists });
    else dispatch({ type: 'load-failed', error: errorText(result, texts.loadFailed) });
  }, [endpoint, texts.loadFailed]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    dispatch({ type: 'save-started' });
    const result = await api.put(endpoint, { emails: state.editable });
    const lists = result.ok ? emailListsFrom(result.body) : null;
    if (lists) dispatch({ type: 'saved', lists, success: texts.saved });
    else dispatch({ type: 'save-failed', error: errorText(result, texts.saveFailed) });
  };

  return { state, dispatch, load, save };
}

/**
 * An editable email list beside a fixed one from the server's environment, changed locally and
 * saved as a whole: the Admin Access panel (SPEC §2) and the Auditors panel (DESIGN §15).
 */
export function EmailListPanel({ config }: { config: EmailListPanelConfig }) {
  const { state, dispatch, load, save } = useEmailList(config);
  const id = useId();
  const saving = state.phase === 'saving';
  const ready = state.phase === 'ready' || saving;
  const count = allowedCount(state);
  return (
    <section className="kit-panel admin-access" aria-labelledby={`${id}-title`} aria-busy={state.phase === 'loading' || saving || undefined}>
      <header className="admin-access__head">
        <h2 id={`${id}-title`} className="admin-access__title">
          {config.title}
        </h2>
        <p className="admin-access__lead">{config.lead}</p>
        {ready && config.count ? (
          <p className="admin-access__count">
            <strong>{count}</strong> {count === 1 ? config.count.one : config.count.many}
          </p>
        ) : null}
      </header>

      {state.phase === 'loading' ? (
        <p className="admin-access__muted" role="status">
          {config.loading}
        </p>
      ) : null}

      {state.phase === 'load-error' ? (
        <p className="admin-error" role="alert">
          {state.error}{' '}
          <button type="button" className="admin-button admin-button--small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      ) : null}

      {ready ? (
        <>
          <EditableList id={id} config={config} state={state} dispatch={dispatch} />
          <EnvList id={id} title={config.envTitle} emails={state.saved.env} />
          {state.error ? (
            <p className="admin-error" role="alert" id={`${id}-error`}>
              {state.error}
            </p>
          ) : null}
          {state.success ? (
            <p className="admin-success" role="status">
              {state.success}
            </p>
          ) : null}
          <div className="admin-access__actions">
            {config.reset ? (
              <button type="button" className="admin-button admin-button--secondary" disabled={!isEmailListDirty(state) || saving} onClick={() => dispatch({ type: 'reset' })}>
                Reset
              </button>
            ) : null}
            <button type="button" className="admin-button admin-button--primary" disabled={!isEmailListDirty(state) || saving} onClick={() => void save()}>
              {saving ? 'Saving…' : config.saveButton}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

interface EditableListProps {
  id: string;
  config: EmailListPanelConfig;
  state: EmailListPanelState;
  dispatch: (action: EmailListPanelAction) => void;
}

function EditableList({ id, config, state, dispatch }: EditableListProps) {
  const saving = state.phase === 'saving';
  return (
    <div className="admin-access__group">
      <h3 className="admin-access__subtitle" id={`${id}-editable`}>
        {config.listTitle}
      </h3>
      {state.editable.length > 0 ? (
        <ul className="admin-access__list" aria-labelledby={`${id}-editable`}>
          {state.editable.map((email) => (
            <li key={email} className="admin-access__item">
              <span className="admin-access__email">{email}</span>
              <button
                type="button"
                className="admin-button admin-button--small admin-button--danger"
                aria-label={config.removeLabel(email)}
                disabled={saving}
                onClick={() => dispatch({ type: 'remove', email })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-access__muted">{config.empty}</p>
      )}
      <form
        className="admin-access__add"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'add', problem: config.entryProblem });
        }}
      >
        <label htmlFor={`${id}-input`} className="admin-access__label">
          {config.addLabel}
        </label>
        <div className="admin-access__add-row">
          <input
            id={`${id}-input`}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={state.input}
            disabled={saving}
            aria-invalid={state.error !== null && state.input !== '' ? true : undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
            onChange={(event) => dispatch({ type: 'input', value: event.target.value })}
          />
          <button type="submit" className="admin-button admin-button--secondary" disabled={saving || state.input.trim() === ''}>
            {config.addButton}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The list fixed in the server's environment: read-only here. */
function EnvList({ id, title, emails }: { id: string; title: string; emails: string[] }) {
  return (
    <div className="admin-access__group">
      <h3 className="admin-access__subtitle" id={`${id}-env`}>
        {title}
      </h3>
      <p className="admin-access__muted">Read-only here; changed only in the server’s environment.</p>
      {emails.length > 0 ? (
        <ul className="admin-access__list admin-access__list--readonly" aria-labelledby={`${id}-env`}>
          {emails.map((email) => (
            <li key={email} className="admin-access__item">
              <span className="admin-access__email">{email}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-access__muted">None.</p>
      )}
    </div>
  );
}

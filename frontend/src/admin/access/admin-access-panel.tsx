import { ALLOWLIST_TEXTS } from '@punchline/domain';
import { useCallback, useEffect, useId, useReducer } from 'react';
import { api, errorText } from '../../shared/api';
import { allowedCount, allowlistFrom, allowlistPanelReducer, initialAllowlistPanel, isAllowlistDirty } from './allowlist-panel.state';
import './admin-access.css';

/**
 * SPEC §2 "Admin Access": who may use the admin area. The editable list is changed locally and
 * saved as a whole (PUT /api/admin/allowlist); ADMIN_EMAILS is shown read-only.
 */
export function AdminAccessPanel() {
  const [state, dispatch] = useReducer(allowlistPanelReducer, initialAllowlistPanel);
  const id = useId();
  const dirty = isAllowlistDirty(state);
  const saving = state.phase === 'saving';

  const load = useCallback(async () => {
    dispatch({ type: 'load-started' });
    const result = await api.get('/api/admin/allowlist');
    const lists = result.ok ? allowlistFrom(result.body) : null;
    if (lists) dispatch({ type: 'loaded', ...lists });
    else dispatch({ type: 'load-failed', error: errorText(result, ALLOWLIST_TEXTS.loadFailed) });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    dispatch({ type: 'save-started' });
    const result = await api.put('/api/admin/allowlist', { emails: state.editable });
    const lists = result.ok ? allowlistFrom(result.body) : null;
    if (lists) dispatch({ type: 'saved', ...lists });
    else dispatch({ type: 'save-failed', error: errorText(result, ALLOWLIST_TEXTS.saveFailed) });
  };

  const count = allowedCount(state);
  const ready = state.phase === 'ready' || state.phase === 'saving';
  return (
    <section className="admin-access" aria-labelledby={`${id}-title`} aria-busy={state.phase === 'loading' || saving || undefined}>
      <header className="admin-access__head">
        <h2 id={`${id}-title`} className="admin-access__title">
          Admin Access
        </h2>
        <p className="admin-access__lead">Google accounts allowed into this admin area. Changes apply as soon as they are saved.</p>
        {ready ? (
          <p className="admin-access__count">
            <strong>{count}</strong> {count === 1 ? 'allowed address' : 'allowed addresses'}
          </p>
        ) : null}
      </header>

      {state.phase === 'loading' ? (
        <p className="admin-access__muted" role="status">
          Loading allowlist
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
          <div className="admin-access__group">
            <h3 className="admin-access__subtitle" id={`${id}-editable`}>
              Allowlist
            </h3>
            {state.editable.length > 0 ? (
              <ul className="admin-access__list" aria-labelledby={`${id}-editable`}>
                {state.editable.map((email) => (
                  <li key={email} className="admin-access__item">
                    <span className="admin-access__email">{email}</span>
                    <button
                      type="button"
                      className="admin-button admin-button--small admin-button--danger"
                      aria-label={`Remove ${email}`}
                      disabled={saving}
                      onClick={() => dispatch({ type: 'remove', email })}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-access__muted">No addresses added here yet.</p>
            )}
            <form
              className="admin-access__add"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                dispatch({ type: 'add' });
              }}
            >
              <label htmlFor={`${id}-input`} className="admin-access__label">
                Add an admin email
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
                  Add email
                </button>
              </div>
            </form>
          </div>

          <div className="admin-access__group">
            <h3 className="admin-access__subtitle" id={`${id}-env`}>
              Set by the server (ADMIN_EMAILS)
            </h3>
            <p className="admin-access__muted">Read-only here; changed only in the server’s environment.</p>
            {state.saved.env.length > 0 ? (
              <ul className="admin-access__list admin-access__list--readonly" aria-labelledby={`${id}-env`}>
                {state.saved.env.map((email) => (
                  <li key={email} className="admin-access__item">
                    <span className="admin-access__email">{email}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-access__muted">None.</p>
            )}
          </div>

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
            <button type="button" className="admin-button admin-button--secondary" disabled={!dirty || saving} onClick={() => dispatch({ type: 'reset' })}>
              Reset
            </button>
            <button type="button" className="admin-button admin-button--primary" disabled={!dirty || saving} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

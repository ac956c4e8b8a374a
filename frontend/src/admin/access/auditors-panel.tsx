import { AUDITOR_TEXTS, isValidEmail, normaliseEmail } from '@punchline/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { api, errorText } from '../../shared/api';
import './admin-access.css';

interface Lists {
  editable: string[];
  env: string[];
}

function listsFrom(body: unknown): Lists | null {
  const b = body as Partial<Lists> | null;
  return b && Array.isArray(b.editable) && Array.isArray(b.env) ? { editable: b.editable.map(String), env: b.env.map(String) } : null;
}

/**
 * DESIGN §15 "Auditors": who may read the Audit Log and Site history without editing anything.
 * Changed locally and saved as a whole (PUT /api/admin/auditors, recorded on the access stream);
 * AUDITOR_EMAILS is shown read-only.
 */
export function AuditorsPanel() {
  const id = useId();
  const [saved, setSaved] = useState<Lists | null>(null);
  const [editable, setEditable] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [phase, setPhase] = useState<'loading' | 'load-error' | 'ready' | 'saving'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const load = useCallback(async () => {
    setPhase('loading');
    const result = await api.get('/api/admin/auditors');
    const lists = result.ok ? listsFrom(result.body) : null;
    if (!lists) {
      setError(errorText(result, AUDITOR_TEXTS.loadFailed));
      setPhase('load-error');
      return;
    }
    setSaved(lists);
    setEditable(lists.editable);
    setError(null);
    setPhase('ready');
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const add = () => {
    const email = normaliseEmail(input);
    setSuccess(null);
    if (!isValidEmail(email)) return setError(AUDITOR_TEXTS.invalidEmail(email));
    if (editable.includes(email) || saved?.env.includes(email)) return setError(AUDITOR_TEXTS.alreadyListed);
    setEditable([...editable, email]);
    setInput('');
    setError(null);
  };

  const save = async () => {
    setPhase('saving');
    setSuccess(null);
    const result = await api.put('/api/admin/auditors', { emails: editable });
    const lists = result.ok ? listsFrom(result.body) : null;
    if (lists) {
      setSaved(lists);
      setEditable(lists.editable);
      setError(null);
      setSuccess(AUDITOR_TEXTS.saved);
    } else {
      setError(errorText(result, AUDITOR_TEXTS.saveFailed));
    }
    setPhase('ready');
  };

  const saving = phase === 'saving';
  const dirty = saved !== null && (saved.editable.length !== editable.length || saved.editable.some((e, i) => editable[i] !== e));
  return (
    <section className="admin-access" aria-labelledby={`${id}-title`} aria-busy={phase === 'loading' || saving || undefined}>
      <header className="admin-access__head">
        <h2 id={`${id}-title`} className="admin-access__title">
          Auditors
        </h2>
        <p className="admin-access__lead">Google accounts that may read the Audit Log and Site history, and check the log, without changing anything.</p>
      </header>
      {phase === 'loading' ? (
        <p className="admin-access__muted" role="status">
          Loading auditors
        </p>
      ) : null}
      {phase === 'load-error' ? (
        <p className="admin-error" role="alert">
          {error}{' '}
          <button type="button" className="admin-button admin-button--small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      ) : null}
      {saved && phase !== 'loading' && phase !== 'load-error' ? (
        <>
          <div className="admin-access__group">
            <h3 className="admin-access__subtitle" id={`${id}-editable`}>
              Auditor list
            </h3>
            {editable.length > 0 ? (
              <ul className="admin-access__list" aria-labelledby={`${id}-editable`}>
                {editable.map((email) => (
                  <li key={email} className="admin-access__item">
                    <span className="admin-access__email">{email}</span>
                    <button
                      type="button"
                      className="admin-button admin-button--small admin-button--danger"
                      aria-label={`Remove auditor ${email}`}
                      disabled={saving}
                      onClick={() => setEditable(editable.filter((e) => e !== email))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-access__muted">No auditors added here yet.</p>
            )}
            <form
              className="admin-access__add"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                add();
              }}
            >
              <label htmlFor={`${id}-input`} className="admin-access__label">
                Add an auditor email
              </label>
              <div className="admin-access__add-row">
                <input
                  id={`${id}-input`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="name@example.com"
                  value={input}
                  disabled={saving}
                  aria-invalid={error !== null && input !== '' ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => setInput(event.target.value)}
                />
                <button type="submit" className="admin-button admin-button--secondary" disabled={saving || input.trim() === ''}>
                  Add auditor
                </button>
              </div>
            </form>
          </div>
          <div className="admin-access__group">
            <h3 className="admin-access__subtitle" id={`${id}-env`}>
              Set by the server (AUDITOR_EMAILS)
            </h3>
            <p className="admin-access__muted">Read-only here; changed only in the server’s environment.</p>
            {saved.env.length > 0 ? (
              <ul className="admin-access__list admin-access__list--readonly" aria-labelledby={`${id}-env`}>
                {saved.env.map((email) => (
                  <li key={email} className="admin-access__item">
                    <span className="admin-access__email">{email}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-access__muted">None.</p>
            )}
          </div>
          {error ? (
            <p className="admin-error" role="alert" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
          {success ? (
            <p className="admin-success" role="status">
              {success}
            </p>
          ) : null}
          <div className="admin-access__actions">
            <button type="button" className="admin-button admin-button--primary" disabled={!dirty || saving} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save auditors'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

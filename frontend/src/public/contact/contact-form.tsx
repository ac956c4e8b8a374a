import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CONTACT_LIMITS, CONTACT_TEXTS, validateContactMessage, type ContactFieldName } from '@punchline/domain';
import { api } from '../../shared/api';

type FormState = 'idle' | 'sending' | 'sent' | 'failed';

/** What the visitor must fix: the words, and the field they are about (null: the form as a whole). */
interface Problem {
  field: ContactFieldName | null;
  message: string;
}

const FIELD_IDS: Record<ContactFieldName, string> = { name: 'contact-name', from: 'contact-email', message: 'contact-message' };
const isField = (value: unknown): value is ContactFieldName => value === 'name' || value === 'from' || value === 'message';

/**
 * A refusal the visitor can act on: the server's own words for a 4xx (SPEC §8: a server-provided
 * error is shown; 'Please enter a valid email address.' beats 'try again later' for an input that
 * will never pass). A 5xx or a lost connection keeps SPEC's 'try again later', which is then true.
 */
function problemOf(result: { status: number; error: string | null; errorBody: unknown }): Problem {
  if (result.status < 400 || result.status >= 500 || result.error === null) return { field: null, message: CONTACT_TEXTS.failure };
  const field = (result.errorBody as { field?: unknown } | null)?.field;
  return { field: isField(field) ? field : null, message: result.error };
}

/** Where the form posts; without JavaScript the browser posts it and the server redirects back with ?sent=1 or ?failed=1. */
export const CONTACT_ENDPOINT = '/api/contact';
/** The honeypot: hidden from people, irresistible to form-filling bots. */
export const HONEYPOT_FIELD = 'website';

const EMPTY = { name: '', from: '', message: '' };

function initialState(search: string): FormState {
  const params = new URLSearchParams(search);
  if (params.has('sent')) return 'sent';
  if (params.has('failed')) return 'failed';
  return 'idle';
}

export function ContactForm() {
  const location = useLocation();
  const [state, setState] = useState<FormState>(() => initialState(location.search));
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const fail = (found: Problem) => {
    setProblem(found);
    setState('failed');
    // The field to fix takes the focus, so a keyboard or screen-reader user lands on it.
    if (found.field) form.current?.querySelector<HTMLElement>(`#${FIELD_IDS[found.field]}`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    // The server's own check first (the browser's email type lets 'a@b' and a name of spaces through).
    const checked = validateContactMessage(values);
    if (!checked.ok) return fail({ field: checked.field, message: checked.message });
    setState('sending');
    setProblem(null);
    const result = await api.post(CONTACT_ENDPOINT, { ...values, [HONEYPOT_FIELD]: honeypot });
    if (!result.ok) return fail(problemOf(result));
    setValues(EMPTY);
    setState('sent');
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const sending = state === 'sending';
  // Without JavaScript the server answers ?failed=1 and names nothing: SPEC's text then.
  const failure = problem ?? { field: null, message: CONTACT_TEXTS.failure };
  const invalid = (field: ContactFieldName) => (state === 'failed' && failure.field === field ? { 'aria-invalid': true, 'aria-describedby': 'contact-form-error' } : {});

  return (
    <form ref={form} id="contact-form" className="contact-form" method="post" action={CONTACT_ENDPOINT} onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        Send us a message
      </h2>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} value={values.name} onChange={set('name')} {...invalid('name')} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" name="from" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} value={values.from} onChange={set('from')} {...invalid('from')} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required maxLength={CONTACT_LIMITS.message} value={values.message} onChange={set('message')} {...invalid('message')} />
      </div>
      <div className="field field--trap" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
      </div>
      <button className="button button--primary button--block" type="submit" disabled={sending}>
        {sending ? CONTACT_TEXTS.sending : 'Send Message'}
      </button>
      <div className="form-status" role="status" aria-live="polite">
        {state === 'sent' ? <p className="form-status__ok">{CONTACT_TEXTS.success}</p> : null}
        {state === 'failed' ? (
          <p id="contact-form-error" className="form-status__error">
            {failure.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

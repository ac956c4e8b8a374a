import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CONTACT_LIMITS, CONTACT_TEXTS } from '@punchline/domain';
import { api } from '../../shared/api';

type FormState = 'idle' | 'sending' | 'sent' | 'failed';

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    const result = await api.post(CONTACT_ENDPOINT, { ...values, [HONEYPOT_FIELD]: honeypot });
    if (!result.ok) return setState('failed');
    setValues(EMPTY);
    setState('sent');
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const sending = state === 'sending';

  return (
    <form id="contact-form" className="contact-form" method="post" action={CONTACT_ENDPOINT} onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        Send us a message
      </h2>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} value={values.name} onChange={set('name')} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" name="from" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} value={values.from} onChange={set('from')} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required maxLength={CONTACT_LIMITS.message} value={values.message} onChange={set('message')} />
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
        {state === 'failed' ? <p className="form-status__error">{CONTACT_TEXTS.failure}</p> : null}
      </div>
    </form>
  );
}

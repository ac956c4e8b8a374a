/**
 * DESIGN §16 in the inbox: find everything kept about one address, download it as one JSON file,
 * and erase it after a confirmation that names what goes. The result says what was erased.
 */
import { PRIVACY_TEXTS, privacyEmailOf, type EraseAnswer, type SubjectAccessAnswer } from '@punchline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../data/api-query';
import { TextControl } from '../ui/form-controls';
import { ConfirmDialog, ModalDialog } from '../ui/modal-dialog';
import { api, errorText } from '../../shared/api';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What the confirmation and the answer say goes. */
export function erasureSummary(found: SubjectAccessAnswer): string {
  const notes = found.messages.filter((m) => m.notes !== '').length;
  return `${plural(found.messages.length, 'message')} from ${found.email} (name, email address and words${notes > 0 ? `, and the notes on ${plural(notes, 'message')}` : ''})`;
}

function download(found: SubjectAccessAnswer): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${found.email.replace(/[^a-z0-9@._-]/gi, '_')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function PrivacyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<SubjectAccessAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const close = () => {
    setFound(null);
    setResult(null);
    setProblem(null);
    setConfirming(false);
    onClose();
  };

  const find = async () => {
    setResult(null);
    const address = privacyEmailOf(email);
    if (address === null) {
      setProblem(PRIVACY_TEXTS.emailInvalid);
      return;
    }
    setProblem(null);
    setBusy(true);
    const answer = await api.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${encodeURIComponent(address)}`);
    setBusy(false);
    if (!answer.ok || !answer.body) {
      setFound(null);
      setProblem(errorText(answer, `Failed to look up ${address} (${answer.status})`));
      return;
    }
    setFound(answer.body);
  };

  const erase = async () => {
    if (!found) return;
    setBusy(true);
    const answer = await api.post<EraseAnswer>('/api/admin/privacy/erase', { email: found.email });
    setBusy(false);
    setConfirming(false);
    if (!answer.ok || !answer.body) {
      setProblem(errorText(answer, `Failed to erase (${answer.status})`));
      return;
    }
    setResult(`Erased ${plural(answer.body.erased.messages, 'message')} from ${found.email}: their name, email address, words and notes are gone. The audit log keeps that the messages existed and that they were erased.`);
    setFound(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.contactResponses });
  };

  return (
    <>
      <ModalDialog open={open && !confirming} title="Find a person" onClose={close} size="medium" dismissible={!busy}>
        <form
          className="cr-privacy__form"
          onSubmit={(event) => {
            event.preventDefault();
            void find();
          }}
        >
          <TextControl
            label="Email address"
            type="email"
            value={email}
            onChange={setEmail}
            hint="Everything kept about this address: their messages and notes, admin access, and what they did as an admin."
            message={problem ?? undefined}
            autoComplete="off"
          />
          <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
            {busy && !found ? 'Looking…' : 'Find'}
          </button>
        </form>
        {result ? (
          <p className="cr-privacy__result" role="status">
            {result}
          </p>
        ) : null}
        {found ? (
          <section className="cr-privacy__found" aria-label={`What we hold about ${found.email}`}>
            <p role="status">
              {found.messages.length === 0 && found.audit.total === 0 && !found.access.admin
                ? `We hold nothing about ${found.email}.`
                : `We hold ${plural(found.messages.length, 'message')} from ${found.email}${found.access.admin ? '; the address is an admin' : ''}${
                    found.audit.total > 0 ? `; ${plural(found.audit.total, 'audit entry')} made as an admin` : ''
                  }.`}
              {found.erasures.length > 0 ? ` Erased before on ${new Date(found.erasures.at(-1)!.occurred_at).toLocaleDateString()}.` : ''}
            </p>
            <div className="cr-privacy__actions">
              <button type="button" className="kit-button" onClick={() => download(found)}>
                {PRIVACY_TEXTS.everything(found.email)}
              </button>
              <button type="button" className="kit-button kit-button--danger-ghost" onClick={() => setConfirming(true)} disabled={found.messages.length === 0 && found.erasures.length > 0}>
                {PRIVACY_TEXTS.erasePerson}
              </button>
            </div>
          </section>
        ) : null}
      </ModalDialog>
      <ConfirmDialog
        open={open && confirming && found !== null}
        title="Erase this person's data?"
        message={found ? `This erases ${erasureSummary(found)}. It cannot be undone. The audit log keeps that the messages existed, when they arrived and whether they were answered.` : ''}
        confirmLabel="Erase"
        tone="danger"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

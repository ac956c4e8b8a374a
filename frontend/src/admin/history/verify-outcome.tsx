import { useState } from 'react';
import type { VerifyState } from './use-site-history';

/** What 'Verify integrity' found: the first altered event, or the intact chain's head to copy. */
export function VerifyOutcome({ result }: { result: VerifyState }) {
  const [copied, setCopied] = useState(false);
  if (result === null || result === 'running') return null;
  if ('error' in result) return <p role="alert">{result.error}</p>;
  if (!result.ok && result.first_invalid) {
    const bad = result.first_invalid;
    return (
      <p className="kit-message kit-message--error hs-verify" role="alert">
        Altered event found at point {bad.position}: stream {bad.stream}, {bad.type}, event {bad.event_id}. {result.verified} events before it verified.
      </p>
    );
  }
  return (
    <div className="kit-message kit-message--info hs-verify" role="status">
      <p>
        Verified: the log’s hash chain is intact over {result.verified} events.
        {result.head ? (
          <>
            {' '}
            Head at point {result.head.position}: <code className="hs-hash">{result.head.hash}</code>
          </>
        ) : null}
      </p>
      {result.head ? (
        <button
          type="button"
          className="kit-button kit-button--small"
          onClick={() => void navigator.clipboard?.writeText(`${result.head!.position} ${result.head!.hash}`).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy head hash'}
        </button>
      ) : null}
    </div>
  );
}

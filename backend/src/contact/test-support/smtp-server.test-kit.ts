import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as a loopback SMTP server received it. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The body, quoted-printable decoded. */
  text: string;
  raw: string;
}

/** What the server answers to RCPT TO for attempt n (1-based): accept, or refuse with a reply code and text. */
export type RcptBehaviour = (attempt: number) => { code: number; message: string } | null;

export interface LoopbackSmtp {
  url: string;
  mails: ReceivedMail[];
  /** RCPT TO commands seen (accepted or not). */
  attempts(): number;
  behave(behaviour: RcptBehaviour, options?: { delayMs?: number }): void;
  reset(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4).replace(/\r\n$/, '');
  const text = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '') ? decodeQuotedPrintable(body) : body;
  return { envelopeFrom, envelopeTo, headers, text: text.replace(/\r\n/g, '\n'), raw };
}

/** A real SMTP server (smtp-server) on a loopback port: no TLS, no auth, everything kept in memory. */
export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const mails: ReceivedMail[] = [];
  let rcpts = 0;
  let behaviour: RcptBehaviour = () => null;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      rcpts += 1;
      const refusal = behaviour(rcpts);
      setTimeout(() => {
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      }, delayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts: () => rcpts,
    behave(next, options = {}) {
      behaviour = next;
      delayMs = options.delayMs ?? 0;
    },
    reset() {
      mails.length = 0;
      rcpts = 0;
      behaviour = () => null;
      delayMs = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { composeContactEmail, deliveryRecipient, isPermanentSmtpFailure, mailboxFromSetting, retryDelayAfter } from './contact-delivery';

describe('deliveryRecipient', () => {
  it('prefers CONTACT_TO, else the contact email setting', () => {
    expect(deliveryRecipient('inbox@crew.example', 'hello@crew.example')).toBe('inbox@crew.example');
    expect(deliveryRecipient(undefined, 'hello@crew.example')).toBe('hello@crew.example');
  });

  it('reads a mailto: link and ignores its query', () => {
    expect(mailboxFromSetting(' mailto:Hello%2Bshows@crew.example?subject=Booking ')).toBe('Hello+shows@crew.example');
  });

  it('has no recipient for blanks, non-addresses, lists and non-text', () => {
    for (const value of ['', '   ', 'crew.example', 'a@b.example, c@d.example', 'a@b.example\r\nBcc: x@y.z', 42, null, undefined, 'mailto:%E0%A4%A']) {
      expect(mailboxFromSetting(value)).toBeNull();
    }
    expect(deliveryRecipient(undefined, '')).toBeNull();
  });
});

describe('composeContactEmail', () => {
  it('is plain text with the message as written and who sent it', () => {
    const email = composeContactEmail(
      { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Can you play\nour festival?' },
      { siteTitle: 'The Laugh Shop', receivedAt: '2025-04-01T12:00:00.000Z', contactPageUrl: 'https://laughs.example/contact' },
    );
    expect(email.subject).toBe('[The Laugh Shop] Contact form message from Ada Lovelace');
    expect(email.text).toBe(
      [
        'Name: Ada Lovelace',
        'Email: ada@example.com',
        'Received: 2025-04-01T12:00:00.000Z',
        '',
        'Can you play\nour festival?',
        '',
        '-- ',
        'Sent through the contact form at https://laughs.example/contact. Reply to this email to answer Ada Lovelace.',
      ].join('\n'),
    );
  });

  it('falls back to the brand name for a blank site title', () => {
    expect(composeContactEmail({ name: 'A', email: 'a@b.example', message: 'm' }, { siteTitle: ' ', receivedAt: 't', contactPageUrl: 'u' }).subject).toBe(
      '[Punchline] Contact form message from A',
    );
  });
});

describe('retries', () => {
  it('gives up at once on a 5xx reply, retries 4xx replies and failures without a reply', () => {
    expect(isPermanentSmtpFailure(550)).toBe(true);
    expect(isPermanentSmtpFailure(554)).toBe(true);
    expect(isPermanentSmtpFailure(451)).toBe(false);
    expect(isPermanentSmtpFailure(undefined)).toBe(false);
  });

  it('waits between attempts and stops after the last one', () => {
    expect([1, 2, 3].map((attempt) => retryDelayAfter(attempt))).toEqual([5_000, 30_000, null]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayAfter(attempt, [10], 4))).toEqual([10, 10, 10, null]);
  });
});

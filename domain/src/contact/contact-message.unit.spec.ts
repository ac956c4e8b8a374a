import { CONTACT_TEXTS, validateContactMessage } from './contact-message';

const valid = { name: 'Ada Lovelace', from: 'ada@example.com', message: 'Can you play our festival?' };

describe('validateContactMessage', () => {
  it('accepts a complete message and tidies it', () => {
    expect(validateContactMessage({ name: '  Ada   Lovelace ', from: ' ada@example.com ', message: '\r\nHello\r\nthere\r\n' })).toEqual({
      ok: true,
      value: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello\nthere' },
    });
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name', CONTACT_TEXTS.nameRequired],
    [{ ...valid, name: undefined }, 'name', CONTACT_TEXTS.nameRequired],
    [{ ...valid, from: '' }, 'from', CONTACT_TEXTS.emailRequired],
    [{ ...valid, message: '\n \n' }, 'message', CONTACT_TEXTS.messageRequired],
    [{ ...valid, from: 'ada.example.com' }, 'from', CONTACT_TEXTS.emailInvalid],
    [{ ...valid, from: 'ada@example' }, 'from', CONTACT_TEXTS.emailInvalid],
    [{ ...valid, from: 'ada@exa mple.com' }, 'from', CONTACT_TEXTS.emailInvalid],
    [{ ...valid, from: 'ada@example.com\r\nBcc: x@y.z' }, 'from', CONTACT_TEXTS.emailInvalid],
    [{ ...valid, name: 'Ada\nBcc: x@y.z' }, 'name', CONTACT_TEXTS.nameInvalid],
    [{ ...valid, name: 42 }, 'name', CONTACT_TEXTS.nameRequired],
  ])('refuses %j on %s', (input, field, message) => {
    expect(validateContactMessage(input)).toEqual({ ok: false, field, message });
  });

  it('limits name to 200, email to 320 and message to 5,000 characters', () => {
    expect(validateContactMessage({ ...valid, name: 'n'.repeat(200) }).ok).toBe(true);
    expect(validateContactMessage({ ...valid, name: 'n'.repeat(201) })).toMatchObject({ ok: false, message: 'Name must be at most 200 characters.' });
    const local = 'a'.repeat(64);
    const email320 = `${local}@${'d'.repeat(320 - 64 - 1 - 4)}.com`;
    expect(email320).toHaveLength(320);
    expect(validateContactMessage({ ...valid, from: email320 }).ok).toBe(true);
    expect(validateContactMessage({ ...valid, from: `a${email320}` })).toMatchObject({ ok: false, message: 'Email must be at most 320 characters.' });
    expect(validateContactMessage({ ...valid, message: 'm'.repeat(5000) }).ok).toBe(true);
    expect(validateContactMessage({ ...valid, message: 'm'.repeat(5001) })).toMatchObject({ ok: false, message: 'Message must be at most 5,000 characters.' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateContactMessage({ ...valid, message: '😂'.repeat(5000) }).ok).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'hi', [valid], 3]) expect(validateContactMessage(body)).toEqual({ ok: false, field: null, message: CONTACT_TEXTS.notAnObject });
  });

  it('takes text of nothing but invisible characters as blank, and refuses direction overrides in a name and format characters in an address', () => {
    expect(validateContactMessage({ ...valid, name: '\u200b \ufeff' })).toEqual({ ok: false, field: 'name', message: CONTACT_TEXTS.nameRequired });
    expect(validateContactMessage({ ...valid, message: '\u200b\n\u2060' })).toEqual({ ok: false, field: 'message', message: CONTACT_TEXTS.messageRequired });
    expect(validateContactMessage({ ...valid, name: 'Bob \u202eevil' })).toEqual({ ok: false, field: 'name', message: CONTACT_TEXTS.nameHidden });
    expect(validateContactMessage({ ...valid, from: 'moc.live\u202e@b.co' })).toEqual({ ok: false, field: 'from', message: CONTACT_TEXTS.emailInvalid });
    expect(validateContactMessage({ ...valid, from: 'ada\u200b@b.co' })).toEqual({ ok: false, field: 'from', message: CONTACT_TEXTS.emailInvalid });
    // Right-to-left names, and joiners inside words and emoji, are ordinary text.
    expect(validateContactMessage({ ...valid, name: 'שרה כהן' }).ok).toBe(true);
    expect(validateContactMessage({ ...valid, name: 'Ada 👩\u200d💻', message: 'می\u200cخواهم' }).ok).toBe(true);
  });
});

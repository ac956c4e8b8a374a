import { LOCK_STREAMS_PER_PROCESS, LOCK_STREAMS_PER_SESSION, STREAM_TEXTS, StreamSlots } from './stream-slots';

describe('lock stream slots', () => {
  it('lets a session hold a few streams, refuses the next, and frees a slot when one closes (once)', () => {
    const slots = new StreamSlots();
    const held = Array.from({ length: LOCK_STREAMS_PER_SESSION }, () => slots.take('a'));
    expect(held.every((slot) => 'release' in slot)).toBe(true);
    expect(slots.take('a')).toEqual({ refused: STREAM_TEXTS.perSession });
    expect('release' in slots.take('b')).toBe(true);
    const first = held[0] as { release: () => void };
    first.release();
    first.release();
    expect('release' in slots.take('a')).toBe(true);
    expect(slots.take('a')).toEqual({ refused: STREAM_TEXTS.perSession });
  });

  it('caps the streams of the whole process, whatever the sessions', () => {
    const slots = new StreamSlots();
    for (let i = 0; i < LOCK_STREAMS_PER_PROCESS; i++) expect('release' in slots.take(`s${i}`)).toBe(true);
    expect(slots.take('one-more')).toEqual({ refused: STREAM_TEXTS.perProcess });
    expect(slots.open).toBe(LOCK_STREAMS_PER_PROCESS);
  });
});

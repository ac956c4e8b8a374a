import { Logger } from '@nestjs/common';
import { type LeaderLock, ReactorLoop, failedPassRetryMs } from './reactor-loop';

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A leadership that the test hands out and takes back (the lock itself is PostgreSQL's, tested with several instances). */
function scriptedLeader(initially: boolean) {
  const state = { leading: initially, attempts: 0 };
  const leader = {
    hold: async () => {
      state.attempts += 1;
      return state.leading;
    },
    release: async () => undefined,
  } as unknown as LeaderLock;
  return { state, leader };
}

describe('ReactorLoop wake-ups (DESIGN §18)', () => {
  const logger = new Logger('reactor-loop-test');
  let loop: ReactorLoop | null = null;
  afterEach(async () => {
    await loop?.stop();
    loop = null;
  });

  it('makes a pass at once when the leader is woken, not at its next poll', async () => {
    const { leader } = scriptedLeader(true);
    const passes: number[] = [];
    loop = new ReactorLoop({ leader, logger, pass: async () => (passes.push(Date.now()), null), pollMs: () => 60_000, leaderRetryMs: () => 60_000 });
    loop.start();
    await delay(50);
    expect(passes).toHaveLength(1);
    expect(loop.isLeader).toBe(true);
    const woken = Date.now();
    loop.wake();
    await delay(50);
    expect(passes).toHaveLength(2);
    expect(passes[1]! - woken).toBeLessThan(50);
  });

  it('ignores wake-ups while another instance leads, and takes over at its next leadership retry', async () => {
    const { state, leader } = scriptedLeader(false);
    let passes = 0;
    loop = new ReactorLoop({ leader, logger, pass: async () => ((passes += 1), null), pollMs: () => 60_000, leaderRetryMs: () => 200 });
    loop.start();
    await delay(50);
    const attempts = state.attempts;
    for (let i = 0; i < 20; i++) loop.wake();
    await delay(50);
    // A burst of notifications is not a burst of lock attempts.
    expect(state.attempts).toBe(attempts);
    expect(loop.isLeader).toBe(false);
    state.leading = true;
    await delay(300);
    expect(passes).toBe(1);
    expect(loop.isLeader).toBe(true);
  });

  it('retries a failing pass after 1, 2, 4, 8, then every 10 s, back to at once after a success; a wake-up cuts the pause short', async () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(failedPassRetryMs)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    const { leader } = scriptedLeader(true);
    let passes = 0;
    let failing = true;
    loop = new ReactorLoop({
      leader,
      logger: { error: () => undefined } as unknown as Logger,
      pass: async () => {
        passes += 1;
        if (failing) throw new Error('ENOSPC: no space left on device, write');
        return null;
      },
      pollMs: () => 60_000,
      leaderRetryMs: () => 60_000,
    });
    loop.start();
    await delay(1_300);
    // At 0 ms and after 1 s; the next waits 2 s more (a loop that retried every second would be at 3 by 2.5 s).
    expect(passes).toBe(2);
    await delay(1_200);
    expect(passes).toBe(2);
    loop.wake();
    await delay(50);
    expect(passes).toBe(3);
    // A success ends the run of failures: the next failure waits 1 s again, not 8.
    failing = false;
    loop.wake();
    await delay(50);
    expect(passes).toBe(4);
    failing = true;
    loop.wake();
    await delay(50);
    expect(passes).toBe(5);
    await delay(1_100);
    expect(passes).toBe(6);
  });
});

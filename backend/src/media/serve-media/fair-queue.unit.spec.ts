import { FairQueue, type Release } from './fair-queue';

/** Lets resolved turns' callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

/** Enters and records the order in which turns are given. */
function entering(queue: FairQueue, order: string[], client: string, label = client): Promise<Release> | null {
  const turn = queue.enter(client);
  return turn?.then((release) => (order.push(label), release)) ?? null;
}

describe('FairQueue', () => {
  it('gives free turns at once and makes the rest wait, then gives them in order as turns end', async () => {
    // Given two turns
    const queue = new FairQueue(2, 10, 10);
    const order: string[] = [];
    // When three reads of one client arrive
    const first = entering(queue, order, 'a', 'a1')!;
    const second = entering(queue, order, 'a', 'a2')!;
    const third = entering(queue, order, 'a', 'a3')!;
    await settle();
    // Then two run and one waits
    expect([order, queue.busy, queue.queued]).toEqual([['a1', 'a2'], 2, 1]);
    // and the third runs when a turn ends (once, however often its end is reported).
    const release = await first;
    release();
    release();
    await settle();
    expect([order, queue.busy, queue.queued]).toEqual([['a1', 'a2', 'a3'], 2, 0]);
    (await second)();
    (await third)();
    expect(queue.busy).toBe(0);
  });

  it('goes round the waiting clients, so one client with many reads delays its own, not the others', async () => {
    // Given one turn, held
    const queue = new FairQueue(1, 10, 10);
    const order: string[] = [];
    const holder = await queue.enter('x')!;
    // When a flooder queues four reads and then a visitor one
    const turns = [1, 2, 3, 4].map((i) => entering(queue, order, 'flood', `flood${i}`)!);
    turns.push(entering(queue, order, 'visitor')!);
    // Then, turn by turn, the visitor comes second, not fifth.
    holder();
    for (const turn of [turns[0], turns[4], turns[1], turns[2], turns[3]]) (await turn!)();
    expect(order).toEqual(['flood1', 'visitor', 'flood2', 'flood3', 'flood4']);
  });

  it("refuses (null) beyond the client's waiting room and the process's", async () => {
    // Given one turn held, two waiting places per client and three in all
    const queue = new FairQueue(1, 2, 3);
    const holder = await queue.enter('x')!;
    // Then a client's third waiting read is refused, another client still waits
    expect([queue.enter('a'), queue.enter('a')].every((t) => t instanceof Promise)).toBe(true);
    expect(queue.enter('a')).toBeNull();
    expect(queue.enter('b')).toBeInstanceOf(Promise);
    // and once three wait, everyone is refused.
    expect(queue.enter('c')).toBeNull();
    expect(queue.queued).toBe(3);
    holder();
  });

  it('gives only the writing share of turns while a write goes first, and all of them when it ends', async () => {
    // Given four turns, one while writing
    const queue = new FairQueue(4, 10, 10, 1);
    const order: string[] = [];
    // When a write starts, then three reads arrive
    const write = queue.yieldTo();
    const turns = [1, 2, 3].map((i) => entering(queue, order, 'v', `v${i}`)!);
    await settle();
    // Then one runs during the write
    expect([order, queue.busy, queue.queued]).toEqual([['v1'], 1, 2]);
    // and the others as soon as it ends.
    write();
    await settle();
    expect([order, queue.busy, queue.queued]).toEqual([['v1', 'v2', 'v3'], 3, 0]);
    for (const turn of turns) (await turn)();
  });

  it('paces the turns it gives while a write goes first, so visitors cannot keep the event loop busy back to back', async () => {
    // Given four turns while writing but one new turn per 50 ms at most (a clock the test moves)
    let now = 1_000;
    const queue = new FairQueue(4, 10, 10, 4, 50, () => now);
    const order: string[] = [];
    // When a write starts and three reads arrive at once
    const write = queue.yieldTo();
    const turns = [1, 2, 3].map((i) => entering(queue, order, 'v', `v${i}`)!);
    await settle();
    // Then one is answered now and the others wait for the pace, though turns are free
    expect([order, queue.busy, queue.queued]).toEqual([['v1'], 1, 2]);
    now += 50;
    await new Promise((r) => setTimeout(r, 80));
    expect([order, queue.busy, queue.queued]).toEqual([['v1', 'v2'], 2, 1]);
    // and when the write ends the rest go at once.
    write();
    await settle();
    expect([order, queue.busy, queue.queued]).toEqual([['v1', 'v2', 'v3'], 3, 0]);
    for (const turn of turns) (await turn)();
  });
});

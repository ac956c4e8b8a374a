import { createHash, hash } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 §2.1 over the global log (DESIGN §15), as pure functions: leaf and
 * node hashes, the right edge ("frontier") an appender keeps, and the builder's side of inclusion and
 * consistency proofs written over complete subtrees. Storage and the leaf source live elsewhere; the
 * verifier the tests use is a separate implementation (test-support/rfc9162-verifier.ts).
 *
 * A node (level L, idx) is the hash of the complete subtree over leaves [idx·2^L, (idx+1)·2^L): the
 * only nodes that never change once written, so the stored tree is append-only.
 */

// One-shot hashing over reused input buffers: about twice as fast as createHash().update() for
// inputs this small (catch-up hashes two of them per event). Only the inputs are reused: each
// result is a buffer of its own.
const leafInput = Buffer.alloc(33, 0x00);
const nodeInput = Buffer.alloc(65, 0x01);

/**
 * SHA-256 of `input` as 32 bytes, written at `offset` of `out`, or as a new small buffer from
 * Node's pool. crypto.hash's own 'buffer' output gives every digest an ArrayBuffer of its own,
 * which took 2.3 µs a hash here against 1.4 through a 'binary' (latin1) string, one char a byte, so
 * the bytes come back as they are; a restore makes four million of these (its check, then the
 * stored tree).
 */
export function sha256Bytes(input: Buffer, out?: Buffer, offset = 0): Buffer {
  const digest = hash('sha256', input, 'binary');
  if (!out) return Buffer.from(digest, 'binary');
  out.write(digest, offset, 'binary');
  return out;
}

/** SHA-256(0x00 ‖ leaf bytes). The leaf bytes are an event's 32-byte chain hash (ARCHITECTURE §Log tree). */
export function leafHash(leafBytes: Buffer): Buffer {
  if (leafBytes.length !== 32) return createHash('sha256').update(Buffer.from([0x00])).update(leafBytes).digest();
  leafBytes.copy(leafInput, 1);
  return sha256Bytes(leafInput);
}

/** A leaf hash from the chain hash as stored (64 hex characters). */
export function leafHashOfChainHash(chainHashHex: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(chainHashHex)) throw new Error(`not a chain hash: ${JSON.stringify(chainHashHex.slice(0, 80))}`);
  leafInput.write(chainHashHex, 1, 'hex');
  return sha256Bytes(leafInput);
}

/** The leaf hashes of consecutive chain hashes given as raw bytes (32 each, in one buffer): one buffer, 32 bytes per leaf. */
export function leafHashesOfChainHashes(chainHashes: Buffer): Buffer {
  if (chainHashes.length % 32 !== 0) throw new Error(`chain hashes are 32 bytes each, not ${chainHashes.length} bytes in all`);
  const leaves = Buffer.allocUnsafe(chainHashes.length);
  for (let offset = 0; offset < chainHashes.length; offset += 32) {
    chainHashes.copy(leafInput, 1, offset, offset + 32);
    sha256Bytes(leafInput, leaves, offset);
  }
  return leaves;
}

/** SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Buffer, right: Buffer): Buffer {
  left.copy(nodeInput, 1);
  right.copy(nodeInput, 33);
  return sha256Bytes(nodeInput);
}

/** The hash of the empty tree: SHA-256 of nothing (RFC 9162 §2.1.1). */
export const EMPTY_TREE_HASH = createHash('sha256').digest();

export interface NodeKey {
  level: number;
  idx: number;
}

/** Largest power of two smaller than n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees a tree of `size` leaves is made of, largest (leftmost) first: one per set
 * bit of size. Node (L, (size >> L) - 1) for each set bit L.
 */
export function frontierKeys(size: number): NodeKey[] {
  const keys: NodeKey[] = [];
  for (let level = Math.floor(Math.log2(Math.max(size, 1))) + 1; level >= 0; level -= 1) {
    if (Math.floor(size / 2 ** level) % 2 === 1) keys.push({ level, idx: Math.floor(size / 2 ** level) - 1 });
  }
  return keys;
}

/** Folds frontier hashes (largest first) into the tree hash: the right-most is the deepest right child. */
export function rootOfFrontier(frontier: Buffer[]): Buffer {
  if (frontier.length === 0) return EMPTY_TREE_HASH;
  let root = frontier[frontier.length - 1];
  for (let i = frontier.length - 2; i >= 0; i -= 1) root = nodeHash(frontier[i], root);
  return root;
}

/** A new node the appender wrote: what a store keeps. */
export interface WrittenNode extends NodeKey {
  hash: Buffer;
}

/**
 * The right edge of a tree, enough to append leaves and to compute the root: O(log n) memory,
 * O(1) amortised hashes per leaf (O(log n) at worst). Every complete subtree it closes is reported to
 * `onNode`, so a store can persist the whole tree with it; without one it is an in-memory root
 * calculator (the export's checkpoint, verify's recomputation).
 */
export class MerkleFrontier {
  /** frontier[L] = hash of the pending complete subtree at level L, or null. */
  private readonly levels: (Buffer | null)[] = [];
  private count: number;

  constructor(size = 0, frontier: Buffer[] = []) {
    this.count = size;
    const keys = frontierKeys(size);
    if (keys.length !== frontier.length) throw new Error(`a tree of ${size} leaves has ${keys.length} frontier nodes, not ${frontier.length}`);
    keys.forEach((key, i) => {
      this.levels[key.level] = frontier[i];
    });
  }

  get size(): number {
    return this.count;
  }

  /** Appends one leaf hash; reports the leaf and every subtree it completes. */
  append(leaf: Buffer, onNode?: (node: WrittenNode) => void): void {
    let hash = leaf;
    let level = 0;
    let idx = this.count;
    onNode?.({ level, idx, hash });
    while (idx % 2 === 1) {
      const left = this.levels[level];
      if (!left) throw new Error(`frontier has no node at level ${level} for leaf ${this.count}`);
      this.levels[level] = null;
      hash = nodeHash(left, hash);
      level += 1;
      idx = (idx - 1) / 2;
      onNode?.({ level, idx, hash });
    }
    this.levels[level] = hash;
    this.count += 1;
  }

  /** The tree hash of the leaves appended so far. */
  root(): Buffer {
    return rootOfFrontier(frontierKeys(this.count).map((k) => this.levels[k.level]!));
  }
}

/** Reads stored complete subtrees; proofs first ask for the keys they need, then compute. */
export type NodeReader = (key: NodeKey) => Buffer;

/**
 * MTH(D[a:b]) from complete subtrees, for a range the RFC's recursion produces (a a multiple of the
 * largest power of two ≤ b - a): a perfect aligned range is one stored node, anything else splits
 * at the largest power of two below its length, as §2.1.1 does.
 */
export function rangeHash(a: number, b: number, read: NodeReader): Buffer {
  const n = b - a;
  if (n <= 0) throw new Error(`empty range [${a}, ${b})`);
  if ((n & (n - 1)) === 0 && a % n === 0) return read({ level: Math.log2(n), idx: a / n });
  const k = splitPoint(n);
  return nodeHash(rangeHash(a, a + k, read), rangeHash(a + k, b, read));
}

/** RFC 9162 §2.1.3.1 PATH(m, D[a:b]) (m relative to a), leaf-side first. */
function path(m: number, a: number, b: number, read: NodeReader): Buffer[] {
  const n = b - a;
  if (n === 1) return [];
  const k = splitPoint(n);
  if (m < k) return [...path(m, a, a + k, read), rangeHash(a + k, b, read)];
  return [...path(m - k, a + k, b, read), rangeHash(a, a + k, read)];
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[a:b], complete). */
function subproof(m: number, a: number, b: number, complete: boolean, read: NodeReader): Buffer[] {
  const n = b - a;
  if (m === n) return complete ? [] : [rangeHash(a, b, read)];
  const k = splitPoint(n);
  if (m <= k) return [...subproof(m, a, a + k, complete, read), rangeHash(a + k, b, read)];
  return [...subproof(m - k, a + k, b, false, read), rangeHash(a, a + k, read)];
}

/** The audit path of leaf `index` (0-based) in the tree of `size` leaves. */
export function inclusionProof(index: number, size: number, read: NodeReader): Buffer[] {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) throw new RangeError(`no leaf ${index} in a tree of ${size}`);
  return path(index, 0, size, read);
}

/** The proof that the tree of `size` extends the tree of its first `from` leaves (0 < from ≤ size). */
export function consistencyProof(from: number, size: number, read: NodeReader): Buffer[] {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(size) && from > 0 && from <= size)) throw new RangeError(`no consistency proof from ${from} to ${size}`);
  return subproof(from, 0, size, true, read);
}

/** The tree hash of the first `size` leaves. */
export function treeHash(size: number, read: NodeReader): Buffer {
  return size === 0 ? EMPTY_TREE_HASH : rangeHash(0, size, read);
}

/**
 * Runs `compute` twice: once recording which nodes it reads, then (after `fetch` brings them, one
 * round trip) for real. The stored tree is queried once per answer, whatever the proof's shape.
 */
export async function withNodes<T>(compute: (read: NodeReader) => T, fetch: (keys: NodeKey[]) => Promise<Map<string, Buffer>>): Promise<T> {
  const wanted = new Map<string, NodeKey>();
  const blank = Buffer.alloc(32);
  compute((key) => {
    wanted.set(nodeId(key), key);
    return blank;
  });
  const found = await fetch([...wanted.values()]);
  return compute((key) => {
    const hash = found.get(nodeId(key));
    if (!hash) throw new MissingNodeError(key);
    return hash;
  });
}

export function nodeId(key: NodeKey): string {
  return `${key.level}:${key.idx}`;
}

/** A stored node a computation needed is not there (a tree shorter than asked, or damaged). */
export class MissingNodeError extends Error {
  constructor(readonly key: NodeKey) {
    super(`the log tree has no node at level ${key.level}, index ${key.idx}`);
  }
}

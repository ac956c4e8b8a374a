import { createHash } from 'node:crypto';

/**
 * A second, independent reading of RFC 9162 for the tests: the tree hash by its definition
 * (§2.1.1) and proof verification by the algorithms of §2.1.3.2 and §2.1.4.2, written from the
 * RFC's text, sharing nothing with the builder (backend/src/platform/log-tree/merkle.ts).
 */

function sha256(...parts: Buffer[]): Buffer {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

const ZERO = Buffer.from([0]);
const ONE = Buffer.from([1]);

/** HASH(0x00 || d(0)) for a leaf. */
export function referenceLeafHash(leafBytes: Buffer): Buffer {
  return sha256(ZERO, leafBytes);
}

/**
 * MTH(D[n]) by the definition: the empty hash, the leaf hash, or, with k the largest power of two
 * smaller than n, HASH(0x01 || MTH(D[0:k]) || MTH(D[k:n])). `leaf(i)` gives leaf i's hash.
 */
export function referenceTreeHash(leaf: (i: number) => Buffer, start: number, end: number): Buffer {
  const n = end - start;
  if (n === 0) return sha256();
  if (n === 1) return leaf(start);
  let k = 1;
  while (k << 1 < n) k <<= 1;
  return sha256(ONE, referenceTreeHash(leaf, start, start + k), referenceTreeHash(leaf, start + k, end));
}

/** §2.1.3.2: whether `path` proves `leafHash` at `leafIndex` in the tree of `treeSize` with `rootHash`. */
export function verifyInclusion(leafIndex: number, treeSize: number, leafHash: Buffer, path: Buffer[], rootHash: Buffer): boolean {
  if (leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = sha256(ONE, p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = sha256(ONE, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(rootHash);
}

/** §2.1.4.2: whether `proof` shows the tree of `second` (secondHash) extends the tree of `first` (firstHash). */
export function verifyConsistency(first: number, second: number, firstHash: Buffer, secondHash: Buffer, proof: Buffer[]): boolean {
  if (first === second) return proof.length === 0 && firstHash.equals(secondHash);
  if (first <= 0 || first > second) return false;
  if (proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [firstHash, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = sha256(ONE, c, fr);
      sr = sha256(ONE, c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = sha256(ONE, sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(firstHash) && sr.equals(secondHash) && sn === 0;
}

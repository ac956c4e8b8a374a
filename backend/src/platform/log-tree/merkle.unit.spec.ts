import { createHash } from 'node:crypto';
import { referenceLeafHash, referenceTreeHash, verifyConsistency, verifyInclusion } from '../../test-support/rfc9162-verifier';
import { MerkleFrontier, consistencyProof, inclusionProof, leafHash, treeHash, type NodeReader } from './merkle';

/** Leaf bytes of leaf i: a stand-in chain hash. */
function leafBytes(i: number): Buffer {
  return createHash('sha256').update(`event ${i}`).digest();
}

/** The builder's stored tree, kept in one buffer per level (a million leaves in ~64 MB). */
function buildTree(size: number): NodeReader {
  const levels: Buffer[] = [];
  for (let level = 0; 2 ** level <= size; level += 1) levels.push(Buffer.alloc(Math.floor(size / 2 ** level) * 32));
  const frontier = new MerkleFrontier();
  for (let i = 0; i < size; i += 1) frontier.append(leafHash(leafBytes(i)), (node) => node.hash.copy(levels[node.level], node.idx * 32));
  return ({ level, idx }) => {
    const bytes = levels[level]?.subarray(idx * 32, idx * 32 + 32);
    if (!bytes || bytes.length !== 32) throw new Error(`no node ${level}:${idx}`);
    return bytes;
  };
}

describe('the log tree (RFC 9162 §2.1), checked by an independent verifier', () => {
  it('every tree size from 1 to 300: the root by definition, every inclusion proof and every consistency proof verify', () => {
    const read = buildTree(300);
    const leaves = Array.from({ length: 300 }, (_, i) => referenceLeafHash(leafBytes(i)));
    const roots = [Buffer.alloc(0)];
    for (let n = 1; n <= 300; n += 1) {
      const root = treeHash(n, read);
      expect(root.equals(referenceTreeHash((i) => leaves[i], 0, n))).toBe(true);
      roots.push(root);
    }
    let checked = 0;
    for (let n = 1; n <= 300; n += 1) {
      for (let m = 0; m < n; m += 1) {
        if (!verifyInclusion(m, n, leaves[m], inclusionProof(m, n, read), roots[n])) throw new Error(`inclusion of ${m} in ${n} does not verify`);
        if (!verifyConsistency(m + 1, n, roots[m + 1], roots[n], consistencyProof(m + 1, n, read))) throw new Error(`consistency ${m + 1} → ${n} does not verify`);
        checked += 2;
      }
    }
    expect(checked).toBe(300 * 301);
  });

  it('a proof with one hash changed, or offered for another size or leaf, does not verify', () => {
    const read = buildTree(100);
    const leaf = referenceLeafHash(leafBytes(37));
    const root = treeHash(90, read);
    const proof = inclusionProof(37, 90, read);
    expect(verifyInclusion(37, 90, leaf, proof, root)).toBe(true);
    const bent = proof.map((h, i) => (i === 2 ? Buffer.from(h).fill(7, 0, 1) : h));
    expect(verifyInclusion(37, 90, leaf, bent, root)).toBe(false);
    expect(verifyInclusion(38, 90, leaf, proof, root)).toBe(false);
    expect(verifyInclusion(37, 91, leaf, proof, treeHash(91, read))).toBe(false);
    const consistency = consistencyProof(33, 90, read);
    expect(verifyConsistency(33, 90, treeHash(33, read), root, consistency)).toBe(true);
    expect(verifyConsistency(33, 90, treeHash(34, read), root, consistency)).toBe(false);
    expect(verifyConsistency(33, 90, treeHash(33, read), root, consistency.slice(0, -1))).toBe(false);
  });

  it('random sizes up to 1,000,000: roots by definition, inclusion and consistency proofs verify', () => {
    const size = 1_000_000;
    const read = buildTree(size);
    const leafOf = (i: number) => read({ level: 0, idx: i });
    let seed = 27;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const sizes = [size, 1 + random(size), 1 + random(size)];
    const roots = new Map(sizes.map((n) => [n, referenceTreeHash(leafOf, 0, n)]));
    for (const n of sizes) expect(treeHash(n, read).equals(roots.get(n)!)).toBe(true);
    for (const n of sizes) {
      for (let k = 0; k < 20; k += 1) {
        const index = random(n);
        expect(verifyInclusion(index, n, referenceLeafHash(leafBytes(index)), inclusionProof(index, n, read), roots.get(n)!)).toBe(true);
        const from = 1 + random(n);
        expect(verifyConsistency(from, n, treeHash(from, read), roots.get(n)!, consistencyProof(from, n, read))).toBe(true);
      }
    }
    const [big, small] = [Math.max(sizes[1], sizes[2]), Math.min(sizes[1], sizes[2])];
    expect(verifyConsistency(small, big, roots.get(small)!, roots.get(big)!, consistencyProof(small, big, read))).toBe(true);
  });

  it('the frontier alone gives the same root as the stored nodes', () => {
    const read = buildTree(1000);
    const frontier = new MerkleFrontier();
    for (let i = 0; i < 1000; i += 1) {
      frontier.append(leafHash(leafBytes(i)));
      if (i % 97 === 0) expect(frontier.root().equals(treeHash(i + 1, read))).toBe(true);
    }
    expect(frontier.root().equals(treeHash(1000, read))).toBe(true);
  });
});

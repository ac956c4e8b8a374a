import { createHash } from 'node:crypto';
import { MerkleFrontier, leafHash, nodeId } from './merkle';
import { TILE_HEIGHT, TILE_WIDTH, appendToTiles, subtreeRoot, type TreeEdge } from './tiles';

function leaf(i: number): Buffer {
  return leafHash(createHash('sha256').update(`event ${i}`).digest());
}

describe('appending to a tiled tree (tiles.ts, pure)', () => {
  it('in batches of any size, the tiles hold exactly the reference tree’s stored levels (every TILE_HEIGHT-th), and the edge its partial tiles', () => {
    // Given the reference tree of 70,000 leaves (every complete subtree, as MerkleFrontier reports them)
    const size = 70_000;
    const nodes = new Map<string, Buffer>();
    const frontier = new MerkleFrontier();
    for (let i = 0; i < size; i += 1) frontier.append(leaf(i), (node) => nodes.set(nodeId(node), node.hash));

    // When the same leaves are appended to tiles in uneven batches (1 leaf up to three tiles' worth)
    const stored = new Map<string, Buffer>();
    const levels = Math.floor(53 / TILE_HEIGHT) + 1;
    let edge: TreeEdge = { size: 0, partial: Array.from({ length: levels }, () => Buffer.alloc(0)) };
    let state = 27;
    for (let done = 0; done < size; ) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const count = Math.min(size - done, 1 + (state % (done < 1000 ? 40 : 800)));
      const appended = appendToTiles(edge, Buffer.concat(Array.from({ length: count }, (_, i) => leaf(done + i))));
      for (const tile of appended.tiles) stored.set(`${tile.level}:${tile.idx}`, Buffer.from(tile.hashes));
      edge = appended.edge;
      done += count;
    }

    // Then every stored hash is the reference node of its level, and nothing else is stored
    let hashes = 0;
    for (const [key, bytes] of stored) {
      const [level, idx] = key.split(':').map(Number);
      for (let i = 0; i < bytes.length / 32; i += 1) {
        expect(bytes.subarray(i * 32, i * 32 + 32).equals(nodes.get(nodeId({ level: TILE_HEIGHT * level, idx: idx * TILE_WIDTH + i }))!)).toBe(true);
        hashes += 1;
      }
    }
    const perLevel = Array.from({ length: levels }, (_, t) => Math.floor(size / TILE_WIDTH ** t));
    expect(hashes).toBe(perLevel.reduce((a, b) => a + b, 0));
    expect(edge.size).toBe(size);
    expect(edge.partial.map((p) => p.length / 32)).toEqual(perLevel.map((n) => n % TILE_WIDTH));
    // And a node between stored levels is the root of the stored hashes under it
    const tile = stored.get('0:3')!;
    const half = TILE_WIDTH / 2;
    expect(subtreeRoot(tile, half * 32, half).equals(nodes.get(nodeId({ level: TILE_HEIGHT - 1, idx: 3 * 2 + 1 }))!)).toBe(true);
    expect(subtreeRoot(tile, 0, TILE_WIDTH).equals(nodes.get(nodeId({ level: TILE_HEIGHT, idx: 3 }))!)).toBe(true);
  });
});

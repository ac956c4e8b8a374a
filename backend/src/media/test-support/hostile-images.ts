import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG declaring `width` × `height` grey pixels (30,000 × 30,000 =
 * 900 million, 900 MB decoded) in a few hundred bytes, its rows all zero and compressed away.
 */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // The first rows only: enough to be a PNG, far too little to be decoded whole.
  const rows = deflateSync(Buffer.alloc((width + 1) * 4), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG cut off after its first `fraction` of bytes (an upload interrupted mid-way). */
export function truncated(bytes: Buffer, fraction = 0.5): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}

/** JPEG signature followed by noise: passes the type sniffing, is no image at all. */
export function corruptJpeg(): Buffer {
  const noise = Buffer.alloc(4096);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise]);
}

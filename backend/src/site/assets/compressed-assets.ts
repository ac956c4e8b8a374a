import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

/** 'br' or 'gzip' as the client accepts them (a q=0 refusal counts as not accepted), else null. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * The hashed build assets (text ones) compressed once, on first request, and kept in memory:
 * brotli or gzip as the browser accepts, cached for a year as immutable. Anything else, or a
 * client that accepts neither, falls through to the static file handler.
 */
export class CompressedAssets {
  private readonly files: Map<string, { path: string; type: string }>;
  private readonly encoded = new Map<string, Promise<Encoded>>();

  constructor(assetsDir: string) {
    let names: string[] = [];
    try {
      names = readdirSync(assetsDir);
    } catch {
      names = [];
    }
    this.files = new Map(
      names.filter((name) => TYPES[extname(name)]).map((name) => [`/${name}`, { path: join(assetsDir, name), type: TYPES[extname(name)] }]),
    );
  }

  /**
   * Answers `path` (under /assets) compressed from memory; false (nothing written) when the file is
   * not one of ours or the client accepts no compression: the static file handler answers then.
   */
  serve(req: IncomingMessage, res: ServerResponse, path: string, onError: (error: unknown) => void): boolean {
    const file = this.files.get(path);
    const encoding = file ? preferredEncoding(req.headers['accept-encoding']) : null;
    if (!file || !encoding) return false;
    this.encode(path, file.path).then((encoded) => {
      const body = encoded[encoding];
      res.writeHead(200, {
        'Content-Type': file.type,
        'Content-Encoding': encoding,
        'Content-Length': String(body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        Vary: 'Accept-Encoding',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(body);
    }, onError);
    return true;
  }

  private encode(key: string, path: string): Promise<Encoded> {
    let pending = this.encoded.get(key);
    if (!pending) {
      const raw = readFileSync(path);
      pending = Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gz(raw, { level: 9 }),
      ]).then(([br, gzip]) => ({ br, gzip }));
      this.encoded.set(key, pending);
    }
    return pending;
  }
}

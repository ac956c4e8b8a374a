import { VARIANT_MIME, variantKey, type EventStore } from '@punchline/domain';
import { makeVariants, sha256Hex, type MediaStorage } from '../media/core';
import { restoredMediaState } from './restore';

/**
 * After a restore the log says which images have variants, but a backup carries only originals
 * (variants are derived and would double its size): they are made again from the restored bytes,
 * under the same content-addressed keys, so the pages' srcsets point at files that exist. An image
 * whose bytes no longer match the hash its variants were made from is skipped (and counted out).
 */
export async function remakeVariants(store: EventStore, storage: MediaStorage, onFile?: (path: string) => void): Promise<number> {
  const state = await restoredMediaState(store);
  let made = 0;
  for (const file of [...state.files.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const image = file.image;
    if (!image?.contentSha256 || image.variants.length === 0) continue;
    onFile?.(file.path);
    const stored = await storage.read(file.path);
    if (!stored) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (sha256Hex(bytes) !== image.contentSha256) continue;
    const steps: ('first' | 'rest')[] = image.variants.some((v) => v.format !== 'webp') ? ['first', 'rest'] : ['first'];
    for (const step of steps) {
      await makeVariants(bytes, file.mimeType, step, async (variant) => {
        await storage.put(variantKey(image.contentSha256!, variant.width, variant.format), variant.buffer, VARIANT_MIME[variant.format]);
        made += 1;
      });
    }
  }
  return made;
}

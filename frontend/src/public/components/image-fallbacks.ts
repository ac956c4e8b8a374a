import { toProxyUrl } from '@punchline/domain';

/**
 * SPEC §2, §8: an image that is missing or fails to load falls back to the logo, then to the default
 * image. SPEC §7: links straight to the object store or the old storage path load through the proxy.
 */
export function imageCandidates(src: string, logoUrl: string, defaultUrl: string): string[] {
  return [...new Set([toProxyUrl(src.trim()), toProxyUrl(logoUrl.trim()), defaultUrl].filter((u) => u !== ''))];
}

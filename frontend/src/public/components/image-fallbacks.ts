import { toProxyUrl } from '@punchline/domain';

/**
 * SPEC §2, §8: an image that is missing or fails to load falls back to the logo, then to the default
 * image. SPEC §7: links straight to the object store or the old storage path load through the proxy.
 */
export function imageCandidates(src: string, logoUrl: string, defaultUrl: string): string[] {
  return [...new Set([toProxyUrl(src.trim()), toProxyUrl(logoUrl.trim()), defaultUrl].filter((u) => u !== ''))];
}

/** Which of a source's candidates is shown: the position belongs to that source, a new one starts at the top. */
export interface FallbackPosition {
  src: string;
  index: number;
}

/** The candidate of `src` to show now: the first, unless failures of this same source moved it on. */
export function shownCandidate(position: FallbackPosition, src: string, candidateCount: number): number {
  return position.src === src ? Math.min(position.index, candidateCount - 1) : 0;
}

/**
 * After the candidate at `failed` could not load, the one after it. A failure can be reported twice
 * (the error event, and the check for an image that failed before hydration): it moves on once, so
 * a broken picture shows the logo rather than skipping straight to the default image.
 */
export function afterFailure(position: FallbackPosition, src: string, failed: number, candidateCount: number): FallbackPosition {
  const shown = shownCandidate(position, src, candidateCount);
  return { src, index: Math.min(Math.max(shown, failed + 1), candidateCount - 1) };
}

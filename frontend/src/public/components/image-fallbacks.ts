/** SPEC §2, §8: an image that is missing or fails to load falls back to the logo, then to the default image. */
export function imageCandidates(src: string, logoUrl: string, defaultUrl: string): string[] {
  return [...new Set([src.trim(), logoUrl.trim(), defaultUrl].filter((u) => u !== ''))];
}

import { afterFailure, imageCandidates, shownCandidate, type FallbackPosition } from './image-fallbacks';

describe('the image fallback chain (SPEC §8: the image, then the logo, then the default image)', () => {
  const candidates = imageCandidates('/broken.jpg', '/logo.png', '/default.svg');
  const start: FallbackPosition = { src: '/broken.jpg', index: 0 };

  it('shows the image first', () => {
    expect(candidates[shownCandidate(start, '/broken.jpg', candidates.length)]).toBe('/broken.jpg');
  });

  it('moves from a broken image to the logo, and from a broken logo to the default image', () => {
    const logo = afterFailure(start, '/broken.jpg', 0, candidates.length);
    expect(candidates[shownCandidate(logo, '/broken.jpg', candidates.length)]).toBe('/logo.png');
    const fallback = afterFailure(logo, '/broken.jpg', 1, candidates.length);
    expect(candidates[shownCandidate(fallback, '/broken.jpg', candidates.length)]).toBe('/default.svg');
  });

  it('moves on once when one failure is reported twice (error event and the check after hydration)', () => {
    const once = afterFailure(start, '/broken.jpg', 0, candidates.length);
    const twice = afterFailure(once, '/broken.jpg', 0, candidates.length);
    expect(twice).toEqual(once);
    expect(candidates[shownCandidate(twice, '/broken.jpg', candidates.length)]).toBe('/logo.png');
  });

  it('stays on the default image, the last candidate', () => {
    const last = afterFailure({ src: '/broken.jpg', index: 2 }, '/broken.jpg', 2, candidates.length);
    expect(shownCandidate(last, '/broken.jpg', candidates.length)).toBe(2);
  });

  it('starts a new source from the top, and a failure of the new source moves it to its own logo', () => {
    const failedBefore: FallbackPosition = { src: '/old.jpg', index: 2 };
    expect(shownCandidate(failedBefore, '/broken.jpg', candidates.length)).toBe(0);
    expect(afterFailure(failedBefore, '/broken.jpg', 0, candidates.length)).toEqual({ src: '/broken.jpg', index: 1 });
  });

  it('goes to the default image after the logo when there is no image at all', () => {
    const noImage = imageCandidates('', '/logo.png', '/default.svg');
    expect(noImage).toEqual(['/logo.png', '/default.svg']);
    expect(noImage[shownCandidate(afterFailure({ src: '', index: 0 }, '', 0, noImage.length), '', noImage.length)]).toBe('/default.svg');
  });
});

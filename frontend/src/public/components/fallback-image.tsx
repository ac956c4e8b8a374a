import { cloneElement, useCallback, useEffect, useRef, useState, type ImgHTMLAttributes, type ReactElement } from 'react';
import type { ResponsiveImage } from '@punchline/domain';
import defaultImageUrl from '../assets/default-image.svg';
import { useSite } from '../site-context';
import { afterFailure, imageCandidates, shownCandidate } from './image-fallbacks';
import { HALF_WIDTH_SIZES } from './image-sizes';

export { CARD_SIZES, THUMB_SIZES } from './image-sizes';

export { defaultImageUrl };

interface FallbackImageProps {
  src: string;
  alt: string;
  className?: string;
  width: number;
  height: number;
  /** The hero image is the largest paint: load it first, everything else lazily. */
  priority?: boolean;
  /** How wide the image is drawn (the `sizes` attribute), so a phone picks a phone-sized variant. */
  sizes?: string;
}

/**
 * A library image with its fallbacks (the logo, then the default picture). A processed library
 * image (issue 13) is a `<picture>`: AVIF and WebP sources and the fallback format, each a srcset
 * of widths, so the browser downloads the smallest file that fills the space; a failed load falls
 * back to the plain chain.
 */
export function FallbackImage({ src, alt, className, width, height, priority = false, sizes = HALF_WIDTH_SIZES }: FallbackImageProps) {
  const { settings, images } = useSite();
  const candidates = imageCandidates(src, settings.logo_url, defaultImageUrl);
  const [position, setPosition] = useState({ src, index: 0 });
  const index = shownCandidate(position, src, candidates.length);
  const ref = useRef<HTMLImageElement>(null);
  const failed = useCallback(() => setPosition((p) => afterFailure(p, src, index, candidates.length)), [src, index, candidates.length]);

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened for it.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') failed();
  }, [failed]);

  return (
    <ResponsivePicture image={index === 0 ? images?.[src] : undefined} sizes={sizes}>
      <img
        ref={ref}
        src={candidates[index]}
        alt={alt}
        className={className}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        onError={index < candidates.length - 1 ? failed : undefined}
      />
    </ResponsivePicture>
  );
}

/**
 * The `<img>` as it is, or, for a processed library image, inside a `<picture>` with AVIF and WebP
 * sources and its own srcset in the fallback format, all with `sizes`.
 */
export function ResponsivePicture({ image, sizes, children }: { image: ResponsiveImage | undefined; sizes: string; children: ReactElement<ImgHTMLAttributes<HTMLImageElement>> }) {
  if (!image) return children;
  const fallback = image.fallback ? image.srcset[image.fallback] : undefined;
  return (
    <picture>
      {image.srcset.avif ? <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} /> : null}
      {image.srcset.webp ? <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} /> : null}
      {fallback ? cloneElement(children, { srcSet: fallback, sizes }) : children}
    </picture>
  );
}

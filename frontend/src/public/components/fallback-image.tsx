import { useEffect, useRef, useState } from 'react';
import defaultImageUrl from '../assets/default-image.svg';
import { useSite } from '../site-context';
import { imageCandidates } from './image-fallbacks';

export { defaultImageUrl };

interface FallbackImageProps {
  src: string;
  alt: string;
  className?: string;
  width: number;
  height: number;
  /** The hero image is the largest paint: load it first, everything else lazily. */
  priority?: boolean;
}

export function FallbackImage({ src, alt, className, width, height, priority = false }: FallbackImageProps) {
  const { settings } = useSite();
  const candidates = imageCandidates(src, settings.logo_url, defaultImageUrl);
  // The fallback position belongs to one source: a new source starts again from the top.
  const [failed, setFailed] = useState({ src, count: 0 });
  const index = failed.src === src ? Math.min(failed.count, candidates.length - 1) : 0;
  const ref = useRef<HTMLImageElement>(null);
  const next = () => setFailed((f) => ({ src, count: (f.src === src ? f.count : 0) + 1 }));

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened for it.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') next();
  }, [src]);

  return (
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
      onError={index < candidates.length - 1 ? next : undefined}
    />
  );
}

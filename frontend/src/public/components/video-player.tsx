import { useEffect, useRef, useState } from 'react';
import { videoSource } from './video-source';

/** A video link as its player: an embed for YouTube and Vimeo (loaded lazily), <video> for files. */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const source = videoSource(url);
  if (!source) return null;
  if (source.kind === 'file') return <FileVideo url={source.url} title={title} />;
  return (
    <iframe
      className="video-frame__media"
      src={source.embedUrl}
      title={title}
      loading="lazy"
      // Fullscreen is granted here alone: allowfullscreen beside it only draws a console warning.
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

/**
 * A file for <video>. A link that plays nothing would leave a dead 0:00 player: a link to another
 * site (a web page, say) gives way to a link that opens it, a file of our own that is gone to
 * 'Media coming soon.'. Preload 'metadata', not 'none', so that is known before anyone presses play.
 */
function FileVideo({ url, title }: { url: string; title: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    // A file that failed before hydration reported it before React listened.
    if (ref.current?.error) setFailedUrl(url);
  }, [url]);

  if (failedUrl === url) {
    return (
      <div className="video-fallback">
        {/^https?:\/\//i.test(url) ? (
          <a className="text-link" href={url} target="_blank" rel="noopener noreferrer">
            Open the video<span className="visually-hidden"> {title} (opens in a new tab)</span>
          </a>
        ) : (
          <p className="media-soon">Media coming soon.</p>
        )}
      </div>
    );
  }
  return (
    <video ref={ref} className="video-frame__media" src={url} controls preload="metadata" playsInline aria-label={title} onError={() => setFailedUrl(url)}>
      <a href={url}>Watch {title}</a>
    </video>
  );
}

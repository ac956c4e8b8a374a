import { videoSource } from './video-source';

/** A video link as its player: an embed for YouTube and Vimeo, <video> for files; loaded lazily. */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const source = videoSource(url);
  if (!source) return null;
  if (source.kind === 'file') {
    return (
      <video className="video-frame__media" src={source.url} controls preload="none" playsInline aria-label={title}>
        <a href={source.url}>Watch {title}</a>
      </video>
    );
  }
  return (
    <iframe
      className="video-frame__media"
      src={source.embedUrl}
      title={title}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

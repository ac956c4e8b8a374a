/**
 * How a video link plays: YouTube and Vimeo links become their embed players (YouTube through the
 * privacy-enhanced youtube-nocookie.com, Vimeo with do-not-track), anything else is a file for <video>.
 */
import { toProxyUrl } from '@punchline/domain';

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function youtubeId(u: URL): string | null {
  const host = u.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') id = u.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname);
      id = match ? match[1] : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(u: URL): string | null {
  const host = u.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const match = /^\/(?:video\/|channels\/[^/]+\/|groups\/[^/]+\/videos\/)?(\d+)(?:\/|$)/.exec(u.pathname);
  return match ? match[1] : null;
}

/** Seconds from YouTube's t/start parameter ('90', '1m30s'), or null. */
function youtubeStart(u: URL): number | null {
  const raw = u.searchParams.get('t') ?? u.searchParams.get('start');
  if (!raw) return null;
  if (/^\d+s?$/.test(raw)) return parseInt(raw, 10);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw);
  if (!match || raw === '') return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export function videoSource(url: string): VideoSource | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  const u = /^https?:\/\//i.test(trimmed) ? parseUrl(trimmed) : null;
  if (u) {
    const yt = youtubeId(u);
    if (yt) {
      const start = youtubeStart(u);
      return { kind: 'youtube', id: yt, embedUrl: `https://www.youtube-nocookie.com/embed/${yt}${start ? `?start=${start}` : ''}` };
    }
    const vimeo = vimeoId(u);
    if (vimeo) return { kind: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1` };
  }
  // SPEC §7: a file in the object store or under the old storage path plays through the proxy.
  return { kind: 'file', url: toProxyUrl(trimmed) };
}

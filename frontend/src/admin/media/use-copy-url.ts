import { useCallback, useEffect, useState } from 'react';
import type { MediaItem } from './media-api';
import { COPIED_FEEDBACK_MS, absoluteUrl } from './media-library';
import { copyText } from './clipboard';

/** Copy URL: the file's absolute address; its button says 'Copied' for 2 s. False when the browser refused. */
export function useCopyUrl() {
  const [copiedPath, setCopiedPath] = useState<string | null>(null);
  useEffect(() => {
    if (copiedPath === null) return;
    const timer = setTimeout(() => setCopiedPath(null), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copiedPath]);
  const copy = useCallback(async (item: MediaItem): Promise<boolean> => {
    if (!(await copyText(absoluteUrl(item.url, window.location.origin)))) return false;
    setCopiedPath(item.path);
    return true;
  }, []);
  return { copiedPath, copy };
}

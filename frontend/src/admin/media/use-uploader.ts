import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadMedia, type UploadHandle, type UploadOutcome } from './media-api';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../data/api-query';

export interface UploadProgress {
  /** 1-based number of the file being sent. */
  index: number;
  total: number;
  /** 0–1 of the current file. */
  fraction: number;
}

export type UploadResult = UploadOutcome & { fileName: string; file: File };

/** Sends files one after another (one 25 MB body at a time is enough for the server), with progress. */
export function useUploader() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const current = useRef<UploadHandle | null>(null);
  const queryClient = useQueryClient();

  // Leaving the screen mid-upload stops sending.
  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(async (files: readonly File[], options: { keepDuplicate?: boolean } = {}): Promise<UploadResult[]> => {
    const results: UploadResult[] = [];
    for (let i = 0; i < files.length; i += 1) {
      setProgress({ index: i + 1, total: files.length, fraction: 0 });
      const handle = uploadMedia(files[i], (fraction) => setProgress({ index: i + 1, total: files.length, fraction }), options);
      current.current = handle;
      results.push({ ...(await handle.done), fileName: files[i].name, file: files[i] });
    }
    current.current = null;
    setProgress(null);
    // A new file is in the library: every media list (Manager, pickers) and the usage read again.
    if (results.some((result) => result.ok)) void queryClient.invalidateQueries({ queryKey: queryKeys.media });
    return results;
  }, [queryClient]);

  return { uploading: progress !== null, progress, upload };
}

/** 'Uploading… 42%' or 'Uploading 2 of 3… 42%'. */
export function uploadingLabel(progress: UploadProgress): string {
  const percent = Math.round(progress.fraction * 100);
  return progress.total > 1 ? `Uploading ${progress.index} of ${progress.total}… ${percent}%` : `Uploading… ${percent}%`;
}

/**
 * /admin/media (SPEC §2 Media Manager): search, sort, usage filter, upload, and a grid of files
 * with copy URL, rename and delete. Deleting a used file is blocked with the list of places that
 * use it; renaming rewrites those places on the server. This page holds the state the parts share
 * (the list, the usage map, the notice) and composes them: the uploader in the header, the
 * toolbar, the notices, the grid, and the rename and delete dialogs.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer, useState } from 'react';
import type { MediaItem } from './media-api';
import { initialNotice, noticeReducer, type Notice } from './media-manager.state';
import { MEDIA_TEXTS } from './media-texts';
import { MediaDeleteDialogs } from './media-delete-dialogs';
import { MediaLibraryGrid } from './media-library-grid';
import { MediaLibraryToolbar } from './media-library-toolbar';
import { MediaNotices } from './media-notices';
import { MediaRenameDialog } from './media-rename-dialog';
import { MediaUploader } from './media-uploader';
import { useCopyUrl } from './use-copy-url';
import { useDeleteFlow } from './use-delete-flow';
import { useLibraryFilters } from './use-library-filters';
import { useMediaList } from './use-media-list';
import { useMediaUsage } from './use-media-usage';
import { useUploader } from './use-uploader';
import { queryKeys } from '../data/api-query';
import './media.css';

export function MediaManagerPage() {
  const filters = useLibraryFilters();
  const list = useMediaList({ sort: filters.sort.sort, direction: filters.sort.direction, q: filters.q });
  const usage = useMediaUsage();
  const [notices, dispatchNotice] = useReducer(noticeReducer, initialNotice);
  const showNotice = useCallback((notice: Notice | null) => dispatchNotice({ type: 'show', notice }), []);
  // After a rename or delete (an upload does it itself): every media list (here and in the editors' pickers) and the usage read again.
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.media }), [queryClient]);

  const uploader = useUploader();
  const onFiles = async (files: File[], options: { keepDuplicate?: boolean } = {}) => {
    if (files.length === 0) return;
    dispatchNotice({ type: 'dismiss' });
    const results = await uploader.upload(files, options);
    dispatchNotice({ type: 'uploaded', results });
  };

  const { copiedPath, copy } = useCopyUrl();
  const onCopy = async (item: MediaItem) => {
    if (!(await copy(item))) showNotice({ tone: 'error', text: MEDIA_TEXTS.copyFailed });
  };

  const [renaming, setRenaming] = useState<MediaItem | null>(null);
  const deletion = useDeleteFlow(showNotice, refresh);

  return (
    <div className="kit-root md-manager">
      <header className="md-header">
        <div>
          <h1 className="md-header__title">Media Manager</h1>
          <p className="md-header__description">Images and videos for the site. Pick them from any image or video field in the editor.</p>
        </div>
        <MediaUploader uploader={uploader} onFiles={(files) => void onFiles(files)} />
      </header>

      <MediaLibraryToolbar filters={filters} />

      <MediaNotices
        state={notices}
        usageError={filters.usage !== 'all' ? usage.error : null}
        onUploadCopies={() => void onFiles(notices.identical, { keepDuplicate: true })}
        onDismiss={() => dispatchNotice({ type: 'dismiss' })}
      />

      <MediaLibraryGrid
        list={list}
        usage={usage.usage}
        filters={filters}
        copiedPath={copiedPath}
        checkingPath={deletion.flow.checking}
        onRetry={refresh}
        onCopy={(item) => void onCopy(item)}
        onRename={setRenaming}
        onDelete={(item) => void deletion.start(item)}
      />

      <MediaRenameDialog
        item={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(text) => {
          setRenaming(null);
          showNotice({ tone: 'success', text });
          refresh();
        }}
      />

      <MediaDeleteDialogs flow={deletion.flow} dispatch={deletion.dispatch} onConfirm={() => void deletion.confirm()} />
    </div>
  );
}

import { useReducer } from 'react';
import { deleteMedia, fetchFileUsage, type MediaItem } from './media-api';
import { deleteFlowReducer, initialDeleteFlow, type Notice } from './media-manager.state';
import { MEDIA_TEXTS } from './media-texts';

/**
 * Delete in the Media Manager (SPEC §5): check where the file is used first, then the in-use alert,
 * the site-history warning or the confirm; a 409 on delete turns into the in-use alert.
 */
export function useDeleteFlow(showNotice: (notice: Notice | null) => void, onDeleted: () => void) {
  const [flow, dispatch] = useReducer(deleteFlowReducer, initialDeleteFlow);

  const start = async (item: MediaItem) => {
    showNotice(null);
    dispatch({ type: 'check', path: item.path });
    const result = await fetchFileUsage(item.path);
    if (!result.ok) {
      dispatch({ type: 'check-failed' });
      showNotice({ tone: 'error', text: MEDIA_TEXTS.usageFailed });
      return;
    }
    dispatch({ type: 'checked', item, ...result.value });
  };

  const confirm = async () => {
    const item = flow.confirming;
    if (!item) return;
    dispatch({ type: 'delete-started' });
    const result = await deleteMedia(item.path);
    dispatch({ type: 'delete-finished', item, usage: result.ok ? null : result.usage });
    if (result.ok) {
      showNotice({ tone: 'success', text: `Deleted “${item.name}”.` });
      onDeleted();
    } else if (!result.usage || result.usage.length === 0) {
      showNotice({ tone: 'error', text: result.error });
    }
  };

  return { flow, dispatch, start, confirm };
}

import type { Dispatch } from 'react';
import { ConfirmDialog, ModalDialog } from '../ui/modal-dialog';
import { usageLines } from './media-library';
import type { DeleteAction, DeleteFlow } from './media-manager.state';
import { MEDIA_TEXTS } from './media-texts';

/** Where a delete stands, as dialogs: the file is in use (blocked), kept in the site's history (warning), or the confirm. */
export function MediaDeleteDialogs({ flow, dispatch, onConfirm }: { flow: DeleteFlow; dispatch: Dispatch<DeleteAction>; onConfirm: () => void }) {
  const { inUse, kept, confirming, deleting } = flow;
  return (
    <>
      <ModalDialog
        open={inUse !== null}
        title={MEDIA_TEXTS.inUseTitle}
        onClose={() => dispatch({ type: 'close-in-use' })}
        size="small"
        footer={
          <button type="button" className="kit-button kit-button--primary" onClick={() => dispatch({ type: 'close-in-use' })}>
            OK
          </button>
        }
      >
        {inUse ? (
          <div role="alert">
            <p>{MEDIA_TEXTS.inUseIntro(inUse.item.name)}</p>
            <ul className="md-usage-list">
              {usageLines(inUse.usage).map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </ModalDialog>

      <ModalDialog
        open={kept !== null}
        title={MEDIA_TEXTS.keptTitle}
        onClose={() => dispatch({ type: 'close-kept' })}
        size="small"
        footer={
          <>
            <button type="button" className="kit-button" onClick={() => dispatch({ type: 'close-kept' })}>
              Cancel
            </button>
            <button type="button" className="kit-button kit-button--danger" onClick={() => dispatch({ type: 'delete-anyway' })}>
              Delete anyway
            </button>
          </>
        }
      >
        {kept ? (
          <div role="alert">
            <p>{MEDIA_TEXTS.keptIntro(kept.item.name)}</p>
            <ul className="md-usage-list">
              {kept.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>{MEDIA_TEXTS.keptOutro}</p>
          </div>
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={confirming !== null}
        title="Delete file"
        message={confirming ? MEDIA_TEXTS.confirmDelete(confirming.name) : ''}
        confirmLabel={deleting ? 'Deleting…' : 'Delete'}
        tone="danger"
        busy={deleting}
        onConfirm={onConfirm}
        onCancel={() => dispatch({ type: 'cancel' })}
      />
    </>
  );
}

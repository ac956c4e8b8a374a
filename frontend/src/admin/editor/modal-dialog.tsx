/**
 * A modal on the native <dialog> element: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and the browser returns focus to the control that opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider dialogs for lists. */
  size?: 'small' | 'medium' | 'large';
  /** The control to focus when the dialog opens (defaults to the first focusable one). */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  /** While an operation runs, Escape must not close the dialog mid-way. */
  dismissible?: boolean;
  describedBy?: string;
}

export function ModalDialog({ open, title, onClose, children, footer, size = 'medium', initialFocusRef, dismissible = true, describedBy }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocusRef?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusRef]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`ed-dialog ed-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // React state decides whether the dialog is open; Escape asks for it to close.
        event.preventDefault();
        if (dismissible) onClose();
      }}
    >
      {open ? (
        <div className="ed-dialog__frame">
          <header className="ed-dialog__header">
            <h2 id={titleId} className="ed-dialog__title">
              {title}
            </h2>
            <button type="button" className="ed-icon-button" onClick={onClose} disabled={!dismissible} aria-label={`Close ${title}`}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="ed-dialog__body">{children}</div>
          {footer ? <footer className="ed-dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question; the safe answer (Cancel) has the focus first. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onCancel}
      size="small"
      initialFocusRef={cancelRef}
      dismissible={!busy}
      describedBy={messageId}
      footer={
        <>
          <button ref={cancelRef} type="button" className="ed-button" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`ed-button ed-button--${tone}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="ed-dialog__message">
        {message}
      </div>
    </ModalDialog>
  );
}

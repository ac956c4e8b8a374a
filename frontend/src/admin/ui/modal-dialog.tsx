/**
 * A modal on the native <dialog> element: showModal() makes the rest of the page inert, Escape
 * closes it, Tab cycles inside it (never out to the browser's own UI), and focus goes back to the
 * control that opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusWhenAble, tabbable } from './focus-rescue';
import './ui.css';

/** Keeps Tab and Shift+Tab inside `container`, wrapping at either end. */
export function trapTab(event: KeyboardEvent<HTMLElement>, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = tabbable(container, document.activeElement);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

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
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocusRef?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected && !back.matches(':disabled')) back.focus();
      // One that cannot take it yet (disabled while the dialog's work settles, or behind a confirm
      // that closes in the same render, as a snapshot restore closes both) gets it when it can,
      // unless the keyboard is somewhere by then; before, it was left on the page itself.
      if (back && document.activeElement !== back) focusWhenAble(back, () => document.activeElement === null || document.activeElement === document.body);
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
      className={`kit-dialog kit-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={(event) => {
        if (ref.current) trapTab(event, ref.current);
      }}
      onCancel={(event) => {
        // React state decides whether the dialog is open; Escape asks for it to close.
        event.preventDefault();
        if (dismissible) onClose();
      }}
    >
      {open ? (
        <div className="kit-dialog__frame">
          <header className="kit-dialog__header">
            <h2 id={titleId} className="kit-dialog__title">
              {title}
            </h2>
            <button type="button" className="kit-icon-button" onClick={onClose} disabled={!dismissible} aria-label={`Close ${title}`}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="kit-dialog__body">{children}</div>
          {footer ? <footer className="kit-dialog__footer">{footer}</footer> : null}
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
          <button ref={cancelRef} type="button" className="kit-button" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`kit-button kit-button--${tone}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="kit-dialog__message">
        {message}
      </div>
    </ModalDialog>
  );
}

import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach in `scope` now: enabled and shown (`also`: kept though hidden, the focused one). */
export function tabbable(scope: HTMLElement, also?: Element | null): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === also);
}

/** How long a control that cannot take the focus yet (disabled, or behind a modal) may take to. */
const COME_BACK_MS = 3000;

/**
 * Focuses `control` once it can take the focus (connected, enabled, not behind a modal), within
 * 3 s, as long as `stillWaiting()` says the keyboard has not moved on meanwhile.
 */
export function focusWhenAble(control: HTMLElement, stillWaiting: () => boolean): void {
  const deadline = Date.now() + COME_BACK_MS;
  const retry = () => {
    if (!control.isConnected || !stillWaiting()) return;
    if (!control.matches(':disabled')) control.focus();
    if (document.activeElement !== control && Date.now() < deadline) setTimeout(retry, 100);
  };
  setTimeout(retry, 100);
}

/**
 * Keeps the keyboard's place in `container` when the focused control disables itself while it
 * works or once it is done (Save Draft, Save snapshot): that left the focus on the page itself,
 * with no ring and nothing for a screen reader to say (found in a keyboard walk-through of the
 * editor). Focus moves to the control Tab would reach next (else the one before), inside the top
 * open dialog when one is open, and comes back to the control if it is enabled again within 3 s,
 * unless the keyboard has moved on.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let last: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof HTMLElement && root.contains(event.target) ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      const lost = last;
      const active = document.activeElement;
      if (!lost?.isConnected || !lost.matches(':disabled') || (active !== null && active !== document.body && active !== lost)) return;
      const dialogs = root.querySelectorAll<HTMLDialogElement>('dialog[open]');
      const scope = dialogs[dialogs.length - 1] ?? root;
      if (!scope.contains(lost)) return;
      const items = tabbable(scope);
      const standIn = items.find((el) => (lost.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) ?? items.reverse().find((el) => (lost.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0);
      if (!standIn) return;
      standIn.focus();
      focusWhenAble(lost, () => document.activeElement === standIn);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [container]);
}

import { useEffect, type RefObject } from 'react';

const CANDIDATES = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** What Tab can reach in `scope` now: enabled, shown. */
function reachable(scope: HTMLElement): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(CANDIDATES)].filter((el) => !el.matches(':disabled') && el.getClientRects().length > 0);
}

/** The control Tab would reach next from `anchor` (else the one before it), focused; null if there is none. */
function focusNear(scope: HTMLElement, anchor: Node): HTMLElement | null {
  const items = reachable(scope);
  const after = items.find((el) => el === anchor || (anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  const before = items.reverse().find((el) => (anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0);
  const target = after ?? before ?? null;
  target?.focus();
  return target;
}

/** How long a control disabled while it works may take to come back and have the focus again. */
const COME_BACK_MS = 3000;

/** `control` gets the focus back from `standIn` when it is enabled again soon, unless the keyboard has moved on. */
function giveBackWhenEnabled(control: HTMLElement, standIn: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (control.isConnected && control.matches(':disabled')) return;
    stop();
    if (control.isConnected && document.activeElement === standIn) control.focus();
  });
  const timer = setTimeout(() => stop(), COME_BACK_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * Keeps the keyboard's place in `container` when the focused control goes away under it: a button
 * that disables itself while it works or once it is done (Save Draft, Save snapshot), or a row that
 * is deleted, left the focus on the page itself, with no ring and nothing for a screen reader to
 * say (found in a keyboard walk-through of the editor). Focus then moves to the control Tab would
 * reach next (else the one before), inside the top open dialog when one is open, and comes back to
 * a disabled control enabled again within 3 s (Save snapshot once saved, Snapshots once a restored
 * draft has loaded) unless the keyboard has moved on. A control removed with a dialog that closed
 * is left to the dialog, which returns focus to its opener.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let last: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof HTMLElement && root.contains(event.target) ? event.target : null;
    };
    const observer = new MutationObserver((records) => {
      const lost = last;
      if (!lost) return;
      const active = document.activeElement;
      const dropped = active === null || active === document.body || active === lost;
      if (!dropped) return;
      const dialogs = root.querySelectorAll<HTMLDialogElement>('dialog[open]');
      const scope = dialogs[dialogs.length - 1] ?? root;
      if (lost.isConnected) {
        if (!lost.matches(':disabled') || !scope.contains(lost)) return;
        const standIn = focusNear(scope, lost);
        if (standIn) giveBackWhenEnabled(lost, standIn);
        return;
      }
      if (scope === root) return;
      // Removed: the place it held is where its removal happened.
      const removal = records.find((r) => [...r.removedNodes].some((node) => node === lost || node.contains(lost)));
      const anchor = removal?.nextSibling ?? removal?.previousSibling ?? removal?.target;
      if (anchor && scope.contains(anchor)) focusNear(scope, anchor);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [container]);
}

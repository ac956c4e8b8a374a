/**
 * "Leaving with unsaved changes asks first": react-router's useBlocker for in-app navigation (data
 * routers only); under the plain <BrowserRouter> the app uses (a data router would add ~20 KB gzip
 * to every visitor's bundle), a click guard on links plus a history sentinel for the Back button;
 * and the browser's own prompt (beforeunload) for reloads, closing the tab and typed URLs.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../ui/modal-dialog';

const TITLE = 'Leave without saving?';
const MESSAGE = <p>You have unsaved changes to the draft. If you leave this screen now, they are lost.</p>;

/** Marks the history entry we push on top of the screen's own, so Back lands on the same URL first. */
const SENTINEL = 'punchlineLeaveGuard';
const BACK = Symbol('back');

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const leaving = useRef(false);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <BlockerPrompt when={when} /> : <LinkClickGuard when={when} leaving={leaving} />;
}

function BlockerPrompt({ when }: { when: boolean }) {
  // Changing tabs (?tab=…) stays on the screen; only another path is "leaving".
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={TITLE}
      message={MESSAGE}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

function LinkClickGuard({ when, leaving }: { when: boolean; leaving: { current: boolean } }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [target, setTarget] = useState<string | typeof BACK | null>(null);
  useEffect(() => {
    if (!when) return;
    // Back first pops this same-URL entry, so the router never leaves the screen; we ask instead.
    const pushSentinel = () => window.history.pushState({ ...(window.history.state ?? {}), [SENTINEL]: true }, '', window.location.href);
    if (!window.history.state?.[SENTINEL]) pushSentinel();
    const onPopState = (event: PopStateEvent) => {
      if (leaving.current || (event.state as Record<string, unknown> | null)?.[SENTINEL]) return;
      pushSentinel();
      setTarget(BACK);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [when, leaving]);
  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [when, location.pathname]);
  return (
    <ConfirmDialog
      open={target !== null}
      title={TITLE}
      message={MESSAGE}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => {
        const to = target;
        setTarget(null);
        if (to === BACK) {
          // Past the sentinel and the entry Back landed on: where Back would have gone.
          leaving.current = true;
          window.history.go(-2);
        } else if (to) navigate(to);
      }}
      onCancel={() => setTarget(null)}
    />
  );
}

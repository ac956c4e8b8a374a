/**
 * "Leaving with unsaved changes asks first": react-router's useBlocker for in-app navigation (data
 * routers only), a click guard on links when the app runs under a plain <BrowserRouter>, and the
 * browser's own prompt (beforeunload) for reloads, closing the tab and typed URLs.
 */
import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from './modal-dialog';

const TITLE = 'Leave without saving?';
const MESSAGE = <p>You have unsaved changes to the draft. If you leave this screen now, they are lost.</p>;

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <BlockerPrompt when={when} /> : <LinkClickGuard when={when} />;
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

function LinkClickGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [target, setTarget] = useState<string | null>(null);
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
        if (to) navigate(to);
      }}
      onCancel={() => setTarget(null)}
    />
  );
}

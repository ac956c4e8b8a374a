/**
 * The draft lock's behaviour (SPEC §4): silent acquire in the draft view, refresh while held, poll
 * while another editor holds it, release when leaving the draft view or the editing screens, and a
 * release beacon when the page closes. Calls run one after another so a release can never overtake
 * the acquire before it.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { DEFAULT_LOCK_TIMING, INITIAL_LOCK_STATE, lockReducer, lockView, type LockTiming, type LockView } from './draft-lock';
import { EDITOR_TEXTS } from './editor-texts';
import { lockFailureText, lockFrom, settingsApi, type ApiResult, type EditorStage, type SettingsApi } from './settings-api';

/**
 * Leaving one editing screen for the other must not drop the lock: the release is deferred and the
 * next screen's mount cancels it. Module state because the two screens are separate route elements.
 */
let pendingRelease: ReturnType<typeof setTimeout> | null = null;

export interface DraftLockControls {
  state: LockView;
  /** Explicit Acquire (errors shown) or silent (a 423 only updates the status). */
  acquire: (options?: { silent?: boolean }) => Promise<boolean>;
  release: () => Promise<void>;
  refresh: () => Promise<void>;
  clearError: () => void;
  /**
   * The draft's version as the lock's event stream last told it (issue 25), null until it has: it
   * moves on every change of the draft, this tab's own saves included.
   */
  draftVersion: number | null;
}

export interface UseDraftLockOptions {
  stage: EditorStage;
  /** Until the signed-in email is known the hook waits: "mine" cannot be told from "other" without it. */
  myEmail: string | null;
  timing?: Partial<LockTiming>;
  api?: Pick<SettingsApi, 'getLock' | 'acquireLock' | 'releaseLock' | 'releaseLockBeacon'> & Partial<Pick<SettingsApi, 'watchLock'>>;
}

export function useDraftLock({ stage, myEmail, timing, api = settingsApi }: UseDraftLockOptions): DraftLockControls {
  const t = useMemo(() => ({ ...DEFAULT_LOCK_TIMING, ...timing }), [timing]);
  const [raw, dispatch] = useReducer(lockReducer, INITIAL_LOCK_STATE);
  const state = useMemo(() => lockView(raw, myEmail), [raw, myEmail]);
  const stateRef = useRef(state);
  stateRef.current = state;
  const enabled = myEmail !== null;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [draftVersion, setDraftVersion] = useState<number | null>(null);
  const mounted = useRef(true);

  const serial = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task, task);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const safeDispatch = useCallback((action: Parameters<typeof dispatch>[0]) => {
    if (mounted.current) dispatch(action);
  }, []);

  const load = useCallback(
    () =>
      serial(async () => {
        const result = await api.getLock();
        // SPEC §7: a 403 on GET lock means no lock info; the status stays as it was.
        if (result.ok) safeDispatch({ type: 'lock', lock: lockFrom(result.body) });
        else safeDispatch({ type: 'failure', error: lockFailureText(result, EDITOR_TEXTS.loadLockFailed) });
      }),
    [api, serial, safeDispatch],
  );

  const heldByOther = useCallback(
    async (result: ApiResult, silent: boolean) => {
      let lock = lockFrom(result.body);
      if (lock === null) {
        const current = await api.getLock();
        lock = current.ok ? lockFrom(current.body) : null;
      }
      safeDispatch({ type: 'held-by-other', lock, error: silent ? null : lockFailureText(result, EDITOR_TEXTS.lockedByAnother) });
    },
    [api, safeDispatch],
  );

  const acquire = useCallback(
    ({ silent = false }: { silent?: boolean } = {}) =>
      serial(async () => {
        safeDispatch({ type: 'request' });
        const result = await api.acquireLock(t.ttlSeconds);
        if (result.ok) {
          safeDispatch({ type: 'lock', lock: lockFrom(result.body) });
          return true;
        }
        if (result.status === 423) await heldByOther(result, silent);
        else safeDispatch({ type: 'failure', error: lockFailureText(result, EDITOR_TEXTS.acquireLockFailed) });
        return false;
      }),
    [api, serial, safeDispatch, heldByOther, t.ttlSeconds],
  );

  const release = useCallback(
    () =>
      serial(async () => {
        if (stateRef.current.status !== 'mine') return;
        safeDispatch({ type: 'request' });
        const result = await api.releaseLock();
        if (result.ok) safeDispatch({ type: 'lock', lock: lockFrom(result.body) });
        else safeDispatch({ type: 'failure', error: lockFailureText(result, EDITOR_TEXTS.releaseLockFailed) });
      }),
    [api, serial, safeDispatch],
  );

  useEffect(() => {
    mounted.current = true;
    if (pendingRelease !== null) {
      clearTimeout(pendingRelease);
      pendingRelease = null;
    }
    return () => {
      mounted.current = false;
      if (stateRef.current.status !== 'mine') return;
      pendingRelease = setTimeout(() => {
        pendingRelease = null;
        void api.releaseLock();
      }, t.releaseGraceMs);
    };
  }, [api, t.releaseGraceMs]);

  // Draft view: try to take the lock without a fuss. Live view: give it back and just show who holds it.
  useEffect(() => {
    if (!enabled) return;
    if (stage === 'draft') void acquire({ silent: true });
    else void release().then(load);
  }, [enabled, stage, acquire, release, load]);

  // Pushed lock changes (issue 12 point 4): another admin's take or release shows within a second
  // or two, and in the Draft view a freed lock is taken at once, as the silent acquire would on arrival.
  const stageRef = useRef(stage);
  stageRef.current = stage;
  useEffect(() => {
    if (!enabled || !api.watchLock) return undefined;
    return api.watchLock(
      (lock) => {
        const before = stateRef.current.status;
        safeDispatch({ type: 'lock', lock });
        if (lock === null && before === 'other' && stageRef.current === 'draft') void acquire({ silent: true });
      },
      (version) => {
        if (mounted.current) setDraftVersion(version);
      },
    );
  }, [enabled, api, safeDispatch, acquire]);

  const status = state.status;
  useEffect(() => {
    if (status === 'mine') {
      const id = setInterval(() => void acquire({ silent: true }), t.refreshMs);
      return () => clearInterval(id);
    }
    if (status === 'other') {
      const id = setInterval(() => void load(), t.pollMs);
      return () => clearInterval(id);
    }
    return undefined;
  }, [status, acquire, load, t.refreshMs, t.pollMs]);

  useEffect(() => {
    const onPageHide = () => {
      if (stateRef.current.status === 'mine') api.releaseLockBeacon();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [api]);

  const clearError = useCallback(() => dispatch({ type: 'clear-error' }), []);
  return { state, acquire, release, refresh: load, clearError, draftVersion };
}

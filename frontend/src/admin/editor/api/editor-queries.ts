/**
 * The editor's reads and their refreshes over the admin query layer (issue 26): snapshots, pending
 * schedules, field provenance and the records the publish dialog compares. Component files import
 * these hooks; nothing here imports a component, so the editor's modules form no cycle.
 */
import { SNAPSHOT_LIST_LIMIT, type ScheduleView, type SettingsRecord, type SettingsVersionView } from '@punchline/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { historyApi, type FieldProvenance } from '../../history/history-api';
import { ApiError, listView, queryKeys, type ListView } from '../../data/api-query';
import { watchSettingsEvents } from '../../data/settings-events';
import { EDITOR_TEXTS } from '../editor-texts';
import { failureText, schedulesFrom, settingsApi, versionsFrom, type ApiResult } from '../settings-api';

/** Schedules are read again every minute: a schedule runs, or another admin makes one, without this screen doing anything. */
export const SCHEDULES_REFRESH_MS = 60_000;

/** A call's answer read by `read`; a failed call (or one `read` refuses) throws its SPEC §8 text. */
async function answer<T>(call: Promise<ApiResult>, read: (body: unknown) => T | null, fallback?: string): Promise<T> {
  const result = await call;
  const value = result.ok ? read(result.body) : null;
  if (value === null) throw new ApiError(result, failureText(result, fallback));
  return value;
}

/** The snapshots (all, or the draft ones the publish dialog offers), read while `enabled` (a dialog is open). */
export function useSnapshotList(options: { draftOnly: boolean; enabled: boolean }): ListView<SettingsVersionView[]> & { retry: () => void } {
  const { draftOnly, enabled } = options;
  const query = useQuery({
    queryKey: queryKeys.snapshotList(draftOnly),
    queryFn: () =>
      answer(settingsApi.listVersions({ draftOnly, limit: SNAPSHOT_LIST_LIMIT }), versionsFrom, draftOnly ? EDITOR_TEXTS.loadRecentDraftsFailed : EDITOR_TEXTS.loadSnapshotsFailed),
    enabled,
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { ...listView(query), retry };
}

/**
 * The snapshot lists follow changes made elsewhere: the settings event stream's `snapshots` event
 * (a snapshot saved, deleted or published by another admin or in another tab) marks them stale, so
 * an open dialog reads its list again and a closed one reads it fresh when it opens. Deleting a
 * snapshot cancels its schedules, so they are read again too. The stream also tells the current
 * state when it (re)opens: an open list then reads once more, one small request.
 */
export function useSnapshotListsFollowed(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      watchSettingsEvents({
        snapshots: () => {
          void client.invalidateQueries({ queryKey: queryKeys.snapshots });
          void client.invalidateQueries({ queryKey: queryKeys.schedules });
        },
      }),
    [client],
  );
}

export type ActionOutcome = { ok: true } | { ok: false; message: string };

async function outcomeOf(call: Promise<ApiResult>, fallback: string): Promise<ActionOutcome> {
  const result = await call;
  return result.ok ? { ok: true } : { ok: false, message: failureText(result, fallback) };
}

/** Save and delete a snapshot; either refreshes every snapshot list. */
export function useSnapshotActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: queryKeys.snapshots });
  const create = useMutation({ mutationFn: (label: string | null) => outcomeOf(settingsApi.createVersion(label), EDITOR_TEXTS.createSnapshotFailed), onSettled });
  const remove = useMutation({ mutationFn: (id: string) => outcomeOf(settingsApi.deleteVersion(id), EDITOR_TEXTS.deleteSnapshotFailed), onSettled });
  return { create: create.mutateAsync, remove: remove.mutateAsync };
}

export interface ScheduleControls {
  schedules: ScheduleView[];
  error: string | null;
  /** Read the schedules (and snapshots, one of which a new schedule made) again now. */
  refresh: () => Promise<void>;
  cancel: (id: string) => Promise<ActionOutcome>;
}

/** Pending scheduled publishes (issue 14), read on open, every minute and after a schedule or cancel. */
export function useSchedules(): ScheduleControls {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.schedules,
    queryFn: () => answer(settingsApi.listSchedules(), schedulesFrom, EDITOR_TEXTS.loadSchedulesFailed),
    refetchInterval: SCHEDULES_REFRESH_MS,
  });
  const refresh = useCallback(async () => {
    await Promise.all([client.invalidateQueries({ queryKey: queryKeys.schedules }), client.invalidateQueries({ queryKey: queryKeys.snapshots })]);
  }, [client]);
  const { mutateAsync: cancel } = useMutation({
    mutationFn: (id: string) => outcomeOf(settingsApi.cancelSchedule(id), EDITOR_TEXTS.cancelScheduleFailed),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.schedules }),
  });
  const schedules = query.data;
  const error = query.error ? query.error.message : null;
  return useMemo(() => ({ schedules: schedules ?? [], error, refresh, cancel }), [schedules, error, refresh, cancel]);
}

export type ProvenanceMap = Record<string, FieldProvenance>;

const NO_PROVENANCE: ProvenanceMap = {};

/**
 * Who last changed each draft field (issue 10), read again whenever `version` (the loaded draft's
 * updated_at) changes; the last answer stays meanwhile. A failed read shows nothing rather than an
 * error beside every field.
 */
export function useProvenanceData(version: string | null | undefined, enabled: boolean): ProvenanceMap {
  const query = useQuery({
    queryKey: queryKeys.provenance(version ?? null),
    queryFn: () => answer(historyApi.fields('draft'), (body) => (body as { fields?: ProvenanceMap } | null)?.fields ?? null),
    enabled,
    placeholderData: keepPreviousData,
  });
  return query.data ?? NO_PROVENANCE;
}

/** One record the publish dialog compares, read once per open dialog (the dialog clears them when it opens). */
export function usePublishRecord(source: string, call: () => Promise<ApiResult>, read: (body: unknown) => Partial<SettingsRecord> | null, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.publishRecord(source), queryFn: () => answer(call(), read), enabled, staleTime: Infinity });
}

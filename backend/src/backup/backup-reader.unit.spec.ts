import { canonicalJson } from '@punchline/domain';
import { eventHash } from '@punchline/projections';
import { checkArchivedLine, verbatimEvent } from './backup-reader';

/**
 * How restore reads an event line (issue 29): a line as the writer makes it from a log stored as
 * canonical text is stored as it is (its payload text cut out, never serialised again); a line whose
 * payloads are in another form (a log stored as jsonb before payloads were kept as text) is checked
 * and stored as canonical JSON; an edited one does not hold its hash.
 */
describe('archived event lines', () => {
  const event = {
    globalPosition: 7,
    eventId: '0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4',
    streamId: 'site',
    streamRevision: 3,
    type: 'DraftSaved',
    schemaVersion: 1,
    data: { changes: { hero_title: 'Live “comedy”\n', who_body: 'é' } },
    metadata: { actorEmail: 'a@example.com', causationId: null, correlationId: 'c', occurredAt: '2026-11-27T03:00:00.000Z' },
  };
  const prevHash = 'a'.repeat(64);
  const hash = eventHash(prevHash, event);
  const line = (data: string, metadata: string) =>
    `{"position":7,"event_id":"${event.eventId}","stream":"site","revision":3,"type":"DraftSaved","schema_version":1,"data":${data},"metadata":${metadata},` +
    `"recorded_at":"2026-11-27T03:00:00.123456Z","prev_hash":"${prevHash}","hash":"${hash}"}`;

  it('stores a line in the writer’s layout as archived, cutting its payloads out where the check found them, and reads its event whole for the rebuild', () => {
    const text = line(canonicalJson(event.data), canonicalJson(event.metadata));
    const checked = checkArchivedLine(text, 'events/000001.ndjson line 2');
    expect(checked).toMatchObject({ verbatim: true, hashHolds: true, dataText: canonicalJson(event.data), metadataText: canonicalJson(event.metadata) });
    const { row, event: read } = verbatimEvent(text, checked.cuts!, 0);
    expect(read).toEqual({ ...event, recordedAt: '2026-11-27T03:00:00.123456Z', prevHash, hash });
    expect(row).toEqual({
      position: 7,
      eventId: event.eventId,
      streamId: 'site',
      revision: 3,
      type: 'DraftSaved',
      schemaVersion: 1,
      dataText: canonicalJson(event.data),
      metadataText: canonicalJson(event.metadata),
      recordedAt: '2026-11-27T03:00:00.123456Z',
      prevHash,
      hash,
    });
  });

  it('checks and stores payloads in another form (jsonb text: spaces, other key order) as canonical JSON', () => {
    const checked = checkArchivedLine(line('{"changes": {"who_body": "é", "hero_title": "Live “comedy”\\n"}}', JSON.stringify(event.metadata, null, 1)), 'x');
    expect(checked).toMatchObject({ verbatim: false, hashHolds: true, dataText: canonicalJson(event.data), metadataText: canonicalJson(event.metadata) });
    expect(checked.cuts).toBeUndefined();
  });

  it('finds that an edited payload no longer holds its hash', () => {
    const checked = checkArchivedLine(line(canonicalJson(event.data).replace('Live', 'Dead'), canonicalJson(event.metadata)), 'x');
    expect(checked.hashHolds).toBe(false);
    expect(checked.verbatim).toBe(false);
  });
});

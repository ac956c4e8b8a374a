import { statusOf } from './domain-error.filter';

// The statuses a client sees for the codes the event stores give (the EventStoreDB adapter's mapping
// spec, eventstoredb/src/eventstoredb-mapping.unit.spec.ts, checks the codes; this, what they become).
describe('statusOf', () => {
  it.each([
    ['STALE_REVISION', 409],
    ['CONFLICT', 409],
    ['TOO_LARGE', 413],
    ['NOT_FOUND', 404],
    ['UNAVAILABLE', 503],
    ['STORAGE_FULL', 507],
  ] as const)('%s is %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });
});

import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { EventMetadata } from '@punchline/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Event id and metadata for a command issued by an HTTP request (DESIGN §12.3: the backend, not
 * domain/, reads the clock and makes ids). A client may pass X-Correlation-Id to tie calls together.
 */
export function commandMeta(req: Request, actorEmail: string | null): { eventId: string; metadata: EventMetadata } {
  const header = req.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : randomUUID();
  return { eventId: randomUUID(), metadata: { actorEmail, correlationId, causationId: null, occurredAt: new Date().toISOString() } };
}

import { EventStoreDBClient } from '@eventstore/db-client';
import { z } from 'zod';

/**
 * Why the EventStoreDB client would refuse this connection string, or null when it accepts it. The
 * check is the client's own: EventStoreDBClient.connectionString parses the string (schemes `esdb://`
 * and `esdb+discover://` only; `kurrentdb://` is not known to the 6.x client) and validates the
 * options and certificate files; it does not connect, and the unused client is disposed at once.
 */
export function eventStoreConnectionStringProblem(value: string): string | null {
  try {
    const client = EventStoreDBClient.connectionString(value);
    void client.dispose();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** EVENTSTORE_CONNECTION_STRING in the app's and the CLI's config schemas. */
export const eventStoreConnectionStringSchema = z.string().superRefine((value, ctx) => {
  const problem = eventStoreConnectionStringProblem(value);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a connection string the EventStoreDB client accepts, such as esdb://host:2113?tls=false or esdb+discover://host:2113 (${problem})`,
    });
  }
});

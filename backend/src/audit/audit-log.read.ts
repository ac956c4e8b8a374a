import { Inject, Injectable } from '@nestjs/common';
import { AuditLogQueries, type Database } from '@punchline/projections';
import { Clock } from '../platform/event-sourcing/clock';
import { DATABASE } from '../platform/platform.module';

/** The audit feature's handle on the reads of rm.audit_log (the queries live beside the projection, projections/src/audit). */
@Injectable()
export class AuditLogRead extends AuditLogQueries {
  constructor(@Inject(DATABASE) db: Database, clock: Clock) {
    super(db, () => clock.now());
  }
}

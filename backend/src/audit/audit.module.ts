import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ListAuditLogHandler } from './list-audit-log/list-audit-log.handler';
import { ListAuditLogHttpController } from './list-audit-log/list-audit-log.http.controller';
import { ExportLogHttpController } from './export-log/export-log.http.controller';
import { VerifyLogHttpController } from './verify-log/verify-log.http.controller';

/** The Audit Log (SPEC §2, §7): every event as the audit projection recorded it, read-only. */
@Module({
  imports: [CqrsModule],
  controllers: [ListAuditLogHttpController, VerifyLogHttpController, ExportLogHttpController],
  providers: [ListAuditLogHandler],
})
export class AuditModule {}

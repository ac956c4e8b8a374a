import { Module } from '@nestjs/common';
import { AuditLogRead } from './audit-log.read';
import { ListAuditLogHttpController } from './list-audit-log/list-audit-log.http.controller';
import { ExportLogHttpController } from './export-log/export-log.http.controller';
import { VerifyLogHttpController } from './verify-log/verify-log.http.controller';

/** The Audit Log (SPEC §2, §7): every event as the audit projection recorded it, read-only. */
@Module({
  controllers: [ListAuditLogHttpController, VerifyLogHttpController, ExportLogHttpController],
  providers: [AuditLogRead],
})
export class AuditModule {}

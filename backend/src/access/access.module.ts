import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessStream } from './access-stream';
import { AdminGuard } from './admin.guard';
import { GetAllowlistHttpController } from './get-allowlist/get-allowlist.http.controller';
import { ChangeAllowlistHttpController } from './change-allowlist/change-allowlist.http.controller';
import { AuditorsHttpController } from './auditors/auditors.http.controller';

/** Who may use the admin area: the allowlist aggregate, the deny-by-default guard, allowlist calls. */
@Module({
  controllers: [GetAllowlistHttpController, ChangeAllowlistHttpController, AuditorsHttpController],
  providers: [AccessStream, { provide: APP_GUARD, useClass: AdminGuard }],
  exports: [AccessStream],
})
export class AccessModule {}

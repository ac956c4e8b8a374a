import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { PlatformModule } from './platform/platform.module';
import type { Runtime } from './platform/runtime';
import { HealthModule } from './health';
import { AuthModule } from './auth/auth.module';
import { SettingsModule } from './settings/settings.module';
import { SiteModule } from './site/site.module';
import { ContactModule } from './contact/contact.module';
import { MediaModule } from './media/media.module';
import { AuditModule } from './audit/audit.module';
import { HistoryModule } from './history/history.module';
import { BackupModule } from './backup/backup.module';
import { LogModule } from './log/log.module';
import { PrivacyModule } from './privacy';
import { redactedRequest } from './privacy/redacted-request';

@Module({})
export class AppModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRuntime(runtime),
        // The query bus of every feature's reads (ARCHITECTURE 'Write path, read path'): one, set up here.
        CqrsModule.forRoot(),
        LoggerModule.forRoot({
          pinoHttp: {
            level: runtime.config.logLevel,
            // Health probes and static assets would drown the request log.
            autoLogging: { ignore: (req) => req.url === '/api/health' || (req.url ?? '').startsWith('/assets/') },
            redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
            // No addresses or search words in the request log (DESIGN §16): query values are left out.
            serializers: { req: redactedRequest },
          },
        }),
        HealthModule,
        AuthModule,
        SettingsModule,
        SiteModule,
        ContactModule,
        MediaModule,
        AuditModule,
        HistoryModule,
        BackupModule,
        LogModule,
        PrivacyModule,
      ],
    };
  }
}

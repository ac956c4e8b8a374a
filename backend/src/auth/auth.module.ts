import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AccessModule } from '../access';
import { CONFIG, RUNTIME } from '../platform/platform.module';
import type { Runtime } from '../platform/runtime';
import type { AppConfig } from '../platform/config/config';
import { SameOriginMiddleware } from './csrf/same-origin.middleware';
import { DevSignInHttpController } from './dev-sign-in/dev-sign-in.http.controller';
import { GoogleSignInHttpController } from './google/google-sign-in.http.controller';
import { GOOGLE_STRATEGY, GoogleStrategy } from './google/google.strategy';
import { MeHttpController } from './me/me.http.controller';
import { RefreshSessionHttpController } from './refresh-session/refresh-session.http.controller';
import { SessionMiddleware } from './sessions/session.middleware';
import { SessionStoreService } from './sessions/session-store.service';
import { SessionTimeout } from './sessions/session-timeout';
import { DeniedSignIns } from './sign-in/denied-sign-ins';
import { SignInHandler } from './sign-in/sign-in.handler';
import { SignOutHandler } from './sign-out/sign-out.handler';
import { SignOutHttpController } from './sign-out/sign-out.http.controller';

/** Sign-in, sessions and the CSRF origin check (SPEC §6, DESIGN §8). */
@Module({
  imports: [AccessModule],
  controllers: [GoogleSignInHttpController, DevSignInHttpController, SignOutHttpController, MeHttpController, RefreshSessionHttpController],
  providers: [
    SessionTimeout,
    SessionStoreService,
    SignInHandler,
    DeniedSignIns,
    SignOutHandler,
    {
      provide: GOOGLE_STRATEGY,
      inject: [CONFIG, RUNTIME],
      // Without a Google client (development sign-in) there is no strategy to build.
      useFactory: (config: AppConfig, runtime: Runtime) =>
        config.google.clientId && config.google.clientSecret ? new GoogleStrategy(config, runtime.sessionSecret) : null,
    },
  ],
  exports: [SessionTimeout],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Origin first: a refused cross-site mutation never even loads (or rolls) a session.
    consumer.apply(SameOriginMiddleware, SessionMiddleware).forRoutes('*');
  }
}

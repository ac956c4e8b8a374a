import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import express from 'express';
import { MEDIA_PROXY_PATH } from '@punchline/domain';
import { AppModule } from '../../app.module';
import type { Runtime } from '../runtime';
import { PublicPagesMiddleware } from '../../site';
import { MediaReadTurns } from '../../media';
import { ErrorBodyFilter } from './domain-error.filter';
import { RequestValidationPipe } from './validation';
import { baseSecurityHeaders } from './security-headers';
import { inputGuard, refuseDeepJson, refuseUnparsableJson } from './input-guard';
import { frontendDistDir } from './frontend-dist';

export { frontendDistDir };

/** Builds the HTTP app on a runtime; main.ts and the integration tests share it. */
export async function createApp(runtime: Runtime, options: { logger?: boolean } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRuntime(runtime), {
    bufferLogs: true,
    bodyParser: false,
    // A module that refuses to start (media storage not the database's, DESIGN §18) throws to the
    // caller, which says why and exits, instead of Nest ending the process itself.
    abortOnError: false,
    logger: options.logger === false ? false : undefined,
  });
  if (options.logger !== false) app.useLogger(app.get(Logger));
  // DESIGN §10: only these hops may say who the client is (rate limits and audit IPs key on it).
  app.set('trust proxy', runtime.config.trustProxy);
  app.disable('x-powered-by');
  // The front door answers everything that is the same for every visitor before Express sees it
  // (live pages and settings, sitemap, robots, admin shell, compressed build files; DESIGN §9).
  app.get(PublicPagesMiddleware).mountBefore(app.getHttpServer());
  const client = join(frontendDistDir(), 'client');
  // Build files the front door does not compress (images, fonts) or a client that accepts no compression.
  if (existsSync(client)) app.use('/assets', express.static(join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  // Visitors' media reads wait their turn before anything else runs for them (issue 24).
  app.use(MEDIA_PROXY_PATH, app.get(MediaReadTurns).handle);
  // A whole settings record is ~100 KB at most; 2 MB leaves room without inviting abuse.
  app.use(express.json({ limit: '2mb', verify: refuseDeepJson }));
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));
  app.use(refuseUnparsableJson);
  app.use(inputGuard);
  // No answer of ours may be sniffed into another type (JSON included); production is HTTPS only.
  const baseHeaders = Object.entries(baseSecurityHeaders(runtime.config.production));
  app.use((_req: express.Request, res: express.Response, next: express.NextFunction) => {
    for (const [name, value] of baseHeaders) res.setHeader(name, value);
    next();
  });
  // An API answer is about one moment (and often one admin): no cache keeps it unless its route
  // says otherwise (live settings, media bytes, the calendar set their own), errors included.
  app.use('/api', (_req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.useGlobalFilters(new ErrorBodyFilter());
  app.useGlobalPipes(new RequestValidationPipe());
  app.enableShutdownHooks();

  if (runtime.config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle('Punchline API').setDescription('Public site and back office of Punchline').setVersion('1').build(),
    );
    SwaggerModule.setup('api/docs', app, document);
  }

  if (existsSync(client)) app.use(express.static(client, { index: false, maxAge: '1h' }));
  return app;
}

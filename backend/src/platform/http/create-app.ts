import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import express from 'express';
import { AppModule } from '../../app.module';
import type { Runtime } from '../runtime';
import { ErrorBodyFilter } from './domain-error.filter';

/** Where Vite put the built front end (frontend/dist/client). */
export function frontendDistDir(): string {
  return join(dirname(require.resolve('@punchline/frontend/package.json')), 'dist');
}

/** Builds the HTTP app on a runtime; main.ts and the integration tests share it. */
export async function createApp(runtime: Runtime, options: { logger?: boolean } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRuntime(runtime), {
    bufferLogs: true,
    bodyParser: false,
    logger: options.logger === false ? false : undefined,
  });
  if (options.logger !== false) app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // A whole settings record is ~100 KB at most; 2 MB leaves room without inviting abuse.
  app.use(express.json({ limit: '2mb' }));
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));
  app.useGlobalFilters(new ErrorBodyFilter());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Punchline API').setDescription('Public site and back office of Punchline').setVersion('1').build(),
  );
  SwaggerModule.setup('api/docs', app, document);

  const client = join(frontendDistDir(), 'client');
  if (existsSync(client)) {
    app.use('/assets', express.static(join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(client, { index: false, maxAge: '1h' }));
  }
  return app;
}

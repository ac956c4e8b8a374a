import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import type { LivePage, PreparedResponse } from './site-pages.service';
import { SitePagesService } from './site-pages.service';
import { classifySiteRequest } from './site-request';
import { baseSecurityHeaders } from '../../platform/http/security-headers';

/** Writes a prepared answer: gzip when accepted, 304 when the client already has these bytes. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, prepared: PreparedResponse, extra?: Record<string, string>): void {
  if (prepared.status === 200 && req.headers['if-none-match'] === prepared.etag) {
    res.writeHead(304, { ETag: prepared.etag, 'Cache-Control': extra?.['Cache-Control'] ?? prepared.headers['Cache-Control'], Vary: prepared.headers.Vary });
    res.end();
    return;
  }
  const gzip = req.headers['accept-encoding']?.includes('gzip') === true;
  const headers = gzip ? prepared.gzipHeaders : prepared.plainHeaders;
  res.writeHead(prepared.status, extra ? { ...headers, ...extra } : headers);
  res.end(gzip ? prepared.gzip : prepared.body);
}

function sendLivePage(req: IncomingMessage, res: ServerResponse, page: LivePage): void {
  if ('maintenance' in page) sendPrepared(req, res, page.maintenance, { 'Retry-After': String(page.retryAfter) });
  else sendPrepared(req, res, page);
}

/**
 * The public site's front door (DESIGN §9), in front of the HTTP server's own handler (Express):
 * every answer that is the same for all visitors (the live pages, the live settings, sitemap.xml,
 * robots.txt, the admin shell, the hashed build files) is written from memory here and never
 * enters Express, its body parsers, sessions or guards. Unknown paths redirect to '/' (SPEC §2).
 * Everything else, drafts included (they need the session), goes on to Express.
 */
@Injectable()
export class PublicPagesMiddleware {
  private readonly logger = new Logger('site');

  constructor(private readonly site: SitePagesService) {}

  mountBefore(server: Server): void {
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    const express = (req: IncomingMessage, res: ServerResponse): void => {
      for (const handler of handlers) handler.call(server, req, res);
    };
    const baseHeaders = Object.entries(baseSecurityHeaders(this.site.production));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // Set before any answer, so redirects, 304s and 503s carry them too (writeHead adds to them).
      for (const [name, value] of baseHeaders) res.setHeader(name, value);
      if (!this.answer(req, res)) express(req, res);
    });
  }

  /** Answers from memory; false (nothing written) when Express must answer. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    const request = classifySiteRequest(req.url, this.site.pagePaths, this.site.clientFiles);
    const failed = (error: unknown): void => this.fail(res, error);
    switch (request.kind) {
      case 'pass':
        return false;
      case 'asset':
        return this.site.assets.serve(req, res, request.path, failed);
      case 'liveSettings': {
        if (this.site.mayBeSignedIn(req.headers.cookie)) return false;
        // Synchronous while the cached live version is fresh: no promise on the hot path.
        const ready = this.site.liveSettingsNow();
        if (ready) sendPrepared(req, res, ready);
        else this.site.liveSettings().then((answer) => sendPrepared(req, res, answer), failed);
        return true;
      }
      case 'page': {
        // A draft, or a look at history by someone who may be an admin, needs the session: Express decides.
        if (request.draft || !this.site.bundle || (request.at !== null && this.site.mayBeSignedIn(req.headers.cookie))) return false;
        const ready = this.site.livePageNow(request.path, request.variant);
        if (ready) sendLivePage(req, res, ready);
        else this.site.livePage(request.path, request.variant).then((page) => sendLivePage(req, res, page), failed);
        return true;
      }
      case 'unknown':
        if (!this.site.bundle) return false;
        res.writeHead(302, { Location: request.draft ? '/?stage=draft' : '/', 'Cache-Control': 'no-store', 'Content-Length': '0' });
        res.end();
        return true;
      case 'admin':
        if (!this.site.bundle) return false;
        sendPrepared(req, res, this.site.adminShellPage());
        return true;
      case 'sitemap':
      case 'robots':
        this.site.seoDocuments().then((docs) => sendPrepared(req, res, request.kind === 'sitemap' ? docs.sitemap : docs.robots), failed);
        return true;
      default: {
        const _exhaustive: never = request;
        return _exhaustive;
      }
    }
  }

  /**
   * Reached only when there is no copy to serve at all (a process that started while its database
   * was away): 503 with Retry-After, never a 500 (DESIGN §14).
   */
  private fail(res: ServerResponse, error: unknown): void {
    this.logger.warn(`public answer unavailable: ${String(error)}`);
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' });
    res.end(JSON.stringify({ error: 'The site is starting up or its database is not reachable. Please try again in a moment.' }));
  }
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { PreparedResponse } from './site-pages.service';
import { SitePagesService } from './site-pages.service';
import { classifySiteRequest } from './site-request';

/** Writes a prepared answer: gzip when accepted, 304 when the client already has these bytes. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, prepared: PreparedResponse, extra?: Record<string, string>): void {
  if (prepared.status === 200 && req.headers['if-none-match'] === prepared.etag) {
    res.writeHead(304, { ETag: prepared.etag, 'Cache-Control': extra?.['Cache-Control'] ?? prepared.headers['Cache-Control'], Vary: 'Accept-Encoding' });
    res.end();
    return;
  }
  const gzip = req.headers['accept-encoding']?.includes('gzip') === true;
  const headers = gzip ? prepared.gzipHeaders : prepared.plainHeaders;
  res.writeHead(prepared.status, extra ? { ...headers, ...extra } : headers);
  res.end(gzip ? prepared.gzip : prepared.body);
}

/**
 * The public site's front door. Live pages are answered from the cache ahead of Express (see
 * mountBefore); as Express middleware ahead of Nest's pipeline (body parsers, session, guards,
 * logging) it serves the admin shell, sitemap.xml and robots.txt and redirects unknown paths to '/'
 * (SPEC §2). Only stage=draft asks need the session; they go on to SitePageHttpController.
 */
@Injectable()
export class PublicPagesMiddleware {
  constructor(private readonly site: SitePagesService) {}

  /**
   * Puts the live-page lookup in front of the HTTP server's own handler (Express): a visitor's GET
   * of a public page never enters Express at all. Everything else, drafts included, goes on as before.
   */
  mountBefore(server: Server): void {
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.serveLivePage(req, res)) return;
      for (const handler of handlers) handler.call(server, req, res);
    });
  }

  /** Answers a live page from the cache; false (nothing written) for any other request. */
  private serveLivePage(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !this.site.bundle || !req.url) return false;
    const request = classifySiteRequest(req.url, this.site.pagePaths, this.site.clientFiles);
    if (request.kind !== 'page' || request.draft) return false;
    this.site.livePage(request.path, request.variant).then(
      (page) => {
        if ('maintenance' in page) sendPrepared(req, res, page.maintenance, { 'Retry-After': String(page.retryAfter) });
        else sendPrepared(req, res, page);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Internal server error');
      },
    );
    return true;
  }

  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const request = classifySiteRequest(req.url, this.site.pagePaths, this.site.clientFiles);
    switch (request.kind) {
      case 'pass':
        return next();
      case 'unknown':
        res.writeHead(302, { Location: request.draft ? '/?stage=draft' : '/', 'Cache-Control': 'no-store', 'Content-Length': '0' });
        res.end();
        return;
      case 'page':
        if (request.draft || !this.site.bundle) return next();
        this.site.livePage(request.path, request.variant).then((page) => {
          if ('maintenance' in page) sendPrepared(req, res, page.maintenance, { 'Retry-After': String(page.retryAfter) });
          else sendPrepared(req, res, page);
        }, next);
        return;
      case 'admin':
        if (!this.site.bundle) return next();
        return sendPrepared(req, res, this.site.adminShellPage());
      case 'sitemap':
      case 'robots':
        this.site.seoDocuments().then((docs) => sendPrepared(req, res, request.kind === 'sitemap' ? docs.sitemap : docs.robots), next);
        return;
      default: {
        const _exhaustive: never = request;
        return _exhaustive;
      }
    }
  };
}

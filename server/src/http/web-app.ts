import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Response, type Router } from 'express';

/**
 * A request for one of the web app's files (scripts, styles, images, robots.txt, the favicon.ico a
 * browser asks for by itself) rather than for a page or the API: a path outside /api whose last
 * part has an extension, which none of the app's pages has. A page loads dozens of these.
 */
export function isWebAppFile(url: string): boolean {
  return !url.startsWith('/api/') && path.posix.extname(url.split('?', 1)[0]!) !== '';
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other
 * GET that is not under /api (the client-side router decides, including its 404 page), with the
 * headers only a page gets (`setPageHeaders`: its Content-Security-Policy).
 * Compressed for clients that accept it (the landing page's JavaScript is about a third of its
 * size gzipped); only here, so the API's Server-Sent Events are never buffered by a compressor.
 */
export function webAppRoutes(webDist: string, setPageHeaders: (res: Response) => Promise<void>): Router | undefined {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return undefined;
  const router = express.Router();
  router.use(compression());
  router.use('/assets', express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(webDist, { index: false }));
  // Browsers and crawlers ask for /favicon.ico whatever the page links: the app's one icon is an SVG.
  const icon = path.join(webDist, 'favicon.svg');
  if (existsSync(icon)) router.get('/favicon.ico', (_req, res) => res.type('image/svg+xml').sendFile(icon));
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    await setPageHeaders(res);
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}

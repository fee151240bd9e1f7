import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isServerPath, matchRoute } from '@linkup/contract';
import { errorBody } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Written by the web build (apps/web/vite-plugins/page-group-files.ts): route name → the files a first visit to that page needs. */
const FIRST_LOAD_FILE = 'first-load.json';
/** What a build names its files; anything else in the list is not put into a page. */
const BUILT_FILE = /^\/assets\/[\w.-]+\.(js|css)$/;

interface Page {
  html: string;
  etag: string;
  /** The page compressed once, as the build does its files (the 404 handler gets no per-route compression). */
  br: Buffer;
  gzip: Buffer;
}

/** Whether an Accept-Encoding header takes `encoding` (listed without `;q=0`). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';').map((item) => item.trim());
    return name === encoding && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/** A preload link for a built file: scripts as modules, styles as the app's loader will ask for them (crossorigin). */
const preloadLink = (file: string) =>
  file.endsWith('.js') ? `<link rel="modulepreload" crossorigin href="${file}">` : `<link rel="preload" as="style" crossorigin href="${file}">`;

/**
 * index.html per page, with preload links for the files a first visit to that page needs (its
 * page group, the app shell, the contract's schemas for a signed-in page): the browser fetches
 * them beside the entry instead of after the entry has run and asked for them, a round trip or
 * two later (issue #18). Re-read when the build changes; pages without a list get the plain file.
 */
function firstLoadPages(root: string) {
  let built = '';
  let files: Record<string, string[]> = {};
  let indexHtml = '';
  const pages = new Map<string, Page>();

  function refresh(): void {
    const stamp = ['index.html', FIRST_LOAD_FILE].map((name) => fs.statSync(path.join(root, name), { throwIfNoEntry: false })?.mtimeMs ?? 0).join('/');
    if (stamp === built) return;
    built = stamp;
    pages.clear();
    try {
      indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
      const list = JSON.parse(fs.readFileSync(path.join(root, FIRST_LOAD_FILE), 'utf8')) as unknown;
      files = list && typeof list === 'object' ? (list as Record<string, string[]>) : {};
    } catch {
      files = {};
    }
  }

  return (pathname: string): Page | undefined => {
    refresh();
    const route = matchRoute(pathname);
    const list = route ? files[route.name] : undefined;
    if (!route || !Array.isArray(list) || !indexHtml.includes('</head>')) return undefined;
    let page = pages.get(route.name);
    if (!page) {
      const links = list.filter((file) => typeof file === 'string' && BUILT_FILE.test(file)).map(preloadLink);
      const html = indexHtml.replace('</head>', `${links.join('')}</head>`);
      page = {
        html,
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      pages.set(route.name, page);
    }
    return page;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any
 * other non-API path answered with index.html so the client router handles it (SPA fallback).
 * Files go out as the build compressed them (`.br`, `.gz` beside each one) when the client accepts it.
 * Unknown paths of the server's own (the contract's SERVER_PATH_PREFIXES: /api, /socket.io, /media,
 * /dev, /.well-known) and of /assets answer 404 JSON instead.
 */
export const staticPlugin = fp(async (app) => {
  const root = app.deps.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const pageFor = firstLoadPages(root);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // The precompressed copy's headers are those of the file it stands for.
        const rel = path.relative(root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (rel.startsWith('assets/')) res.header('Cache-Control', IMMUTABLE);
        else if (rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build`; only the API is served');
  }

  // Unknown API paths count against the rate limit too, so probing them is not free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old tab after a deploy) is a 404, not index.html served as a script.
    const apiLike = isServerPath(pathname) || /^\/assets(\/|$)/.test(pathname);
    if (!apiLike && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      const page = pageFor(pathname);
      if (!page) return reply.sendFile('index.html', root);
      reply.header('ETag', page.etag).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (known?.includes(page.etag)) return reply.status(304).send();
      const encodings = request.headers['accept-encoding'];
      if (accepts(encodings, 'br')) return reply.header('Content-Encoding', 'br').send(page.br);
      if (accepts(encodings, 'gzip')) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    }
    return reply.status(404).send(errorBody(404, 'Resource not found.'));
  });
});

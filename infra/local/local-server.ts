import { createServer, type Server } from 'node:http';
import type { LambdaName } from '../lambda/bundling';
import { createApiDispatcher, type loadHttpHandlers } from './api-dispatch';
import { createLocalS3, LOCAL_S3_PREFIX, type LocalObject } from './local-s3';
import { addCloudFrontOriginHeaders } from './origin-verify';
import { createSiteHandler, type SiteOptions } from './static-site';

export interface LocalServerOptions extends SiteOptions {
  handlers: Awaited<ReturnType<typeof loadHttpHandlers>> & Partial<Record<LambdaName, unknown>>;
  objects: LocalObject[];
}

/**
 * One HTTP server that plays CloudFront: `/api/*` goes to the handlers as API Gateway would,
 * the local S3 prefix serves presigned downloads, and everything else is the site behind the
 * edge functions. It is the twin of the distribution's two behaviours.
 */
export function createLocalServer(options: LocalServerOptions) {
  const site = createSiteHandler(options);
  const api = createApiDispatcher(options.handlers);
  const s3 = createLocalS3(options.objects);

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = url.pathname.startsWith('/api/')
      ? api(addCloudFrontOriginHeaders(req), res, url)
      : url.pathname.startsWith(`${LOCAL_S3_PREFIX}/`)
        ? s3(res, url)
        : site.handle(req, res, url);
    route.catch((error: unknown) => {
      console.error('[local] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Local server error');
    });
  });
  return { server, clearSiteCache: site.clearCache };
}

/** Listens, turning a busy port into a message that says what to do. */
export function listen(server: Server, port: number, host: string, variable: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalStackError(`Port ${port} is already in use. Stop what is using it, or choose another port: ${variable}=${port + 1} npm start`)
          : error,
      );
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** A problem the person starting the stack can fix; printed without a stack trace. */
export class LocalStackError extends Error {}

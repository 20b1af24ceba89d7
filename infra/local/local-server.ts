import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FunctionName } from '../cdk/constructs/functions';
import { createApiDispatcher, type loadHttpHandlers } from './api/api-dispatch';
import { CLOCK_PATH, type TwinClock } from './queues-and-schedules/clock-control';
import { createFaultControl, FAULTS_PATH } from './faults/fault-control';
import type { FaultSwitch } from './faults/fault-switch';
import { createLocalLambda, LOCAL_LAMBDA_PREFIX } from './functions/local-lambda';
import { createLocalSiteBucket, localSiteBucketPrefix } from './site-and-edge/local-site-bucket';
import { createLocalS3, LOCAL_S3_PREFIX, type LocalObject } from './site-and-edge/local-s3';
import { createLocalSqs, LOCAL_SQS_PREFIX, type QueueSink } from './queues-and-schedules/local-sqs';
import { LOCAL_SCHEDULER_PREFIX, type LocalScheduler } from './queues-and-schedules/local-scheduler';
import type { IamEnforcement } from './functions/iam/iam-enforcement';
import { addCloudFrontOriginHeaders, localSecrets } from './api/origin-verify';
import { createLocalSecretsManager, LOCAL_SECRETS_PREFIX } from './functions/local-secrets';
import type { SigningKey } from './site-and-edge/sigv4-presigned';
import { createSiteHandler, type SiteOptions } from './site-and-edge/static-site';

export interface LocalServerOptions extends SiteOptions {
  handlers: Awaited<ReturnType<typeof loadHttpHandlers>> & Partial<Record<FunctionName, unknown>>;
  objects: LocalObject[];
  /** The key the handlers presign with; the S3 stand-in checks signatures with it. */
  signingKey: Omit<SigningKey, 'service'>;
  faults: FaultSwitch;
  /** What the twin's Lambda endpoint runs when invoked asynchronously (local-lambda.ts). */
  functions?: Parameters<typeof createLocalLambda>[0];
  /** The twin's queues by name, fed by its SQS endpoint (local-sqs.ts). */
  queues?: Record<string, QueueSink>;
  /** The twin's EventBridge Scheduler (local-scheduler.ts). */
  scheduler?: Pick<LocalScheduler, 'handle'>;
  /** The clock the scheduler fires on, moved by tests (clock-control.ts). */
  clock?: Pick<TwinClock, 'control'>;
  /** Each function's role, enforced on the twin's own AWS endpoints. */
  iam: IamEnforcement;
  /**
   * The site bucket's directory, whose objects functions read and write through the S3 endpoint,
   * and the owners' browsers upload images to, signed by the Posts screen's function (local-site-bucket.ts).
   */
  siteBucket?: { name: string; dir: string };
}

/**
 * One HTTP server that plays CloudFront: `/api/*` goes to the handlers as API Gateway would,
 * the local S3 prefix serves presigned downloads, the local Lambda, SQS, Scheduler and Secrets
 * Manager prefixes answer those APIs, and everything else is the site behind the edge functions.
 * It is the twin of the distribution's two behaviours, plus the loopback-only fault switch
 * and clock controls (not part of the twin).
 */
export function createLocalServer(options: LocalServerOptions) {
  const site = createSiteHandler(options);
  const api = createApiDispatcher(options.handlers);
  const s3 = createLocalS3(options.objects, options.signingKey);
  const siteBucket = options.siteBucket && {
    prefix: localSiteBucketPrefix(options.siteBucket.name),
    read: createLocalSiteBucket(options.siteBucket.name, options.siteBucket.dir, options.iam, {
      key: options.signingKey,
      signer: 'consolePosts',
    }),
  };
  const faultControl = createFaultControl(options.faults);
  const lambda = createLocalLambda(options.functions ?? {}, options.iam);
  const sqs = createLocalSqs(options.queues ?? {}, options.iam);
  const secrets = createLocalSecretsManager(localSecrets(), options.iam);

  const route = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname.startsWith('/api/')) return api(addCloudFrontOriginHeaders(req), res, url);
    if (siteBucket && url.pathname.startsWith(siteBucket.prefix)) return siteBucket.read(req, res, url);
    if (url.pathname.startsWith(`${LOCAL_S3_PREFIX}/`)) return s3(req, res, url);
    if (url.pathname.startsWith(`${LOCAL_LAMBDA_PREFIX}/`)) return lambda(req, res, url);
    if (url.pathname.startsWith(LOCAL_SQS_PREFIX)) return sqs(req, res);
    if (url.pathname.startsWith(LOCAL_SECRETS_PREFIX)) return secrets(req, res);
    if (options.scheduler && url.pathname.startsWith(`${LOCAL_SCHEDULER_PREFIX}/`))
      return options.scheduler.handle(req, res, url);
    if (url.pathname === FAULTS_PATH) return faultControl(req, res, url);
    if (options.clock && url.pathname === CLOCK_PATH) return options.clock.control(req, res);
    return site.handle(req, res, url);
  };

  const server: Server = createServer((req, res) => {
    route(req, res, new URL(req.url ?? '/', 'http://local')).catch((error: unknown) => {
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
          ? new LocalStackError(
              `Port ${port} is already in use. Stop what is using it, or choose another port: ${variable}=${port + 1} npm start`,
            )
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

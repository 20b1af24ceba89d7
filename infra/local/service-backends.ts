import path from 'node:path';
import type { localConfig } from './local-config';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { startDynalite, startSesLocal, type LocalService } from './services';

/** Where the stack's calls to a service end up, and how `npm start` describes it. */
export interface ServiceBackend extends LocalService {
  description: string;
}

type Config = ReturnType<typeof localConfig>;

/** A caller's endpoint is someone else's to run: nothing to close. */
const external = (endpoint: string, variable: string): ServiceBackend => ({
  endpoint,
  description: `from ${variable}`,
  close: async () => undefined,
});

/** DynamoDB: the caller's AWS_ENDPOINT_URL_DYNAMODB, else dynalite in this process. */
export async function dynamoBackend(cfg: Config): Promise<ServiceBackend> {
  if (cfg.externalEndpoints.dynamodb) return external(cfg.externalEndpoints.dynamodb, 'AWS_ENDPOINT_URL_DYNAMODB');
  const dynalite = await startDynalite({ port: cfg.dynamoPort, path: cfg.dataDir });
  const inRepo = path.relative(REPO_ROOT, cfg.dataDir);
  return { ...dynalite, description: `dynalite; data kept in ${inRepo.startsWith('..') ? cfg.dataDir : inRepo}/` };
}

/** SES: the caller's AWS_ENDPOINT_URL_SES, else aws-ses-v2-local (with its inbox) in this process. */
export async function sesBackend(cfg: Config): Promise<ServiceBackend> {
  if (cfg.externalEndpoints.ses) return external(cfg.externalEndpoints.ses, 'AWS_ENDPOINT_URL_SES');
  const ses = await startSesLocal({ port: cfg.sesPort });
  return { ...ses, description: 'every email the API sends, links included' };
}

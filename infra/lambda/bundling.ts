import path from 'node:path';

/**
 * How every Lambda is bundled, in one place: the house function construct turns this into
 * NodejsFunction bundling options, and the bundle benchmark builds with the same values,
 * so the sizes we measure are the sizes we deploy.
 *
 * - ESM with `module` first in mainFields lets esbuild tree-shake the AWS SDK v3.
 * - The SDK is bundled (not taken from the runtime) so the version is pinned by our lock file.
 * - On Lambda, credentials are always in the environment; aliasing the default provider chain
 *   to the environment provider drops SSO/STS/INI/IMDS code (~140 KB) from every bundle.
 * - DynamoDB endpoint discovery (off by default, never used by our commands) is aliased to a
 *   stub that keeps it off, dropping its endpoint cache (~8 KB) from every DynamoDB bundle.
 * - The banner gives bundled CommonJS dependencies a `require` inside an ES module.
 */
export const LAMBDA_BUNDLING = {
  platform: 'node' as const,
  target: 'node22',
  format: 'esm' as const,
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  alias: {
    '@aws-sdk/credential-provider-node': path.join(__dirname, '..', '..', 'lambdas', 'runtime', 'env-credentials.ts'),
    '@aws-sdk/middleware-endpoint-discovery': path.join(
      __dirname,
      '..',
      '..',
      'lambdas',
      'runtime',
      'no-endpoint-discovery.ts',
    ),
  },
  externalModules: [] as string[],
};

/** Every handler entry, by name; infra and the benchmark both read this table. */
export const LAMBDA_ENTRIES = {
  getSubscriber: 'lambdas/handlers/get-subscriber.ts',
  putSubscriber: 'lambdas/handlers/put-subscriber.ts',
  oneClickUnsubscribe: 'lambdas/handlers/one-click-unsubscribe.ts',
  requestScorecard: 'lambdas/handlers/request-scorecard.ts',
  downloadScorecard: 'lambdas/handlers/download-scorecard.ts',
  signup: 'lambdas/handlers/signup.ts',
  apiFallback: 'lambdas/handlers/api-fallback.ts',
  originVerify: 'lambdas/handlers/origin-verify.ts',
  confirmSubscription: 'lambdas/handlers/confirm-subscription.ts',
  mailer: 'lambdas/handlers/mailer.ts',
  mailSweep: 'lambdas/handlers/mail-sweep.ts',
  sesFeedback: 'lambdas/handlers/ses-feedback.ts',
  campaignWorker: 'lambdas/handlers/campaign-worker.ts',
} as const;
export type LambdaName = keyof typeof LAMBDA_ENTRIES;

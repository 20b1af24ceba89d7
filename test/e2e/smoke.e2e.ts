import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { typescriptCommand } from '../support/local-stack';

/** CI runs the operator's smoke test against the local stack `npm start` serves (docs/decisions/0021-smoke-test.md). */
test('npm run smoke passes against the local stack', () => {
  const baseUrl = process.env.E2E_BASE_URL!;
  const inbox = new URL(process.env.E2E_INBOX_URL!);
  const run = spawnSync(...typescriptCommand('infra/ops/smoke/smoke.ts', [baseUrl]), {
    cwd: REPO_ROOT,
    // Found as `npm start` finds it: through SES_PORT.
    env: { ...process.env, SES_PORT: inbox.port },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect({ status: run.status, output: run.stdout + run.stderr }).toEqual({
    status: 0,
    output: expect.stringMatching(/\b0 failed\./),
  });
  expect(run.stdout).toMatch(/one-click unsubscribe .* \| 200 +\| pass/);
}, 150_000);

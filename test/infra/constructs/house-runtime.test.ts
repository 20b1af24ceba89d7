import { spawnSync } from 'node:child_process';
import { HOUSE_RUNTIME } from '#infra/cdk/constructs/house-function.ts';

/**
 * The tests, `npm start` and the operator commands run on the Lambdas' Node major, brought by
 * the node-<os>-<cpu> optional dependency whatever the machine's own Node is
 * (docs/decisions/0080-node-24-runtime.md).
 */
const lambdaMajor = HOUSE_RUNTIME.name.match(/^nodejs(\d+)\.x$/)?.[1];

describe('the house runtime', () => {
  it('is the Node major the Lambdas run on, in this jest worker', () => {
    // Prepare: the Lambda runtime's name, e.g. nodejs24.x
    expect(lambdaMajor).toBe('24');
    // Act + Assess
    expect(process.version.split('.')[0]).toBe(`v${lambdaMajor}`);
  });

  it('is the `node` a `#!/usr/bin/env node` script or a spawned command finds on PATH', () => {
    const result = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });

    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.version);
  });
});

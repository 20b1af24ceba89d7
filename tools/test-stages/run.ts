/**
 * `npm test`: every stage of the suite, in order, each run even when an earlier one failed, then one
 * table of how each ended. A failing jsdom test must not hide what the browser journeys would have
 * said; the command still exits non-zero when any stage failed (docs/contributing.md#the-suite).
 */
import { spawnSync } from 'node:child_process';

/** The stages, cheapest first: a typing or formatting slip is reported within a minute. */
export const STAGES = ['typecheck', 'lint', 'format:check', 'test:fast', 'test:reliability', 'test:e2e'] as const;

type Outcome = { stage: string; code: number; seconds: number };

const runStage = (stage: string): Outcome => {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { stage, code: run.status ?? 1, seconds };
};

const report = (outcomes: Outcome[]) => {
  const width = Math.max(...outcomes.map(({ stage }) => stage.length));
  const lines = outcomes.map(
    ({ stage, code, seconds }) =>
      `  ${stage.padEnd(width)}  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}  ${seconds.toFixed(0)} s`,
  );
  return ['', 'npm test, stage by stage:', ...lines].join('\n');
};

const outcomes = STAGES.map(runStage);
console.log(report(outcomes));
process.exitCode = outcomes.some(({ code }) => code !== 0) ? 1 : 0;

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The dependency direction of docs/architecture.md#layers-and-import-directions, checked on every import:
 * web -> shared, lambdas -> shared, infra -> shared (+ lambdas by entry path only),
 * shared -> nothing of ours, and no imports across web features.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const LAYERS = ['infra', 'lambdas', 'web', 'shared'] as const;
type Layer = (typeof LAYERS)[number];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist', '.generated', 'cdk.out'].includes(name)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return specifiers
    .map((m) => m[1] ?? m[2])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(ROOT, path.resolve(path.dirname(file), spec)));
}

const layerOf = (relative: string): Layer | undefined => LAYERS.find((layer) => relative.split(path.sep)[0] === layer);

const allowed: Record<Layer, Layer[]> = {
  shared: ['shared'],
  lambdas: ['lambdas', 'shared'],
  web: ['web', 'shared'],
  // The local twin imports the handlers to run them; the stack only names their entry paths.
  infra: ['infra', 'shared', 'lambdas', 'web'],
};

describe('layers', () => {
  const files = LAYERS.flatMap((layer) => sourceFiles(path.join(ROOT, layer)));

  it.each(LAYERS)('%s imports only what it may', (layer) => {
    const violations = files
      .filter((file) => layerOf(path.relative(ROOT, file)) === layer)
      .flatMap((file) =>
        relativeImports(file)
          .filter((target) => !allowed[layer].includes(layerOf(target) as Layer))
          .map((target) => `${path.relative(ROOT, file)} -> ${target}`),
      );
    expect(violations).toEqual([]);
  });

  // The local twin runs the handlers; the operator commands (infra/ops) reuse the data modules,
  // so a redrive writes a lead exactly as the mailer does.
  it('only the local twin (infra/local) and the operator commands (infra/ops) cross from infra into lambdas or web', () => {
    const violations = files
      .filter((file) => path.relative(ROOT, file).startsWith(`infra${path.sep}`))
      .filter((file) => !path.relative(ROOT, file).startsWith(path.join('infra', 'local')))
      .filter((file) => !path.relative(ROOT, file).startsWith(path.join('infra', 'ops')))
      .flatMap((file) =>
        relativeImports(file)
          .filter((target) => ['lambdas', 'web'].includes(layerOf(target) ?? ''))
          .map((target) => `${path.relative(ROOT, file)} -> ${target}`),
      );
    expect(violations).toEqual([]);
  });

  it('web features do not import each other', () => {
    const featureOf = (relative: string) => /^web\/src\/features\/([^/]+)\//.exec(relative.split(path.sep).join('/'))?.[1];
    const violations = files.flatMap((file) => {
      const own = featureOf(path.relative(ROOT, file));
      if (!own) return [];
      return relativeImports(file)
        .filter((target) => {
          const other = featureOf(target + '/');
          return other !== undefined && other !== own;
        })
        .map((target) => `${path.relative(ROOT, file)} -> ${target}`);
    });
    expect(violations).toEqual([]);
  });
});

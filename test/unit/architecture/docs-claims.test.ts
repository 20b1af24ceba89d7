import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_FALLBACK_ROUTE, API_ROUTES } from '#shared/paths.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { filesUnder, repoPath } from '#test/unit/support/repo-files.ts';
import { pathOfKey, routeKeyOf, routeOfKey, type Route, type RouteMethod } from '#shared/route-key.ts';

/**
 * The claims in README.md and docs/*.md that a machine can check, checked (issue 34): every
 * repository path written in code font exists, every environment variable named is one the code
 * reads or sets, every camelCase or PascalCase symbol is in the code, every `npm run` script named
 * is in package.json, every API route written as
 * `METHOD /api/…` is one the code serves, and each walk of architecture.md has the hops it counts
 * (at most 8, each a symbol and its source file). Links, and symbols beside links, are checked by
 * docs-references.test.ts; IAM actions against the synthesized template by test/infra/doc-grants.test.ts.
 * Decision records are history: they are held only to their links. A span holding `<` is a
 * placeholder (`lambdas/handlers/<name>.ts`), not a claim, and is skipped.
 */
const ROOT = REPO_ROOT;
const walk = (dir: string, keep: (name: string) => boolean) => filesUnder(dir, keep);
const rel = repoPath;
const docs = [
  path.join(ROOT, 'README.md'),
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name)),
];
const rootConfigs = readdirSync(ROOT)
  .filter((name) => /\.(json|mjs|js)$/.test(name) && name !== 'package-lock.json')
  .map((name) => path.join(ROOT, name));
const source = ['infra', 'lambdas', 'web', 'shared', 'tools', 'test', '.ci']
  .flatMap((dir) => walk(path.join(ROOT, dir), (name) => /\.(ts|tsx|js|mjs|cjs|json|sh)$/.test(name) || name === 'run'))
  .concat(rootConfigs)
  .filter((file) => file !== __filename)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Each code span of the docs (outside fenced blocks), with where it is; placeholders left out. */
const codeSpans = docs.flatMap((file) =>
  readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ''))
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/`([^`\n]+)`/g)]
        .map(([, span]) => span!)
        .filter((span) => !span.includes('<'))
        .map((span) => ({ span, at: `${rel(file)}:${index + 1}` })),
    ),
);

/** The spans a claim pattern matches whose claim does not hold, as "file:line: span". */
const unproven = (claim: RegExp, holds: (match: RegExpMatchArray) => boolean) =>
  codeSpans.flatMap(({ span, at }) => {
    const match = span.match(claim);
    return match && !holds(match) ? [`${at}: ${span}`] : [];
  });

/**
 * Paths the docs name that exist only once something ran: the web build's output, which
 * `npm start` serves and `npm start -- --no-build` reuses, and the report `npm run bench` writes.
 */
const MADE_BY_A_RUN = new Set(['web/dist', 'test/bench/report/report.md']);

/**
 * AWS's own words, quoted in the deploy steps as AWS prints them, which no code of ours names:
 * CloudFormation stack states, an ACM certificate's status, a parameter's default marker, an S3
 * error code.
 */
const AWS_WORDS = new Set([
  'ROLLBACK_COMPLETE', // a stack whose first create failed (CloudFormation)
  'UPDATE_ROLLBACK_COMPLETE', // a stack whose update failed and was rolled back
  'UPDATE_ROLLBACK_FAILED',
  'DELETE_FAILED',
  'DELETE_COMPLETE',
  'PENDING_VALIDATION', // an ACM certificate waiting for its DNS record
  'USE_DEFAULT_VALUE', // a CloudFormation parameter kept at its default
  'BucketNotEmpty', // S3's refusal to delete a bucket that still holds objects
]);

/** Names the deployed stack had before, quoted so an operator of an older stack recognises them. */
const FORMER_NAMES = new Set([
  'NewsletterPublisherName', // the publisher's stack output before issue 31 (now SitePublisherName)
]);

/** Every route the code serves: the public API's route keys and each console screen's route table. */
function servedRoutes(): Route<string, RouteMethod>[] {
  const consoleDir = path.join(ROOT, 'shared', 'console');
  const consoleRoutes = readdirSync(consoleDir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => Object.values(require(path.join(consoleDir, name)) as Record<string, unknown>))
    .filter((table): table is Record<string, unknown> => typeof table === 'object' && table !== null)
    .flatMap((table) => Object.values(table))
    .filter(
      (value): value is Route =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as Route).method === 'string' &&
        typeof (value as Route).path === 'string' &&
        (value as Route).path.startsWith('/api/'),
    );
  return [...Object.values(API_ROUTES).map(routeOfKey), routeOfKey(API_FALLBACK_ROUTE), ...consoleRoutes];
}

const PARAMETER = /^(\{[\w+]+\}|<[\w-]+>)$/;

/**
 * A written route is served when it is a served route's key, or names the same method and
 * segments, where a parameter written (`{id}` or `<id>`) stands for a parameter served and a
 * served parameter takes any segment. A gateway's catch-all (`{proxy+}`) matches only itself:
 * it serves every path, so it would prove nothing.
 */
const serves = (served: Route<string, RouteMethod>, method: string, written: string) => {
  if (routeKeyOf(served) === `${method} ${written}`) return true;
  const servedSegments = served.path.split('/');
  const writtenSegments = written.split('/');
  return (
    served.method === method &&
    !served.path.includes('+}') &&
    servedSegments.length === writtenSegments.length &&
    servedSegments.every((segment, index) => {
      const writtenSegment = writtenSegments[index]!;
      if (PARAMETER.test(segment)) return true;
      return !PARAMETER.test(writtenSegment) && segment === writtenSegment;
    })
  );
};

describe('what the docs claim, a machine checks', () => {
  it('every repository path in code font exists', () => {
    const repoPath = /^((?:\.ci|docs|infra|lambdas|shared|test|tools|web)\/[\w./@-]*)$/;
    expect(unproven(repoPath, ([, file]) => MADE_BY_A_RUN.has(file!) || existsSync(path.join(ROOT, file!)))).toEqual(
      [],
    );
  });

  it('every environment variable named is read or set by the code', () => {
    const envName = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=.*)?$/;
    expect(unproven(envName, ([, name]) => AWS_WORDS.has(name!) || new RegExp(`\\b${name}\\b`).test(source))).toEqual(
      [],
    );
  });

  it('every code symbol named (camelCase or PascalCase in code font) is in the code', () => {
    const symbol = /^([a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)(?:\(\))?$/;
    const named = ([, name]: RegExpMatchArray) =>
      AWS_WORDS.has(name!) || FORMER_NAMES.has(name!) || new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(source);
    expect(unproven(symbol, named)).toEqual([]);
  });

  it('every npm script named is in package.json', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const npmScript = /^npm (?:run )?([\w:-]+)(?:\s.*)?$/;
    // npm's own commands, not scripts (a bare `npm run` lists the scripts).
    const builtIn = new Set(['ci', 'install', 'i', 'exec', 'view', 'run']);
    expect(unproven(npmScript, ([, name]) => builtIn.has(name!) || name! in scripts)).toEqual([]);
  });

  it('every API route written as METHOD /api/… is one the code serves', () => {
    const served = servedRoutes();
    const written = /^(GET|PUT|POST|DELETE|ANY) (\/api\/[^\s?]*)/;
    expect(
      unproven(written, ([, method, route]) => served.some((one) => serves(one, method!, route!.replace(/\/$/, '')))),
    ).toEqual([]);
  });

  it('each walk of architecture.md counts its hops truly, at most 8, each a file and a symbol in it', () => {
    const architecture = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const walks = architecture.split(/^### /m).filter((section) => section.startsWith('Walk '));
    expect(walks.length).toBeGreaterThanOrEqual(7);
    const problems = walks.flatMap((walk) => {
      const title = walk.slice(0, walk.indexOf('\n'));
      const claimed = Number(/\((\d+) hops?\)$/.exec(title)?.[1]);
      const hops = walk.split('\n').filter((line) => /^\d+\. /.test(line));
      const hopTexts = walk.split(/^\d+\. /m).slice(1);
      return [
        ...(claimed === hops.length ? [] : [`${title}: ${hops.length} hops listed`]),
        ...(hops.length <= 8 ? [] : [`${title}: more than 8 hops`]),
        ...hopTexts.flatMap((hop, index) =>
          /`[A-Za-z_$][\w$.]*`/.test(hop) && /\]\(\.\.\/[^)]+\.(?:ts|tsx|js)\)/.test(hop)
            ? []
            : [`${title}: hop ${index + 1} names no symbol and source file`],
        ),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('the route check knows the served routes (it would prove nothing without them)', () => {
    const served = servedRoutes();
    expect(served.map(routeKeyOf)).toEqual(
      expect.arrayContaining([API_ROUTES.signup, 'POST /api/admin/leads/{id}/status']),
    );
    expect(serves(routeOfKey(API_ROUTES.downloadScorecard), 'GET', '/api/employer/scorecard/download/<token>')).toBe(
      true,
    );
    expect(served.some((one) => serves(one, 'POST', '/api/admin/leads/{id}/no-such-thing'))).toBe(false);
    expect(served.some((one) => serves(one, 'GET', pathOfKey(API_ROUTES.signup)))).toBe(false);
  });
});

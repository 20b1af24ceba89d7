// ESLint 9 flat config. The import rules encode the layers (docs/architecture.md#layers-and-import-directions):
// each zone below names who may not import what; `import-x/no-cycle` forbids cycles.
// Formatting is Prettier's job (.prettierrc.json); only the 120-column limit is checked here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
/** Absolute glob of a folder's files (zones compare resolved absolute paths). */
const all = (folder) => `${path.join(ROOT, folder)}/**`;
/** Resolved modules outside our code: packages. */
const PACKAGES = '**/node_modules/**';

const FEATURES_DIR = 'web/src/features';
const features = readdirSync(path.join(ROOT, FEATURES_DIR), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each layer imports only itself, the layers listed and packages. */
const onlyFrom = (layer, allowed, message) => ({
  target: all(layer),
  from: all('.'),
  except: [all(layer), ...allowed, PACKAGES],
  message,
});

const layerZones = [
  onlyFrom('shared', [], 'shared/ imports nothing of ours: web, lambdas and infra import it.'),
  // Root-level JSON (cdk.json): web/src/config.ts reads its context when jest runs it unbundled.
  onlyFrom('web', [all('shared'), path.join(ROOT, '*.json')], 'web/ imports only shared/.'),
  // The blog's one renderer (web/render/blog-site.tsx): the site's publisher and the console's
  // preview render posts with the web's own components (docs/decisions/0053).
  onlyFrom(
    'lambdas',
    [all('shared'), `${path.join(ROOT, 'web/render')}/blog-site.*`],
    "lambdas/ imports only shared/ (and the blog's renderer, web/render/blog-site.tsx).",
  ),
  // Tools run by hand (the blog media generator): shared/ and the posts' front-matter rules.
  onlyFrom(
    'tools',
    [all('shared'), `${path.join(ROOT, 'web/build/blog')}/front-matter.*`],
    "tools/ imports only shared/ and the posts' front-matter rules (web/build/blog/front-matter.ts).",
  ),
  onlyFrom(
    'infra',
    [all('shared'), all('lambdas'), all('web/build'), path.join(ROOT, 'test/support/chromium.*')],
    'infra/ imports only shared/ (and lambdas/, web/build/ or the browser resolver where the zones below allow it).',
  ),
  {
    // The scorecard PDF renderer, run by hand, launches the browser the tests resolve.
    target: [
      path.join(ROOT, 'infra/*.ts'),
      path.join(ROOT, 'infra/!(cdk)/**'),
      path.join(ROOT, 'infra/cdk/!(assets)/**'),
    ],
    from: all('test'),
    message: 'Only the by-hand asset renderers (infra/cdk/assets) may import test/support/chromium.',
  },
  {
    // The stack names handlers only by entry path, as strings (the function catalogue,
    // infra/cdk/constructs/functions.ts); the local twin (infra/local) runs them; the operator
    // commands (infra/ops/commands) reuse the data modules, so a redrive writes a lead exactly as the
    // mailer does; they and the smoke test build their AWS clients with the handlers' factories
    // (lambdas/runtime/aws-clients). Nothing else in infra reaches lambdas.
    target: [
      path.join(ROOT, 'infra/*.ts'),
      path.join(ROOT, 'infra/!(local|ops)/**'),
      path.join(ROOT, 'infra/ops/deploy/**'),
    ],
    from: all('lambdas'),
    message:
      'Only infra/local, infra/ops/commands and infra/ops/smoke may import lambdas/ (the function catalogue names handlers by path).',
  },
  {
    // `npm run dev`: the local twin rebuilds the website on every change. Elsewhere infra reads
    // only the build's CSP-hash contract (web/build/csp-hashes.ts): the header and the pages'
    // inline elements come from one build (docs/decisions/0060-critical-css-and-csp-hash.md).
    target: [path.join(ROOT, 'infra/*.ts'), path.join(ROOT, 'infra/!(local)/**')],
    from: all('web'),
    except: [`${path.join(ROOT, 'web/build')}/csp-hashes.*`],
    message: 'Only the local twin (infra/local) may import the web build; elsewhere only web/build/csp-hashes.ts.',
  },
];

/**
 * Inside lambdas/, imports point down (docs/architecture.md#layers-and-import-directions): handlers →
 * console, campaigns → http → domain and mail → data → runtime. The domain says why it refuses (domain/refusal.ts);
 * only http/ knows status codes.
 */
const lambdaLayer = (layer) => all(`lambdas/${layer}`);
const lambdaZones = [
  {
    target: [all('lambdas'), all('infra')],
    from: lambdaLayer('handlers'),
    message: 'Nothing imports a handler: the stack names them by path and the local twin runs them by path.',
  },
  {
    target: lambdaLayer('http'),
    from: ['handlers', 'console', 'campaigns'].map(lambdaLayer),
    message: 'lambdas/http imports no handler, console or campaign code (they build on it).',
  },
  {
    // Except the campaign eligibility rule (campaigns/eligibility.ts): a pure consent rule over
    // subscriber items that imports only data/, which the subscriber states (domain) reuse.
    target: [lambdaLayer('domain'), lambdaLayer('mail')],
    from: ['handlers', 'console', 'campaigns', 'http'].map(lambdaLayer),
    except: [`${path.join(ROOT, 'lambdas/campaigns')}/eligibility.*`],
    message:
      'lambdas/domain and lambdas/mail know nothing of HTTP or the layers above: throw a Refusal (domain/refusal.ts); http/ maps it to a status.',
  },
  {
    target: lambdaLayer('data'),
    from: all('lambdas'),
    except: [lambdaLayer('data'), lambdaLayer('runtime')],
    message: 'lambdas/data imports only itself and lambdas/runtime: the layers above call it.',
  },
  {
    target: lambdaLayer('runtime'),
    from: all('lambdas'),
    except: [lambdaLayer('runtime')],
    message: 'lambdas/runtime (clients, clock, log, tokens) imports nothing else of lambdas/.',
  },
];

const featureZones = [
  ...features.map((feature) => ({
    target: all(`${FEATURES_DIR}/${feature}`),
    from: all(FEATURES_DIR),
    except: [all(`${FEATURES_DIR}/${feature}`)],
    message: 'A feature imports no other feature: move what both need to web/src/components, web/src/lib or shared/.',
  })),
  {
    target: all(FEATURES_DIR),
    from: all('web/src/app'),
    message: 'Features import nothing from web/src/app (the app composes the features, not the reverse).',
  },
  {
    // What several features share sits below them all, so it cannot pull one feature into another.
    target: [all('web/src/components'), all('web/src/lib')],
    from: [all(FEATURES_DIR), all('web/src/app')],
    message: 'web/src/components and web/src/lib import no feature and nothing from web/src/app (both build on them).',
  },
];

const CONSOLE_DIR = 'web/src/console';

/**
 * The owners' console is its own bundle (web/build/esbuild-options.ts consoleBuildOptions): the
 * public pages never import it, and it builds only on shared/, web/src/components, web/src/lib and
 * the site's stylesheets, never on the public app or a feature.
 */
const consoleZones = [
  {
    target: [path.join(ROOT, 'web/src/!(console)/**'), path.join(ROOT, 'web/src/*'), all('web/build')],
    from: all(CONSOLE_DIR),
    message: 'Public web code never imports the console (web/src/console): only owners load its bundle.',
  },
  onlyFrom(
    CONSOLE_DIR,
    [all('shared'), all('web/src/components'), all('web/src/lib'), all('web/src/styles')],
    'The console imports only shared/, web/src/components, web/src/lib and web/src/styles.',
  ),
];

/**
 * Rules the docs state in prose, held by lint where a rule can hold them. Each message names the
 * doc that states it. ESLint replaces a rule's options for the files a later block matches, so
 * every block that restricts imports builds on the patterns all files share.
 */
const SHORT_PATHS = {
  regex: '^(\\.\\./){3,}',
  message: 'Import through a subpath (#shared/…, #lambdas/…, #web/…: package.json "imports"), not ../../../',
};
/**
 * HttpError is lambdas/http's own: a relative import inside http/ (`./http-error`) is the only way
 * to it. Handlers, the console and the domain refuse with a Refusal; a router's 405 is http/'s
 * methodNotAllowed.
 */
const HTTP_ERROR_ONLY_IN_HTTP = {
  regex: '(^|/)http/http-error(\\.ts)?$',
  message:
    'Only lambdas/http knows status codes (docs/architecture.md, Layers): throw a Refusal (lambdas/domain/refusal.ts), which http/ maps to a status, or use an http/ helper (lambdas/http/method-not-allowed.ts for a 405).',
};
const restrictedImports = ({ paths = [], patterns = [] } = {}) => [
  'error',
  { paths, patterns: [SHORT_PATHS, HTTP_ERROR_ONLY_IN_HTTP, ...patterns] },
];

/**
 * Browser globals: code that runs in Node never names them (tsconfig.node.json has DOM types only
 * for the components the blog's renderer server-renders).
 */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'self',
  'alert',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'IntersectionObserver',
  'customElements',
].map((name) => ({
  name,
  message: `${name} is a browser global: this code runs in Node (a Lambda, the CDK app, the local twin, a tool or the web build). docs/architecture.md, Layout.`,
}));

const CLIENTS_FROM_RUNTIME = {
  selector: 'NewExpression[callee.name=/Client$/]',
  message:
    'AWS clients come from lambdas/runtime/aws-clients (docs/architecture.md, Layers: runtime/ holds the AWS clients, with their timeouts and retries).',
};
const NO_STATUS_CODES = {
  selector: "Property[key.name='statusCode'], MemberExpression[property.name='statusCode']",
  message:
    'Only lambdas/http knows status codes (docs/architecture.md, Layers): below it, refuse with a Refusal (lambdas/domain/refusal.ts), which http/ maps to a status.',
};

/** Where a Lambda meets its environment: "runtime/ environment, AWS clients, clock, logging, tokens". */
const LAYERS_DOC = 'docs/architecture.md, Layers';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'cdk.out/**',
      '.local/**',
      'coverage/**',
      'web/.generated/**',
      'web/.dist-staging/**',
      'test/bench/report/**',
      'test/infra/fixtures/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      'import-x/resolver-next': [
        // The whole repository's view (tsconfig.json); each runtime's own is checked by tsc (tsconfig.typecheck.json).
        createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), alwaysTryTypes: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...layerZones, ...lambdaZones, ...featureZones, ...consoleZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // cdk.json: read where jest runs web code unbundled (web/src/config.ts).
      '@typescript-eslint/no-require-imports': ['error', { allow: ['/cdk\\.json$'] }],
      // Relative paths stay short: what lies further away is named from the repository root
      // through package.json "imports" (#shared/paths.ts, #web/src/lib/api-client.ts).
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    // No line over 120 columns in the source; tests may quote long fixtures.
    files: ['{infra,lambdas,shared,tools,web}/**/*.{ts,tsx,js,mjs,cjs}', '*.{js,mjs,cjs,ts}'],
    rules: {
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    // The rules of hooks (the React Compiler's diagnostics are left out: the app does not use it).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests mock SDK clients and load modules fresh inside jest.isolateModules.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // CommonJS files (jest config, CI helper, stubs).
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Node code names no browser global (tsconfig.node.json gives it DOM types only because the
    // blog's renderer server-renders the site's components; their effects never run there).
    files: ['{lambdas,infra,tools}/**/*.{ts,tsx,js,mjs}', 'web/{build,render}/**/*.{ts,tsx}'],
    ignores: ['infra/cdk/edge/*.js'],
    rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] },
  },
  {
    // The browser's code imports no Node module: it runs in a browser (docs/architecture.md, Layout).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [
          {
            regex: '^node:',
            message: 'web/src runs in the browser: no Node module (docs/architecture.md, Layout; tsconfig.web.json).',
          },
        ],
      }),
    },
  },
  {
    // Lambdas: only runtime/ reads the environment, builds AWS clients and writes logs; only the
    // mail layer's sender calls SES (docs/architecture.md, Layers, and Email and delivery).
    files: ['lambdas/**/*.{ts,tsx}'],
    ignores: ['lambdas/runtime/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: `Read the environment through lambdas/runtime/env.ts (${LAYERS_DOC}: runtime/ holds the environment).`,
        },
      ],
      'no-restricted-syntax': ['error', CLIENTS_FROM_RUNTIME],
      // Logs are one JSON line each, written by lambdas/runtime/log.ts.
      'no-console': ['error'],
    },
  },
  {
    // Below http/ (and the console and handlers above it), no layer names a status code.
    files: ['lambdas/{domain,mail,data,campaigns,publisher}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', CLIENTS_FROM_RUNTIME, NO_STATUS_CODES] },
  },
  {
    files: ['lambdas/**/*.{ts,tsx}'],
    ignores: ['lambdas/mail/send.ts', 'lambdas/runtime/aws-clients/ses.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: [
          {
            name: '@aws-sdk/client-ses',
            message:
              'Email is sent only through lambdas/mail/send.ts, on the client of lambdas/runtime/aws-clients/ses.ts (docs/architecture.md, Email and delivery).',
          },
        ],
      }),
    },
  },
  {
    // CloudFront Functions (cloudfront-js-2.0): scripts with one top-level `handler` and a
    // placeholder the build replaces; no module syntax.
    files: ['infra/cdk/edge/*.js'],
    languageOptions: { sourceType: 'script', globals: { __EDGE_CONFIG__: 'readonly' } },
    rules: {
      'no-unused-vars': ['error', { varsIgnorePattern: '^handler$', caughtErrors: 'none' }],
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
);

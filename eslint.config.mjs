// ESLint: Next's core-web-vitals rules and its TypeScript set (typescript-eslint's recommended rules)
// over the whole tree: web app, tenant API, tests, scripts, bench. Rules are switched off here, with a
// reason, never by scattered disable comments.
import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { BROWSER_FOLDERS, WEB_APP_FILES } from './lib/browser-folders.mjs';

/** The server-only folders (lib/README.md): the BFF and the server components' reads. */
const SERVER_ONLY = /^lib\/(?:bff|server)(?:\/|\.[cm]?[jt]sx?$|$)/;
/**
 * The browser's folders (lib/browser-folders.mjs, the list the zod-free test reads too); any other
 * file is a browser module when it says 'use client'.
 */
const BROWSER = new RegExp(`^(?:${BROWSER_FOLDERS.map((f) => f.replaceAll('/', '\\/')).join('|')})\\/`);
/** The tenant API's code. */
const API = /^server\//;

/** The project path an import names (`@/…` or relative to the importing file), or null for a package. */
function targetOf(file, source) {
  if (source.startsWith('@/')) return source.slice(2);
  if (source.startsWith('.')) return path.posix.join(path.posix.dirname(file), source);
  return null;
}

/** The importing file, relative to the project's root with forward slashes. */
function fileOf(context) {
  return path.relative(context.cwd, context.filename).split(path.sep).join('/');
}

/** The visitor of every import, export-from and `import()` with a literal source. */
function onImports(check) {
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    check(node, source);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/**
 * A browser module never imports a server-only folder: `server-only` would break its build only once
 * a client component reached it, and the BFF's secrets and zod would ride along until then. Type-only
 * imports leave no trace at run time and pass.
 */
const noServerOnlyInBrowser = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      serverOnly:
        '{{file}} runs in the browser: it must not import the server-only {{target}} (lib/README.md). Pass the data in from a server component instead.',
    },
  },
  create(context) {
    const file = fileOf(context);
    const isBrowser = (program) =>
      BROWSER.test(file) ||
      program.body.some((node) => node.type === 'ExpressionStatement' && node.directive === 'use client');
    let browser = false;
    return {
      Program(program) {
        browser = isBrowser(program);
      },
      ...onImports((node, source) => {
        if (!browser || node.importKind === 'type' || node.exportKind === 'type') return;
        const target = targetOf(file, source.value);
        if (target && SERVER_ONLY.test(target)) {
          context.report({ node: source, messageId: 'serverOnly', data: { file, target: source.value } });
        }
      }),
    };
  },
};

/**
 * The web app imports nothing of the tenant API's `server/`, types included: the API is one
 * implementation of the contract (a Laravel one is another), and what both sides need (the time
 * rules, the wire shapes) lives in contracts/.
 */
const noApiInWebApp = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      api: "{{file}} is the web app: it must not import the tenant API's {{target}}. Shared rules live in contracts/ (the time rules in contracts/time).",
    },
  },
  create(context) {
    const file = fileOf(context);
    return onImports((_node, source) => {
      const target = targetOf(file, source.value);
      if (target && API.test(target))
        context.report({ node: source, messageId: 'api', data: { file, target: source.value } });
    });
  },
};

/**
 * contracts/ is the ground both servers and the browser stand on: it imports only zod and itself.
 * The one exception is `@date-fns/tz`, for the time rules (contracts/time/**); and the two modules
 * that only servers and the launcher load keep their Node built-ins (the secrets file, the trusted
 * proxies' address lists).
 */
const CONTRACTS_NODE_BUILTINS = new Set(['contracts/secrets.mjs', 'contracts/trusted-proxies.ts']);
const contractsImportOnlyZod = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      only: "{{file}} is a contract: it imports only zod and contracts/ (contracts/time also '@date-fns/tz'), not {{target}}.",
    },
  },
  create(context) {
    const file = fileOf(context);
    const allowed = (spec) => {
      const target = targetOf(file, spec);
      if (target !== null) return target.startsWith('contracts/');
      if (spec === 'zod' || spec.startsWith('zod/')) return true;
      if (spec === '@date-fns/tz') return file.startsWith('contracts/time/');
      if (spec.startsWith('node:')) return CONTRACTS_NODE_BUILTINS.has(file);
      return false;
    };
    return onImports((_node, source) => {
      if (!allowed(source.value))
        context.report({ node: source, messageId: 'only', data: { file, target: source.value } });
    });
  },
};

const pulzus = {
  rules: {
    'no-server-only-in-browser': noServerOnlyInBrowser,
    'no-api-in-web-app': noApiInWebApp,
    'contracts-import-only-zod': contractsImportOnlyZod,
  },
};

const config = [
  {
    ignores: [
      'node_modules/**',
      '.next*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      // The tenant API compiled for the scale mode (scripts/launch/api-build.mjs).
      'server/.build/**',
      'next-env.d.ts',
      // The bench's floor: an empty Next.js app of its own (own tsconfig and build), not part of ours.
      'bench/floor/**',
      // Generated from pusher-js's sources (scripts/build-pusher-client.mjs).
      'lib/realtime/pusher-ws/pusher.js',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Every image is a signed media URL of the tenant API (another host, expiring query string) or a
      // static file: next/image's optimiser would fetch and cache each signed URL once more per answer.
      '@next/next/no-img-element': 'off',
      // A login, a logout and an expired session are full navigations on purpose: every server
      // component renders again for the new user, and no client state of the old one survives.
      '@next/next/no-location-assign-relative-destination': 'off',
      // `_`-prefixed names mark arguments kept for a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The house's import directions (docs/decisions.md): no file circle in the web's lib/ or the API,
    // type-only imports aside (they leave no trace at run time).
    files: ['lib/**', 'server/src/**'],
    // Packages are never part of a circle of ours: not parsing them keeps the check quick (and
    // PGlite's bundled chunks overflow the parser's stack).
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // Test tooling lives in scripts/launch/; nothing outside tests/ reaches into tests/ (the
    // Playwright configs at the root aside).
    files: [
      'app/**',
      'components/**',
      'lib/**',
      'contracts/**',
      'server/**',
      'scripts/**',
      'bench/**',
      'proxy.ts',
      'web-server.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tests/**', '@/tests/**'],
              message: 'Nothing outside tests/ imports from tests/: move the shared piece to scripts/launch/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The transport knows no player: the player subscribes to its typed events (lib/README.md). (A later
    // block wins for a rule, so this one repeats the tests/ pattern.)
    files: ['lib/realtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/player', '@/lib/player/*', '../player', '../player/*'],
              message: 'lib/realtime is the transport: the player imports it, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  { plugins: { pulzus } },
  {
    // Server-only code stays out of the browser: no browser module imports lib/server or lib/bff.
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts'],
    rules: { 'pulzus/no-server-only-in-browser': 'error' },
  },
  {
    // The web app (its folders and entry files, lib/browser-folders.mjs) never imports server/**.
    files: [...WEB_APP_FILES],
    rules: { 'pulzus/no-api-in-web-app': 'error' },
  },
  {
    // The contracts import only zod (contracts/time also '@date-fns/tz').
    files: ['contracts/**'],
    rules: { 'pulzus/contracts-import-only-zod': 'error' },
  },
  {
    // Node-side code (tenant API, scripts, tests, bench) is not a React app.
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/server/**', 'tests/e2e/**', 'tests/laravel/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      '@next/next/no-assign-module-variable': 'off',
    },
  },
];

export default config;

// ESLint: Next's core-web-vitals rules and its TypeScript set (typescript-eslint's recommended rules)
// over the whole tree: web app, tenant API, tests, scripts, bench. Rules are switched off here, with a
// reason, never by scattered disable comments.
import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** The server-only folders (lib/README.md): the BFF and the server components' reads. */
const SERVER_ONLY = /^lib\/(?:bff|server)(?:\/|\.[cm]?[jt]sx?$|$)/;
/** The browser's folders; any other file is a browser module when it says 'use client'. */
const BROWSER = /^(?:lib\/(?:api|player|realtime)|components)\//;

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
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const isBrowser = (program) =>
      BROWSER.test(file) ||
      program.body.some((node) => node.type === 'ExpressionStatement' && node.directive === 'use client');
    const targetOf = (source) => {
      if (source.startsWith('@/')) return source.slice(2);
      if (source.startsWith('.')) return path.posix.join(path.posix.dirname(file), source);
      return null;
    };
    let browser = false;
    const check = (node) => {
      if (!browser || node.importKind === 'type' || node.exportKind === 'type') return;
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetOf(source.value);
      if (target && SERVER_ONLY.test(target)) {
        context.report({ node: source, messageId: 'serverOnly', data: { file, target: source.value } });
      }
    };
    return {
      Program(program) {
        browser = isBrowser(program);
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
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
  {
    // Server-only code stays out of the browser: no browser module imports lib/server or lib/bff.
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts'],
    plugins: { pulzus: { rules: { 'no-server-only-in-browser': noServerOnlyInBrowser } } },
    rules: { 'pulzus/no-server-only-in-browser': 'error' },
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

// ESLint: Next's core-web-vitals rules and its TypeScript set (typescript-eslint's recommended rules)
// over the whole tree: web app, tenant API, tests, scripts, bench. Rules are switched off here, with a
// reason, never by scattered disable comments.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  {
    ignores: [
      'node_modules/**',
      '.next*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
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
    // Node-side code (tenant API, scripts, tests, bench) is not a React app.
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/server/**', 'tests/e2e/**', 'tests/laravel/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      '@next/next/no-assign-module-variable': 'off',
    },
  },
];

export default config;

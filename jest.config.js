import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit tests (jsdom): lib/, components/ and the pure helpers of proxy.ts. */
export default createJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // lib/bff/* import `server-only` so no client bundle can include them; the unit tests may.
    '^server-only$': '<rootDir>/tests/unit/bff/server-only-stub.ts',
  },
  // The bench's floor is a Next.js app of its own; its build must not reach the module map.
  modulePathIgnorePatterns: ['<rootDir>/bench/floor/'],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
});

import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit tests (jsdom): lib/, components/ and the pure helpers of proxy.ts. */
export default createJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
});

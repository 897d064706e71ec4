/** Stands in for the `server-only` package in the unit tests (see jest.config.js). */
export {};

import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling (lint rules, scripts), in Node. The first lint of a file loads
// ESLint's whole config and its TypeScript parser: seconds on a busy machine, hence the longer timeout.
export default defineProject({
  test: { name: 'tooling', environment: 'node', include: ['*.test.ts'], testTimeout: 30_000 },
});

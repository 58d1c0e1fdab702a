import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling (lint rules, scripts), in Node.
export default defineProject({
  test: { name: 'tooling', environment: 'node', include: ['*.test.ts'] },
});

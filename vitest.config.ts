import { defineConfig } from 'vitest/config';

// One runner, three kinds of code: shared packages and the server run in Node,
// the web app in jsdom (its own vite config adds React and the path alias).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'scripts'],
  },
});

import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB = 'apps/web/src';
const features = fs
  .readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The boundaries of CONVENTIONS 12 (bulletproof-react's import/no-restricted-paths), on resolved
// paths so '@/…' aliases and relative imports are caught alike.
const boundaries = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/.',
  })),
  { target: `${WEB}/lib`, from: `${WEB}/features`, message: 'Shared code (lib/) imports no feature.' },
  { target: `${WEB}/components`, from: `${WEB}/features`, message: 'Shared components import no feature.' },
  { target: `${WEB}/lib`, from: `${WEB}/app`, message: 'Shared code (lib/) does not import app/.' },
  { target: `${WEB}/components`, from: `${WEB}/app`, message: 'Shared components do not import app/.' },
  { target: 'packages', from: 'apps', message: 'Packages are shared by the apps and never import them.' },
];
const featuresImportNoApp = {
  target: `${WEB}/features`,
  from: `${WEB}/app`,
  message:
    'A feature does not import app/ (the route table, shell and providers): move what it needs to lib/.',
};

// Type-aware rules on the TypeScript every tsconfig covers.
const typedFiles = [
  'apps/*/src/**/*.{ts,tsx}',
  'apps/server/scripts/**/*.ts',
  'packages/*/src/**/*.ts',
  'e2e/**/*.ts',
  'scripts/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      '.bench/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: typedFiles,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, featuresImportNoApp] }] },
  },
  {
    // A page's test renders it through the whole app (app/test-utils): tests may import app/.
    files: [`${WEB}/features/**/*.test.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);

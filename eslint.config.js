import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import tradeflip from './eslint-rules/index.js';

const WEB = 'apps/web/src';
const features = fs
  .readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The boundaries of CONVENTIONS 12 (bulletproof-react's), with ESLint's own no-restricted-imports on
// the import text: the web app imports across folders by the '@/' alias, and a relative import that
// climbs out of its feature is refused too. (eslint-plugin-import-x would check resolved paths, but its
// resolver's platform binaries are not all on this machine's registry, which breaks `npm ci`.)
// The market's socket, user channel and tickers live in lib/ (live/, market/) and its chart and pair
// widgets in components/market/: every feature reads them, so no feature is shared.
const FEATURE_TO_FEATURE =
  'A feature never imports another feature: move what both need to lib/ or components/.';
const FEATURE_TO_APP =
  'A feature does not import app/ (the route table, shell and providers): move what it needs to lib/.';
const SHARED_TO_FEATURE = 'Shared code (lib/, components/) imports no feature and not app/.';
const LEAVES_FEATURE = 'A relative import leaves the feature: use the @/ alias (and never another feature).';

function featureRules(feature, { tests, depth }) {
  return [
    {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
      message: FEATURE_TO_FEATURE,
    },
    ...(tests ? [] : [{ group: ['@/app', '@/app/*', '@/app/**'], message: FEATURE_TO_APP }]),
    // features/<f>/<dir>/<file> climbs out with ../../, features/<f>/<file> with ../
    { regex: depth === 2 ? '^\\.\\./' : '^(\\.\\./){2,}', message: LEAVES_FEATURE },
  ];
}

const boundaries = [
  ...features.flatMap((feature) => [
    {
      files: [`${WEB}/features/${feature}/*/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: featureRules(feature, { depth: 3 }) }] },
    },
    {
      files: [`${WEB}/features/${feature}/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: featureRules(feature, { depth: 2 }) }] },
    },
    {
      // A page's test renders it through the whole app (app/test-utils): tests may import app/.
      files: [`${WEB}/features/${feature}/**/*.test.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: featureRules(feature, { depth: 3, tests: true }) }],
      },
    },
  ]),
  {
    files: [`${WEB}/lib/**/*.{ts,tsx}`, `${WEB}/components/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: SHARED_TO_FEATURE },
            { regex: '^(\\.\\./)+(features|app)(/|$)', message: SHARED_TO_FEATURE },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)apps/', message: 'Packages are shared by the apps and never import them.' },
            {
              group: ['@/*', '@tradeflip/web', '@tradeflip/server'],
              message: 'Packages never import the apps.',
            },
          ],
        },
      ],
    },
  },
];

// The server's layers (issue 17): infrastructure knows no domain, and a module reaches another
// module's tables through that module's service.
const SERVER = 'apps/server/src';
const serverModules = fs
  .readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const INFRASTRUCTURE_TO_MODULE =
  'Infrastructure (plugins/, db/, chain/, mail/) knows no product module: the module registers with it instead.';
const OTHER_MODULES_TABLES =
  "A module never imports another module's repository or schema: ask that module's service.";
const SCHEMA_LIST =
  "A module imports its own tables from ./schema, never db/schema (the migrations' list of every module's tables).";
const schemaList = { regex: '(^|/)db/schema(\\.ts)?$', message: SCHEMA_LIST };
const serverBoundaries = [
  {
    files: [`${SERVER}/{plugins,db,chain,mail}/**/*.ts`],
    // A test there may run the whole product (the idempotency crash test checks the ledger's audit).
    // db/schema.ts is the list of every module's tables for Drizzle's migrations (modules never use it).
    ignores: ['**/*.test.ts', `${SERVER}/db/schema.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: INFRASTRUCTURE_TO_MODULE }] },
      ],
    },
  },
  ...serverModules.flatMap((module) => {
    const others = (parts) => ({
      regex: `^(\\.\\./|.*/modules/)(?!${module}/)[^./][^/]*/(${parts})(\\.ts)?$`,
      message: OTHER_MODULES_TABLES,
    });
    return [
      {
        files: [`${SERVER}/modules/${module}/**/*.ts`],
        ignores: [`${SERVER}/modules/${module}/schema.ts`],
        rules: {
          'no-restricted-imports': ['error', { patterns: [others('repository|schema'), schemaList] }],
        },
      },
      {
        // A table's foreign keys name their owners' keys: a schema may import another schema, nothing more.
        files: [`${SERVER}/modules/${module}/schema.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [others('repository'), schemaList] }] },
      },
    ];
  }),
  {
    files: [`${SERVER}/workers/**/*.ts`],
    rules: { 'tradeflip/workers-only-loop-and-jobs': 'error' },
  },
];

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
  ...boundaries,
  ...serverBoundaries,
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { tradeflip },
    rules: { 'tradeflip/no-import-cycle': 'error' },
  },
  {
    // Query keys live in lib/query-keys.ts: a load, a mutation and a user-channel frame name the same
    // data the same way (a key written out elsewhere drifts, and a frame stops refetching its screen).
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/query-keys.ts`, `${WEB}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Query keys live in lib/query-keys.ts: name this one there and use queryKeys.',
        },
        {
          selector: "CallExpression[callee.name='usePagedQuery'] > ArrayExpression:first-child",
          message: 'Query keys live in lib/query-keys.ts: name this one there and use queryKeys.',
        },
      ],
    },
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
  {
    // Plain scripts the browser runs as they are (the offline page's).
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        localStorage: 'readonly',
      },
    },
  },
);

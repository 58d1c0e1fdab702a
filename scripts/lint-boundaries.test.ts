// CONVENTIONS 12: `npm run lint` refuses imports across the app's boundaries. Each fixture is linted
// with the repository's own ESLint config, as if it were a file at the given path.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  // The fixtures are not in any tsconfig, so the type-aware rules (checked by `npm run lint` on
  // real files) are off here.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function ruleErrors(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const use = (from: string) => `import * as other from '${from}';\nexport const used = other;\n`;

describe('lint boundaries', () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    const file = 'apps/web/src/features/auth/pages/fixture.tsx';
    expect(await boundaryErrors(file, use('@/features/wallet/pages/token-page'))).toEqual([
      expect.stringContaining('A feature never imports another feature'),
    ]);
    expect(await boundaryErrors(file, use('../../wallet/pages/token-page'))).toEqual([
      expect.stringContaining('A relative import leaves the feature'),
    ]);
  });

  it('lets any feature import the shared market pieces in lib/ and components/, and no feature', async () => {
    for (const file of [
      'apps/web/src/features/home/components/fixture.tsx',
      'apps/web/src/features/contract-game/pages/fixture.tsx',
    ]) {
      expect(await boundaryErrors(file, use('@/lib/live/use-connection-lost')), file).toEqual([]);
      expect(await boundaryErrors(file, use('@/components/market/pair-button')), file).toEqual([]);
    }
    expect(
      await boundaryErrors(
        'apps/web/src/features/contract-game/pages/fixture.tsx',
        use('@/features/market/lib/market-socket'),
      ),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('refuses a feature importing app/', async () => {
    expect(await boundaryErrors('apps/web/src/features/home/pages/fixture.tsx', use('@/app/routes'))).toEqual(
      [expect.stringContaining('A feature does not import app/')],
    );
  });

  it('refuses shared code importing a feature or app/', async () => {
    expect(
      await boundaryErrors('apps/web/src/lib/fixture.ts', use('@/features/wallet/pages/token-page')),
    ).toEqual([expect.stringContaining('Shared code (lib/, components/) imports no feature')]);
    expect(await boundaryErrors('apps/web/src/components/fixture.tsx', use('@/app/shell'))).toEqual([
      expect.stringContaining('Shared code (lib/, components/) imports no feature and not app/'),
    ]);
    expect(
      await boundaryErrors('packages/money/src/fixture.ts', use('../../../apps/web/src/lib/paths')),
    ).toEqual([expect.stringContaining('Packages are shared by the apps and never import them')]);
  });

  it('lets a feature use its own files, lib/, components/ and packages', async () => {
    const file = 'apps/web/src/features/auth/pages/fixture.tsx';
    for (const from of [
      './login-page',
      '../components/auth-fields',
      '@/features/auth/api/login',
      '@/lib/paths',
      '@/components/paged-list',
      '@tradeflip/money',
    ]) {
      expect(await boundaryErrors(file, use(from)), from).toEqual([]);
    }
  });

  it('refuses server infrastructure importing a product module', async () => {
    expect(
      await boundaryErrors('apps/server/src/plugins/fixture.ts', use('../modules/account/service')),
    ).toEqual([
      expect.stringContaining('Infrastructure (plugins/, db/, chain/, mail/) knows no product module'),
    ]);
    expect(
      await boundaryErrors('apps/server/src/db/fixture.ts', use('../modules/ledger/service')),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/plugins/fixture.ts', use('./errors'))).toEqual([]);
  });

  it("refuses a server module importing another module's repository or schema, not its service", async () => {
    const file = 'apps/server/src/modules/wallet/fixture.ts';
    expect(await boundaryErrors(file, use('../account/repository'))).toEqual([
      expect.stringContaining("A module never imports another module's repository or schema"),
    ]);
    expect(await boundaryErrors(file, use('../account/schema'))).toHaveLength(1);
    expect(await boundaryErrors(file, use('../../modules/deposit/repository.ts'))).toHaveLength(1);
    for (const from of ['./repository', '../account/service', '../ledger/balances', '../../db/client'])
      expect(await boundaryErrors(file, use(from)), from).toEqual([]);
  });

  it("lets a module's schema name another module's table for a foreign key, not its repository", async () => {
    const file = 'apps/server/src/modules/deposit/schema.ts';
    expect(await boundaryErrors(file, use('../account/schema'))).toEqual([]);
    expect(await boundaryErrors(file, use('../account/repository'))).toHaveLength(1);
    expect(
      await boundaryErrors('apps/server/src/modules/deposit/rows.ts', use('../account/schema')),
    ).toHaveLength(1);
  });

  it("refuses a module reaching tables through db/schema's list, its own included, in tests too", async () => {
    for (const file of ['repository.ts', 'schema.ts', 'deposit.test.ts']) {
      expect(
        await boundaryErrors(`apps/server/src/modules/deposit/${file}`, use('../../db/schema')),
        file,
      ).toEqual([expect.stringContaining('never db/schema')]);
    }
    expect(await boundaryErrors('apps/server/src/modules/deposit/repository.ts', use('./schema'))).toEqual(
      [],
    );
    expect(await boundaryErrors('apps/server/src/plugins/fixture.test.ts', use('../db/schema'))).toEqual([]);
  });

  it('refuses an import cycle, type imports included', async () => {
    // db/rows.ts is imported by the ledger's service: importing the service back closes a loop.
    const errors = await ruleErrors(
      'apps/server/src/db/rows.ts',
      "import type { LedgerService } from '../modules/ledger/service';\nexport type L = LedgerService;\n",
      'tradeflip/no-import-cycle',
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^Import cycle: apps\/server\/src\/db\/rows\.ts → .*→ apps\/server\/src\/db\/rows\.ts/,
      ),
    ]);
    expect(
      await ruleErrors('apps/server/src/db/fixture.ts', use('./rows'), 'tradeflip/no-import-cycle'),
    ).toEqual([]);
  });

  it('keeps only the leased loop and the list of jobs in workers/', async () => {
    expect(
      await ruleErrors(
        'apps/server/src/workers/chain-watcher.ts',
        'export {};\n',
        'tradeflip/workers-only-loop-and-jobs',
      ),
    ).toEqual([expect.stringContaining('workers/ holds only the leased loop and the list of jobs')]);
    for (const file of ['jobs.ts', 'leased-loop.ts', 'lease.ts', 'leased-loop.test.ts'])
      expect(
        await ruleErrors(
          `apps/server/src/workers/${file}`,
          'export {};\n',
          'tradeflip/workers-only-loop-and-jobs',
        ),
        file,
      ).toEqual([]);
  });

  it('keeps query keys in lib/query-keys.ts: one written out elsewhere is refused', async () => {
    const written = "export const options = { queryKey: ['asset', 'balances'], queryFn: () => null };\n";
    const paged = "declare function usePagedQuery(key: unknown): void;\nusePagedQuery(['feedback']);\n";
    const named =
      "import { queryKeys } from '@/lib/query-keys';\n" +
      "export const options = { queryKey: queryKeys.balances('1'), queryFn: () => null };\n";
    const file = 'apps/web/src/features/wallet/api/fixture.ts';
    expect(await ruleErrors(file, written, 'no-restricted-syntax')).toEqual([
      expect.stringContaining('Query keys live in lib/query-keys.ts'),
    ]);
    expect(await ruleErrors(file, paged, 'no-restricted-syntax')).toEqual([
      expect.stringContaining('Query keys live in lib/query-keys.ts'),
    ]);
    expect(await ruleErrors(file, named, 'no-restricted-syntax')).toEqual([]);
    expect(await ruleErrors('apps/web/src/lib/query-keys.ts', written, 'no-restricted-syntax')).toEqual([]);
  });
});

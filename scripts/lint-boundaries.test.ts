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
});

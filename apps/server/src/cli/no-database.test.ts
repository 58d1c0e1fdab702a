// The operator CLIs pointed at a DATA_DIR where no server runs and no database was ever made (a
// typo in the path, say): each says so and exits 1, and leaves no empty database behind to answer
// from the next time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliScript } from '../test/cli';

// Each command is a new Node process under tsx: seconds apiece, many more on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

describe('the CLIs with no server and no database', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-no-db-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '' });

  it.each([
    ['admin', ['user:list']],
    ['admin', ['vault:fund', 'USDT', '100']],
    ['audit', []],
  ])('npm run %s %j exits 1 naming the missing database', async (script, args) => {
    const result = await runCliScript(script, args, env());
    expect(result.stderr).toContain(
      `No server is running on ${dataDir} and there is no database in ${path.join(dataDir, 'db')}`,
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('npm run chain:deposit exits 1 naming the missing server', async () => {
    const result = await runCliScript(
      'chain-deposit.ts',
      ['--email', 'someone@example.com', '--amount', '5'],
      env(),
    );
    expect(result.stderr).toContain(`No running server with local chains for ${dataDir}`);
    expect(result.code).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});

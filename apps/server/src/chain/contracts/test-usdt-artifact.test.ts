import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTestUsdtArtifact, testUsdtArtifactPath } from './compile-test-usdt';

describe('test USDT artifact', () => {
  it('is what TestUSDT.sol compiles to (else run: npx tsx apps/server/scripts/compile-test-token.ts)', async () => {
    const committed = fs.readFileSync(testUsdtArtifactPath, 'utf8');
    expect(await renderTestUsdtArtifact()).toBe(committed);
  });
});

// Compiles the test USDT contract and writes its committed artifact (CONVENTIONS habit 11).
//   npx tsx apps/server/scripts/compile-test-token.ts
import fs from 'node:fs';
import path from 'node:path';
import { renderTestUsdtArtifact, testUsdtArtifactPath } from '../src/chain/contracts/compile-test-usdt';

fs.writeFileSync(testUsdtArtifactPath, await renderTestUsdtArtifact());
console.log(`wrote ${path.relative(process.cwd(), testUsdtArtifactPath)}`);

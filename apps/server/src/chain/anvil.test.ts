import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { anvilBinaryPath, startAnvil, type AnvilNode } from './anvil';
import { createChainPublicClient } from './clients';

describe('anvil', () => {
  const started: AnvilNode[] = [];
  afterAll(async () => {
    await Promise.all(started.map((node) => node.stop()));
  });

  it('resolves the binary from the npm platform package', () => {
    const binary = anvilBinaryPath();
    expect(binary).toMatch(/@foundry-rs[/\\]anvil-[a-z0-9]+-[a-z0-9]+[/\\]bin[/\\]anvil/);
    expect(fs.statSync(binary).isFile()).toBe(true);
  });

  it('mines on an interval when given a block time, and stops for good', async () => {
    const node = await startAnvil({ chainId: 31_999, blockTimeSeconds: 0.1 });
    started.push(node);
    expect(node.rpcUrl).toBe(`http://127.0.0.1:${node.port}`);
    const client = createChainPublicClient({
      name: 'ERC20',
      rpcUrl: node.rpcUrl,
      chainId: 31_999,
      pollingIntervalMs: 20,
    });
    // Empty blocks keep coming without any transaction: what lets confirmations count up in development.
    await new Promise<void>((resolve) => {
      const unwatch = client.watchBlockNumber({
        onBlockNumber: (blockNumber) => {
          if (blockNumber >= 2n) {
            unwatch();
            resolve();
          }
        },
      });
    });

    await node.stop();
    await node.stop();
    await expect(fetch(node.rpcUrl)).rejects.toThrow();
  });

  it('fails with Anvil’s output, leaving nothing running, when the port is taken', async () => {
    const first = await startAnvil({ chainId: 31_998 });
    started.push(first);
    await expect(startAnvil({ chainId: 31_998, port: first.port })).rejects.toThrow(
      /Anvil did not start[\s\S]*in use/i,
    );
  });
});

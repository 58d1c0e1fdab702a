// Issue 16, point 17: a stop always ends the process, even when the reader of its logs is gone. The
// real server runs in a child process with its stdout piped to the test; the test destroys its end of
// the pipe (as a closed terminal or a restarted log collector does) and sends SIGTERM. Before the fix
// the live feed's shutdown line hit the broken pipe and pino's exit flush retried it forever: the
// process spun inside process.exit, deaf to signals, holding the embedded database's lock. Both feeds
// (the live one against a local stand-in for Binance's stream), the server alone and under `npm start`,
// which also kills a server that outlives the shutdown deadline.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { DEV_MNEMONIC } from './chain/dev-chains';
import { isProcessAlive, lockDirectory } from './db/pglite-lock';
import { cliWorkspace } from './test/cli';
import { pgliteTarget } from './test/harness';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from './test/server-process';

/** Accepts the live feed's connection (nothing is sent: the feed only has to be connected). */
class FakeExchange {
  readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  readonly listening = new Promise((resolve) => this.server.once('listening', resolve));
  readonly connected = new Promise((resolve) => this.server.once('connection', resolve));
  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/stream`;
  }
  close() {
    for (const socket of this.server.clients) socket.terminate();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/** Whether the process ended within `ms` (the bound that a hung process fails). */
function endsWithin(server: ServerProcess, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

// A server's start takes most of each test (tens of seconds on a loaded machine); what follows the
// SIGTERM has its own tight bounds.
describe('stopping the server when its log reader is gone [PGlite]', { timeout: 120_000 }, () => {
  // One data directory for every start: each start also shows the previous process freed the database.
  const ws = cliWorkspace(pgliteTarget, 'tf-stop-');
  const running = new Set<ServerProcess>();
  const exchanges = new Set<FakeExchange>();

  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
    for (const exchange of exchanges) await exchange.close();
    exchanges.clear();
  });

  async function start(
    feed: 'simulated' | 'binance',
    options: ServerProcessOptions = {},
    env: Record<string, string> = {},
  ) {
    const exchange = new FakeExchange();
    exchanges.add(exchange);
    await exchange.listening;
    const server = await startServerProcess(
      {
        ...ws.env(),
        LOG_LEVEL: 'info',
        CHAINS: 'off',
        // The live feed and external chains on the embedded database, whose lock a stop must free.
        TEST_EMBEDDED_PRODUCTION: '1',
        SHUTDOWN_SECONDS: '5',
        PRICE_FEED: feed,
        BINANCE_STREAM_URL: exchange.url,
        ...env,
      },
      { stdout: 'pipe', ...options },
    );
    running.add(server);
    // Started through: the market loaded (a first start back-fills a day of candles, holding the
    // event loop, signals included, meanwhile).
    await fetch(`${server.url}/api/app/market/tickers`);
    // The live feed's stop is what logged during the shutdown: it must be connected first.
    if (feed === 'binance') await exchange.connected;
    return server;
  }

  /** The embedded database can be opened by someone else: the lock went with the process. */
  function expectDatabaseFree() {
    lockDirectory(path.join(ws.dataDir, 'db')).release();
  }

  it('the server with the live feed exits on SIGTERM after its stdout reader is gone', async () => {
    const server = await start('binance');
    server.stdout!.destroy();
    server.child.kill('SIGTERM');
    expect(await endsWithin(server, 10_000)).toBe(true);
    expect(server.child.exitCode).toBe(0);
    expectDatabaseFree();
  });

  it('a stop held up past SHUTDOWN_SECONDS ends anyway (npm start, simulated feed, reader gone)', async () => {
    // An RPC node that takes connections and never answers: the chain watcher's pass, which the stop
    // waits for, hangs (viem gives up only after 10 s, and retries).
    const sockets = new Set<Socket>();
    const silentNode = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentNode.listen(0, '127.0.0.1', resolve));
    const asked = new Promise((resolve) => silentNode.once('connection', resolve));
    try {
      const server = await start(
        'simulated',
        { npmStart: true },
        {
          SHUTDOWN_SECONDS: '1',
          CHAINS: 'external',
          ETH_RPC_URL: `http://127.0.0.1:${(silentNode.address() as AddressInfo).port}`,
          ETH_CHAIN_ID: '31337',
          DEPOSIT_MNEMONIC: DEV_MNEMONIC,
        },
      );
      await asked;
      server.stdout!.destroy();
      server.child.kill('SIGTERM');
      expect(await endsWithin(server, 5_000)).toBe(true);
      // 1: the server's own deadline (npm start answers 137 when it has to kill).
      expect(server.child.exitCode).toBe(1);
      expect(isProcessAlive(server.serverPid)).toBe(false);
      expectDatabaseFree();
    } finally {
      for (const socket of sockets) socket.destroy();
      silentNode.close();
    }
  });

  it('a stop writes out the last log lines, and the live feed does not announce a reconnection', async () => {
    const server = await start('binance', { npmStart: true });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise((resolve) => server.stdout!.once('end', resolve));
    server.child.kill('SIGTERM');
    expect(await endsWithin(server, 10_000)).toBe(true);
    await ended;
    expect(server.child.exitCode).toBe(0);
    expect(output).toContain('"msg":"shutting down"');
    expect(output).not.toContain('reconnecting');
  });

  it('npm start kills a server that outlives the shutdown deadline by 5 s', async () => {
    const server = await start('simulated', { npmStart: true }, { SHUTDOWN_SECONDS: '1' });
    // A frozen server: it neither stops nor exits by itself.
    process.kill(server.serverPid, 'SIGSTOP');
    server.child.kill('SIGTERM');
    // SHUTDOWN_SECONDS (1) + 5 s, and some room.
    expect(await endsWithin(server, 10_000)).toBe(true);
    expect(server.child.exitCode).toBe(137);
    expect(isProcessAlive(server.serverPid)).toBe(false);
    expectDatabaseFree();
  });
});

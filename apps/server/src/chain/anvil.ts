// Starts and stops a local Anvil node: the EVM chain behind each network in the embedded default and in
// tests. The binary comes from the npm platform package that `@foundry-rs/anvil` lists as an optional
// dependency, so no install script (which npm 11 blocks unless approved) has to run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface AnvilOptions {
  chainId: number;
  /** Port on 127.0.0.1; omitted or 0 lets the system pick a free one. */
  port?: number;
  /** BIP-39 mnemonic of the funded dev accounts; Anvil's own default when omitted. */
  mnemonic?: string;
  /** Seconds between blocks (fractions allowed); omitted means a block per transaction (automine). */
  blockTimeSeconds?: number;
  /** State file loaded at start (when it exists) and written on stop, so a chain survives restarts. */
  statePath?: string;
  /** Also write the state file every N seconds, so a crash loses at most that much. */
  stateIntervalSeconds?: number;
  /** How long to wait for the node to answer; 15 s by default. */
  startTimeoutMs?: number;
  /**
   * Holds the node's pid while it runs. A node still alive from a process that was killed without
   * stopping it (SIGKILL skips exit hooks) is stopped first: it would keep writing the state file.
   */
  pidFile?: string;
}

export interface AnvilNode {
  readonly pid: number;
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  /** The last lines Anvil printed, for error messages. */
  output(): string;
  /** Stops the node (writing its state file when one was given); safe to call twice. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

// The package names follow @foundry-rs/anvil's own table (its const.mjs).
const platformPackages: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** Absolute path of the anvil executable for this platform. */
export function anvilBinaryPath(): string {
  const packageName = platformPackages[`${process.platform}-${process.arch}`];
  if (!packageName) throw new Error(`Anvil has no npm build for ${process.platform}-${process.arch}`);
  // Resolved from the wrapper package, since the platform package is its optional dependency.
  const wrapper = createRequire(require.resolve('@foundry-rs/anvil/package.json'));
  let packageJson: string;
  try {
    packageJson = wrapper.resolve(`${packageName}/package.json`);
  } catch {
    throw new Error(`${packageName} is not installed (npm install skipped optional dependencies?)`);
  }
  const binary = path.join(
    path.dirname(packageJson),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  );
  if (!fs.existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`);
  return binary;
}

const OUTPUT_LINES_KEPT = 40;

export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId),
  ];
  if (options.mnemonic) args.push('--mnemonic', options.mnemonic);
  if (options.blockTimeSeconds !== undefined) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.statePath) {
    fs.mkdirSync(path.dirname(options.statePath), { recursive: true });
    args.push('--state', options.statePath);
    if (options.stateIntervalSeconds !== undefined) {
      args.push('--state-interval', String(options.stateIntervalSeconds));
    }
  }

  if (options.pidFile) await stopOrphanedNode(options.pidFile);
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (options.pidFile && child.pid !== undefined) {
    fs.mkdirSync(path.dirname(options.pidFile), { recursive: true });
    fs.writeFileSync(options.pidFile, String(child.pid));
  }
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A parent that exits without calling stop() must not leave the node running.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGTERM lets Anvil write its state file before it exits.
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    if (options.pidFile) fs.rmSync(options.pidFile, { force: true });
  };

  try {
    const port = await waitForListening(child, lines, options.startTimeoutMs ?? 15_000);
    const rpcUrl = `http://127.0.0.1:${port}`;
    const answered = await rpcChainId(rpcUrl);
    if (answered !== options.chainId) {
      throw new Error(`Anvil answered chain id ${answered}, expected ${options.chainId}`);
    }
    return { pid: child.pid ?? -1, rpcUrl, port, chainId: options.chainId, output, stop };
  } catch (error) {
    await stop();
    throw new Error(`Anvil did not start: ${(error as Error).message}\n${output()}`, { cause: error });
  }
}

// Anvil prints "Listening on 127.0.0.1:PORT" once its RPC server is bound; with port 0 that line is
// the only way to learn the port. Output keeps being read afterwards so the pipe never fills up.
function waitForListening(child: ChildProcess, lines: string[], timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let partial = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`no answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
    const onData = (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
        const match = /Listening on [\d.]+:(\d+)/.exec(line);
        if (match?.[1]) {
          const port = Number(match[1]);
          settle(() => resolve(port));
        }
      }
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', onData);
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) => settle(() => reject(new Error(`exited (${signal ?? code})`))));
  });
}

async function rpcChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(`eth_chainId failed: ${body.error?.message ?? response.status}`);
  return Number(BigInt(body.result));
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** True when `pid` runs an anvil binary (Linux /proc); elsewhere a live pid from our file is trusted. */
function runsAnvil(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil');
  } catch {
    return process.platform !== 'linux';
  }
}

/** Stops the node named by an earlier process's pid file, if it still runs: SIGTERM, then SIGKILL. */
async function stopOrphanedNode(pidFile: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !runsAnvil(pid)) return;
  process.kill(pid, 'SIGTERM');
  // Not our child, so there is no exit event to await: look until it is gone.
  for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

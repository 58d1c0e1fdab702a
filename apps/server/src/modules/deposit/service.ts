// What users and operators see of deposits (DESIGN §5): where a token can be deposited, each user's
// own address per network (derived from the deposit HD key at the user's id, stored on first use so
// the chain watcher knows it), and the deposit records the watcher writes.
import { getAddress } from 'viem';
import type {
  AdminDeposit,
  AdminDepositAddress,
  ChainStatus,
  DepositInfo,
  DepositOptions,
  DepositRecord,
  DepositRecordStatus,
} from '@tradeflip/api';
import { chainNetworks } from '@tradeflip/api';
import { plainDecimal } from '@tradeflip/money';
import { noExplorers, type BlockExplorers } from '../../chain/explorers';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import { rpcUrlForLog } from '../../chain/setup';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NetworkName } from '../../chain/network';
import { AppError } from '../../errors';
import type { AccountService } from '../account/service';
import type { Token, TokenNetwork, TokenRegistry } from '../token/registry';
import * as repo from './repository';
import { pageOf, pageRows } from '../../db/page';

/** How long the status call waits for a node before showing its head as unknown. */
const HEAD_TIMEOUT_MS = 3000;

export function depositUnavailable(): AppError {
  return new AppError(400, 'validation', 'errors.depositUnavailable', {
    fields: { token: 'errors.depositUnavailable' },
  });
}

/** The chain's token contract is this token on this network (a configured contract must match). */
export function servesToken(chain: ChainNetwork, tokenNetwork: TokenNetwork): boolean {
  return (
    tokenNetwork.contractAddress === null ||
    tokenNetwork.contractAddress.toLowerCase() === chain.tokenAddress.toLowerCase()
  );
}

/** The token a network's watcher credits: the first configured one its contract serves. */
export function tokenOfChain(
  tokens: Token[],
  chain: ChainNetwork,
): { token: Token; tokenNetwork: TokenNetwork } | undefined {
  for (const token of tokens) {
    const tokenNetwork = token.networks.find((n) => n.network === chain.network);
    if (tokenNetwork && servesToken(chain, tokenNetwork)) return { token, tokenNetwork };
  }
  return undefined;
}

/** Confirmations a deposit needs: the chain setup's override, else the token network's. */
export function requiredConfirmations(chain: ChainNetwork, tokenNetwork: TokenNetwork): number {
  return chain.confirmations ?? tokenNetwork.confirmations;
}

export function toDepositRecord(
  row: repo.DepositRow,
  explorers: BlockExplorers = noExplorers,
): DepositRecord {
  return {
    id: String(row.id),
    token: row.token,
    network: row.network,
    address: getAddress(row.address),
    fromAddress: getAddress(row.fromAddress),
    txHash: row.txHash,
    amount: plainDecimal(row.amount),
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: row.status,
    belowMinimum: row.belowMinimum,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    explorerTxUrl: explorers.txUrl(row.network, row.txHash),
  };
}

export class DepositService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      tokens: TokenRegistry;
      /** The chains served; without them nothing can be deposited. */
      chains: ChainRegistry | undefined;
      /** Links to each network's block explorer, where one is configured. */
      explorers?: BlockExplorers;
      /** Whose deposit address an operator asks for. */
      accounts: AccountService;
    },
  ) {}

  private get explorers(): BlockExplorers {
    return this.deps.explorers ?? noExplorers;
  }

  /** The chain of a network, when it is served and its contract is this token. */
  private chainFor(tokenNetwork: TokenNetwork): ChainNetwork | undefined {
    const chain = this.deps.chains?.network(tokenNetwork.network);
    return chain && servesToken(chain, tokenNetwork) ? chain : undefined;
  }

  private depositable(token: Token, tokenNetwork: TokenNetwork): ChainNetwork | undefined {
    if (!token.enabled || !tokenNetwork.depositEnabled) return undefined;
    return this.chainFor(tokenNetwork);
  }

  /** GET /api/app/asset/deposit/options: every token with networks, and where deposits are open. */
  async options(): Promise<DepositOptions> {
    const tokens = (await this.deps.tokens.all()).filter((token) => token.networks.length > 0);
    return {
      list: tokens.map((token) => {
        const networks = token.networks.map((tokenNetwork) => {
          const chain = this.depositable(token, tokenNetwork);
          return {
            network: tokenNetwork.network,
            minDeposit: tokenNetwork.minDeposit,
            confirmations: chain ? requiredConfirmations(chain, tokenNetwork) : tokenNetwork.confirmations,
            enabled: chain !== undefined,
          };
        });
        return {
          token: token.symbol,
          name: token.name,
          enabled: networks.some((network) => network.enabled),
          networks,
        };
      }),
    };
  }

  private async resolve(symbol: string, network: NetworkName) {
    const token = await this.deps.tokens.require(symbol, { allowDisabled: true });
    const tokenNetwork = token.networks.find((n) => n.network === network);
    const chain = tokenNetwork && this.depositable(token, tokenNetwork);
    if (!tokenNetwork || !chain) throw depositUnavailable();
    return { token, tokenNetwork, chain };
  }

  /** The user's own address on the network, stored on first use so the watcher sees deposits to it. */
  private async addressOf(userId: number, chain: ChainNetwork): Promise<string> {
    const derived = this.deps.chains!.depositAddress(userId);
    const stored = await repo.ensureDepositAddress(this.deps.db, {
      userId,
      network: chain.network,
      address: derived,
      derivationIndex: userId,
      now: this.deps.clock.now(),
    });
    return getAddress(stored.address);
  }

  /** GET /api/app/asset/deposit/info?token&network */
  async info(userId: number, symbol: string, network: NetworkName): Promise<DepositInfo> {
    const { token, tokenNetwork, chain } = await this.resolve(symbol, network);
    const address = await this.addressOf(userId, chain);
    return {
      token: token.symbol,
      network,
      address,
      minDeposit: tokenNetwork.minDeposit,
      confirmations: requiredConfirmations(chain, tokenNetwork),
      chainId: chain.chainId,
      contractAddress: getAddress(chain.tokenAddress),
      explorerAddressUrl: this.explorers.addressUrl(network, address),
    };
  }

  async list(
    userId: number,
    query: { page: number; pageSize: number; token?: string },
  ): Promise<{ list: DepositRecord[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await repo.userDeposits(this.deps.db, {
      userId,
      token: query.token,
      ...pageRows(query),
    });
    return pageOf(
      query,
      rows.map((row) => toDepositRecord(row, this.explorers)),
      total,
    );
  }

  /** One of the user's own deposits; anyone else's (or no such id) is 404. */
  async detail(userId: number, id: string): Promise<DepositRecord> {
    const numeric = Number(id);
    const row = Number.isSafeInteger(numeric)
      ? await repo.userDeposit(this.deps.db, userId, numeric)
      : undefined;
    if (!row) throw new AppError(404, 'not_found', 'errors.notFound');
    return toDepositRecord(row, this.explorers);
  }

  // ---- Operations ----

  async adminList(query: {
    page: number;
    pageSize: number;
    status?: DepositRecordStatus;
    network?: NetworkName;
    email?: string;
    flagged?: boolean;
  }): Promise<{ list: AdminDeposit[]; total: number; page: number; pageSize: number }> {
    // The e-mail filter and column come from the account module, the owner of users.
    const { rows, total } = await this.deps.accounts.ownedRows(query.email, (userId) =>
      repo.adminDeposits(this.deps.db, {
        status: query.status,
        network: query.network,
        userId,
        flagged: query.flagged,
        ...pageRows(query),
      }),
    );
    return pageOf(
      query,
      rows.map((row) => ({
        ...toDepositRecord(row, this.explorers),
        userId: String(row.userId),
        email: row.email,
        blockNumber: row.blockNumber,
        logIndex: row.logIndex,
        flag: row.flag,
        movementId: row.movementId === null ? null : String(row.movementId),
        reversalMovementId: row.reversalMovementId === null ? null : String(row.reversalMovementId),
      })),
      total,
    );
  }

  /**
   * How far each network's watcher is behind its chain: the head, and the last block scanned (the
   * cursor's block before; null before the first scan). The head is asked of the node, with `ms` to
   * answer (null when it did not).
   */
  async watcherLag(
    ms = 1000,
  ): Promise<{ network: NetworkName; head: number | null; scanned: number | null }[]> {
    // head null: the network's node did not answer within `ms`.
    const networks = this.deps.chains?.networks() ?? [];
    return Promise.all(
      networks.map(async (chain) => {
        const [cursor, head] = await Promise.all([
          repo.cursorOf(this.deps.db, chain.network),
          Promise.race([
            chain.publicClient.getBlockNumber({ cacheTime: 0 }).then(Number),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref()),
          ]).catch(() => null),
        ]);
        return { network: chain.network, head, scanned: cursor ? cursor.nextBlock - 1 : null };
      }),
    );
  }

  /**
   * A user's deposit address on a network for operators (and `npm run chain:deposit`), created when
   * missing. Unlike the user's call it answers while deposits are switched off: funds sent there are
   * still watched.
   */
  async adminAddress(email: string, network: NetworkName): Promise<AdminDepositAddress> {
    const user = await this.deps.accounts.registeredUser(email);
    const chain = this.deps.chains?.network(network);
    const served = chain && tokenOfChain(await this.deps.tokens.all(), chain);
    if (!chain || !served) throw depositUnavailable();
    return {
      userId: String(user.id),
      email: user.email,
      network,
      token: served.token.symbol,
      address: await this.addressOf(user.id, chain),
      chainId: chain.chainId,
      contractAddress: getAddress(chain.tokenAddress),
      chainDecimals: chain.tokenDecimals,
      confirmations: requiredConfirmations(chain, served.tokenNetwork),
    };
  }

  /** GET /api/admin/chain/status: per network the chain's head, the watcher's cursor and the lag. */
  async chainStatus(): Promise<Omit<ChainStatus, 'treasury'>> {
    const cursors = new Map((await repo.allCursors(this.deps.db)).map((row) => [row.network, row]));
    const list = await Promise.all(
      chainNetworks.map(async (network) => {
        const chain = this.deps.chains?.network(network);
        const cursor = cursors.get(network)?.nextBlock ?? null;
        const head = chain ? await headOf(chain) : null;
        return {
          network,
          chainId: chain?.chainId ?? null,
          rpcUrl: chain ? rpcUrlForLog(chain.rpcUrl) : null,
          head,
          cursor,
          lag: head !== null && cursor !== null ? Math.max(0, head - cursor + 1) : null,
          hotWallet: chain?.hotWalletAddress ?? null,
          enabled: chain !== undefined,
        };
      }),
    );
    return { list };
  }
}

/** The chain's latest block, or null when its node does not answer in time. */
async function headOf(chain: ChainNetwork): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      chain.publicClient.getBlockNumber({ cacheTime: 0 }).then(Number),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), HEAD_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// Tokens and their networks (DESIGN §5) as configured in the database, cached for a few seconds:
// every balance, precision and ledger call needs them and they change rarely.
import { asc } from 'drizzle-orm';
import type { PrecisionEntry, PrecisionMap } from '@tradeflip/api';
import { normalizeSymbol, plainDecimal, precisionKey } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/client';
import { tokenNetworks, tokens } from './schema';
import type { NetworkName } from '../../chain/network';
import { AppError } from '../../errors';

export interface TokenNetwork {
  network: NetworkName;
  contractAddress: string | null;
  chainDecimals: number;
  minDeposit: string;
  confirmations: number;
  minWithdrawal: string;
  withdrawalFee: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  /** Amount decimals on this network (the token's unless overridden). */
  amountDp: number;
}

export interface Token {
  symbol: string;
  name: string;
  priceDp: number;
  amountDp: number;
  /** USDT price used until live prices exist (see wallet/prices.ts). */
  referencePrice: string;
  enabled: boolean;
  sort: number;
  networks: TokenNetwork[];
}

const CACHE_MS = 5_000;

export class TokenRegistry {
  private cache: { at: number; list: Token[] } | undefined;
  private loading: Promise<Token[]> | undefined;

  constructor(private readonly deps: { db: Queryable; clock: Clock }) {}

  /**
   * Every configured token, enabled or not, in display order. Inside a transaction pass it as `via`:
   * PGlite runs one transaction at a time, so a query beside it would wait forever.
   */
  async all(via?: Queryable): Promise<Token[]> {
    const now = this.deps.clock.now().getTime();
    if (this.cache && now - this.cache.at < CACHE_MS && now >= this.cache.at) return this.cache.list;
    // Never wait on a load running outside the caller's transaction (it may be queued behind it).
    if (via) return this.load(via);
    this.loading ??= this.load(this.deps.db).finally(() => (this.loading = undefined));
    return this.loading;
  }

  async enabled(via?: Queryable): Promise<Token[]> {
    return (await this.all(via)).filter((token) => token.enabled);
  }

  async find(symbol: string, via?: Queryable): Promise<Token | undefined> {
    const list = await this.all(via);
    return list.find((token) => token.symbol === normalizeSymbol(symbol));
  }

  /** The token, or a 400 naming it when it is unknown (or disabled, unless `allowDisabled`). */
  async require(symbol: string, options: { allowDisabled?: boolean; via?: Queryable } = {}): Promise<Token> {
    const token = await this.find(symbol, options.via);
    if (!token || (!token.enabled && !options.allowDisabled)) {
      throw new AppError(400, 'validation', 'errors.tokenUnsupported', {
        vars: { token: normalizeSymbol(symbol) },
        fields: { token: 'errors.tokenUnsupported' },
      });
    }
    return token;
  }

  /** Drops the cache (after a configuration change in this process). */
  invalidate() {
    this.cache = undefined;
  }

  /** GET /api/app/asset/precision-map: `SYMBOL` and `SYMBOL__NETWORK` keys (spec §3). */
  async precisionMap(): Promise<PrecisionMap> {
    const map: PrecisionMap = { price_dp: {}, amount_dp: {} };
    for (const token of await this.enabled()) {
      map.price_dp[token.symbol] = token.priceDp;
      map.amount_dp[token.symbol] = token.amountDp;
      for (const network of token.networks) {
        map.amount_dp[precisionKey(token.symbol, network.network)] = network.amountDp;
      }
    }
    return map;
  }

  /** GET /api/app/asset/precisions: one entry per symbol, then one per symbol and network. */
  async precisionList(): Promise<PrecisionEntry[]> {
    return (await this.enabled()).flatMap((token) => [
      { symbol: token.symbol, price_precision: token.priceDp, amount_precision: token.amountDp },
      ...token.networks.map((network) => ({
        symbol: token.symbol,
        price_precision: token.priceDp,
        amount_precision: network.amountDp,
        mainnet: network.network,
      })),
    ]);
  }

  private async load(db: Queryable): Promise<Token[]> {
    const at = this.deps.clock.now().getTime();
    const tokenRows = await db.select().from(tokens).orderBy(asc(tokens.sort), asc(tokens.symbol));
    const networkRows = await db
      .select()
      .from(tokenNetworks)
      .orderBy(asc(tokenNetworks.sort), asc(tokenNetworks.network));
    const list = tokenRows.map((row): Token => ({
      symbol: row.symbol,
      name: row.name,
      priceDp: row.priceDp,
      amountDp: row.amountDp,
      referencePrice: plainDecimal(row.referencePrice),
      enabled: row.enabled,
      sort: row.sort,
      networks: networkRows
        .filter((network) => network.token === row.symbol)
        .map((network) => ({
          network: network.network,
          contractAddress: network.contractAddress,
          chainDecimals: network.chainDecimals,
          minDeposit: plainDecimal(network.minDeposit),
          confirmations: network.confirmations,
          minWithdrawal: plainDecimal(network.minWithdrawal),
          withdrawalFee: plainDecimal(network.withdrawalFee),
          depositEnabled: network.depositEnabled,
          withdrawEnabled: network.withdrawEnabled,
          amountDp: network.amountDp ?? row.amountDp,
        })),
    }));
    this.cache = { at, list };
    return list;
  }
}

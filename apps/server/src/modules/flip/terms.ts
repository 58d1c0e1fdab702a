// Lightning Flip's terms as players and the checks read them (GET /api/app/flip/config): the flip
// tables joined with the market's pairs (names, price decimals, its own switch) and the tokens'
// decimals; cached briefly for opens; operators change them (a change applies to new flips only).
import type { AdminFlipConfigBody, FlipConfig } from '@tradeflip/api';
import { Decimal, flipProfit, leastWinningStake } from '@tradeflip/money';
import { AppError } from '../../errors';
import type { FlipDeps } from './deps';
import * as repo from './repository';

const CACHE_MS = 2000;
const plain = (value: string) => new Decimal(value).toFixed();

export class FlipTerms {
  private cache: { at: number; config: Promise<FlipConfig> } | undefined;

  constructor(private readonly deps: Pick<FlipDeps, 'db' | 'clock' | 'market' | 'tokens'>) {
    deps.market.onPairsChange(() => (this.cache = undefined));
  }

  /** The terms as stored now. */
  async config(): Promise<FlipConfig> {
    const [stored, market, tokens] = await Promise.all([
      repo.storedTerms(this.deps.db),
      this.deps.market.storedPairs(),
      this.deps.tokens.all(),
    ]);
    const settings = stored.settings;
    if (!settings) throw new Error('flip_settings has no row (migration 0010 writes it)');
    const durations = stored.durations.filter((row) => row.enabled).map((row) => row.seconds);
    const byToken = new Map(tokens.map((token) => [token.symbol, token]));
    const flipPairs = new Map(stored.pairs.map((row) => [row.symbol, row]));
    return {
      durations,
      maxOpenPositions: settings.maxOpenPositions,
      toleranceSeconds: settings.toleranceSeconds,
      tokens: stored.tokens.flatMap((row) => {
        const token = byToken.get(row.token);
        if (!token) return [];
        return [
          {
            token: row.token,
            minStake: plain(row.minStake),
            maxStake: plain(row.maxStake),
            amountDp: token.amountDp,
            enabled: row.enabled && token.enabled,
          },
        ];
      }),
      // In the market's display order; a pair off the market takes no flip either.
      pairs: market.flatMap((pair) => {
        const row = flipPairs.get(pair.symbol);
        if (!row) return [];
        const payoutRates: Record<string, string> = {};
        for (const rate of stored.rates) {
          if (rate.symbol === pair.symbol && durations.includes(rate.seconds)) {
            payoutRates[String(rate.seconds)] = plain(rate.payoutRate);
          }
        }
        return [
          {
            symbol: pair.symbol,
            base: pair.base,
            quote: pair.quote,
            priceDp: pair.priceDp,
            enabled: row.enabled && pair.enabled,
            payoutRates,
          },
        ];
      }),
    };
  }

  /** The terms, read at most every 2 s (every open needs them; operators change them rarely). */
  cached(): Promise<FlipConfig> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      const config = this.config();
      this.cache = { at: now, config };
      config.catch(() => (this.cache = undefined));
    }
    return this.cache.config;
  }

  /** An operator's change (`/api/admin/flip/config`, `flip:config`): one part or several at once. */
  async update(body: AdminFlipConfigBody): Promise<FlipConfig> {
    const db = this.deps.db;
    const now = this.deps.clock.now();
    // The market's pairs are read before the transaction: PGlite runs one transaction at a time.
    const marketPairs = body.pair ? await this.deps.market.storedPairs() : [];
    await db.transaction(async (tx) => {
      if (body.maxOpenPositions !== undefined || body.toleranceSeconds !== undefined) {
        await repo.updateSettings(tx, {
          ...(body.maxOpenPositions !== undefined && { maxOpenPositions: body.maxOpenPositions }),
          ...(body.toleranceSeconds !== undefined && { toleranceSeconds: body.toleranceSeconds }),
          updatedAt: now,
        });
      }
      if (body.token) {
        const token = body.token.token.trim().toUpperCase();
        if (!(await this.deps.tokens.find(token, tx))) throw notConfigured('token', token);
        if (
          new Decimal(body.token.minStake).lte(0) ||
          new Decimal(body.token.minStake).gt(body.token.maxStake)
        ) {
          throw new AppError(400, 'validation', 'flip.stakeInvalid', {
            fields: { minStake: 'flip.stakeInvalid' },
          });
        }
        await repo.upsertToken(tx, {
          token,
          minStake: body.token.minStake,
          maxStake: body.token.maxStake,
          ...(body.token.enabled !== undefined && { enabled: body.token.enabled }),
        });
      }
      if (body.pair) {
        const symbol = body.pair.symbol.trim().toUpperCase();
        const listed = marketPairs.some((pair) => pair.symbol === symbol);
        if (!listed) throw notConfigured('symbol', symbol);
        await repo.upsertPair(tx, { symbol, enabled: body.pair.enabled });
      }
      if (body.duration) await repo.upsertDuration(tx, body.duration);
      if (body.rate) {
        const symbol = body.rate.symbol.trim().toUpperCase();
        const stored = await repo.storedTerms(tx);
        if (!stored.pairs.some((pair) => pair.symbol === symbol)) throw notConfigured('symbol', symbol);
        if (!stored.durations.some((row) => row.seconds === body.rate!.seconds)) {
          throw notConfigured('seconds', `${body.rate.seconds} s`);
        }
        if (new Decimal(body.rate.payoutRate).lte(0)) {
          throw new AppError(400, 'validation', 'flip.rateRange', {
            fields: { payoutRate: 'flip.rateRange' },
          });
        }
        await repo.upsertRate(tx, { symbol, seconds: body.rate.seconds, payoutRate: body.rate.payoutRate });
      }
      if (body.token || body.rate) await this.refuseStakesWinningNothing(tx);
    });
    this.cache = undefined;
    return this.config();
  }

  /**
   * Refuses terms (rolling the change back) under which a minimum stake would win nothing at some
   * payout rate: players would meet a bet they may place but can never profit from.
   */
  private async refuseStakesWinningNothing(tx: Parameters<typeof repo.storedTerms>[0]) {
    const stored = await repo.storedTerms(tx);
    for (const row of stored.tokens) {
      const token = await this.deps.tokens.find(row.token, tx);
      if (!token) continue;
      for (const rate of stored.rates) {
        if (flipProfit(row.minStake, rate.payoutRate, token.amountDp).gt(0)) continue;
        throw new AppError(400, 'validation', 'flip.minStakeWinsNothing', {
          fields: { minStake: 'flip.minStakeWinsNothing' },
          vars: {
            min: plain(row.minStake),
            token: row.token,
            rate: plain(rate.payoutRate),
            symbol: rate.symbol,
            seconds: rate.seconds,
            least: leastWinningStake(rate.payoutRate, token.amountDp).toFixed(),
          },
        });
      }
    }
  }
}

const notConfigured = (field: string, what: string) =>
  new AppError(400, 'validation', 'flip.notConfigured', {
    fields: { [field]: 'flip.notConfigured' },
    vars: { what },
  });

// Lightning Flip's rules (DESIGN §8), one pure module shared by the server (which opens and settles)
// and the flip page (which checks a stake as it is typed and shows whether an open flip wins now).
//
//   open: stake S moves available → frozen; open price = the mark when the order is accepted
//   close price = the last mark at or before open time + duration (none within the tolerance: refund)
//   up wins if close > open, down wins if close < open, equal is a tie (stake back)
//   a win pays the stake back and S · rate from the vault, rounded down to the token's decimals (the
//   house never pays a fraction it did not promise); a loss gives the stake to the vault
import { Decimal } from './decimal';
import { plainDecimalOf } from './contract-game-order';

export type FlipDirection = 'up' | 'down';
/** How a flip ended: won and lost close it, a tie or a missing price refunds it. */
export type FlipResult = 'won' | 'lost' | 'tie' | 'no_price';

type Num = Decimal | string | number;

/** The terms a flip is checked against (GET /api/app/flip/config answers them). */
export interface FlipTerms {
  /** The durations offered, in seconds. */
  durations: number[];
  /** Open flips a user may hold at once. */
  maxOpenPositions: number;
  tokens: { token: string; minStake: string; maxStake: string; amountDp: number; enabled: boolean }[];
  /** Each pair's payout rate per duration (seconds → rate); a duration missing has none configured. */
  pairs: { symbol: string; enabled: boolean; payoutRates: Record<string, string> }[];
}

/** What a person typed or a client sent. */
export interface FlipInput {
  symbol?: unknown;
  direction?: unknown;
  amount?: unknown;
  duration?: unknown;
  token?: unknown;
  /** The payout rate the player was shown (optional): a different rate now refuses. */
  payoutRate?: unknown;
}

export type FlipField = 'symbol' | 'direction' | 'amount' | 'duration' | 'token';

/** The refusals' catalog keys: packages/i18n's `flip.*` (spec §5's flip errors) and the balance's. */
export const flipProblemKeys = [
  'flip.directionRequired',
  'flip.amountPositive',
  'flip.amountInvalid',
  'flip.amountRange',
  'flip.stakeTooSmall',
  'flip.tokenUnsupported',
  'flip.pairUnavailable',
  'flip.durationUnsupported',
  'flip.rateNotConfigured',
  'flip.rateChanged',
  'flip.tooManyOpen',
  'errors.insufficientBalance',
] as const;

export interface FlipProblem {
  field: FlipField;
  key: (typeof flipProblemKeys)[number];
  reason: 'validation' | 'insufficient_balance' | 'conflict';
  vars?: Record<string, string | number>;
}

/** A flip that passed: what it stakes and what it pays if it wins. */
export interface FlipOrder {
  symbol: string;
  direction: FlipDirection;
  token: string;
  stake: Decimal;
  duration: number;
  payoutRate: Decimal;
  /** Stake × rate, rounded down: the profit of a win (and what the vault promises). */
  profit: Decimal;
}

export type FlipCheck = { ok: true; order: FlipOrder } | { ok: false; problem: FlipProblem };

const refuse = (
  field: FlipField,
  key: FlipProblem['key'],
  vars?: FlipProblem['vars'],
  reason: FlipProblem['reason'] = 'validation',
): FlipCheck => ({ ok: false, problem: { field, key, reason, ...(vars && { vars }) } });

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** A duration in whole seconds written in digits only (spaces around allowed), or undefined. */
function secondsOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** Whether a rate as sent (text such as '0.85') is `rate`; anything unreadable is not. */
function sameRate(sent: unknown, rate: Decimal): boolean {
  const text = typeof sent === 'string' ? sent.trim() : '';
  return PLAIN_AMOUNT.test(text) && new Decimal(text).eq(rate);
}

/** The amount as typed, spaces around dropped ('' when nothing or not text). */
function amountText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** Digits, optionally a point and more digits: nothing else is an amount (no sign, exponent, commas). */
const PLAIN_AMOUNT = /^(\d+)(?:\.(\d+))?$/;
/** The most integer digits a stored amount has (NUMERIC(38,18)). */
const MAX_INTEGER_DIGITS = 20;

/**
 * Checks a flip (spec §5's flip errors): direction; the amount above 0; the bet token supported and
 * enabled; the amount's precision and range; the pair; the duration offered; its payout rate for the
 * pair; then — when known — the user's open count and available balance. The first problem wins.
 * The server adds the one check only it can make: the price (a stale pair's 'price fetch failed').
 */
export function validateFlip(
  input: FlipInput,
  terms: FlipTerms,
  context: { available?: Num; openCount?: number } = {},
): FlipCheck {
  const direction = typeof input.direction === 'string' ? input.direction.trim().toLowerCase() : '';
  if (direction !== 'up' && direction !== 'down') return refuse('direction', 'flip.directionRequired');
  // Nothing, a sign or zero is "greater than 0"; other text is an invalid amount, named once the
  // token (and so its decimals) is known.
  const text = amountText(input.amount);
  const plain = PLAIN_AMOUNT.exec(text);
  if (text === '' || /^[-−]/.test(text) || (plain && new Decimal(text).isZero())) {
    return refuse('amount', 'flip.amountPositive');
  }
  const token = terms.tokens.find((candidate) => candidate.token === upper(input.token));
  if (!token?.enabled) return refuse('token', 'flip.tokenUnsupported');
  const range = () =>
    refuse('amount', 'flip.amountRange', {
      min: new Decimal(token.minStake).toFixed(),
      max: new Decimal(token.maxStake).toFixed(),
      token: token.token,
    });
  if (!plain) return refuse('amount', 'flip.amountInvalid', { n: token.amountDp });
  if (plain[1]!.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return range();
  const stake = plainDecimalOf(text, token.amountDp);
  if (!stake) return refuse('amount', 'flip.amountInvalid', { n: token.amountDp });
  if (stake.lt(token.minStake) || stake.gt(token.maxStake)) return range();
  const pair = terms.pairs.find((candidate) => candidate.symbol === upper(input.symbol));
  if (!pair?.enabled) return refuse('symbol', 'flip.pairUnavailable');
  const duration = secondsOf(input.duration);
  if (duration === undefined || !terms.durations.includes(duration)) {
    return refuse('duration', 'flip.durationUnsupported');
  }
  const rate = pair.payoutRates[String(duration)];
  if (rate === undefined) return refuse('duration', 'flip.rateNotConfigured');
  const payoutRate = new Decimal(rate);
  // The operator changed the rate since the player's screen showed it: they bet on what they saw.
  if (input.payoutRate !== undefined && !sameRate(input.payoutRate, payoutRate)) {
    return refuse('duration', 'flip.rateChanged', { rate: `${payoutRate.mul(100).toFixed()}%` }, 'conflict');
  }
  const profit = flipProfit(stake, payoutRate, token.amountDp);
  // A win that pays nothing is no bet: the smallest stake that wins one unit is named.
  if (!profit.gt(0)) {
    return refuse('amount', 'flip.stakeTooSmall', {
      min: leastWinningStake(payoutRate, token.amountDp).toFixed(),
      token: token.token,
    });
  }
  if (context.openCount !== undefined && context.openCount >= terms.maxOpenPositions) {
    // About the press, not the stake: said by Up / Down.
    return refuse('direction', 'flip.tooManyOpen', { max: terms.maxOpenPositions }, 'conflict');
  }
  if (context.available !== undefined && new Decimal(context.available).lt(stake)) {
    return refuse('amount', 'errors.insufficientBalance', undefined, 'insufficient_balance');
  }
  return {
    ok: true,
    order: { symbol: pair.symbol, direction, token: token.token, stake, duration, payoutRate, profit },
  };
}

/**
 * The smallest stake whose win pays at least one unit of the token at `rate`: below it a win pays
 * nothing. Players are told it (flip.stakeTooSmall); operators cannot set a minimum stake below it.
 */
export function leastWinningStake(rate: Num, amountDp: number): Decimal {
  const unit = new Decimal(1).div(new Decimal(10).pow(amountDp));
  return unit.div(rate).toDecimalPlaces(amountDp, Decimal.ROUND_UP);
}

/** What a win pays on top of the stake: stake × rate, rounded down to the token's decimals. */
export function flipProfit(stake: Num, rate: Num, amountDp: number): Decimal {
  return new Decimal(stake).mul(rate).toDecimalPlaces(amountDp, Decimal.ROUND_DOWN);
}

/** The result at a close price (none: no price near expiry, a refund). */
export function flipResult(direction: FlipDirection, open: Num, close: Num | undefined): FlipResult {
  if (close === undefined) return 'no_price';
  const move = new Decimal(close).cmp(open);
  if (move === 0) return 'tie';
  return move > 0 === (direction === 'up') ? 'won' : 'lost';
}

/** Where an open flip stands at the mark now: what it would be if it expired at this price. */
export function flipStanding(direction: FlipDirection, open: Num, mark: Num): 'winning' | 'losing' | 'even' {
  const result = flipResult(direction, open, mark);
  return result === 'won' ? 'winning' : result === 'lost' ? 'losing' : 'even';
}

/** The realized P&L of a result: +profit for a win, −stake for a loss, 0 for a refund. */
export function flipPnl(result: FlipResult, stake: Num, profit: Num): Decimal {
  if (result === 'won') return new Decimal(profit);
  if (result === 'lost') return new Decimal(stake).neg();
  return new Decimal(0);
}

/** The ledger's scale: a cap is never finer than what the ledger can pay. */
const LEDGER_DP = 18;

/**
 * The most one of a flip's reward events (its bet, then its profit or loss) may pay in invite rewards
 * in all: a quarter of what a hedge loses. An up and a down flip of one stake, opened together, lose
 * stake − profit between them whatever the price does; their four events then pay at most that back,
 * so hedged flips farm nothing. A payout of 100 % or more leaves the house no edge: no rewards.
 */
export function flipRewardCap(stake: Num, profit: Num): Decimal {
  const edge = new Decimal(stake).sub(profit);
  return edge.gt(0) ? edge.div(4).toDecimalPlaces(LEDGER_DP, Decimal.ROUND_DOWN) : new Decimal(0);
}

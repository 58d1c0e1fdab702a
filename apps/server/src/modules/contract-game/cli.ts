// `npm run admin -- game:pairs|game:pair|game:positions|game:close|game:exposure`: the contract game's
// pair terms (shown, and changed within the bounds of the admin route's own schema), its positions
// (all, or one user's; open or closed), an operator's close at the last price, and what open
// positions could win against the vault. Calls of /api/admin/game/*; loaded by commands.ts.
import type { z } from 'zod';
import {
  adminGamePairBody,
  type adminPositionPage,
  type AdminGamePairBody,
  type gameExposure,
  type GamePair,
  type Position,
} from '@tradeflip/api';
import { isMessageKey, translate } from '@tradeflip/i18n';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

type AdminPositions = z.infer<typeof adminPositionPage>;
type Exposure = z.infer<typeof gameExposure>;

function positionsTable(list: (Position & { email?: string })[]): string {
  if (list.length === 0) return 'No positions.';
  return table([
    ['ID', 'ORDER', 'USER', 'PAIR', 'SIDE', 'MARGIN', 'LEV', 'ENTRY', 'STATUS', 'PNL', 'CLOSED BY'],
    ...list.map((row) => [
      row.id,
      row.orderNo,
      row.email ?? '-',
      row.symbol,
      row.side,
      row.margin,
      `${row.leverage}x`,
      row.entryPrice,
      row.status,
      row.pnl ?? '-',
      row.closeReason ?? '-',
    ]),
  ]);
}

const gamePositions = defineCommand({
  name: 'game:positions',
  usage: 'game:positions [--open|--closed] [--email E] [--page N]',
  summary: "Contract-game positions, newest first: every user's or one user's, open or closed",
  options: {
    open: { type: 'boolean' },
    closed: { type: 'boolean' },
    email: { type: 'string' },
    page: { type: 'string' },
  },
  async run(api, { values }) {
    if (values.open && values.closed) throw new CliError('--open or --closed, not both');
    const query = new URLSearchParams({ pageSize: '50', page: values.page ?? '1' });
    if (values.open) query.set('status', 'open');
    if (values.closed) query.set('status', 'closed');
    if (values.email) query.set('email', values.email);
    const page = await api.call<AdminPositions>('GET', `/api/admin/game/positions?${query}`);
    return `${positionsTable(page.list)}\n${page.total} position(s)`;
  },
});

const gameClose = defineCommand({
  name: 'game:close',
  usage: 'game:close ID',
  summary: 'Close a position at the last price, as the operator',
  positionals: 1,
  async run(api, { positionals: [id] }) {
    if (!/^\d+$/.test(id ?? '')) throw new CliError('ID is a position id (a whole number)');
    return positionsTable([await api.call<Position>('POST', '/api/admin/game/close', { id })]);
  },
});

const gameExposureCommand = defineCommand({
  name: 'game:exposure',
  usage: 'game:exposure',
  summary: 'Per margin token: open positions, their margins, the most they could win, and the vault',
  async run(api) {
    const { list } = await api.call<Exposure>('GET', '/api/admin/game/exposure');
    if (list.length === 0) return 'No open positions.';
    return table([
      ['TOKEN', 'OPEN', 'MARGIN', 'MOST THEY COULD WIN', 'VAULT'],
      ...list.map((row) => [row.token, String(row.open), row.margin, row.maxProfit, row.vault]),
    ]);
  },
});

function pairsTable(list: GamePair[]): string {
  return table([
    [
      'PAIR',
      'TOKEN',
      'MAX LEV',
      'OPEN FEE',
      'CLOSE FEE',
      'FUNDING',
      'EVERY',
      'MMR',
      'MARGIN',
      'CAP',
      'ENABLED',
    ],
    ...list.map((row) => [
      row.symbol,
      row.marginToken,
      `${row.maxLeverage}x`,
      row.openFeeRate,
      row.closeFeeRate,
      row.fundingRate,
      `${row.fundingIntervalSeconds} s`,
      row.mmr,
      `${row.minMargin}..${row.maxMargin}`,
      `${row.profitCapMultiple}x`,
      row.enabled ? 'yes' : 'no (reduce-only)',
    ]),
  ]);
}

const gamePairs = defineCommand({
  name: 'game:pairs',
  usage: 'game:pairs',
  summary: "Each pair's game terms: leverage, fee and funding rates, maintenance, margins, profit cap",
  async run(api) {
    return pairsTable((await api.call<{ list: GamePair[] }>('GET', '/api/admin/game/pairs')).list);
  },
});

/** Command-line options and the body fields they set. */
const termOptions = {
  'max-leverage': 'maxLeverage',
  'open-fee': 'openFeeRate',
  'close-fee': 'closeFeeRate',
  funding: 'fundingRate',
  'funding-interval': 'fundingIntervalSeconds',
  mmr: 'mmr',
  'min-margin': 'minMargin',
  'max-margin': 'maxMargin',
  'profit-cap': 'profitCapMultiple',
} as const;
const whole = new Set(['maxLeverage', 'fundingIntervalSeconds']);

const gamePair = defineCommand({
  name: 'game:pair',
  usage:
    'game:pair PAIR [--max-leverage N] [--open-fee RATE] [--close-fee RATE] [--funding RATE] ' +
    '[--funding-interval SECONDS] [--mmr RATE] [--min-margin A] [--max-margin A] [--profit-cap X] ' +
    '[--enable|--disable]',
  summary:
    "Change a pair's game terms for new positions (rates are fractions: 0.0005 = 0.05 %); --disable stops new opens only",
  options: {
    ...(Object.fromEntries(Object.keys(termOptions).map((name) => [name, { type: 'string' }])) as Record<
      keyof typeof termOptions,
      { type: 'string' }
    >),
    enable: { type: 'boolean' },
    disable: { type: 'boolean' },
  },
  positionals: 1,
  async run(api, { values, positionals: [symbol] }) {
    if (values.enable && values.disable) throw new CliError('--enable or --disable, not both');
    const body: Record<string, unknown> = { symbol };
    for (const [option, field] of Object.entries(termOptions)) {
      const value = values[option as keyof typeof termOptions];
      if (value === undefined) continue;
      body[field] = whole.has(field) && /^\d+$/.test(value) ? Number(value) : value;
    }
    if (values.enable) body.enabled = true;
    if (values.disable) body.enabled = false;
    // The admin route's schema, so the command refuses what the route would, before calling it.
    const checked = adminGamePairBody.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = issue.path.join('.');
      const option = Object.entries(termOptions).find(([, name]) => name === field)?.[0] ?? field;
      throw new CliError(
        isMessageKey(issue.message)
          ? translate('en-US', issue.message, { field: `--${option}` })
          : `--${option}: ${issue.message}`,
      );
    }
    const { list } = await api.call<{ list: GamePair[] }>(
      'POST',
      '/api/admin/game/pairs',
      checked.data satisfies AdminGamePairBody,
    );
    return pairsTable(list.filter((row) => row.symbol === symbol!.toUpperCase()));
  },
});

export const gameCommands: AdminCommand[] = [
  gamePairs,
  gamePair,
  gamePositions,
  gameClose,
  gameExposureCommand,
];

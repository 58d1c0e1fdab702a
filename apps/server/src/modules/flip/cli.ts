// `npm run admin -- flip:config|flip:positions|flip:exposure`: Lightning Flip's terms (shown, and
// changed within the bounds of the admin route's own schema), its flips (all, or one user's; open or
// settled) and what open flips could win against the vault. Calls of /api/admin/flip/* and
// /api/app/flip/config; loaded by commands.ts.
import type { z } from 'zod';
import {
  adminFlipConfigBody,
  type adminFlipPage,
  type FlipConfig,
  type FlipPosition,
  type flipExposure,
} from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

type AdminFlips = z.infer<typeof adminFlipPage>;
type Exposure = z.infer<typeof flipExposure>;

function configReport(config: FlipConfig): string {
  const durations = config.durations;
  const settings = `Open flips per user: ${config.maxOpenPositions}; settlement tolerance: ${config.toleranceSeconds} s`;
  const tokens = table([
    ['TOKEN', 'MIN STAKE', 'MAX STAKE', 'ENABLED'],
    ...config.tokens.map((row) => [row.token, row.minStake, row.maxStake, row.enabled ? 'yes' : 'no']),
  ]);
  const pairs = table([
    ['PAIR', 'ENABLED', ...durations.map((seconds) => `${seconds}s`)],
    ...config.pairs.map((pair) => [
      pair.symbol,
      pair.enabled ? 'yes' : 'no',
      ...durations.map((seconds) => pair.payoutRates[String(seconds)] ?? '-'),
    ]),
  ]);
  return `${settings}\n\n${tokens}\n\n${pairs}`;
}

const flipConfig = defineCommand({
  name: 'flip:config',
  usage:
    'flip:config [--max-open N] [--tolerance S] [--token T --min A --max B [--off]] [--pair P [--off]] [--duration S [--off]] [--rate P:S:R]',
  summary: 'Show or change the flip terms (new flips only): limits, a bet token, a pair, a duration, a rate',
  options: {
    'max-open': { type: 'string' },
    tolerance: { type: 'string' },
    token: { type: 'string' },
    min: { type: 'string' },
    max: { type: 'string' },
    pair: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    off: { type: 'boolean' },
  },
  async run(api, { values }) {
    const enabled = !values.off;
    const whole = (text: string | undefined) => (text === undefined ? undefined : Number(text));
    const [rateSymbol, rateSeconds, payoutRate] = values.rate?.split(':') ?? [];
    const body = {
      ...(values['max-open'] !== undefined && { maxOpenPositions: whole(values['max-open']) }),
      ...(values.tolerance !== undefined && { toleranceSeconds: whole(values.tolerance) }),
      ...(values.token !== undefined && {
        token: { token: values.token, minStake: values.min, maxStake: values.max, enabled },
      }),
      ...(values.pair !== undefined && { pair: { symbol: values.pair, enabled } }),
      ...(values.duration !== undefined && { duration: { seconds: whole(values.duration), enabled } }),
      ...(values.rate !== undefined && {
        rate: { symbol: rateSymbol, seconds: whole(rateSeconds), payoutRate },
      }),
    };
    if (Object.keys(body).length === 0) {
      return configReport(await api.call<FlipConfig>('GET', '/api/app/flip/config'));
    }
    const parsed = adminFlipConfigBody.safeParse(body);
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
      );
    }
    return configReport(await api.call<FlipConfig>('POST', '/api/admin/flip/config', parsed.data));
  },
});

function flipsTable(list: (FlipPosition & { email?: string })[]): string {
  if (list.length === 0) return 'No flips.';
  return table([
    [
      'ID',
      'ORDER',
      'USER',
      'PAIR',
      'DIR',
      'STAKE',
      'SECS',
      'RATE',
      'OPEN',
      'CLOSE',
      'STATUS',
      'RESULT',
      'PNL',
    ],
    ...list.map((row) => [
      row.id,
      row.orderNo,
      row.email ?? '-',
      row.symbol,
      row.direction,
      `${row.stake} ${row.token}`,
      String(row.durationSeconds),
      row.payoutRate,
      row.openPrice,
      row.closePrice ?? '-',
      row.status,
      row.result ?? '-',
      row.realizedPnl ?? '-',
    ]),
  ]);
}

const flipPositions = defineCommand({
  name: 'flip:positions',
  usage: 'flip:positions [--open|--settled] [--email E] [--page N]',
  summary: "Lightning Flip's flips, newest first: every user's or one user's, open or settled",
  options: {
    open: { type: 'boolean' },
    settled: { type: 'boolean' },
    email: { type: 'string' },
    page: { type: 'string' },
  },
  async run(api, { values }) {
    if (values.open && values.settled) throw new CliError('--open or --settled, not both');
    const query = new URLSearchParams({ pageSize: '50', page: values.page ?? '1' });
    if (values.open) query.set('status', 'open');
    if (values.settled) query.set('status', 'closed');
    if (values.email) query.set('email', values.email);
    const page = await api.call<AdminFlips>('GET', `/api/admin/flip/positions?${query}`);
    return `${flipsTable(page.list)}\n${page.total} flip(s)`;
  },
});

export const flipExposureCommand = defineCommand({
  name: 'flip:exposure',
  usage: 'flip:exposure',
  summary: 'Per bet token: open flips and the most they could win from the vault',
  async run(api) {
    const { list } = await api.call<Exposure>('GET', '/api/admin/flip/exposure');
    if (list.length === 0) return 'No open flips.';
    return table([
      ['TOKEN', 'OPEN', 'MOST THEY COULD WIN'],
      ...list.map((row) => [row.token, String(row.open), row.owed]),
    ]);
  },
});

export const flipCommands: AdminCommand[] = [flipConfig, flipPositions, flipExposureCommand];

// `npm run admin -- market:status|market:price|market:pair`: the market feed per pair, pinning a
// simulated price (demos and scripted game tests), and the pairs' availability and order, as calls of
// /api/admin/market/*. Loaded by cli/commands.ts (which registers them).
import type { z } from 'zod';
import type { marketStatus } from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

type MarketStatus = z.infer<typeof marketStatus>;

function statusTable({ list }: MarketStatus): string {
  return table([
    ['PAIR', 'ENABLED', 'ORDER', 'FEED', 'PRICE', 'MARK', 'LAST TICK', 'STALE', 'PINNED'],
    ...list.map((row) => [
      row.symbol,
      row.enabled ? 'yes' : 'no',
      String(row.sort),
      row.feed,
      row.price ?? '-',
      row.mark ?? '-',
      row.lastTickAgeMs === null ? 'never' : `${(row.lastTickAgeMs / 1000).toFixed(1)} s ago`,
      row.stale ? 'STALE' : 'no',
      row.pinned ? 'yes' : 'no',
    ]),
  ]);
}

const marketStatusCommand = defineCommand({
  name: 'market:status',
  usage: 'market:status',
  summary: 'Each pair: feed, last price, mark price, age of the last tick, stale or not, pinned or not',
  async run(api) {
    return statusTable(await api.call<MarketStatus>('GET', '/api/admin/market/status'));
  },
});

const marketPrice = defineCommand({
  name: 'market:price',
  usage: 'market:price PAIR PRICE',
  summary: "Pin a pair's simulated price: every tick is then exactly it (market:release to walk again)",
  positionals: 2,
  async run(api, { positionals: [symbol, price] }) {
    return statusTable(await api.call<MarketStatus>('POST', '/api/admin/market/price', { symbol, price }));
  },
});

const marketRelease = defineCommand({
  name: 'market:release',
  usage: 'market:release PAIR',
  summary: 'Let a pinned pair walk on from its pinned price',
  positionals: 1,
  async run(api, { positionals: [symbol] }) {
    return statusTable(await api.call<MarketStatus>('POST', '/api/admin/market/price', { symbol }));
  },
});

const marketPair = defineCommand({
  name: 'market:pair',
  usage: 'market:pair PAIR [--enable|--disable] [--order N]',
  summary: 'Enable or disable a pair, or set its place in the list',
  options: { enable: { type: 'boolean' }, disable: { type: 'boolean' }, order: { type: 'string' } },
  positionals: 1,
  async run(api, { values, positionals }) {
    if (values.enable && values.disable) throw new CliError('--enable or --disable, not both');
    const sort = values.order === undefined ? undefined : Number(values.order);
    if (sort !== undefined && !Number.isInteger(sort)) throw new CliError('--order takes a whole number');
    return statusTable(
      await api.call<MarketStatus>('POST', '/api/admin/market/pairs', {
        symbol: positionals[0],
        ...(values.enable && { enabled: true }),
        ...(values.disable && { enabled: false }),
        ...(sort !== undefined && { sort }),
      }),
    );
  },
});

export const marketCommands: AdminCommand[] = [marketStatusCommand, marketPrice, marketRelease, marketPair];

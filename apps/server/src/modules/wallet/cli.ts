// `npm run admin -- balance:adjust|airdrop|vault:fund|hot-wallet:fund|house:show`: an operator's money
// moves (a user's balance, airdrops, the vaults, the hot wallets' funding) and the house accounts, as
// calls of /api/admin/balances/adjust, /api/admin/airdrop, /api/admin/vault/fund,
// /api/admin/hot-wallet/fund and /api/admin/house. Loaded by cli/commands.ts (which
// registers them).
import fs from 'node:fs';
import type {
  AdminAdjustBody,
  AdminAdjustResult,
  AdminAirdropBody,
  AdminAirdropResult,
  AdminHotWalletFundBody,
  AdminHotWalletFundResult,
  AdminVaultFundBody,
  AdminVaultFundResult,
  HouseAccountList,
} from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

const balanceAdjust = defineCommand({
  name: 'balance:adjust',
  usage: 'balance:adjust EMAIL TOKEN AMOUNT --reason TEXT',
  summary: "Add to (or, negative, take from) a user's available balance; never below zero",
  movesMoney: true,
  options: { reason: { type: 'string' } },
  required: ['reason'],
  positionals: 3,
  async run(api, { values: options, positionals: [email, token, amount] }) {
    const result = await api.call<AdminAdjustResult>('POST', '/api/admin/balances/adjust', {
      email,
      token,
      amount,
      reason: options.reason,
    } satisfies AdminAdjustBody);
    return (
      `Adjusted ${result.email} ${result.token} by ${result.amount} (movement ${result.movementId}): ` +
      `available ${result.available}, frozen ${result.frozen}.`
    );
  },
});

/** One email per line; blank lines and lines starting with # are skipped. */
export function readEmailFile(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const emails = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (emails.length === 0) throw new CliError(`${file} lists no emails`);
  return emails;
}

const airdrop = defineCommand({
  name: 'airdrop',
  usage: 'airdrop TOKEN AMOUNT --emails FILE|--all [--memo TEXT]',
  summary: 'Give AMOUNT to each email in FILE (one per line), or to every active user',
  movesMoney: true,
  options: { emails: { type: 'string' }, all: { type: 'boolean' }, memo: { type: 'string' } },
  positionals: 2,
  async run(api, { values: options, positionals: [token, amount] }) {
    if (Boolean(options.emails) === Boolean(options.all)) {
      throw new CliError(`either --emails FILE or --all\nusage: ${this.usage}`);
    }
    const result = await api.call<AdminAirdropResult>('POST', '/api/admin/airdrop', {
      token,
      amount,
      ...(options.all ? { all: true as const } : { emails: readEmailFile(options.emails!) }),
      ...(options.memo ? { memo: options.memo } : {}),
    } satisfies AdminAirdropBody);
    return (
      `Airdropped ${result.amount} ${result.token} to ${result.users} user(s), ${result.total} ${result.token} ` +
      `in all (airdrop ${result.airdropId || '-'}).`
    );
  },
});

const vaultFund = defineCommand({
  name: 'vault:fund',
  usage: 'vault:fund TOKEN AMOUNT [--memo TEXT]',
  summary: "Move AMOUNT from the operator's equity into the token's vault (negative: back)",
  movesMoney: true,
  options: { memo: { type: 'string' } },
  positionals: 2,
  async run(api, { values: options, positionals: [token, amount] }) {
    const result = await api.call<AdminVaultFundResult>('POST', '/api/admin/vault/fund', {
      token,
      amount,
      ...(options.memo ? { memo: options.memo } : {}),
    } satisfies AdminVaultFundBody);
    return `The ${result.vault.token} vault holds ${result.vault.available} (movement ${result.movementId}).`;
  },
});

const hotWalletFund = defineCommand({
  name: 'hot-wallet:fund',
  usage: 'hot-wallet:fund NETWORK TOKEN AMOUNT --memo TEXT',
  summary:
    "Book tokens you sent to a network's hot wallet (negative: took out), so the audit's chain check holds",
  movesMoney: true,
  options: { memo: { type: 'string' } },
  required: ['memo'],
  positionals: 3,
  async run(api, { values: options, positionals: [network, token, amount] }) {
    const result = await api.call<AdminHotWalletFundResult>('POST', '/api/admin/hot-wallet/fund', {
      network: network!,
      token: token!,
      amount: amount!,
      memo: options.memo,
    } satisfies AdminHotWalletFundBody);
    return `The ledger's ${result.chain.token} chain account on ${result.chain.network} now says ${result.chain.available} (movement ${result.movementId}).`;
  },
});

/** `house:show`, followed by the reports of `sections` (other modules' commands, e.g. the game's exposure). */
export const houseShow = (sections: { title: string; command: AdminCommand }[]) =>
  defineCommand({
    name: 'house:show',
    usage: 'house:show',
    summary: 'Balances of the house accounts: vaults, chain accounts and equity',
    async run(api) {
      const { list } = await api.call<HouseAccountList>('GET', '/api/admin/house');
      if (list.length === 0) return 'No house account has moved money yet.';
      const house = table([
        ['TOKEN', 'ACCOUNT', 'BALANCE'],
        ...list.map((row) => [
          row.token,
          row.network ? `${row.kind}:${row.network}` : row.kind,
          row.available,
        ]),
      ]);
      const reports = [house];
      for (const { title, command } of sections) reports.push(`${title}:\n${await command.run(api, [])}`);
      return reports.join('\n\n');
    },
  });

export const walletCommands: AdminCommand[] = [balanceAdjust, airdrop, vaultFund, hotWalletFund];

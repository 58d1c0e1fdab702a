// Commands of `npm run admin`. Each one is a call of the admin API, so it works the same on the
// running server (over HTTP) and on a database opened by the CLI itself (in process). Each module
// keeps its commands (modules/<m>/cli.ts); to add a command: add an /api/admin route, then an entry
// in its module's list.
import type { AdminCommand } from './command-kit';
import { accountCommands } from '../modules/account/cli';
import { chainCommands } from '../modules/deposit/cli';
import { ledgerCommands } from '../modules/ledger/cli';
import { marketCommands } from '../modules/market/cli';
import { houseShow, walletCommands } from '../modules/wallet/cli';
import { withdrawCommands } from '../modules/withdraw/cli';
import { gameCommands } from '../modules/contract-game/cli';
import { flipCommands, flipExposureCommand } from '../modules/flip/cli';
import { inviteCommands } from '../modules/invite/cli';
import { vipCommands } from '../modules/vip/cli';
import { feedbackCommands } from '../modules/feedback/cli';

export { CliError, table, type AdminApi, type AdminCommand } from './command-kit';

const gameExposure = gameCommands.find((command) => command.name === 'game:exposure')!;

export const commands: AdminCommand[] = [
  ...accountCommands,
  ...walletCommands,
  // The vault against what the games' open positions could win from it.
  houseShow([
    { title: 'Contract game exposure', command: gameExposure },
    { title: 'Lightning Flip exposure', command: flipExposureCommand },
  ]),
  ...ledgerCommands,
  ...withdrawCommands,
  ...chainCommands,
  ...marketCommands,
  ...gameCommands,
  ...flipCommands,
  ...inviteCommands,
  ...vipCommands,
  ...feedbackCommands,
];

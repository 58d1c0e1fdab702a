// What the contract game's parts are built with (service.ts builds them).
import type { Clock } from '../../clock';
import type { CrashPoint } from '../../config';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GameEvents } from '../game-events/service';
import type { LedgerService } from '../ledger/service';
import type { MarketService } from '../market/service';
import type { TokenRegistry } from '../token/registry';

export interface GameServiceDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  tokens: TokenRegistry;
  accounts: AccountService;
  market: MarketService;
  /** The share of the vault's free balance one position's profit cap may take (e.g. 0.1). */
  vaultShare: string;
  /** Where each play's bet, profit or loss is recorded (turnover, invite rewards). */
  events: GameEvents;
  /** Tests only: the settlement step where the process is killed. */
  crashAt?: CrashPoint | undefined;
}

// What the contract game's parts are built with (service.ts builds them).
import type { Clock } from '../../clock';
import type { CrashPoint } from '../../config';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GameEvents } from '../game-events/service';
import type { LedgerService } from '../ledger/service';
import type { MarketService } from '../market/service';
import type { PositionRow } from './repository';
import type { TokenRegistry } from '../token/registry';

/** A position the engine or an operator closed, as its after-commit listener hears of it. */
export type ClosedPosition = Pick<
  PositionRow,
  'id' | 'userId' | 'symbol' | 'side' | 'closePrice' | 'closeReason'
>;

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
  /**
   * Told, after the commit, of the positions the engine or an operator closed (liquidation, TP, SL,
   * operator): Web Push tells their owners' devices. Never blocks or fails the settlement.
   */
  onClosed?: ((closed: ClosedPosition[]) => void) | undefined;
  /** Tests only: the settlement step where the process is killed. */
  crashAt?: CrashPoint | undefined;
}

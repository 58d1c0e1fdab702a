// The contract game (DESIGN §7, issue 11): a leveraged perpetual against the house vault. This class
// is the game's one door for routes, the engine and the CLI; each job is a file of its own:
// pairs.ts (the pairs' terms), opening.ts (open, take-profit / stop-loss), settlement.ts (closes,
// funding), operations.ts (operators' actions), views.ts (what players read).
import type {
  CloseReason,
  GamePair,
  OpenPositionBody,
  Position,
  PositionDetail,
  WsChannelEvent,
} from '@tradeflip/api';
import type { Decimal } from '@tradeflip/money';
import { POSITIONS_CHANNEL } from '../../db/notifications';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import type { GameServiceDeps } from './deps';
import { GameOperations } from './operations';
import { Opening } from './opening';
import { GamePairs } from './pairs';
import type * as repo from './repository';
import { Settlement } from './settlement';
import { capPrice, PositionViews, positionNotice, type OpenSummary } from './views';

export { POSITIONS_CHANNEL, type GameServiceDeps };

export class GameService {
  private readonly pairTerms: GamePairs;
  private readonly views: PositionViews;
  private readonly opening: Opening;
  private readonly settlement: Settlement;
  private readonly operations: GameOperations;

  constructor(deps: GameServiceDeps) {
    this.pairTerms = new GamePairs(deps);
    this.views = new PositionViews(deps);
    this.opening = new Opening(deps, this.pairTerms, this.views);
    this.settlement = new Settlement(deps, this.views);
    this.operations = new GameOperations(deps, this.settlement, this.views);
  }

  // ---- Pairs ----

  pairs(): Promise<{ list: GamePair[] }> {
    return this.pairTerms.pairs();
  }

  updatePair(...args: Parameters<GamePairs['updatePair']>): Promise<{ list: GamePair[] }> {
    return this.pairTerms.updatePair(...args);
  }

  // ---- A player's orders ----

  /** POST /api/app/game/open. */
  open(userId: number, body: OpenPositionBody, record?: IdempotencyRecord): Promise<Position> {
    return this.opening.open(userId, body, record);
  }

  /** POST /api/app/game/tpsl: sets (a price) or clears (null) the targets of an open position. */
  setTargets(...args: Parameters<Opening['setTargets']>): Promise<Position> {
    return this.opening.setTargets(...args);
  }

  /** POST /api/app/game/close: at the market's last price (kept), after the app's confirm. */
  close(userId: number, id: number, record?: IdempotencyRecord): Promise<Position> {
    return this.settlement.close(userId, id, record);
  }

  // ---- Settlement and funding (the engine) ----

  settle(
    id: number,
    tick: { symbol: string; price: string; time: number },
    reason: CloseReason,
  ): Promise<boolean> {
    return this.settlement.settle(id, tick, reason);
  }

  settleMany(
    tick: { symbol: string; price: string; time: number },
    crossed: { id: number; reason: CloseReason }[],
  ): Promise<number> {
    return this.settlement.settleMany(tick, crossed);
  }

  chargeFunding(id: number): Promise<repo.PositionRow | undefined> {
    return this.settlement.chargeFunding(id);
  }

  // ---- Operators ----

  /** An operator closes a position at the market's last price (`game:close ID`). */
  operatorClose(id: number): Promise<Position> {
    return this.operations.operatorClose(id);
  }

  adminPositions(...args: Parameters<GameOperations['adminPositions']>) {
    return this.operations.adminPositions(...args);
  }

  /** The vault against what open positions could win (house:show). */
  exposure() {
    return this.operations.exposure();
  }

  // ---- Reading ----

  list(...args: Parameters<PositionViews['list']>) {
    return this.views.list(...args);
  }

  openSummary(userId: number): Promise<OpenSummary> {
    return this.views.openSummary(userId);
  }

  detail(userId: number, id: number): Promise<PositionDetail> {
    return this.views.detail(userId, id);
  }

  view(row: repo.PositionRow): Promise<Position> {
    return this.views.view(row);
  }

  /** What the user channel says of a position the database notified about (its payload says all). */
  static notice(payload: string): { userId: number; message: WsChannelEvent } | undefined {
    return positionNotice(payload);
  }

  /** The price at which the profit cap closes a position (as take-profit), or null. */
  static capPrice(row: repo.PositionRow): Decimal | null {
    return capPrice(row);
  }
}

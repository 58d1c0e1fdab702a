// Operators' actions on positions: closing one, the list of every user's, the vaults' exposure.
import type { Position } from '@tradeflip/api';
import { AppError } from '../../errors';
import { vaultAccount } from '../ledger/accounts';
import type { GameServiceDeps } from './deps';
import * as repo from './repository';
import type { Settlement } from './settlement';
import type { PositionViews } from './views';
import { pageOf, pageRows } from '../../db/page';

export class GameOperations {
  constructor(
    private readonly deps: GameServiceDeps,
    private readonly settlement: Settlement,
    private readonly views: PositionViews,
  ) {}

  /** An operator closes a position at the market's last price (`game:close ID`). */
  async operatorClose(id: number): Promise<Position> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, id);
      if (!row) throw new AppError(404, 'not_found', 'game.positionNotFound');
      if (row.status !== 'open') throw new AppError(409, 'conflict', 'game.positionClosed');
      const tick = await this.deps.market.settlementTick(row.symbol, tx);
      const [closed] = await this.settlement.settleLocked(tx, [{ row, reason: 'operator' }], tick);
      return this.views.view(closed!, tx);
    });
  }

  async adminPositions(query: {
    status?: 'open' | 'closed' | undefined;
    email?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    // The e-mail filter and column come from the account module, the owner of users.
    const { rows, total } = await this.deps.accounts.ownedRows(query.email?.toLowerCase(), (userId) =>
      repo.allPositions(this.deps.db, { status: query.status, userId, ...pageRows(query) }),
    );
    return pageOf(
      query,
      await Promise.all(rows.map(async (row) => ({ ...(await this.views.view(row)), email: row.email }))),
      total,
    );
  }

  /** The vault against what open positions could win (house:show). */
  async exposure() {
    const rows = await repo.exposure(this.deps.db);
    return {
      list: await Promise.all(
        rows.map(async (row) => ({
          ...row,
          vault: (await this.deps.ledger.availableIn(vaultAccount(row.token))).toFixed(),
        })),
      ),
    };
  }
}

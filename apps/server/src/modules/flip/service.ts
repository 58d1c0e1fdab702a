// Lightning Flip (DESIGN §8, issue 18): a timed up/down bet against the house vault, settled exactly
// and on time. This class is the game's one door for routes, the settler and the CLI; each job is a
// file of its own: terms.ts (what one can bet), opening.ts (open), settlement.ts (expiry),
// views.ts (what players read).
import type { AdminFlipConfigBody, FlipConfig, FlipDetail, FlipPosition, OpenFlipBody } from '@tradeflip/api';
import { pageOf, pageRows } from '../../db/page';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import type { FlipDeps } from './deps';
import { FlipOpening } from './opening';
import * as repo from './repository';
import { FlipSettlement } from './settlement';
import { FlipTerms } from './terms';
import { FlipViews } from './views';

export type { FlipDeps };

export class FlipService {
  private readonly terms: FlipTerms;
  private readonly views: FlipViews;
  private readonly opening: FlipOpening;
  private readonly settlement: FlipSettlement;

  constructor(private readonly deps: FlipDeps) {
    this.terms = new FlipTerms(deps);
    this.views = new FlipViews(deps);
    this.opening = new FlipOpening(deps, this.terms, this.views);
    this.settlement = new FlipSettlement(deps, this.terms);
  }

  config(): Promise<FlipConfig> {
    return this.terms.config();
  }

  updateConfig(body: AdminFlipConfigBody): Promise<FlipConfig> {
    return this.terms.update(body);
  }

  /** POST /api/app/flip/open. */
  open(userId: number, body: OpenFlipBody, record?: IdempotencyRecord): Promise<FlipPosition> {
    return this.opening.open(userId, body, record);
  }

  /** Called after each commit of settlements with each flip's expiry and settlement time. */
  onSettled(listener: (flips: { expiresAt: Date; settledAt: Date }[]) => void): () => void {
    this.settlement.settledListeners.add(listener);
    return () => this.settlement.settledListeners.delete(listener);
  }

  /** The settler's pass (settle-job.ts): every flip due now. */
  settleDue(now?: Date): Promise<number> {
    return this.settlement.settleDue(now);
  }

  list(...args: Parameters<FlipViews['list']>) {
    return this.views.list(...args);
  }

  detail(userId: number, id: number): Promise<FlipDetail> {
    return this.views.detail(userId, id);
  }

  openCount(userId: number): Promise<number> {
    return this.views.openCount(userId);
  }

  /** How many of the user's flips are open, and the `limit` soonest to end. */
  openSummary(userId: number, limit: number) {
    return this.views.openSummary(userId, limit);
  }

  /** Every user's flips (or one user's by email), for operators. */
  async adminPositions(query: {
    status?: 'open' | 'closed' | undefined;
    email?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    // The e-mail filter and column come from the account module, the owner of users.
    const { rows, total } = await this.deps.accounts.ownedRows(query.email?.toLowerCase(), (userId) =>
      repo.allFlips(this.deps.db, { status: query.status, userId, ...pageRows(query) }),
    );
    return pageOf(
      query,
      rows.map((row) => ({ ...this.views.view(row), email: row.email })),
      total,
    );
  }

  /** What open flips could win, per token (house:show). */
  exposure() {
    return repo.exposure(this.deps.db);
  }
}

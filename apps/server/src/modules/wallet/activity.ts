// The user's history in their own words (issue 9): the ledger's entries of a token, grouped into
// operations (a withdrawal's freeze with its refund or its sending; a deposit with its reversal), each
// named by how it ended and filtered by a few categories. Read-only over the ledger.
import {
  categoryOfType,
  typesOfCategory,
  type ActivityCategory,
  type ActivityItem,
  type ActivityKind,
  type ActivityState,
  type ActivityStepKind,
  type BusinessType,
} from '@tradeflip/api';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { OperationStepRow } from '../ledger/balances';
import type { LedgerService } from '../ledger/service';
import { positionLines } from '../contract-game/movements';
import { flipLines } from '../flip/movements';
import { pageOf, pageRows } from '../../db/page';

/** Ref types whose entries are one operation. */
export const GROUPED_REF_TYPES = ['withdrawal', 'deposit', 'game_position', 'flip_position'] as const;

/** What a step did, from the cause that wrote it (withdrawal:<id>:<step>, deposit…) or its change. */
function stepKind(step: OperationStepRow): ActivityStepKind {
  const cause = step.causeKey ?? '';
  if (cause.startsWith('withdrawal:')) {
    const last = cause.slice(cause.lastIndexOf(':') + 1);
    if (last === 'freeze') return 'frozen';
    if (last === 'complete') return 'sent';
    return 'refunded'; // reject, fail, cancel
  }
  if (cause.startsWith('deposit-reversal:')) return 'reversed';
  const available = new Decimal(step.availableDelta);
  if (available.gt(0)) return 'credited';
  if (available.lt(0)) return 'debited';
  return new Decimal(step.frozenDelta).gt(0) ? 'frozen' : 'released';
}

function withdrawalOutcome(steps: OperationStepRow[]): { kind: ActivityKind; state: ActivityState } {
  const last = steps.at(-1)?.causeKey ?? '';
  if (last.endsWith(':complete')) return { kind: 'withdrawal', state: 'done' };
  if (last.endsWith(':reject')) return { kind: 'withdrawal_rejected', state: 'refunded' };
  if (last.endsWith(':fail')) return { kind: 'withdrawal_failed', state: 'refunded' };
  if (last.endsWith(':cancel')) return { kind: 'withdrawal_cancelled', state: 'refunded' };
  return { kind: 'withdrawal', state: 'pending' };
}

const kindOfType: Partial<Record<BusinessType, ActivityKind>> = {
  admin_adjust: 'adjustment',
  airdrop: 'airdrop',
  invite_reward: 'invite_reward',
  upline_reward: 'upline_reward',
  default: 'other',
};

export function toActivityItem(token: string, key: string, steps: OperationStepRow[]): ActivityItem {
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const type = first.type as BusinessType;
  const net = (pick: (s: OperationStepRow) => string) =>
    steps.reduce((sum, s) => sum.add(pick(s)), new Decimal(0));
  const availableDelta = net((s) => s.availableDelta);
  const frozenDelta = net((s) => s.frozenDelta);

  let kind: ActivityKind;
  let state: ActivityState = 'done';
  // The size of the operation: what its first step moved (a withdrawal freezes amount + fee).
  let amount = new Decimal(first.availableDelta);
  if (first.refType === 'withdrawal') {
    ({ kind, state } = withdrawalOutcome(steps));
  } else if (first.refType === 'game_position') {
    // A position reads as its detail does: its lines, and the net they add up to (what it moved).
    kind = 'contract_position';
    state = steps.some((s) => s.causeKey?.includes(':close:')) ? 'done' : 'pending';
    amount = availableDelta.add(frozenDelta);
  } else if (first.refType === 'flip_position') {
    kind = 'flip_position';
    const types = new Set(steps.map((s) => s.type));
    state = types.has('flip_refund') ? 'refunded' : steps.length > 1 ? 'done' : 'pending';
    // Settled: what it won or lost. Running or refunded: its stake, as a withdrawal in flight shows.
    if (state === 'done') amount = availableDelta.add(frozenDelta);
  } else if (first.refType === 'deposit') {
    kind = steps.some((s) => s.causeKey?.startsWith('deposit-reversal:')) ? 'deposit_reversed' : 'deposit';
  } else {
    kind = kindOfType[type] ?? (categoryOfType[type] === 'games' ? (type as ActivityKind) : 'other');
    // A lock moves available to frozen: its size is the frozen change.
    if (amount.isZero()) amount = new Decimal(first.frozenDelta);
  }

  // A position's steps are all its entries (grouped by position): its lines are read together.
  const lines =
    first.refType === 'game_position'
      ? positionLines(steps)
      : first.refType === 'flip_position'
        ? flipLines(steps)
        : undefined;
  return {
    id: key,
    token,
    category: categoryOfType[type] ?? 'other',
    kind,
    state,
    amount: plainDecimal(amount),
    availableDelta: plainDecimal(availableDelta),
    frozenDelta: plainDecimal(frozenDelta),
    refType: first.refType,
    refId: first.refId,
    createdAt: first.createdAt.toISOString(),
    updatedAt: last.createdAt.toISOString(),
    steps: steps.map((step, i) => {
      const line = lines?.[i];
      return {
        id: String(step.id),
        kind: line?.kind ?? stepKind(step),
        ...(line && { amount: line.amount }),
        availableDelta: plainDecimal(step.availableDelta),
        frozenDelta: plainDecimal(step.frozenDelta),
        availableAfter: plainDecimal(step.availableAfter),
        frozenAfter: plainDecimal(step.frozenAfter),
        createdAt: step.createdAt.toISOString(),
      };
    }),
  };
}

/** GET /api/app/asset/activity */
export async function userActivity(
  ledger: LedgerService,
  userId: number,
  query: { token: string; category?: ActivityCategory; page: number; pageSize: number },
) {
  const { operations, total } = await ledger.operationsOf({
    userId,
    token: query.token,
    ...(query.category && { types: typesOfCategory(query.category) }),
    groupedRefTypes: GROUPED_REF_TYPES,
    ...pageRows(query),
  });
  return pageOf(
    query,
    operations.map((op) => toActivityItem(query.token, op.key, op.steps)),
    total,
  );
}

// Kept apart from notifications.ts (its zod schemas) so the app's toasts load only this.

/**
 * The app's screen a notice opens (spec §2 routes): the position's or the flip's game page with it
 * open, the deposit's or the withdrawal's record, Invite, Feedback. The app's list and toasts and the
 * server's Web Push open the same one.
 */
export function noticeScreen(notice: { kind: string; params: Record<string, string | undefined> }): string {
  const p = notice.params;
  const q = (value: string | undefined) => encodeURIComponent(value ?? '');
  switch (notice.kind) {
    case 'liquidation':
    case 'take_profit':
    case 'stop_loss':
    case 'operator_close':
      return `/pages/game/detail?id=${q(p.symbol)}&position=${q(p.positionId)}`;
    case 'flip_result':
      return `/pages/flip-lightning/index?id=${q(p.symbol)}&flip=${q(p.flipId)}`;
    case 'deposit_credited':
      return `/pages/wallet/depositDetail?id=${q(p.depositId)}`;
    case 'invite_reward':
      return '/pages/invite/index';
    case 'feedback_reply':
      return '/pages/feedback/index';
    default:
      return `/pages/wallet/withdrawDetail?id=${q(p.withdrawalId)}`;
  }
}

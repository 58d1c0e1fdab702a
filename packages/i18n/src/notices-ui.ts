// Text of the notification centre (issue 32 point 7): each notice's title and sentence by its kind,
// the bell and the centre's page. Apart from ui.ts because the first paint never shows it (the web's
// features/notifications/texts.ts adds it when the bell or a notice loads); the server's Web Push
// speaks the same words. Keep both languages in step (a test compares their keys).
import type { Widen } from './ui';

export const noticesUiEn = {
  noticesUi: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread: 'Notifications, {n} unread',
    readAll: 'Mark all as read',
    none: 'No notifications yet',
    noneHint: 'Liquidations, take-profits, flip results, deposits and withdrawals show here.',
    unread: 'Unread',
    dismiss: 'Dismiss',
    open: 'View',
    /** The side and direction inside a sentence: lower case in English. */
    side: { long: 'long', short: 'short' },
    direction: { up: 'up', down: 'down' },
    kinds: {
      liquidation: {
        title: 'Position liquidated',
        body: 'Your {pair} {side} position was liquidated at {price}.',
      },
      take_profit: {
        title: 'Take-profit filled',
        body: 'Your {pair} {side} position closed at {price} by its take-profit.',
      },
      stop_loss: {
        title: 'Stop-loss filled',
        body: 'Your {pair} {side} position closed at {price} by its stop-loss.',
      },
      operator_close: {
        title: 'Position closed by the operator',
        body: 'Your {pair} {side} position was closed by the operator at {price}.',
      },
      flip_won: { title: 'Flip won', body: 'Your {pair} {direction} flip won {pnl} {token}.' },
      flip_lost: { title: 'Flip lost', body: 'Your {pair} {direction} flip lost {stake} {token}.' },
      flip_tie: {
        title: 'Flip refunded',
        body: 'Your {pair} flip ended at its open price: {stake} {token} came back.',
      },
      flip_no_price: {
        title: 'Flip refunded',
        body: 'Your {pair} flip had no price at expiry: {stake} {token} came back.',
      },
      deposit_credited: { title: 'Deposit credited', body: '{amount} {token} arrived in your balance.' },
      withdrawal_approved: {
        title: 'Withdrawal approved',
        body: 'Your withdrawal of {amount} {token} was approved and is on its way.',
      },
      withdrawal_rejected: {
        title: 'Withdrawal rejected',
        body: 'Your withdrawal of {amount} {token} was rejected: {reason}. The funds are back in your balance.',
      },
      withdrawal_completed: {
        title: 'Withdrawal completed',
        body: '{amount} {token} was sent to your address.',
      },
      withdrawal_failed: {
        title: 'Withdrawal failed',
        body: 'Your withdrawal of {amount} {token} failed: {reason}.',
      },
      invite_reward: { title: 'Reward received', body: 'You earned {amount} {token} in invite rewards.' },
      feedback_reply: { title: 'Feedback answered', body: 'We replied to your feedback.' },
    },
  },
} as const;

export type NoticesUiMessages = Widen<typeof noticesUiEn>;

export const noticesUiZh: NoticesUiMessages = {
  noticesUi: {
    title: '消息通知',
    bell: '消息通知',
    bellUnread: '消息通知，{n} 条未读',
    readAll: '全部已读',
    none: '暂无通知',
    noneHint: '强平、止盈止损、闪电翻转结果、充值和提现的消息会显示在这里。',
    unread: '未读',
    dismiss: '关闭',
    open: '查看',
    side: { long: '做多', short: '做空' },
    direction: { up: '看涨', down: '看跌' },
    kinds: {
      liquidation: { title: '仓位已强平', body: '您的 {pair} {side}仓位已在 {price} 被强制平仓。' },
      take_profit: { title: '止盈已成交', body: '您的 {pair} {side}仓位已在 {price} 止盈平仓。' },
      stop_loss: { title: '止损已成交', body: '您的 {pair} {side}仓位已在 {price} 止损平仓。' },
      operator_close: { title: '仓位已被平台平仓', body: '您的 {pair} {side}仓位已由平台在 {price} 平仓。' },
      flip_won: { title: '闪电翻转获胜', body: '您的 {pair} {direction}翻转获胜，盈利 {pnl} {token}。' },
      flip_lost: { title: '闪电翻转未中', body: '您的 {pair} {direction}翻转未中，亏损 {stake} {token}。' },
      flip_tie: { title: '闪电翻转已退款', body: '您的 {pair} 翻转以开仓价结束，{stake} {token} 已退回。' },
      flip_no_price: {
        title: '闪电翻转已退款',
        body: '您的 {pair} 翻转到期时没有价格，{stake} {token} 已退回。',
      },
      deposit_credited: { title: '充值已到账', body: '{amount} {token} 已存入您的余额。' },
      withdrawal_approved: {
        title: '提现审核通过',
        body: '您提现的 {amount} {token} 已通过审核，正在转出。',
      },
      withdrawal_rejected: {
        title: '提现被拒绝',
        body: '您提现的 {amount} {token} 被拒绝：{reason}。资金已退回您的余额。',
      },
      withdrawal_completed: { title: '提现已完成', body: '{amount} {token} 已转到您的地址。' },
      withdrawal_failed: {
        title: '提现失败',
        body: '您提现的 {amount} {token} 失败：{reason}。',
      },
      invite_reward: { title: '奖励已到账', body: '您获得了 {amount} {token} 邀请奖励。' },
      feedback_reply: { title: '反馈有新回复', body: '我们回复了您的反馈。' },
    },
  },
};

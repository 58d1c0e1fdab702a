// Text of Web Push (issue 32 point 8): the notification centre's switch, its iOS "install first"
// explanation (the pushes speak the notices' own words: notices-ui.ts). Apart from ui.ts because the first pages
// never show it (the switch loads after them). Keep both languages in step (a test compares their keys).
import type { Widen } from './ui';

export const pushUiEn = {
  pushUi: {
    title: 'Notifications on this device',
    description:
      'Liquidations, take-profits, flip results, deposits and withdrawals, even while TradeFlip is closed.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    on: 'On: this device is notified',
    turnedOn: 'Notifications are on for this device',
    turnedOff: 'Notifications are off for this device',
    failed: 'Notifications could not be turned on. Please try again.',
    unsupported: 'This browser cannot show notifications from TradeFlip.',
    denied:
      'Notifications are blocked for TradeFlip. Allow them in the browser’s site settings, then try again.',
    needsInstallTitle: 'Add TradeFlip to your Home Screen first',
    needsInstall:
      'On iPhone and iPad, notifications reach TradeFlip only once it is on the Home Screen (iOS 16.4 or later): in Safari tap Share, then “Add to Home Screen”, open TradeFlip from there and turn notifications on.',
  },
} as const;

export type PushUiMessages = Widen<typeof pushUiEn>;

export const pushUiZh: PushUiMessages = {
  pushUi: {
    title: '本设备通知',
    description: '强平、止盈止损、闪电翻转结果、充值和提现，即使 TradeFlip 已关闭也会通知。',
    turnOn: '开启',
    turnOff: '关闭',
    on: '已开启：本设备会收到通知',
    turnedOn: '本设备已开启通知',
    turnedOff: '本设备已关闭通知',
    failed: '无法开启通知，请重试。',
    unsupported: '此浏览器无法显示 TradeFlip 的通知。',
    denied: 'TradeFlip 的通知已被屏蔽。请在浏览器的网站设置中允许通知后重试。',
    needsInstallTitle: '请先将 TradeFlip 添加到主屏幕',
    needsInstall:
      '在 iPhone 和 iPad 上，只有添加到主屏幕的 TradeFlip 才能收到通知（iOS 16.4 及以上）：在 Safari 中点击“分享”，选择“添加到主屏幕”，然后从主屏幕打开 TradeFlip 并开启通知。',
  },
};

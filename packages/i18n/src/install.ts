// Text of the install-to-home-screen sheet (spec §2). Keep both languages in step.
export const installEn = {
  install: {
    title: 'Install TradeFlip',
    subtitle: 'Add TradeFlip to your home screen: opens full screen, loads faster, one tap away.',
    installNow: 'Install now',
    howToInstall: 'How to install',
    later: 'Later',
    close: 'Close and don’t show again',
    copyLink: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Could not copy. Please copy the address from the address bar.',
    installed: 'TradeFlip was added to your home screen',
    back: 'Back',
    guideTitle: 'Add to Home Screen',
    iosSafari: {
      title: 'iPhone / iPad (Safari)',
      step1: 'Tap the Share button at the bottom of Safari',
      step2: 'Scroll down and tap “Add to Home Screen”',
      step3: 'Tap “Add” in the top-right corner',
    },
    iosOther: {
      title: 'Open in Safari first',
      text: 'On iPhone and iPad, only Safari can add apps to the Home Screen. Copy the link, open it in Safari, then tap Share → Add to Home Screen.',
    },
    desktop: {
      title: 'Chrome / Edge on a computer',
      step1: 'Click the install icon at the right end of the address bar',
      step2: 'Or open the browser menu (⋮ or …) and choose “Install app” / “Install TradeFlip”',
    },
    android: {
      title: 'Android',
      step1: 'Open the browser menu (⋮)',
      step2: 'Choose “Install app” or “Add to Home screen”',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type InstallMessages = Widen<typeof installEn>;

export const installZh: InstallMessages = {
  install: {
    title: '安装 TradeFlip',
    subtitle: '将 TradeFlip 添加到主屏幕：全屏打开，加载更快，一键直达。',
    installNow: '立即安装',
    howToInstall: '如何安装',
    later: '稍后',
    close: '关闭并不再提示',
    copyLink: '复制链接',
    copied: '链接已复制',
    copyFailed: '复制失败，请从地址栏手动复制链接。',
    installed: 'TradeFlip 已添加到主屏幕',
    back: '返回',
    guideTitle: '添加到主屏幕',
    iosSafari: {
      title: 'iPhone / iPad（Safari）',
      step1: '点击 Safari 底部的“分享”按钮',
      step2: '向下滑动，点击“添加到主屏幕”',
      step3: '点击右上角的“添加”',
    },
    iosOther: {
      title: '请先在 Safari 中打开',
      text: '在 iPhone 和 iPad 上，只有 Safari 能将应用添加到主屏幕。复制链接，在 Safari 中打开，然后点击“分享”→“添加到主屏幕”。',
    },
    desktop: {
      title: '电脑上的 Chrome / Edge',
      step1: '点击地址栏右侧的安装图标',
      step2: '或打开浏览器菜单（⋮ 或 …），选择“安装应用”/“安装 TradeFlip”',
    },
    android: {
      title: 'Android',
      step1: '打开浏览器菜单（⋮）',
      step2: '选择“安装应用”或“添加到主屏幕”',
    },
  },
};

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

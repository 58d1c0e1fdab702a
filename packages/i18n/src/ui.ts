// Text of the web app's screens (titles, labels, buttons). Owned by the screens; keep both
// languages in step (a test compares their keys).
export const uiEn = {
  tabs: { home: 'Home', profile: 'Profile' },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type UiMessages = Widen<typeof uiEn>;

export const uiZh: UiMessages = {
  tabs: { home: '首页', profile: '我的' },
};

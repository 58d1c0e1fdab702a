// A row of tabs (role="tablist"): the contract game's positions and history, its chart's
// timeframes, Lightning Flip's open and settled flips. The caller names the row's look (className)
// and each tab's label; the chosen one is marked `is-active`.
import type { ReactNode } from 'react';
import './tabs.css';

interface TabsProps<T extends string> {
  tabs: readonly { value: T; label: ReactNode }[];
  active: T;
  onChange: (value: T) => void;
  className: string;
  /** A class every tab carries besides `is-active` (none by default). */
  tabClassName?: string;
  /** Each tab's test id: the prefix and its value (`positions-tab-open`). */
  testIdPrefix: string;
  label?: string;
  /** A count on one tab (the open ones'), shown while it is known. */
  count?: { tab: T; value: number | undefined; className: string; testId: string };
}

export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  className,
  tabClassName,
  testIdPrefix,
  label,
  count,
}: TabsProps<T>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map(({ value, label: text }) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={value === active}
          className={[tabClassName, value === active && 'is-active'].filter(Boolean).join(' ')}
          data-testid={`${testIdPrefix}${value}`}
          onClick={() => onChange(value)}
        >
          {text}
          {count?.tab === value && count.value !== undefined && (
            <span className={`${count.className} tab-count`} data-testid={count.testId}>
              {count.value}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

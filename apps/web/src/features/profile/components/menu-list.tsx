import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/icons';

export interface MenuItem {
  to: string;
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
  testId?: string;
}

/** A row: where it links, its icon (drawn at the menu's size), its label, test id and what it shows at its end. */
export function menuItem(
  to: string,
  Icon: ComponentType<{ size?: number }>,
  label: string,
  testId: string,
  extra?: ReactNode,
): MenuItem {
  return { to, icon: <Icon size={20} />, label, testId, extra };
}

/** A card of tappable rows, each a real link. */
export function MenuList({ title, items }: { title?: string; items: MenuItem[] }) {
  return (
    <section className="menu">
      {title && <h2 className="menu__title">{title}</h2>}
      <ul className="menu__list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="menu__row" data-testid={item.testId}>
              <span className="menu__icon">{item.icon}</span>
              <span className="menu__label">{item.label}</span>
              {item.extra !== undefined && <span className="menu__extra">{item.extra}</span>}
              <ChevronRightIcon size={18} className="menu__chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

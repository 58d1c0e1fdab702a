// A centred message for pages with nothing to show yet (coming soon, missing parameter, not found).
import type { ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  tone?: 'info' | 'warning';
  testId?: string;
}

export function EmptyState({ icon, title, description, action, tone = 'info', testId }: EmptyStateProps) {
  return (
    <section className={`empty-state empty-state--${tone}`} data-testid={testId} role="status">
      {icon && <div className="empty-state__icon">{icon}</div>}
      <h2 className="empty-state__title">{title}</h2>
      {description && <p className="empty-state__desc">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}

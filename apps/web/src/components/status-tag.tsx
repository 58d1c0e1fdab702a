// A record's status as a small coloured pill (deposit and withdrawal records). Each feature maps its
// statuses to tones so that, within one list, every status has its own colour.
import type { ReactNode } from 'react';
import './status-tag.css';

export type StatusTone = 'green' | 'blue' | 'grey' | 'slate' | 'red' | 'purple' | 'amber' | 'cyan' | 'orange';

interface StatusTagProps {
  tone: StatusTone;
  /** The wire status, kept on the element for tests and styling. */
  status: string;
  children: ReactNode;
  testId?: string;
}

export function StatusTag({ tone, status, children, testId }: StatusTagProps) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-status={status} data-testid={testId}>
      <span className="status-tag__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

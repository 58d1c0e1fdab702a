// Label–value rows of a record's detail. Long values (addresses) can sit under their label at full
// width; a value can carry a copy button.
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import './records.css';

interface DetailRowProps {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Value under the label, full width (addresses). */
  stacked?: boolean;
  /** Monospaced value (hashes, addresses, order numbers). */
  mono?: boolean;
  /** Text the copy button copies; no button without it. */
  copy?: string | null | undefined;
  /** The whole value when the row shows it shortened (a tooltip, and for tests). */
  full?: string | undefined;
}

export function DetailRow({ label, children, testId, stacked, mono, copy, full }: DetailRowProps) {
  return (
    <div className={stacked ? 'detail-list__row detail-list__row--stacked' : 'detail-list__row'}>
      <dt>{label}</dt>
      <dd>
        <span
          className={mono ? 'detail-list__value detail-list__mono' : 'detail-list__value'}
          data-testid={testId}
          title={full}
          data-value={full}
        >
          {children}
        </span>
        {copy && <CopyButton text={copy} label={label} />}
      </dd>
    </div>
  );
}

export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="detail-list" data-testid={testId}>
      {children}
    </dl>
  );
}

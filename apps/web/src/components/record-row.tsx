// One row of a deposit or withdrawal records list: amount and token, network and time (and a detail
// line), its status and an optional note under it. Styled by records.css.
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-time';

interface RecordRowProps {
  /** Prefix of the row's test ids: `<testId>`, `<testId>-amount`, `-network`, `-time`. */
  testId: string;
  /** The record: its id, token, network and time. */
  record: { id: string; token: string; network: string; createdAt: string };
  amount: string;
  /** A line under the network and time (a withdrawal's fee, which its amount includes). */
  detail?: ReactNode;
  status: ReactNode;
  note?: ReactNode;
  onOpen: () => void;
}

export function RecordRow({ testId, record, amount, detail, status, note, onOpen }: RecordRowProps) {
  const { id, token, network, createdAt } = record;
  return (
    <button type="button" className="record-item" onClick={onOpen} data-testid={testId} data-id={id}>
      <span className="record-item__main">
        <span className="record-item__amount" data-testid={`${testId}-amount`}>
          <span>{amount}</span> <small>{token}</small>
        </span>
        <span className="record-item__meta">
          <span data-testid={`${testId}-network`}>{network}</span>
          {' · '}
          <span data-testid={`${testId}-time`}>{formatDateTime(createdAt)}</span>
        </span>
        {detail && (
          <span className="record-item__meta" data-testid={`${testId}-detail`}>
            {detail}
          </span>
        )}
      </span>
      <span className="record-item__side">
        {status}
        {note && <span className="record-item__note">{note}</span>}
      </span>
    </button>
  );
}

// The one label–value list: a record's detail as rows (long values, addresses, can sit under their
// label at full width; a value can carry a copy button), or, as a grid, figures side by side (a
// position's card, an order's preview).
import { createContext, useContext, type ReactNode } from 'react';
import { shortenMiddle } from '@/lib/shorten';
import { CopyButton } from './copy-button';
import './records.css';

/** Columns of a grid list; rows when absent. */
type Grid = 2 | 3 | undefined;
const GridContext = createContext<Grid>(undefined);

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
  /** In a grid, two columns wide (an order number does not fit one at 360 px). */
  wide?: boolean;
  /** More classes for the value (the up/down colour of a signed figure). */
  valueClassName?: string | undefined;
}

export function DetailRow(props: DetailRowProps) {
  const { label, children, testId, stacked, mono, copy, full, wide, valueClassName } = props;
  const grid = useContext(GridContext);
  const rowClass = grid
    ? wide
      ? 'detail-grid__cell detail-grid__cell--wide'
      : 'detail-grid__cell'
    : stacked
      ? 'detail-list__row detail-list__row--stacked'
      : 'detail-list__row';
  const valueClass = ['detail-list__value', mono && 'detail-list__mono', valueClassName]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={rowClass}>
      <dt>{label}</dt>
      <dd>
        <span className={valueClass} data-testid={testId} title={full} data-value={full}>
          {children}
        </span>
        {copy && <CopyButton text={copy} label={label} />}
      </dd>
    </div>
  );
}

/** An on-chain address: under its label, monospaced, with a copy button. */
export function AddressRow({ label, testId, address }: { label: string; testId: string; address: string }) {
  return (
    <DetailRow label={label} testId={testId} stacked mono copy={address}>
      {address}
    </DetailRow>
  );
}

/** A transaction hash, shortened in the middle (the whole one in its title and copy); '--' until sent. */
export function TxHashRow({ label, testId, hash }: { label: string; testId: string; hash: string | null }) {
  return (
    <DetailRow label={label} testId={testId} mono={Boolean(hash)} copy={hash} full={hash ?? undefined}>
      {hash ? shortenMiddle(hash) : '--'}
    </DetailRow>
  );
}

export function DetailList({
  children,
  testId,
  grid,
  className,
}: {
  children: ReactNode;
  testId?: string;
  /** Figures side by side in this many columns. */
  grid?: Grid;
  /** More classes for the list (its margins where it sits). */
  className?: string;
}) {
  const base = grid ? `detail-grid detail-grid--${grid}` : 'detail-list';
  return (
    <GridContext.Provider value={grid}>
      <dl className={className ? `${base} ${className}` : base} data-testid={testId}>
        {children}
      </dl>
    </GridContext.Provider>
  );
}

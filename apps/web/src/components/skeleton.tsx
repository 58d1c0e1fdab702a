// Loading placeholders shaped like what is coming (a logo, a title line, a figure), so the screen keeps
// its layout when the data lands instead of jumping from flat blocks. aria-busy tells assistive tech.
import './skeleton.css';

/** A list of `count` rows like record and asset rows; `avatar` adds the round logo. */
export function SkeletonRows({ count = 4, avatar = false }: { count?: number; avatar?: boolean }) {
  return (
    <ul className="record-list" aria-busy="true" data-testid="skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="record-item skeleton-row">
          {avatar && <span className="skeleton skeleton--circle" />}
          <span className="skeleton-row__main">
            <span className="skeleton skeleton--line" style={{ width: '42%' }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: '64%' }} />
          </span>
          <span className="skeleton-row__side">
            <span className="skeleton skeleton--line" style={{ width: 64 }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: 44 }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A card-sized placeholder (a QR card, a form) with a few lines. */
export function SkeletonCard({ lines = 3, tall = false }: { lines?: number; tall?: boolean }) {
  return (
    <div
      className={`skeleton-card${tall ? ' skeleton-card--tall' : ''}`}
      aria-busy="true"
      data-testid="skeleton"
    >
      {tall && <span className="skeleton skeleton--block" />}
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton--line" style={{ width: `${85 - i * 18}%` }} />
      ))}
    </div>
  );
}

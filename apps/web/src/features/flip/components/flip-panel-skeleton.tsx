// The flip form while the game's terms load: its frame at the height of the form it becomes (flip.css),
// so what sits below it (the flips, the live plays feed) does not jump when the form comes.
import '@/components/skeleton.css';

export function FlipPanelSkeleton() {
  return (
    <section className="flip-panel flip-panel--loading" aria-busy="true" data-testid="flip-panel-loading">
      <span className="skeleton skeleton--line" style={{ width: '30%' }} />
      <span className="flip-panel__skeleton-row">
        {[0, 1, 2, 3].map((key) => (
          <span key={key} className="skeleton flip-panel__skeleton-duration" />
        ))}
      </span>
      <span className="skeleton skeleton--line" style={{ width: '22%' }} />
      <span className="skeleton flip-panel__skeleton-box" />
    </section>
  );
}

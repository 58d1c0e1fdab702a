// The order panel while the pair's terms load: its frame at the height of the form it becomes (game.css),
// so what sits below it (the positions, the live plays feed) does not jump when the form comes.
import '@/components/skeleton.css';

export function OrderPanelSkeleton() {
  return (
    <section className="order-panel order-panel--loading" aria-busy="true" data-testid="order-panel-loading">
      <span className="order-panel__sides">
        <span className="skeleton order-panel__skeleton-button" />
        <span className="skeleton order-panel__skeleton-button" />
      </span>
      {['38%', '46%', '52%'].map((width) => (
        <span key={width} className="order-panel__skeleton-field">
          <span className="skeleton skeleton--line" style={{ width }} />
          <span className="skeleton order-panel__skeleton-box" />
        </span>
      ))}
    </section>
  );
}

// The leverage slider's scale: logarithmic from 1× to the pair's maximum, so a finger reaches 5× and 25×
// as easily as 500×, with the marks of a trading screen (1, 5, 10, 20, 50, 100, 500, 1000×) where the
// maximum allows. A value within 2.5 % of a mark snaps to it (49× or 510× are a finger's miss of the
// mark). Positions run 0..SCALE_STEPS.
export const SCALE_STEPS = 1000;
export const LEVERAGE_MARKS = [1, 5, 10, 20, 50, 100, 500, 1000];
const SNAP_SHARE = 0.025;

/** The marks a pair shows: those up to its maximum, and the maximum itself. */
export function marksFor(max: number): number[] {
  const marks = LEVERAGE_MARKS.filter((mark) => mark < max);
  return [...marks, max];
}

/** The slider position of `leverage` (clamped to 1..max). */
export function positionOf(leverage: number, max: number): number {
  if (max <= 1) return 0;
  const clamped = Math.min(Math.max(leverage, 1), max);
  return Math.round((Math.log(clamped) / Math.log(max)) * SCALE_STEPS);
}

/** The whole leverage at slider `position`, snapped to a mark when near one. */
export function leverageAt(position: number, max: number): number {
  if (max <= 1) return 1;
  const value = Math.min(Math.max(Math.round(Math.exp((position / SCALE_STEPS) * Math.log(max))), 1), max);
  return marksFor(max).find((mark) => Math.abs(value - mark) <= mark * SNAP_SHARE) ?? value;
}

/** How far (in % of the track) the end marks' areas may reach past its ends: its 8 px margin. */
const EDGE = 3;

/**
 * Each mark's tap area along the track, in % of it: from halfway to the mark before to halfway to the
 * mark after (the ends as far out as their inner half), so the areas touch and never overlap, and a
 * finger's tap picks the nearest mark; `label` is where the mark's own position falls within its area.
 */
export function markSpans(max: number): { mark: number; left: number; width: number; label: number }[] {
  const marks = marksFor(max);
  const at = marks.map((mark) => (positionOf(mark, max) / SCALE_STEPS) * 100);
  return marks.map((mark, i) => {
    const p = at[i]!;
    // The ends reach as far out as their inner half, but no further than the track's own margin.
    const before = i > 0 ? (at[i - 1]! + p) / 2 : Math.max(p - ((at[i + 1] ?? p + 10) - p) / 2, -EDGE);
    const after =
      i < at.length - 1 ? (p + at[i + 1]!) / 2 : Math.min(p + (p - (at[i - 1] ?? p - 10)) / 2, 100 + EDGE);
    const width = after - before;
    return { mark, left: before, width, label: ((p - before) / width) * 100 };
  });
}

import { describe, expect, it } from 'vitest';
import { leverageAt, markSpans, marksFor, positionOf, SCALE_STEPS } from './leverage-scale';

describe('the leverage scale', () => {
  it('shows the marks up to the pair’s maximum', () => {
    expect(marksFor(1000)).toEqual([1, 5, 10, 20, 50, 100, 500, 1000]);
    expect(marksFor(125)).toEqual([1, 5, 10, 20, 50, 100, 125]);
  });

  it('lands on every mark at its own position', () => {
    for (const mark of marksFor(1000)) expect(leverageAt(positionOf(mark, 1000), 1000)).toBe(mark);
    expect(leverageAt(0, 1000)).toBe(1);
    expect(leverageAt(SCALE_STEPS, 1000)).toBe(1000);
  });

  it('reaches 5× and 25× by finger: each has a stretch of the track, not one pixel', () => {
    // log scale on 1..1000: 5× at 23 %, 25× at 47 % of the track.
    expect(positionOf(5, 1000)).toBe(233);
    expect(positionOf(25, 1000)).toBe(466);
    const reaching = (target: number) =>
      Array.from({ length: SCALE_STEPS + 1 }, (_, p) => leverageAt(p, 1000)).filter((v) => v === target)
        .length;
    expect(reaching(5)).toBeGreaterThanOrEqual(20);
    expect(reaching(25)).toBeGreaterThanOrEqual(5);
    // Every whole leverage up to 20 has its place too.
    for (let value = 1; value <= 20; value++) expect(reaching(value)).toBeGreaterThan(0);
  });

  it('gives every mark a tap area to halfway to its neighbours: touching, never overlapping, each holding its mark', () => {
    for (const max of [1000, 125, 20]) {
      const spans = markSpans(max);
      spans.forEach((span, i) => {
        const at = (positionOf(span.mark, max) / SCALE_STEPS) * 100;
        expect(span.left).toBeLessThanOrEqual(at);
        expect(span.left + span.width).toBeGreaterThanOrEqual(at);
        expect(span.left + (span.label / 100) * span.width).toBeCloseTo(at, 6);
        if (i > 0) expect(span.left).toBeCloseTo(spans[i - 1]!.left + spans[i - 1]!.width, 6);
      });
    }
    // On a 300 px track 500× and 1000× are 30 px apart: each gets its own 15 px of it, 1000× some beyond.
    const [, , , , , , five, thousand] = markSpans(1000);
    expect(five!.left + five!.width).toBeCloseTo(thousand!.left, 6);
    expect(thousand!.width).toBeGreaterThan(7);
  });
});

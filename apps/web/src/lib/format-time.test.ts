import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from './format-time';

describe('format-time', () => {
  it('writes a time as YYYY-MM-DD HH:mm:ss, to the minute when asked, in UTC fields when asked', () => {
    const ms = Date.UTC(2026, 10, 5, 3, 4, 9);
    expect(formatDateTime(ms, { utc: true })).toBe('2026-11-05 03:04:09');
    expect(formatDateTime(ms, { utc: true, minutes: true })).toBe('2026-11-05 03:04');
    const local = new Date(2026, 0, 2, 13, 5, 7);
    expect(formatDateTime(local.toISOString())).toBe('2026-01-02 13:05:07');
    // To the millisecond where a player checks one time against another (a flip's ticks).
    expect(formatDateTime(ms + 45, { utc: true, millis: true })).toBe('2026-11-05 03:04:09.045');
  });

  it('says -- for a missing or broken time', () => {
    expect(formatDateTime(null)).toBe('--');
    expect(formatDateTime(undefined)).toBe('--');
    expect(formatDateTime('')).toBe('--');
    expect(formatDateTime('not a time')).toBe('--');
  });

  it('writes a wait as HH:mm:ss, never below zero', () => {
    expect(formatDuration((2 * 3600 + 3 * 60 + 4) * 1000 + 999)).toBe('02:03:04');
    expect(formatDuration(-5000)).toBe('00:00:00');
  });

  it("writes a calendar date in the language's words", () => {
    expect(formatDate('2026-11-21T12:00:00Z', 'en')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T12:00:00Z', 'zh-CN')).toBe('2026年11月21日');
    expect(formatDate('later', 'en')).toBe('later');
  });
});

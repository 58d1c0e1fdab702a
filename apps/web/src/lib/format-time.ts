// Every date and time on screen, in one place. Times are the device's local time written
// `2026-11-21 23:55:08` in both languages (to the minute where seconds say nothing, to the millisecond
// where a player checks one time against another); a calendar date
// in a sentence is the language's own ("Nov 21, 2026", "2026年11月21日"); a wait is `HH:mm:ss`.

const pad = (n: number) => String(n).padStart(2, '0');

export interface DateTimeOptions {
  /** Stop at the minute (`2026-11-21 23:55`). */
  minutes?: boolean;
  /** Read the instant's UTC fields (a chart's times, already shifted to local time). */
  utc?: boolean;
  /** Down to the millisecond (`23:55:08.250`): times a player checks against each other (a flip's ticks). */
  millis?: boolean;
}

/** A time (ISO-8601 text, or milliseconds) as `YYYY-MM-DD HH:mm:ss`; '--' when missing or not a time. */
export function formatDateTime(
  time: string | number | null | undefined,
  { minutes, utc, millis }: DateTimeOptions = {},
): string {
  if (time === null || time === undefined || time === '') return '--';
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '--';
  const [y, mo, day, h, mi, s] = utc
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const minute = `${y}-${pad(mo + 1)}-${pad(day)} ${pad(h)}:${pad(mi)}`;
  if (minutes) return minute;
  const ms = utc ? d.getUTCMilliseconds() : d.getMilliseconds();
  return millis ? `${minute}:${pad(s)}.${String(ms).padStart(3, '0')}` : `${minute}:${pad(s)}`;
}

/** A calendar date in the language's own words (a sentence's "since Nov 21, 2026"); the text as given when not a time. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A wait as `HH:mm:ss` (a countdown); nothing below zero. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

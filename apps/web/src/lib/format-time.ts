// Times on screen: the device's local time as `2026-11-21 23:55:08`, the same in both languages.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO-8601 time as local `YYYY-MM-DD HH:mm:ss`; '--' when missing or not a time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** The start of "today" on a site's clock (its IANA time zone; '' = UTC), as an instant. */
export function startOfTodayIn(zone: string, now = new Date()): Date {
  const at = Math.floor(now.getTime() / 1000) * 1000;
  let parts: Record<string, number>;
  try {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone || 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    parts = Object.fromEntries(fmt.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  } catch {
    return startOfTodayIn('', now); // an unknown zone counts in UTC, as the server does
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>;
  const offset = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - at;
  return new Date(Date.UTC(year!, month! - 1, day!) - offset);
}

// Times as the shop's people read them: Karachi time, day and month in words.

/** When an unanswered order goes, as the owner reads it at a glance: 'cancelled in 5 h 20 min'. */
export function cancelledIn(iso: string, now: number = Date.now()): string {
  const left = timeLeft(iso, now);
  return left ? `cancelled in ${left}` : "to be cancelled at the next check";
}

/** How long until `iso`: '5 h 20 min', '2 days 3 h'; undefined once it has passed. */
function timeLeft(iso: string, now: number): string | undefined {
  const minutes = Math.floor((new Date(iso).getTime() - now) / 60_000);
  if (minutes <= 0) return undefined;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
  if (hours > 0) return `${hours} h${mins ? ` ${mins} min` : ""}`;
  return `${mins} min`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/**
 * Karachi's clock is UTC+5 all the year round (Pakistan has kept no summer time since 2009), so its
 * wall time is UTC's, five hours on: worked out from the numbers, without a time-zone formatter
 * (loading one is a cheap phone's 60 ms; tests/karachi-dates.test.ts holds it to ICU's answer).
 */
const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;

function karachiClock(at: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const wall = new Date(at.getTime() + KARACHI_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

function karachiParts(iso: string): { date: string; hour: number; minute: string } {
  const clock = karachiClock(new Date(iso));
  return {
    date: `${clock.day} ${MONTHS[clock.month - 1]} ${clock.year}`,
    hour: clock.hour,
    minute: pad(clock.minute),
  };
}

/**
 * Karachi time, put together from the numbers alone ('28 Nov 2026, 3:05 pm'): the customer's
 * confirmation page is rendered on the server and hydrated in the browser, and the two ICU builds
 * word a locale's date differently, which React would see as a mismatch.
 */
export function karachiTime(iso: string): string {
  const { date, hour, minute } = karachiParts(iso);
  return `${date}, ${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "am" : "pm"}`;
}

/** The Karachi day alone: '28 Nov 2026'. */
export function karachiDate(iso: string): string {
  return karachiParts(iso).date;
}

/** The Karachi day and month: '3 Dec', for a date within the next weeks. */
export function karachiDayMonth(iso: string): string {
  return karachiParts(iso).date.replace(/ \d{4}$/, "");
}

/** Karachi wall time to the minute, as a datetime-local field holds it: '2026-11-28T15:05'. */
export function karachiWallTime(at: Date = new Date()): string {
  const clock = karachiClock(at);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** Such a wall time in words, kept to the minute as the owner chose it: '27 Nov 2026, 00:00'. */
export function wallTimeWords(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!match) return local;
  const [, year, month, day, time] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}, ${time}`;
}

// Times as the shop's people read them: Karachi time, day and month in words.
import { SHOP_TIME_ZONE } from "#shared/shop.ts";

const FORMAT = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

export function formatWhen(iso: string): string {
  return FORMAT.format(new Date(iso));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PARTS = new Intl.DateTimeFormat("en-US", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});

function karachiParts(iso: string): { date: string; hour: number; minute: string } {
  const part: Record<string, string> = {};
  for (const { type, value } of PARTS.formatToParts(new Date(iso))) part[type] = value;
  return {
    date: `${part.day} ${MONTHS[Number(part.month) - 1]} ${part.year}`,
    hour: Number(part.hour),
    minute: part.minute ?? "00",
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

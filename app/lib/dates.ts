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

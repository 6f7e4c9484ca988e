// Times as the shop's people read them: Karachi time, day and month in words.
const FORMAT = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
});

export function formatWhen(iso: string): string {
  return FORMAT.format(new Date(iso));
}

// Karachi's wall time is worked out from UTC plus five hours (app/lib/dates.ts), without a time-zone
// formatter: held here to what ICU itself says of Asia/Karachi, across the years the shop will run.
import { describe, expect, it } from "vitest";
import { karachiDate, karachiTime, karachiWallTime } from "../app/lib/dates.ts";

const icu = new Intl.DateTimeFormat("en-US", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Karachi",
});
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function icuParts(at: Date) {
  const part: Record<string, string> = {};
  for (const { type, value } of icu.formatToParts(at)) part[type] = value;
  return { year: part.year, month: Number(part.month), day: part.day, hour: Number(part.hour), minute: part.minute };
}

describe("Karachi's wall time without a time-zone formatter", () => {
  // Every 7 h 13 min 17 s from 2024 to 2031, and each side of Karachi's midnight (19:00 UTC).
  const instants: Date[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2031, 0, 1); t += (7 * 3600 + 13 * 60 + 17) * 1000) {
    instants.push(new Date(t));
  }
  for (const day of [Date.UTC(2026, 11, 31), Date.UTC(2028, 1, 28), Date.UTC(2028, 1, 29), Date.UTC(2026, 10, 30)]) {
    instants.push(new Date(day + 19 * 3600 * 1000 - 1000), new Date(day + 19 * 3600 * 1000));
  }

  it("gives ICU's day, hour and minute for each instant", () => {
    for (const at of instants) {
      const p = icuParts(at);
      const iso = at.toISOString();
      const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
      expect(karachiDate(iso), iso).toBe(`${p.day} ${MONTHS[p.month - 1]} ${p.year}`);
      expect(karachiTime(iso), iso).toBe(
        `${p.day} ${MONTHS[p.month - 1]} ${p.year}, ${hour12}:${p.minute} ${p.hour < 12 ? "am" : "pm"}`,
      );
      const pad = (n: number | string | undefined) => String(n).padStart(2, "0");
      expect(karachiWallTime(at), iso).toBe(`${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${p.minute}`);
    }
    expect(instants.length).toBeGreaterThan(8000);
  });

  it("turns the day at Karachi's midnight, 19:00 UTC", () => {
    expect(karachiWallTime(new Date("2026-11-30T18:59:00Z"))).toBe("2026-11-30T23:59");
    expect(karachiWallTime(new Date("2026-11-30T19:00:00Z"))).toBe("2026-12-01T00:00");
    expect(karachiTime("2026-11-28T10:05:00Z")).toBe("28 Nov 2026, 3:05 pm");
  });
});

// The admin's live count of new (pending) orders: the plain answer, and the event stream both the
// admin screens and the tests read (docs/decisions/009-new-order-alerts.md).

export const NEW_ORDER_COUNT_PATH = "/api/admin/orders/new-count";
export const NEW_ORDER_STREAM_PATH = "/api/admin/orders/new-count/stream";
export const EVENT_STREAM_TYPE = "text/event-stream";
/** The stream's event carrying `{ "count": n }`. */
export const NEW_ORDER_EVENT = "new-orders";

export interface NewOrderCount {
  count: number;
}

export const NEW_ORDER_MESSAGES = {
  askForStream: `This address sends a live stream of the count of new orders: ask for ${EVENT_STREAM_TYPE} (Accept), or read ${NEW_ORDER_COUNT_PATH}.`,
} as const;

/** One server-sent event as text: `event`, `data` and the blank line that ends it. */
export function formatCountEvent(count: number): string {
  return `event: ${NEW_ORDER_EVENT}\ndata: ${JSON.stringify({ count } satisfies NewOrderCount)}\n\n`;
}

/**
 * Reads the complete events of a stream so far: the counts they carry, in order, and the text
 * after the last complete event (the start of one still arriving). Comments (keep-alives) and
 * other events are skipped.
 */
export function readCountEvents(text: string): { counts: number[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const counts: number[] = [];
  for (const block of blocks) {
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (event !== NEW_ORDER_EVENT) continue;
    try {
      const value = (JSON.parse(data) as Partial<NewOrderCount>).count;
      if (typeof value === "number" && Number.isInteger(value) && value >= 0) counts.push(value);
    } catch {
      // Not ours to read.
    }
  }
  return { counts, rest };
}

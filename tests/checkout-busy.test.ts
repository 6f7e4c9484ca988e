// Issue 34: the two pieces of a checkout's "busy" that need no database. The checkout slots refuse
// a checkout that finds every slot taken for its whole wait, and hand a freed slot to the next in
// line; the web checkout sends a "not now" answer again, with the same request (and so the same
// Idempotency-Key), backing off and honouring Retry-After, for about 30 s (issue 45: it stopped
// after about 10 s while the database was away for 20), and gives the last refusal back to be shown.
// (tests/scale/checkout-row-lock.test.ts runs the whole checkout against a locked row.)
import { describe, expect, it } from "vitest";
import { DomainError } from "#server/domain-errors.ts";
import { createCheckoutSlots } from "#server/orders/checkout-slots.ts";
import { ORDER_MESSAGES } from "#shared/orders.ts";
import type { ApiResult } from "../app/lib/api-client.ts";
import { retryWhileBusy } from "../app/lib/retry-busy.ts";

/** A piece of work that runs until the test ends it. */
function held() {
  let end = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { work: () => done, end };
}

describe("checkout slots", () => {
  it("refuses a checkout as busy when every slot stays taken for its whole wait", async () => {
    const slots = createCheckoutSlots(2, 50);
    const [a, b] = [held(), held()];
    const running = [slots.run(a.work), slots.run(b.work)];
    const refused = await slots.run(async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "busy", message: ORDER_MESSAGES.busyNotPlaced });
    a.end();
    b.end();
    await Promise.all(running);
    // Both freed: the next ones run.
    expect(await Promise.all([slots.run(async () => 1), slots.run(async () => 2)])).toEqual([1, 2]);
  });

  it("gives a freed slot to the first one waiting, and never runs more than the limit at once", async () => {
    const slots = createCheckoutSlots(1, 60_000);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const first = held();
    const runs = [
      slots.run(first.work),
      ...[1, 2, 3].map((n) =>
        slots.run(async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setImmediate(resolve));
          order.push(n);
          inside--;
        }),
      ),
    ];
    first.end();
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });
});

const busy = (retryAfter?: number, status = 503): ApiResult<string> => ({
  ok: false,
  status,
  body: { message: ORDER_MESSAGES.busyNotPlaced },
  error: { message: ORDER_MESSAGES.busyNotPlaced, fields: {} },
  retryAfter,
});
const placed: ApiResult<string> = { ok: true, status: 201, body: "order" };

/**
 * Answers in turn (then the order), on a clock of its own: each wait asked for moves it on, so the
 * schedule is read without waiting for it. Records each send's time and each wait.
 */
function shop(answers: ApiResult<string>[], last: ApiResult<string> = placed) {
  let clock = 0;
  const waits: number[] = [];
  const sentAt: number[] = [];
  return {
    send: async () => {
      sentAt.push(clock);
      return answers[sentAt.length - 1] ?? last;
    },
    options: {
      now: () => clock,
      wait: async (ms: number) => {
        waits.push(ms);
        clock += ms;
      },
    },
    get sends() {
      return sentAt.length;
    },
    sentAt,
    waits,
  };
}

describe("the web checkout's retry of a 503", () => {
  it("sends the same request again after the Retry-After, and answers the order", async () => {
    const s = shop([busy(2), placed]);
    const result = await retryWhileBusy(s.send, s.options);
    expect(result).toEqual(placed);
    expect(s.sends).toBe(2);
    expect(s.waits).toEqual([2_000]);
  });

  it("keeps trying for 30 s, backing off but never sooner than Retry-After, then answers the last refusal", async () => {
    const s = shop([], busy(2));
    const result = await retryWhileBusy(s.send, s.options);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toBe(ORDER_MESSAGES.busyNotPlaced);
    expect(s.waits).toEqual([2_000, 2_000, 4_000, 8_000, 8_000, 6_000]);
    expect(s.sentAt).toEqual([0, 2_000, 4_000, 8_000, 16_000, 24_000, 30_000]);
  });

  it("asks a database that is away (Retry-After 30) again every 8 s, not once at the end", async () => {
    const s = shop([], busy(30));
    await retryWhileBusy(s.send, s.options);
    // The last wait is not cut to the budget's end: never sooner than the answer asked.
    expect(s.sentAt).toEqual([0, 8_000, 16_000, 24_000, 32_000]);
  });

  it("waits what Retry-After asks until the backoff is longer, and cuts the backoff at the budget's end", async () => {
    const s = shop([], busy(5));
    await retryWhileBusy(s.send, s.options);
    expect(s.sentAt).toEqual([0, 5_000, 10_000, 15_000, 23_000, 30_000]);
  });

  it("also sends again when there was no answer at all, or nginx's 502 or 504; backs off 1, 2, 4 s", async () => {
    const offline: ApiResult<string> = { ...busy(), status: 0 };
    const s = shop([offline, busy(undefined, 502), busy(undefined, 504), placed]);
    expect(await retryWhileBusy(s.send, s.options)).toEqual(placed);
    expect(s.waits).toEqual([1_000, 2_000, 4_000]);
  });

  it("tells the page before each wait, so it can say it is still trying", async () => {
    const s = shop([busy(1), busy(1), placed]);
    const told: number[] = [];
    await retryWhileBusy(s.send, { ...s.options, onRetry: (result) => told.push(result.status) });
    expect(told).toEqual([503, 503]);
  });

  it("does not send again an answer that is a 'no' (a sold-out size, a reused key, a fault of ours)", async () => {
    for (const status of [400, 409, 422, 500]) {
      const no: ApiResult<string> = { ...busy(2), status };
      const s = shop([no, placed]);
      expect(await retryWhileBusy(s.send, s.options)).toBe(no);
      expect(s.sends).toBe(1);
    }
  });

  it("stops when the page is left, answering the last refusal", async () => {
    const left = new AbortController();
    const s = shop([], busy(2));
    const result = await retryWhileBusy(s.send, {
      ...s.options,
      signal: left.signal,
      wait: async () => left.abort(),
    });
    expect(result.status).toBe(503);
    expect(s.sends).toBe(1);
  });
});

// Issue 34: the two pieces of a checkout's "busy" that need no database. The checkout slots refuse
// a checkout that finds every slot taken for its whole wait, and hand a freed slot to the next in
// line; the web checkout sends a 503 again after its Retry-After, with the same request (and so the
// same Idempotency-Key), a few times, and gives the last refusal back to be shown.
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

const busy = (retryAfter?: number): ApiResult<string> => ({
  ok: false,
  status: 503,
  body: { message: ORDER_MESSAGES.busyNotPlaced },
  error: { message: ORDER_MESSAGES.busyNotPlaced, fields: {} },
  retryAfter,
});
const placed: ApiResult<string> = { ok: true, status: 201, body: "order" };

/** Answers in turn, recording each send and each wait asked for. */
function shop(answers: ApiResult<string>[]) {
  const waits: number[] = [];
  let sends = 0;
  return {
    send: async () => answers[sends++] ?? placed,
    wait: async (ms: number) => void waits.push(ms),
    get sends() {
      return sends;
    },
    waits,
  };
}

describe("the web checkout's retry of a 503", () => {
  it("sends the same request again after the Retry-After, and answers the order", async () => {
    const s = shop([busy(2), placed]);
    const result = await retryWhileBusy(s.send, { wait: s.wait });
    expect(result).toEqual(placed);
    expect(s.sends).toBe(2);
    expect(s.waits).toEqual([2_000]);
  });

  it("gives up after its tries and answers the last refusal to show; waits at most maxWaitSeconds", async () => {
    const s = shop([busy(30), busy(), busy(1), placed]);
    const result = await retryWhileBusy(s.send, { wait: s.wait, tries: 3, maxWaitSeconds: 5 });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toBe(ORDER_MESSAGES.busyNotPlaced);
    expect(s.sends).toBe(3);
    expect(s.waits).toEqual([5_000, 2_000]);
  });

  it("does not send again an answer that is not a 503 (a sold-out size, a wrong field)", async () => {
    const soldOut: ApiResult<string> = { ...busy(), status: 409 };
    const s = shop([soldOut, placed]);
    expect(await retryWhileBusy(s.send, { wait: s.wait })).toBe(soldOut);
    expect(s.sends).toBe(1);
  });
});

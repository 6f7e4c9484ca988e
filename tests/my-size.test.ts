import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newPerson, PASSWORD, signIn, signUp } from "./support/accounts.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t?.close());

const putSize = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "PUT", url: "/api/user/my-size", payload: payload as object, headers });
const shoeSizeOf = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/user/my-details", headers: bearer(token) })).json<{
    user: { shoeSize: number | null };
  }>().user.shoeSize;

async function signedIn(): Promise<string> {
  const person = await signUp(t, newPerson("size"));
  return signIn(t, person.email, PASSWORD);
}

describe("PUT /api/user/my-size", () => {
  it("keeps the size on the account, answers it in my-details, and forgets it with null", async () => {
    const token = await signedIn();
    expect(await shoeSizeOf(token)).toBeNull();
    const set = await putSize({ size: 42 }, bearer(token));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ shoeSize: 42 });
    expect(await shoeSizeOf(token)).toBe(42);
    // Another device of the same shopper sees it too.
    expect((await putSize({ size: 37 }, bearer(token))).statusCode).toBe(200);
    expect(await shoeSizeOf(token)).toBe(37);
    expect((await putSize({ size: null }, bearer(token))).statusCode).toBe(200);
    expect(await shoeSizeOf(token)).toBeNull();
  });

  it("answers 400 with a message to a size outside 37..46, a fraction, text, a missing or extra field, and keeps the old size", async () => {
    const token = await signedIn();
    await putSize({ size: 40 }, bearer(token));
    for (const payload of [
      { size: 36 },
      { size: 47 },
      { size: 41.5 },
      { size: "42" },
      {},
      { size: 42, role: "admin" },
      [],
    ]) {
      const res = await putSize(payload, bearer(token));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await shoeSizeOf(token)).toBe(40);
  });

  it("answers 401 without a live session and changes nothing", async () => {
    for (const headers of [{}, bearer("not-a-token"), bearer(Buffer.alloc(32, 3).toString("base64url"))]) {
      const res = await putSize({ size: 42 }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in/i);
    }
  });
});

// Reviews from buyers (issue 53): the form a delivered pair's buyer opens from the signed link, one
// review per pair, refused for a pair of someone else's order or a forged link; photos decoded and
// shown only once published; the owner's moderation with reasons and public answers, the product's
// sums counted again with each; the owner's rule that publishes at once; the fit the buyers teach.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { createReviewLinks } from "#server/reviews/links.ts";
import type { Order } from "#shared/orders.ts";
import { type AdminReview, REVIEW_MESSAGES, type ReviewForm, type ReviewSent } from "#shared/reviews.ts";
import { call, makeAdmin, picture } from "./support/admin.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import {
  makeShopper,
  orderBody,
  placeOrder,
  products,
  type Shopper,
  setStock,
  type TestProduct,
} from "./support/shoppers.ts";
import { until } from "./support/wait.ts";

let t: TestApp;
let admin: Shopper & { username: string };
let shoe: TestProduct;
let other: TestProduct;
let links: ReturnType<typeof createReviewLinks>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  [shoe, other] = (await products(t, 2)) as [TestProduct, TestProduct];
  for (const p of [shoe, other]) for (const size of p.sizes) await setStock(t, p.id, size, 50);
  // The app's own links: the same key, kept in the database, as the request mails sign with.
  links = createReviewLinks(t.database.db, { publicUrl: t.config.publicUrl, secret: t.config.confirmLinkSecret });
});
afterAll(() => t?.close());

/** An order of `picks` (shoe's first size by default), confirmed and, unless told, delivered. */
async function order(options: { delivered?: boolean; picks?: { product: TestProduct; size: number }[] } = {}) {
  const shopper = await makeShopper(t);
  const picks = (options.picks ?? [{ product: shoe, size: shoe.sizes[0] as number }]).map((p) => ({
    ...p,
    quantity: 1,
  }));
  const res = await placeOrder(t, shopper, orderBody(shopper, picks));
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json<Order>();
  for (const status of options.delivered === false ? ["confirm"] : ["confirm", "delivered"]) {
    const moved = await call(t, admin, "POST", `/api/admin/orders/${placed._id}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { order: placed, token: await links.tokenFor(placed._id) };
}

const send = (body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/reviews", payload: body });
const review = (token: string, extra: Record<string, unknown> = {}) =>
  send({
    token,
    productId: shoe.id,
    size: shoe.sizes[0],
    rating: 5,
    fit: "true-to-size",
    body: "Comfortable.",
    ...extra,
  });
const reviewRows = () =>
  selectRowsAsserted<{ id: string; status: string; author: string }>(
    t.database.db,
    sql`select id, status, author from reviews order by created_at`,
  );
const sums = async (productId: string) =>
  (
    await selectRowsAsserted<{ rating_count: number; rating_sum: number; fit_small: number; fit_note: string | null }>(
      t.database.db,
      sql`select rating_count, rating_sum, fit_small, fit_note from products where id = ${productId}`,
    )
  )[0];
const uploadPhoto = (reviewId: string, token: string, body: Buffer, type = "image/jpeg") =>
  t.app.inject({
    method: "POST",
    url: `/api/reviews/${reviewId}/photos?token=${token}`,
    headers: { "content-type": type },
    payload: body,
  });
const decide = (id: string, body: Record<string, unknown>) =>
  call(t, admin, "POST", `/api/admin/reviews/${id}/decision`, body);

describe("the review form from the signed link", () => {
  it("lists the order's pairs, and refuses a forged link or an order not delivered", async () => {
    const { token } = await order({
      picks: [
        { product: shoe, size: shoe.sizes[0] as number },
        { product: other, size: other.sizes[1] as number },
      ],
    });
    const form = await t.app.inject({ method: "GET", url: `/api/reviews/form?token=${token}` });
    expect(form.statusCode, form.body).toBe(200);
    const shown = form.json<ReviewForm>();
    expect(shown.firstName).toBe("Ayesha");
    const pairs = shown.pairs.map(({ productId, size, reviewed }) => ({ productId, size, reviewed }));
    expect(pairs).toHaveLength(2);
    expect(pairs).toEqual(
      expect.arrayContaining([
        { productId: shoe.id, size: shoe.sizes[0], reviewed: false },
        { productId: other.id, size: other.sizes[1], reviewed: false },
      ]),
    );

    const forged = `${token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA`;
    const refused = await t.app.inject({ method: "GET", url: `/api/reviews/form?token=${forged}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: REVIEW_MESSAGES.badLink });

    const waiting = await order({ delivered: false });
    const early = await t.app.inject({ method: "GET", url: `/api/reviews/form?token=${waiting.token}` });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: REVIEW_MESSAGES.notDelivered });
    expect((await review(waiting.token)).statusCode).toBe(409);
  });
});

describe("a review", () => {
  it("is kept once per pair, waits for the owner, and names the buyer by first name and initial", async () => {
    const before = (await reviewRows()).length;
    const { token } = await order();
    const sent = await review(token, { body: "  Soft inside, true to size.  " });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<ReviewSent>()).toMatchObject({ status: "pending", message: REVIEW_MESSAGES.thanks });
    const again = await review(token, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.already });
    const rows = await reviewRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ status: "pending", author: "Ayesha K." });
    const form = await t.app.inject({ method: "GET", url: `/api/reviews/form?token=${token}` });
    expect(form.json<ReviewForm>().pairs[0]?.reviewed).toBe(true);
  });

  it("is refused for a pair of someone else's order, a forged link, or bad input, and nothing is kept", async () => {
    const before = (await reviewRows()).length;
    const mine = await order();
    // The link is for my order; the pair (other's shoe) is only in someone else's.
    await order({ picks: [{ product: other, size: other.sizes[0] as number }] });
    const theirs = await review(mine.token, { productId: other.id, size: other.sizes[0] });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ message: REVIEW_MESSAGES.notYours });
    // The same pair in another size than bought.
    expect((await review(mine.token, { size: shoe.sizes[1] })).statusCode).toBe(403);

    const [orderId] = mine.token.split(".");
    for (const token of [
      `${orderId}.${"B".repeat(22)}`,
      "nonsense",
      `${crypto.randomUUID()}.${mine.token.split(".")[1]}`,
    ]) {
      const res = await review(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ message: REVIEW_MESSAGES.badLink });
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ rating: 6 }, REVIEW_MESSAGES.ratingRequired],
      [{ rating: 0 }, REVIEW_MESSAGES.ratingRequired],
      [{ rating: "five" }, REVIEW_MESSAGES.ratingRequired],
      [{ fit: "tight" }, REVIEW_MESSAGES.fitRequired],
      [{ body: "x".repeat(1001) }, REVIEW_MESSAGES.bodyTooLong],
      [{ photoCount: 4 }, REVIEW_MESSAGES.tooManyPhotos],
      [{ status: "approved" }, "Unexpected field: status."],
    ];
    for (const [extra, message] of bad) {
      const res = await review(mine.token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect((await reviewRows()).length).toBe(before);
  });
});

describe("the owner's moderation", () => {
  it("publishes, keeps off with a reason, answers publicly, and the product's sums follow", async () => {
    const start = await sums(other.id);
    const a = await order({ picks: [{ product: other, size: other.sizes[0] as number }] });
    const b = await order({ picks: [{ product: other, size: other.sizes[0] as number }] });
    const first = (
      await review(a.token, { productId: other.id, size: other.sizes[0], rating: 4, fit: "runs-small" })
    ).json<ReviewSent>();
    const second = (
      await review(b.token, { productId: other.id, size: other.sizes[0], rating: 2, fit: "runs-small" })
    ).json<ReviewSent>();

    const shopper = await makeShopper(t);
    expect(
      (await call(t, shopper, "POST", `/api/admin/reviews/${first.id}/decision`, { action: "approve" })).statusCode,
    ).toBe(403);
    const queue = await call(t, admin, "GET", "/api/admin/reviews?status=pending");
    expect(queue.statusCode).toBe(200);
    expect(queue.json<{ reviews: AdminReview[] }>().reviews.map((r) => r.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect((await call(t, admin, "GET", "/api/admin/reviews?status=lost")).statusCode).toBe(400);

    const approved = await decide(first.id, { action: "approve" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminReview>()).toMatchObject({ status: "approved", rejectReason: null });
    await decide(second.id, { action: "approve" });
    expect(await sums(other.id)).toMatchObject({
      rating_count: (start?.rating_count ?? 0) + 2,
      rating_sum: (start?.rating_sum ?? 0) + 6,
    });

    const noReason = await decide(second.id, { action: "reject" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe(REVIEW_MESSAGES.reasonRequired);
    const rejected = await decide(second.id, { action: "reject", reason: "rude" });
    expect(rejected.json<AdminReview>()).toMatchObject({ status: "rejected", rejectReason: "rude" });
    expect(await sums(other.id)).toMatchObject({ rating_count: (start?.rating_count ?? 0) + 1 });

    const answered = await call(t, admin, "PUT", `/api/admin/reviews/${first.id}/answer`, {
      answer: " Thank you, Ayesha! ",
    });
    expect(answered.json<AdminReview>().answer).toBe("Thank you, Ayesha!");
    const tooLong = await call(t, admin, "PUT", `/api/admin/reviews/${first.id}/answer`, { answer: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const gone = await call(t, admin, "PUT", `/api/admin/reviews/${first.id}/answer`, { answer: "" });
    expect(gone.json<AdminReview>().answer).toBeNull();
    const missing = await decide(crypto.randomUUID(), { action: "approve" });
    expect(missing.statusCode).toBe(404);
  });

  it("the owner's rule publishes four stars and up without photos at once; a review with photos waits", async () => {
    await t.database.db.execute(
      sql`insert into review_settings (id, auto_approve_min_stars) values (1, 4)
          on conflict (id) do update set auto_approve_min_stars = 4`,
    );
    try {
      const before = await sums(shoe.id);
      const live = await review((await order()).token, { rating: 5 });
      expect(live.json<ReviewSent>()).toMatchObject({ status: "approved", message: REVIEW_MESSAGES.thanksLive });
      expect((await sums(shoe.id))?.rating_count).toBe((before?.rating_count ?? 0) + 1);
      const low = await review((await order()).token, { rating: 3 });
      expect(low.json<ReviewSent>().status).toBe("pending");
      const withPhotos = await review((await order()).token, { rating: 5, photoCount: 1 });
      expect(withPhotos.json<ReviewSent>().status).toBe("pending");
    } finally {
      await t.database.db.execute(sql`update review_settings set auto_approve_min_stars = null`);
    }
  });

  it("hints the fit the buyers say when it differs from the owner's note, and takes it on a press", async () => {
    const fitShoe = (await products(t, 3))[2] as TestProduct;
    await setStock(t, fitShoe.id, fitShoe.sizes[0] as number, 20);
    await t.database.db.execute(sql`update products set fit_note = 'true-to-size' where id = ${fitShoe.id}`);
    for (let i = 0; i < 3; i++) {
      const { token } = await order({ picks: [{ product: fitShoe, size: fitShoe.sizes[0] as number }] });
      const sent = await review(token, { productId: fitShoe.id, size: fitShoe.sizes[0], fit: "runs-small" });
      await decide(sent.json<ReviewSent>().id, { action: "approve" });
    }
    const hints = await call(t, admin, "GET", "/api/admin/review-fit-hints");
    expect(hints.json()).toContainEqual({
      productId: fitShoe.id,
      name: fitShoe.name,
      fitNote: "true-to-size",
      buyersFit: "runs-small",
      sentence: "Most buyers say runs small (3 of 3)",
    });
    const taken = await call(t, admin, "POST", `/api/admin/review-fit-hints/${fitShoe.id}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<{ productId: string }[]>().map((h) => h.productId)).not.toContain(fitShoe.id);
    expect((await sums(fitShoe.id))?.fit_note).toBe("runs-small");
  });
});

describe("a review's photos", () => {
  it("are taken right after the review, three at most, decoded, and shown only once it is published", async () => {
    const { token } = await order();
    const sent = (await review(token, { photoCount: 3 })).json<ReviewSent>();
    const photo = await picture("jpeg", 1200, 900);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await uploadPhoto(sent.id, token, photo);
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json<{ _id: string }>()._id);
    }
    const fourth = await uploadPhoto(sent.id, token, photo);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ message: REVIEW_MESSAGES.tooManyPhotos });

    // Another order's link cannot add to this review; a forged one is refused before the body is read.
    const stranger = await order();
    expect((await uploadPhoto(sent.id, stranger.token, photo)).statusCode).toBe(404);
    expect((await uploadPhoto(sent.id, "forged.token", photo)).statusCode).toBe(400);
    expect((await uploadPhoto(sent.id, token, Buffer.from("not a picture"), "text/plain")).statusCode).toBe(415);

    await until(
      async () =>
        (
          await selectRowsAsserted<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from review_photos where review_id = ${sent.id} and status = 'ready'`,
          )
        )[0]?.n,
      (n) => n === 3,
      "the photos to be decoded",
    );
    const url = `/api/reviews/photos/${ids[0]}`;
    const waiting = await t.app.inject({ method: "GET", url });
    expect(waiting.statusCode).toBe(404);
    // Kept by no cache: the same address answers the photo once the review is published.
    expect(waiting.headers["cache-control"]).toBe("no-store");
    const forOwner = await call(t, admin, "GET", `/api/admin/reviews/photos/${ids[0]}`);
    expect(forOwner.statusCode).toBe(200);
    expect(forOwner.headers["content-type"]).toBe("image/webp");

    const published = await decide(sent.id, { action: "approve" });
    expect(published.json<AdminReview>().photos.map((p) => p.id)).toEqual(ids);
    const shown = await t.app.inject({ method: "GET", url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/webp");
    // The page shows the thumbnail rendered ahead: the photo's shape, 360 px on its longer side.
    const thumb = await t.app.inject({ method: "GET", url: `${url}?size=thumb` });
    expect(thumb.statusCode).toBe(200);
    const thumbSize = await sharp(thumb.rawPayload).metadata();
    expect([thumbSize.width, thumbSize.height]).toEqual([360, 270]);
    expect(thumb.rawPayload.length).toBeLessThan(shown.rawPayload.length);
    expect((await t.app.inject({ method: "GET", url: `${url}?size=huge` })).statusCode).toBe(400);
    // Published: no more photos.
    const late = await uploadPhoto(sent.id, token, photo);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: REVIEW_MESSAGES.photosClosed });
  });
});

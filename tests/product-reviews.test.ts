// Reviews on the product page and the 'Top rated' sort (issue 53), through the real HTTP layer and the
// production build on a real database. Reviews are set up as the moderation leaves them: rows in
// reviews and review_photos and the product's sums counted again, in one transaction, then the
// catalogue change it publishes. What a shopper and a search engine get is read from the HTML.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRowsAsserted } from "#server/db/rows.ts";
import { recountReviewSums } from "#server/reviews/sums.ts";
import type { Product, ProductAnswer, ProductList } from "#shared/catalog.ts";
import { BUYERS_FIT_SENTENCES, FIT_NOTE_SENTENCES, type FitNote } from "#shared/fit-note.ts";
import { boughtSize, REVIEW_FIT_LABELS, REVIEWS_ON_PAGE, starsLabel } from "#shared/review-words.ts";
import type { SearchPage } from "#shared/search.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { ADDRESS, makeShopper } from "./support/shoppers.ts";

let t: TestApp;
afterAll(() => t?.close());

interface ReviewSpec {
  author: string;
  rating: number;
  fit: FitNote;
  daysAgo: number;
  size?: number;
  body?: string;
  status?: "approved" | "pending" | "rejected";
  photos?: ("ready" | "pending" | "unreadable")[];
  answer?: string;
}

/** The reviews, each of its own delivered order to a buyer with a full name, phone and address. */
async function addReviews(productId: string, specs: ReviewSpec[]): Promise<Map<string, string[]>> {
  const buyer = await makeShopper(t);
  const photosByAuthor = new Map<string, string[]>();
  await t.database.db.transaction(async (tx) => {
    for (const spec of specs) {
      const [order] = await selectRowsAsserted<{ id: string }>(
        tx,
        sql`insert into orders (user_id, status, subtotal, total_amount, full_name, address_line, phone_number, email, city)
            values (${buyer.id}, 'delivered', 5000, 5000, ${ADDRESS.fullName}, ${ADDRESS.addressLine},
                    ${ADDRESS.phoneNumber}, ${buyer.email}, 'Karachi')
            returning id`,
      );
      const status = spec.status ?? "approved";
      const [review] = await selectRowsAsserted<{ id: string }>(
        tx,
        sql`insert into reviews (order_id, product_id, size, rating, fit, body, author, status, reject_reason,
                                 answer, answered_at, created_at, decided_at)
            values (${order?.id}, ${productId}, ${spec.size ?? 42}, ${spec.rating}, ${spec.fit}, ${spec.body ?? ""},
                    ${spec.author}, ${status}, ${status === "rejected" ? "rude" : null},
                    ${spec.answer ?? null}, ${spec.answer ? sql`now()` : null},
                    now() - make_interval(days => ${spec.daysAgo}), ${status === "pending" ? null : sql`now()`})
            returning id`,
      );
      const ids: string[] = [];
      for (const photo of spec.photos ?? []) {
        const [row] = await selectRowsAsserted<{ id: string }>(
          tx,
          sql`insert into review_photos (review_id, status, width, height)
              values (${review?.id}, ${photo}, ${photo === "ready" ? 1200 : null}, ${photo === "ready" ? 900 : null})
              returning id`,
        );
        ids.push(`${photo}:${row?.id}`);
      }
      photosByAuthor.set(spec.author, ids);
    }
    await recountReviewSums(tx, productId);
  });
  // As the moderation does after publishing: kept answers and pages of the product drop.
  t.app.catalogChanges.publish({ productIds: [productId] });
  return photosByAuthor;
}

const get = (url: string) => t.app.inject({ method: "GET", url });
const html = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.body.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
};
/** The authors of the reviews shown, in the page's order. */
const authorsShown = (page: string) => [...page.matchAll(/aria-label="Review by ([^"]+)"/g)].map((m) => m[1]);
/** Every JSON-LD block of the page, parsed (each must be JSON). */
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "") as Record<string, unknown>,
  );
const productLd = (page: string) => jsonLd(page).find((block) => block["@type"] === "Product");

const RUNS_SMALL = "runs-small";
const OWNER_SINGLE = "runs-large";
// Twelve published reviews of the main product: 7 of 12 say it runs small; 48 stars, 4.0 on average.
const published: ReviewSpec[] = [
  { author: "Ayesha K.", rating: 5, fit: RUNS_SMALL, daysAgo: 1, size: 40, body: "Lovely pair, soft inside." },
  { author: "Bilal R.", rating: 5, fit: RUNS_SMALL, daysAgo: 3, photos: ["pending"] },
  { author: "Sana M.", rating: 4, fit: RUNS_SMALL, daysAgo: 30, photos: ["ready", "unreadable", "ready"] },
  { author: "Hamza A.", rating: 4, fit: RUNS_SMALL, daysAgo: 5, answer: "Thank you, Hamza! Size 43 is back." },
  { author: "Zainab S.", rating: 4, fit: RUNS_SMALL, daysAgo: 6 },
  { author: "Usman T.", rating: 3, fit: RUNS_SMALL, daysAgo: 7 },
  { author: "Fatima N.", rating: 5, fit: "true-to-size", daysAgo: 8 },
  { author: "Ali H.", rating: 4, fit: "true-to-size", daysAgo: 9 },
  { author: "Mariam J.", rating: 2, fit: "true-to-size", daysAgo: 10 },
  { author: "Omar F.", rating: 5, fit: "true-to-size", daysAgo: 11 },
  { author: "Hira Q.", rating: 4, fit: "runs-large", daysAgo: 12 },
  { author: "Kamran D.", rating: 3, fit: RUNS_SMALL, daysAgo: 13 },
];
const unpublished: ReviewSpec[] = [
  { author: "Pending P.", rating: 1, fit: "runs-large", daysAgo: 0, status: "pending", body: "NOT-YET-READ words" },
  { author: "Rejected R.", rating: 1, fit: "runs-large", daysAgo: 0, status: "rejected", body: "KEPT-OFF words" },
];

let category: Product[];
/** The product with the twelve reviews (the first of the category); its owner says it is true to size. */
let main: Product;
/** 40 reviews at 4.8, and one review of 5 stars: the first placed after the second in the owner's order. */
let forty: Product;
let single: Product;
let plain: Product;
let photoIds: Map<string, string[]>;

beforeAll(async () => {
  t = await createTestApp({ pages: true });
  category = (await get("/api/products?category=men-formal-shoes")).json<ProductList>().products;
  if (category.length < 6) throw new Error("the demo's formal shoes changed");
  [main] = category as [Product];
  [plain, single, forty] = category.slice(-3) as [Product, Product, Product];
  // The owner's notes: the main product true to size (its buyers will say otherwise), the single one runs large.
  await t.database.db.execute(sql`update products set fit_note = 'true-to-size' where id = ${main._id}`);
  await t.database.db.execute(sql`update products set fit_note = ${OWNER_SINGLE} where id = ${single._id}`);
  photoIds = await addReviews(main._id, [...published, ...unpublished]);
  await addReviews(single._id, [{ author: "Nadia B.", rating: 5, fit: "true-to-size", daysAgo: 2 }]);
  await addReviews(
    forty._id,
    Array.from({ length: 40 }, (_, i) => ({
      author: `Buyer${i} B.`,
      rating: i < 32 ? 5 : 4,
      fit: "true-to-size" as const,
      daysAgo: i + 1,
    })),
  );
}, 120_000);

describe("the product's review sums", () => {
  it("come with the product: the count, the average to one decimal and the fit, published reviews only", async () => {
    const { product } = (await get(`/api/products/${main._id}`)).json<ProductAnswer>();
    expect(product.reviews).toEqual({
      count: 12,
      average: 4,
      fit: { "runs-small": 7, "true-to-size": 4, "runs-large": 1 },
    });
    const listed = (await get("/api/products?category=men-formal-shoes")).json<ProductList>().products;
    expect(listed.find((p) => p._id === forty._id)?.reviews).toMatchObject({ count: 40, average: 4.8 });
    expect(listed.find((p) => p._id === plain._id)?.reviews).toEqual({
      count: 0,
      average: 0,
      fit: { "runs-small": 0, "true-to-size": 0, "runs-large": 0 },
    });
  });
});

describe("the product page", () => {
  it("shows the average, the count, the fit sentence and the reviews, those with photos first, then newest", async () => {
    const page = await html(`/products/${main._id}`);
    expect(page).toContain('id="reviews"');
    expect(page).toMatch(/>4\.0<\/span><span[^>]*> out of 5</);
    expect(page).toContain("12 reviews");
    expect(page).toContain("Most buyers say runs small (7 of 12)");
    expect(authorsShown(page)).toEqual([
      "Sana M.",
      "Ayesha K.",
      "Bilal R.",
      "Hamza A.",
      "Zainab S.",
      "Usman T.",
      "Fatima N.",
      "Ali H.",
      "Mariam J.",
      "Omar F.",
      "Hira Q.",
      "Kamran D.",
    ]);
    expect(page).toContain(`aria-label="${starsLabel(5)}"`);
    expect(page).toContain(boughtSize(40));
    expect(page).toContain("Lovely pair, soft inside.");
    expect(page).toContain(REVIEW_FIT_LABELS["runs-large"]);
    expect(page).toMatch(/Reply from the shop<\/p><p[^>]*>Thank you, Hamza! Size 43 is back\.</);
  });

  it("shows a review's decoded photos only, sized and lazy, with words for them", async () => {
    const page = await html(`/products/${main._id}`);
    const photos = photoIds.get("Sana M.") ?? [];
    const ready = photos.filter((p) => p.startsWith("ready:")).map((p) => p.slice(6));
    expect(ready).toHaveLength(2);
    const alts: string[] = [];
    for (const id of ready) {
      // The thumbnail rendered ahead, sized as the photo is shaped; the whole photo is its link.
      const tag = new RegExp(`<img src="/api/reviews/photos/${id}\\?size=thumb"[^>]*>`).exec(page)?.[0] ?? "";
      expect(tag, id).toContain('width="1200"');
      expect(tag).toContain('height="900"');
      expect(tag).toContain('loading="lazy"');
      alts.push(/alt="([^"]*)"/.exec(tag)?.[1] ?? "");
    }
    expect(alts.sort()).toEqual(["Sana M.'s pair, 1 of 2", "Sana M.'s pair, 2 of 2"]);
    const others = [...photos, ...(photoIds.get("Bilal R.") ?? [])].filter((p) => !p.startsWith("ready:"));
    expect(others).toHaveLength(2);
    for (const other of others) expect(page).not.toContain(other.split(":")[1]);
  });

  it("narrows the reviews by fit with plain links, the chosen one marked", async () => {
    const all = await html(`/products/${main._id}`);
    const links = [...all.matchAll(/<a[^>]*href="([^"]*#reviews)"[^>]*>/g)].map((m) => m[0]);
    expect(links.map((tag) => /href="([^"]*)"/.exec(tag)?.[1])).toEqual([
      `/products/${main._id}#reviews`,
      `/products/${main._id}?fit=runs-small#reviews`,
      `/products/${main._id}?fit=true-to-size#reviews`,
      `/products/${main._id}?fit=runs-large#reviews`,
    ]);
    expect(links.filter((tag) => tag.includes('aria-current="page"'))).toEqual([links[0]]);

    const small = await html(`/products/${main._id}?fit=runs-small`);
    expect(authorsShown(small)).toEqual([
      "Sana M.",
      "Ayesha K.",
      "Bilal R.",
      "Hamza A.",
      "Zainab S.",
      "Usman T.",
      "Kamran D.",
    ]);
    const marked = /<a[^>]*aria-current="page"[^>]*>/.exec(small)?.[0];
    expect(marked).toContain("?fit=runs-small#reviews");
    expect(authorsShown(await html(`/products/${main._id}?fit=runs-large`))).toEqual(["Hira Q."]);
    // The sums and the sentence stay those of every review; an unknown fit shows them all.
    expect(small).toContain("12 reviews");
    expect(authorsShown(await html(`/products/${main._id}?fit=tight`))).toHaveLength(12);
    // A list's size in the address stays with the filter's links.
    const sized = await html(`/products/${main._id}?size=42`);
    expect(sized).toContain(`href="/products/${main._id}?size=42&fit=true-to-size#reviews"`);
  });

  it("never shows a pending or rejected review, nor the buyer's surname, phone, address or e-mail", async () => {
    for (const url of [`/products/${main._id}`, `/products/${main._id}?fit=runs-large`]) {
      const page = await html(url);
      for (const hidden of ["Pending P.", "NOT-YET-READ", "Rejected R.", "KEPT-OFF"])
        expect(page).not.toContain(hidden);
      for (const personal of [ADDRESS.fullName, ADDRESS.phoneNumber, ADDRESS.addressLine, "@example.pk", "Khan"]) {
        expect(page).not.toContain(personal);
      }
    }
  });

  it("shows at most REVIEWS_ON_PAGE reviews, and says how many of how many", async () => {
    const page = await html(`/products/${forty._id}`);
    expect(authorsShown(page)).toHaveLength(REVIEWS_ON_PAGE);
    expect(authorsShown(page)[0]).toBe("Buyer0 B.");
    expect(page).toContain("40 reviews");
    expect(page).toContain(`Showing ${REVIEWS_ON_PAGE} of 40`);
    expect(page).toContain(">4.8</span>");
  });

  it("has no reviews section at all for a product without reviews", async () => {
    const page = await html(`/products/${plain._id}`);
    expect(page).not.toContain('id="reviews"');
    expect(page).not.toContain("Review by");
    expect(page).not.toContain("out of 5");
  });
});

describe("the JSON-LD", () => {
  it("rates the product and carries the reviews shown, where there are reviews", async () => {
    const page = await html(`/products/${main._id}`);
    const blocks = jsonLd(page);
    expect(blocks.map((b) => b["@type"])).toEqual(["Product", "BreadcrumbList"]);
    const product = productLd(page);
    expect(product?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = product?.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(12);
    expect(reviews[1]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Ayesha K." },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      reviewBody: "Lovely pair, soft inside.",
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5 },
    });
    expect(JSON.stringify(product)).not.toContain("Pending P.");
    expect(productLd(await html(`/products/${forty._id}`))?.review).toHaveLength(REVIEWS_ON_PAGE);
  });

  it("has no rating and no review for a product without reviews", async () => {
    const product = productLd(await html(`/products/${plain._id}`));
    expect(product?.offers).toBeDefined();
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
  });
});

describe("'my size' follows the buyers", () => {
  it("says the buyers' fit instead of the owner's note once enough buyers agree, and says it is theirs", async () => {
    const page = await html(`/products/${main._id}`);
    expect(page).toContain(BUYERS_FIT_SENTENCES["runs-small"]);
    expect(page).not.toContain(FIT_NOTE_SENTENCES["true-to-size"]);
    const fortyPage = await html(`/products/${forty._id}`);
    expect(fortyPage).toContain(BUYERS_FIT_SENTENCES["true-to-size"]);
  });

  it("keeps the owner's note while the buyers have not spoken (one answer)", async () => {
    const page = await html(`/products/${single._id}`);
    for (const sentence of Object.values(BUYERS_FIT_SENTENCES)) expect(page).not.toContain(sentence);
    expect(page).toContain(FIT_NOTE_SENTENCES[OWNER_SINGLE]);
    expect(page).not.toContain("Most buyers say");
  });
});

describe("the 'Top rated' sort", () => {
  it("orders a category by the rating key: 4.8 from 40 reviews above 5 from one, unrated in the owner's order", async () => {
    const featured = category.map((p) => p._id);
    expect(featured.indexOf(single._id)).toBeLessThan(featured.indexOf(forty._id));
    const res = await get("/api/products?category=men-formal-shoes&sort=top-rated");
    expect(res.statusCode, res.body).toBe(200);
    const sorted = res.json<ProductList>().products.map((p) => p._id);
    const rated = [forty._id, single._id, main._id];
    expect(sorted).toEqual([...rated, ...featured.filter((id) => !rated.includes(id))]);
  });

  it("orders the lists of several categories and the search the same way", async () => {
    const size = [42, 41, 43, 44, 40].find((s) =>
      [forty, single].every((p) => (p.sizes.find((x) => x.size === s)?.stock ?? 0) > 0),
    );
    expect(size).toBeDefined();
    const bySize = (await get(`/api/products/size?size=${size}&gender=men&sort=top-rated`)).json<Product[]>();
    const ids = bySize.map((p) => p._id);
    expect(ids.indexOf(forty._id)).toBe(0);
    expect(ids.indexOf(single._id)).toBeGreaterThan(0);

    // The search keeps its own tiers first (a name that has the words); within them, the rating.
    const three = [forty._id, single._id, plain._id];
    const inOrder = (products: Product[]) => products.map((p) => p._id).filter((id) => three.includes(id));
    const search = (await get("/api/search?query=formal%20shoes&sort=top-rated")).json<SearchPage>();
    expect(inOrder(search.products)).toEqual(three);
    const legacy = (await get("/api/products/search?query=formal%20shoes&sort=top-rated")).json<Product[]>();
    expect(inOrder(legacy)).toEqual(three);
    const featured = (await get("/api/products/search?query=formal%20shoes")).json<Product[]>();
    expect(inOrder(featured)).toEqual([...three].reverse());
  });

  it("is offered by the lists' sort control, and an unknown sort is still a 400 naming the sorts", async () => {
    const page = await html("/men/formal-shoes?sort=top-rated");
    expect(page).toMatch(/<option value="top-rated" selected="">Top rated<\/option>/);
    for (const url of [
      "/api/products?category=men-formal-shoes&sort=best",
      "/api/products/size?size=42&sort=rating",
      "/api/search?query=shoes&sort=top_rated",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        "Sort must be one of: featured, newest, price-asc, price-desc, discount, top-rated.",
      );
    }
  });
});

// Images in an S3-compatible bucket, against a real S3 server on 127.0.0.1 (s3rver behind a SigV4
// check, tests/support/s3-server.ts): an upload through one instance is in the bucket and served by
// another instance, which keeps its own copy of the variants; a store that is unreachable, refuses
// our credentials or has no such bucket answers an upload with 503 and leaves no row.
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURES_UNAVAILABLE } from "#server/plugins/errors.ts";
import type { AdminProduct } from "#shared/admin.ts";
import type { ProductAnswer } from "#shared/catalog.ts";
import { call, makeAdmin, newProduct, picture } from "../support/admin.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import {
  anotherInstance,
  exchangePhotoAcross,
  expectUploadRefused,
  type Instance,
  uploadPicture,
} from "../support/instances.ts";
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startTestS3, type TestS3 } from "../support/s3-server.ts";
import type { Shopper } from "../support/shoppers.ts";

let s3: TestS3;
let first: TestApp;
let second: Instance;
let admin: Shopper;
let productId: string;
beforeAll(async () => {
  s3 = await startTestS3();
  first = await createTestApp({ demo: false, env: s3.env });
  second = await anotherInstance(first, s3.env);
  admin = await makeAdmin(first);
  productId = (await call(first, admin, "POST", "/api/admin/products", newProduct())).json<AdminProduct>()._id;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.close();
});

const bucketClient = new AwsClient({
  accessKeyId: S3_ACCESS_KEY_ID,
  secretAccessKey: S3_SECRET_ACCESS_KEY,
  service: "s3",
  region: "us-east-1",
  retries: 0,
});
/** The object as the bucket holds it, read with our own signed request. */
async function objectInBucket(key: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const res = await bucketClient.fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") };
}

/** An address where nothing listens: a port just given up. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("images in an S3 bucket shared by two instances", () => {
  let imageId = "";

  it("an upload through the first lands in the bucket, signed as AWS signs", async () => {
    const res = await uploadPicture(first.app, admin, productId, await picture("jpeg", 1200, 900));
    expect(res.statusCode, res.body).toBe(200);
    imageId = res.json<AdminProduct>().images.at(-1)?.id ?? "";
    expect(s3.refused).toEqual([]);

    const original = await objectInBucket(`${imageId}/original.webp`);
    expect([original.status, original.type]).toEqual([200, "image/webp"]);
    expect((await sharp(original.body).metadata()).width).toBe(1200);
    // Every variant is in the bucket before the upload's answer: none is left for a shopper's request.
    for (const width of [320, 640, 1024]) {
      for (const format of ["avif", "webp"]) {
        const variant = await objectInBucket(`${imageId}/${width}.${format}`);
        expect([variant.status, (await sharp(variant.body).metadata()).width]).toEqual([200, width]);
      }
    }
    // Nothing of it in the instance's own image directory.
    expect(existsSync(path.join(first.config.dataDir, "images"))).toBe(false);
  });

  it("the second serves every variant from the bucket and keeps a copy on its own disk", async () => {
    const product = (await second.app.inject({ url: `/api/products/${productId}` })).json<ProductAnswer>().product;
    expect(product.images.map((i) => i.id)).toEqual([imageId]);
    for (const width of [320, 640, 1024]) {
      for (const format of ["avif", "webp"] as const) {
        const served = await second.app.inject({ url: `/images/${imageId}/${width}.${format}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers["cache-control"]).toContain("immutable");
        expect(served.rawPayload.equals((await objectInBucket(`${imageId}/${width}.${format}`)).body)).toBe(true);
        expect(existsSync(path.join(second.config.dataDir, "image-cache", imageId, `${width}.${format}`))).toBe(true);
      }
    }
    expect(await second.app.inject({ url: `/images/${crypto.randomUUID()}/640.webp` })).toMatchObject({
      statusCode: 404,
    });
  });

  it("a variant no instance has made yet is sent as its drawing; once one renders it, it is in the bucket for all", async () => {
    expect((await objectInBucket("site/banner/1024.avif")).status).toBe(404);
    const drawing = await second.app.inject({ url: "/images/site/banner/1024.avif" });
    expect([drawing.statusCode, drawing.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect((await objectInBucket("site/banner/1024.avif")).status).toBe(404);
    // The background job's step (server/catalog/pictures-ahead.ts) on the second instance.
    const variant = { kind: "site", name: "banner", width: 1024, format: "avif" } as const;
    expect(await second.app.images.renderIfMissing(variant)).toBe(true);
    const rendered = await first.app.inject({ url: "/images/site/banner/1024.avif" });
    expect([rendered.statusCode, rendered.headers["content-type"]]).toEqual([200, "image/avif"]);
    expect((await objectInBucket("site/banner/1024.avif")).body.equals(rendered.rawPayload)).toBe(true);
  });

  it("a customer's exchange photo sent through the first is shown to the owner through the second", async () => {
    expect(await exchangePhotoAcross(first, first.app, second.app, admin, productId)).toBe("200 image/webp");
  });

  it("puts keys under S3_PREFIX", async () => {
    const prefixed = await anotherInstance(first, { ...s3.env, S3_PREFIX: "/shop/pictures/" });
    try {
      const res = await uploadPicture(prefixed.app, admin, productId, await picture("jpeg"));
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<AdminProduct>().images.at(-1)?.id ?? "";
      expect((await objectInBucket(`shop/pictures/${id}/original.webp`)).status).toBe(200);
      expect((await objectInBucket(`${id}/original.webp`)).status).toBe(404);
      const served = await prefixed.app.inject({ url: `/images/${id}/320.webp` });
      expect(served.statusCode).toBe(200);
    } finally {
      await prefixed.close();
    }
  });

  const broken: [string, () => Promise<Record<string, string>>][] = [
    ["refuses our secret key", async () => ({ ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" })],
    ["has no such bucket", async () => ({ ...s3.env, S3_BUCKET: "no-such-bucket" })],
    ["does not answer", async () => ({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` })],
  ];
  for (const [what, env] of broken) {
    it(`a store that ${what}: an upload answers 503 with its message and writes no row`, async () => {
      const instance = await anotherInstance(first, await env());
      try {
        await expectUploadRefused(first, instance, admin, productId);
      } finally {
        await instance.close();
      }
    });
  }

  it("the wrong secret was refused by the server's signature check, not let through", () => {
    expect(s3.refused.some((request) => request.startsWith("PUT /shop-images/"))).toBe(true);
  });

  it("with the store gone, copies already on an instance's disk are still served; others answer 503", async () => {
    await s3.close();
    const kept = await second.app.inject({ url: `/images/${imageId}/640.webp` });
    expect(kept.statusCode).toBe(200);
    const away = await second.app.inject({ url: "/images/site/cover/640.webp" });
    expect([away.statusCode, away.json<{ message: string }>().message]).toEqual([503, PICTURES_UNAVAILABLE]);
  });
});

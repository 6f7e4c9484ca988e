// Where images are kept is configuration: DATA_DIR/images by default, IMAGES_DIR for a shared
// directory, S3_* for a bucket. Half an S3 configuration stops the start with what is missing.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const S3 = { S3_BUCKET: "shop-images", S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };

describe("image storage configuration", () => {
  it("keeps images in DATA_DIR/images unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: "/srv/shop" }).imageStorage).toEqual({ kind: "directory", dir: "/srv/shop/images" });
    expect(loadConfig({ DATA_DIR: "/srv/shop", IMAGES_DIR: "/mnt/shared/images" }).imageStorage).toEqual({
      kind: "directory",
      dir: "/mnt/shared/images",
    });
  });

  it("reads a complete S3 configuration, path-style when an endpoint is given", () => {
    expect(loadConfig({ ...S3, S3_ENDPOINT: "http://minio:9000", S3_PREFIX: "/prod/" }).imageStorage).toEqual({
      kind: "s3",
      bucket: "shop-images",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
      prefix: "prod/",
      pathStyle: true,
    });
    expect(loadConfig({ ...S3, S3_REGION: "eu-central-1" }).imageStorage).toMatchObject({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      prefix: "",
      pathStyle: false,
    });
  });

  it("renders pictures ahead after the start, except in tests unless asked", () => {
    expect(loadConfig({}).renderPicturesAhead).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).renderPicturesAhead).toBe(true);
    expect(loadConfig({ RENDER_PICTURES_AHEAD: "false" }).renderPicturesAhead).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).renderPicturesAhead).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", RENDER_PICTURES_AHEAD: "true" }).renderPicturesAhead).toBe(true);
    expect(() => loadConfig({ RENDER_PICTURES_AHEAD: "yes" })).toThrow(/RENDER_PICTURES_AHEAD/);
  });

  it.each([
    [{ S3_BUCKET: "shop-images" }, /missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /missing S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ ...S3, S3_SECRET_ACCESS_KEY: "  " }, /missing S3_SECRET_ACCESS_KEY/],
    [{ ...S3, S3_BUCKET: "Shop_Images" }, /S3_BUCKET "Shop_Images" is not a bucket name/],
    [{ ...S3, S3_ENDPOINT: "not a url" }, /S3_ENDPOINT/],
    [{ ...S3, IMAGES_DIR: "/mnt/images" }, /IMAGES_DIR or S3_BUCKET for images, not both/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("a shop started with half an S3 configuration stops at once and says what is missing", async () => {
    const child = spawn(process.execPath, [path.join(ROOT_DIR, "server", "start.ts")], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, S3_BUCKET: "shop-images", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Should it start after all, it must not stay behind (the assertion below then fails).
    const stray = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    clearTimeout(stray);
    expect(code).toBe(1);
    expect(output).toContain("missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY");
  });
});

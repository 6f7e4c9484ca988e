import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { drawProductImage } from "#server/catalog/artwork/product-image.ts";
import { DEMO_PRODUCTS } from "#server/db/seed/demo-catalogue.ts";
const p = DEMO_PRODUCTS.find((x) => x.key === process.argv[2])!;
const svg = drawProductImage(p.look, Number(process.argv[3] ?? 0) as 0);
writeFileSync(".tmp/one.svg", svg);
await sharp(Buffer.from(svg)).resize(600).png().toFile(".tmp/one.png");

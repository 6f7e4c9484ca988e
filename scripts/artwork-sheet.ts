// A contact sheet of the demo product pictures: one row per category, each picture with its
// product's name and look underneath, in one PNG under .tmp/, so a person can check at a glance
// that every product has its own drawing.
//
//   node scripts/artwork-sheet.ts [--angle 0..3] [--plain] [--category men-peshawari-chappal] [--tile 240] [--columns 10]
//
// --plain draws every shoe in one neutral colourway, which shows what is left when colour is not.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp, { type OverlayOptions } from "sharp";
import { esc, FONT_FAMILY } from "#server/catalog/artwork/palette.ts";
import { plainLook } from "#server/catalog/artwork/plain-look.ts";
import { drawProductImage } from "#server/catalog/artwork/product-image.ts";
import { DEMO_PRODUCTS } from "#server/catalog/demo/demo-catalogue.ts";
import { CATEGORIES } from "#shared/categories.ts";

const { values } = parseArgs({
  options: {
    angle: { type: "string", default: "0" },
    plain: { type: "boolean", default: false },
    category: { type: "string" },
    tile: { type: "string", default: "240" },
    columns: { type: "string", default: "10" },
  },
});
const angle = Number(values.angle);
if (![0, 1, 2, 3].includes(angle)) throw new Error("--angle is 0, 1, 2 or 3");
const tile = Number(values.tile);
const columns = Number(values.columns);
const HEADER = 34;
const CAPTION = 40;

const rows = CATEGORIES.filter((c) => !values.category || c.slug === values.category).map((category) => ({
  category,
  products: DEMO_PRODUCTS.filter((p) => p.category === category.slug),
}));
if (rows.length === 0) throw new Error(`No category ${values.category}`);

const cell = tile + CAPTION;
const heights = rows.map((row) => HEADER + Math.ceil(row.products.length / columns) * cell);
const width = columns * tile;
const height = heights.reduce((a, b) => a + b, 0);

const composites: OverlayOptions[] = [];
const labels: string[] = [];
let top = 0;
for (const [r, row] of rows.entries()) {
  labels.push(
    `<text x="10" y="${top + 23}" font-size="18" font-weight="700">${esc(`${row.category.gender === "men" ? "Men" : "Women"} · ${row.category.name}`)}</text>`,
  );
  for (const [i, product] of row.products.entries()) {
    const left = (i % columns) * tile;
    const y = top + HEADER + Math.floor(i / columns) * cell;
    const look = values.plain ? plainLook(product.look) : product.look;
    const svg = drawProductImage(look, angle as 0 | 1 | 2 | 3);
    const input = await sharp(Buffer.from(svg), { density: Math.ceil((72 * tile) / 1000) + 1 })
      .resize(tile)
      .png()
      .toBuffer();
    composites.push({ input, left, top: y });
    const details = [look.style, look.toe, look.base, look.heel, look.stitch, look.pattern].filter(Boolean).join(" · ");
    // A nested svg per caption clips a long one at its tile's edge.
    labels.push(
      `<svg x="${left}" y="${y + tile}" width="${tile - 4}" height="${CAPTION}">`,
      `<text x="6" y="16" font-size="13">${esc(product.name)}</text>`,
      `<text x="6" y="33" font-size="11" fill="#666">${esc(`${look.shape}: ${details}`)}</text></svg>`,
    );
  }
  top += heights[r] ?? 0;
}
const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${FONT_FAMILY}" fill="#222">${labels.join("")}</svg>`;
composites.push({ input: Buffer.from(text), left: 0, top: 0 });

const folder = path.resolve(".tmp");
await mkdir(folder, { recursive: true });
const name = `artwork-sheet${values.category ? `-${values.category}` : ""}-angle${angle}${values.plain ? "-plain" : ""}.png`;
const file = path.join(folder, name);
await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
  .composite(composites)
  .png()
  .toFile(file);
console.log(`${DEMO_PRODUCTS.length} products; sheet written to ${file}`);

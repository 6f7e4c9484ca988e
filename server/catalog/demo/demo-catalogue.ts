// The demo catalogue seeded into an empty shop: ten categories of men's and women's shoes with
// Karachi prices, deterministic stock per size and a drawn look for the product pictures. The
// products themselves are data, in demo-men.json and demo-women.json (checked in demo-builder.ts).
import { type DemoProduct, readDemoFile } from "./demo-builder.ts";

export type { DemoProduct } from "./demo-builder.ts";

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...readDemoFile(new URL("./demo-men.json", import.meta.url)),
  ...readDemoFile(new URL("./demo-women.json", import.meta.url)),
];

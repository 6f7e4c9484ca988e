// The demo catalogue seeded into an empty shop: ten categories of men's and women's shoes with
// Karachi prices, deterministic stock per size and a drawn look for the product pictures.
import { MEN_PRODUCTS } from "./demo-men.ts";
import { WOMEN_PRODUCTS } from "./demo-women.ts";

export type { DemoProduct } from "./demo-builder.ts";

import type { DemoProduct } from "./demo-builder.ts";

export const DEMO_PRODUCTS: readonly DemoProduct[] = [...MEN_PRODUCTS, ...WOMEN_PRODUCTS];

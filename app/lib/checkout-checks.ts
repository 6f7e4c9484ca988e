// The checkout checks in the browser what the server will check (the address with the area our form
// asks for, the discount code's form) with the server's own zod schemas, so every field is marked at
// once. Zod is about 25 KB gzip: the schemas come in a chunk of their own, fetched when the checkout
// opens or first checks something, not on the cart's first load (issue 54,
// docs/decisions/045-cheap-phone-scripts.md). A check made before the chunk has come waits for it:
// nothing is sent, or said valid, unchecked. The server checks everything again.
type CheckoutSchemas = typeof import("./checkout-schemas.ts");

let loading: Promise<CheckoutSchemas | null> | undefined;

/**
 * The schemas, fetched once; null when they could not be fetched (offline), which every caller
 * says or treats as unchecked. A failed fetch is tried again at the next check.
 */
export function checkoutSchemas(): Promise<CheckoutSchemas | null> {
  loading ??= import("./checkout-schemas.ts").catch(() => {
    loading = undefined;
    return null;
  });
  return loading;
}

/** Fetches the schemas ahead, as the checkout opens, so its first check does not wait for them. */
export function prepareCheckoutChecks(): void {
  void checkoutSchemas();
}

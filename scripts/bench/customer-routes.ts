// Issue 35: every route a customer opens. The bench holds Lighthouse's budgets on each, and
// tests/pages.test.ts holds that a search engine may index each (decision 028). The pages that need
// a mailed link's token or an order's id are left out: they are not indexed.
export function customerRoutes(productId: string): string[] {
  return [
    "/",
    "/men",
    "/men/All",
    "/women",
    "/men/formal-shoes",
    "/women/heels-&-sandals",
    `/products/${productId}`,
    "/buy/42",
    "/search?query=khussa",
    "/contact",
    "/exchange-policy",
    "/size-guide",
    "/my-cart",
    "/TrackOrder",
    "/login",
    "/sign-up",
    "/reset-password",
  ];
}

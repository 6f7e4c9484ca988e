// The checkout's schemas, and zod with them: a chunk of its own, fetched by app/lib/checkout-checks.ts
// when the checkout first opens or checks something, never with the cart page (decision 045).
export { checkoutAddressSchema } from "#shared/areas.ts";
export { discountCodeSchema } from "#shared/promotions.ts";

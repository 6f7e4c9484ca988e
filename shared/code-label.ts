// How an order, a cart and the checkout name a discount code's line (issue 51): "Code EID500". Its own
// module, without zod: the cart's checkout compares the server's discount with it, and the schemas of
// shared/promotions.ts (which re-exports it) would bring zod's 25 KB to the cart's first load (issue 54,
// decision 045).
export const codeLabel = (code: string) => `Code ${code}`;

// What an e-mail address must look like (docs/product.md section 6): its own module, without zod, so
// the product page's back-in-stock form checks an address without carrying the order schemas (issue 54).
/** The spec's simple pattern: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

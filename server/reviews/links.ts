// The review request's link (issue 53): a token naming one delivered order, signed (HMAC-SHA256) so it
// cannot be made up or moved to someone else's order, and needing no table. It opens the form for that
// order's pairs without signing in; what it allows (one review per pair delivered) harms no one if the
// mail is forwarded, so it does not expire. Its key is its own (server/signed-tokens.ts).
import { REVIEW_PAGE } from "#shared/reviews.ts";
import type { Db } from "../db/client.ts";
import { tokenSigner } from "../signed-tokens.ts";

const SECRET_NAME = "review_links";
const PURPOSE = "review";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ReviewLinks {
  tokenFor(orderId: string, via?: Db): Promise<string>;
  /** The form's address for the order. */
  formUrl(orderId: string, via?: Db): Promise<string>;
  /** The order a token names, or undefined when it is forged or damaged. */
  check(token: string): Promise<string | undefined>;
}

export function createReviewLinks(db: Db, options: { publicUrl: string; secret?: string | undefined }): ReviewLinks {
  const signer = tokenSigner(db, SECRET_NAME, options.secret);
  const links: ReviewLinks = {
    tokenFor: async (orderId, via) => `${orderId}.${await signer.sign(`${PURPOSE}.${orderId}`, via)}`,
    formUrl: async (orderId, via) => `${options.publicUrl}${REVIEW_PAGE}?token=${await links.tokenFor(orderId, via)}`,
    async check(token) {
      const [orderId, given, ...rest] = token.split(".");
      if (!orderId || !given || rest.length > 0 || !UUID.test(orderId)) return undefined;
      return (await signer.verify(`${PURPOSE}.${orderId}`, given)) ? orderId : undefined;
    },
  };
  return links;
}

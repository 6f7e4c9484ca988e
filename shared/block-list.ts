// [Ours] The owner's block list (issue 50): phone numbers and addresses the shop takes no
// cash-on-delivery order for, each with the owner's reason. The request schemas of
// /api/admin/blocked, its answers, and what a customer is told when the checkout refuses one (the
// reason is the owner's, never shown to the customer).
import { pakistaniMobile, readablePhone } from "./phone.ts";
import { strictBody } from "./strict-body.ts";
import { z } from "./zod.ts";

export const BLOCK_KINDS = ["phone", "address"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCK_REASON_MAX = 300;
export const BLOCK_ADDRESS_MAX = 300;
const AREA_MAX = 80;

export const BLOCK_MESSAGES = {
  kind: "kind must be phone or address.",
  phone: "Enter the phone number as a Pakistani mobile number, like 0300 1234567.",
  address: `Enter the address line as the order has it (house or flat, street and block), at most ${BLOCK_ADDRESS_MAX} characters.`,
  area: "Choose the area from the list of Karachi areas, or leave it empty for an address without one.",
  reason: `Say why, in 1 to ${BLOCK_REASON_MAX} characters: you will read it beside every order it stops.`,
  badId: "That is not a valid block list id.",
  notFound: "Nothing on the block list has that id.",
  duplicate: (kind: BlockKind) =>
    kind === "phone" ? "This phone number is already on the block list." : "This address is already on the block list.",
} as const;

/** What the checkout answers (403) for a blocked phone or address: never the owner's reason. */
export const BLOCKED_ORDER_MESSAGES: Readonly<Record<BlockKind, string>> = {
  phone: "We cannot take cash-on-delivery orders for this phone number.",
  address: "We cannot take cash-on-delivery orders to this address.",
};

const reason = z
  .string({ error: BLOCK_MESSAGES.reason })
  .trim()
  .min(1, { error: BLOCK_MESSAGES.reason })
  .max(BLOCK_REASON_MAX, { error: BLOCK_MESSAGES.reason });

/** POST /api/admin/blocked: a phone number, or an address line with its area (as the order has them). */
export const newBlockSchema = z.discriminatedUnion(
  "kind",
  [
    strictBody({
      kind: z.literal("phone"),
      // Stored as the owner and riders dial it; the database keys it by its last ten digits, as orders.phone_key.
      phoneNumber: z
        .string({ error: BLOCK_MESSAGES.phone })
        .max(30, { error: BLOCK_MESSAGES.phone, abort: true })
        .refine((typed) => pakistaniMobile(typed) !== undefined, { error: BLOCK_MESSAGES.phone })
        .transform(readablePhone),
      reason,
    }),
    strictBody({
      kind: z.literal("address"),
      addressLine: z
        .string({ error: BLOCK_MESSAGES.address })
        .trim()
        .max(BLOCK_ADDRESS_MAX, { error: BLOCK_MESSAGES.address })
        // At least a letter or a digit: a line of punctuation alone would match every such line of the area.
        .regex(/[\p{L}\p{N}]/u, { error: BLOCK_MESSAGES.address }),
      area: z
        .string({ error: BLOCK_MESSAGES.area })
        .trim()
        .max(AREA_MAX, { error: BLOCK_MESSAGES.area })
        .nullish()
        .transform((v) => v || null),
      reason,
    }),
  ],
  {
    error: (issue) =>
      typeof issue.input === "object" && issue.input !== null && !Array.isArray(issue.input)
        ? BLOCK_MESSAGES.kind
        : "Send the details as a JSON object.",
  },
);
export type NewBlock = z.output<typeof newBlockSchema>;

/** DELETE /api/admin/blocked/:id */
export const blockIdParamsSchema = z.object({ id: z.uuid({ error: BLOCK_MESSAGES.badId }) });

/** One entry of the block list: a phone number, or an address with its area (null for an address without one). */
export interface BlockedEntry {
  _id: string;
  kind: BlockKind;
  phoneNumber: string | null;
  addressLine: string | null;
  area: string | null;
  reason: string;
  at: string;
  /** The admin who blocked it; null when that account is gone. */
  by: { username: string } | null;
}

/** GET /api/admin/blocked: the whole list, newest first. */
export interface BlockList {
  blocked: BlockedEntry[];
}

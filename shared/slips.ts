// Packing slips (issue 18): which orders to print and in what format, and what a slip shows.
// The ids travel in the address (/admin/slips?ids=a,b,c&format=receipt), so a batch can be
// bookmarked or printed again; the API reads the same list.
import type { Order } from "./orders.ts";
import { z } from "./zod.ts";

/** One printed batch: enough for a busy day's dispatch, small enough for one address. */
export const SLIPS_MAX = 100;
export const SLIP_FORMATS = ["a4", "receipt"] as const;
export type SlipFormat = (typeof SLIP_FORMATS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const SLIP_MESSAGES = {
  noIds: "Choose at least one order to print: ?ids=<order id>,<order id>.",
  tooMany: `Print at most ${SLIPS_MAX} slips at once.`,
  format: `format must be one of: ${SLIP_FORMATS.join(", ")}.`,
} as const;

export const notOrderIdsMessage = (bad: string[]) =>
  `${bad.length === 1 ? "This is not an order id" : "These are not order ids"}: ${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ", …" : ""}.`;

export const unknownOrdersMessage = (ids: string[]) =>
  `No order has ${ids.length === 1 ? "the id" : "the ids"} ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}.`;

/** The comma-separated ids, in the order given, each once. */
export function splitIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** GET /api/admin/slips?ids=…: every id must be an order id (each bad one is named). */
export const slipsQuerySchema = z.object({
  ids: z
    .string({ error: SLIP_MESSAGES.noIds })
    .max(SLIPS_MAX * 40, { error: SLIP_MESSAGES.tooMany, abort: true })
    .transform(splitIds)
    .superRefine((ids, ctx) => {
      if (ids.length === 0) ctx.addIssue({ code: "custom", message: SLIP_MESSAGES.noIds });
      else if (ids.length > SLIPS_MAX) ctx.addIssue({ code: "custom", message: SLIP_MESSAGES.tooMany });
      const bad = ids.filter((id) => !UUID.test(id));
      if (bad.length > 0) ctx.addIssue({ code: "custom", message: notOrderIdsMessage(bad) });
    }),
});

export const slipFormatSchema = z.enum(SLIP_FORMATS, { error: SLIP_MESSAGES.format }).catch("a4");

export interface SlipShop {
  name: string;
  phone: string;
  email: string;
}

/**
 * What a booked parcel's airway bill says (issue 49), printed on its slip: a parcel with the
 * courier's consignment number (CN); the own rider's parcels have none and get no airway bill.
 */
export interface AirwayBill {
  courier: string;
  /** The CN, which the courier's rider and hub scan off the slip's barcode. */
  trackingNumber: string;
  /** What the courier collects at the door: the order's total when it was dispatched. */
  codAmount: number;
  /** As the courier was told when the parcel was booked (or as the booking file gave it). */
  weightGrams: number | null;
  pieces: number | null;
  /** The courier's own airway-bill document, when its API gave one: an http(s) address only. */
  labelUrl: string | null;
}

/** An order as its slip prints it. */
export type SlipOrder = Order & { airwayBill: AirwayBill | null };

/** GET /api/admin/slips: the shop's details once and the orders in the order asked for. */
export interface PackingSlips {
  shop: SlipShop;
  orders: SlipOrder[];
}

/** 800 -> "800 g", 1250 -> "1.25 kg": as a courier's airway bill states a weight. */
export function formatWeight(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${Number((grams / 1000).toFixed(2))} kg`;
}

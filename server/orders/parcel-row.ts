// An order's parcel as the order reads select it (one json object per order, or null), and how the
// customer and the owner each read it.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AdminParcel, type OrderParcel, trackingLink } from "#shared/couriers.ts";

/** `parcel` in ORDER_COLUMNS: the order's parcel with its courier, from `orders o`. */
export const PARCEL_COLUMN = sql`(select json_build_object(
    'courier_id', c.id, 'courier', c.name, 'own_rider', c.own_rider, 'rider_name', c.rider_name,
    'rider_phone', c.rider_phone, 'tracking_url', c.tracking_url, 'tracking_number', p.tracking_number,
    'dispatched_ms', (extract(epoch from p.dispatched_at) * 1000)::float8, 'cod_amount', p.cod_amount,
    'collected', p.collected_amount, 'charges', p.charges, 'settled_via', p.settled_via,
    'settled_ms', (extract(epoch from p.settled_at) * 1000)::float8, 'mismatch', p.amount_mismatch,
    'delivery_charge', p.delivery_charge, 'cod_fee', p.cod_fee, 'sales_tax', p.sales_tax,
    'withholding_tax', p.withholding_tax, 'return_charge', p.return_charge, 'net_paid', p.net_paid,
    'payout_reference', p.payout_reference, 'payout_date', p.payout_date,
    'short_difference', s.difference, 'short_status', s.status)
  from parcels p join couriers c on c.id = p.courier_id left join short_payments s on s.order_id = p.order_id
  where p.order_id = o.id)`;

export const parcelColumn = z.object({
  courier_id: z.string(),
  courier: z.string(),
  own_rider: z.boolean(),
  rider_name: z.string().nullable(),
  rider_phone: z.string().nullable(),
  tracking_url: z.string().nullable(),
  tracking_number: z.string().nullable(),
  dispatched_ms: z.number(),
  cod_amount: z.number(),
  collected: z.number().nullable(),
  charges: z.number().nullable(),
  settled_via: z.enum(["report", "hand"]).nullable(),
  settled_ms: z.number().nullable(),
  mismatch: z.boolean(),
  delivery_charge: z.number().nullable(),
  cod_fee: z.number().nullable(),
  sales_tax: z.number().nullable(),
  withholding_tax: z.number().nullable(),
  return_charge: z.number().nullable(),
  net_paid: z.number().nullable(),
  payout_reference: z.string().nullable(),
  payout_date: z.string().nullable(),
  short_difference: z.number().nullable(),
  short_status: z.enum(["open", "disputed", "accepted", "recovered"]).nullable(),
});
export type ParcelColumn = z.output<typeof parcelColumn>;

export function toOrderParcel(p: ParcelColumn): OrderParcel {
  return {
    courier: p.courier,
    ownRider: p.own_rider,
    rider: p.own_rider ? { name: p.rider_name, phone: p.rider_phone } : null,
    trackingNumber: p.tracking_number,
    trackingUrl: trackingLink(p.tracking_url, p.tracking_number),
    dispatchedAt: new Date(p.dispatched_ms).toISOString(),
  };
}

export function toAdminParcel(p: ParcelColumn): AdminParcel {
  return {
    ...toOrderParcel(p),
    courierId: p.courier_id,
    codAmount: p.cod_amount,
    settlement:
      p.settled_ms !== null && p.settled_via !== null && p.collected !== null
        ? {
            at: new Date(p.settled_ms).toISOString(),
            via: p.settled_via,
            collected: p.collected,
            charges: p.charges,
            deductions: {
              deliveryCharge: p.delivery_charge,
              codFee: p.cod_fee,
              salesTax: p.sales_tax,
              withholdingTax: p.withholding_tax,
              returnCharge: p.return_charge,
            },
            net: p.net_paid,
            payoutReference: p.payout_reference,
            payoutDate: p.payout_date,
            mismatch: p.mismatch,
            short:
              p.short_difference !== null && p.short_status !== null
                ? { difference: p.short_difference, status: p.short_status }
                : null,
          }
        : null,
  };
}

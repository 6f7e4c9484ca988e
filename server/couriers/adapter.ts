// What the order workflow needs from a courier, whatever it comes from (docs/decisions/020-courier-adapters.md):
// the tracking numbers it gave our orders (book), where each parcel is (track), and the cash it
// collected with its charges (paymentReport). Each answers plain lines; imports.ts turns lines into
// dispatches, outcomes and settlements and never learns where they came from.
//
// The first adapter reads the CSV files courier portals export (csv-adapter.ts). A courier's booking
// API would be a second one: built with what it needs (the confirmed orders to book, the numbers on
// the road, its key), answering the same lines; the workflow does not change.

/**
 * How a courier's status reads for the order. 'refused': the parcel came back (or is coming back);
 * 'attemptFailed': the rider could not deliver it (customer not available, address incomplete, refused
 * at the door) and it is still out: the customer is asked what to do before it goes back (issue 49).
 * 'outForDelivery': the rider has it today; the order's status does not change, but the customer is
 * told once per parcel, with the cash to keep ready (issue 53, server/couriers/out-for-delivery.ts).
 */
export type ParcelOutcome =
  | "delivered"
  | "refused"
  | "lost"
  | "damaged"
  | "attemptFailed"
  | "outForDelivery"
  | "noChange";

interface SourceLine {
  /** Where the line is in the source (a file's row, the header being 1), for the owner to find it. */
  line: number;
  /** Why the line cannot be used, in the owner's words (an amount that is not one); its fields may be empty. */
  problem?: string | undefined;
}

/** A parcel booked for one of our orders. */
export interface BookingLine extends SourceLine {
  /** Our order as the courier has it: its number ('#71B886C4', any case, '#' or not) or its id. */
  orderRef: string;
  trackingNumber: string;
  /** The cash the courier booked to collect, when the file says: checked against the order. */
  codAmount?: number | undefined;
  /** The parcel's weight in grams, when the file says (a courier charging by weight). */
  weightGrams?: number | undefined;
}

/** A parcel's status as the courier words it, and what it means for the order. */
export interface TrackingLine extends SourceLine {
  trackingNumber: string;
  status: string;
  outcome: ParcelOutcome;
  /** When the courier recorded the status (an ISO instant; a file's local time is Karachi's), when the file says. */
  statusDate?: string | undefined;
  /** The courier's remark (a refusal's reason), when the file has one. */
  remark?: string | undefined;
}

/**
 * What the courier collected for a parcel and what it deducted, in whole rupees: each deduction
 * where the report has its column, or one total of charges where it has only that.
 */
export interface PaymentLine extends SourceLine {
  trackingNumber: string;
  collected: number;
  deliveryCharge?: number | undefined;
  codFee?: number | undefined;
  salesTax?: number | undefined;
  withholdingTax?: number | undefined;
  returnCharge?: number | undefined;
  /** A single total of the charges (portals without a breakdown). */
  charges?: number | undefined;
  /** What the courier says it paid for the parcel (net of every deduction). */
  netPaid?: number | undefined;
  payoutReference?: string | undefined;
  /** The payout's date (an ISO day, Karachi's: '2026-11-28'), when the report says. */
  payoutDate?: string | undefined;
}

export interface CourierAdapter {
  book(): Promise<BookingLine[]>;
  track(): Promise<TrackingLine[]>;
  paymentReport(): Promise<PaymentLine[]>;
}

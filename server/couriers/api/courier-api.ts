// What the shop asks of a courier's own API (issue 49; docs/decisions/035-couriers-by-api.md): book a
// parcel, cancel a booking, say where parcels are, what it paid for them, and take the shop's advice
// on a failed delivery. One adapter per courier (postex.ts, leopards.ts, trax.ts, tcs.ts, mp.ts), each
// built from the courier's published document with its request and answer shapes cited beside them,
// every answer checked with zod. The booking, the sync job and the delivery attempts use only this
// interface; a courier without credentials keeps working by its CSV files (csv-adapter.ts).
import type { CourierApiKind } from "#shared/courier-api.ts";
import type { ParcelOutcome, PaymentLine } from "../adapter.ts";

export type { CourierApiKind };

/** A parcel to book: everything a Karachi courier asks for, from our order. */
export interface BookingRequest {
  /**
   * Our order's number without '#' ('71B886C4'): the courier's order reference. A retry sends the
   * same one, so a booking whose answer was lost is found, never made twice.
   */
  reference: string;
  customerName: string;
  /** As the customer gave it, E.164 ('+923001234567'); the adapter writes it as its courier wants. */
  phone: string;
  /** The address as the rider needs it: the street lines, then the area, then the landmark. */
  address: string;
  area: string;
  landmark: string | null;
  /** Always 'Karachi': the shop delivers there only (docs/product.md). */
  city: string;
  /** Whole rupees to collect at the door. */
  codAmount: number;
  weightGrams: number;
  pieces: number;
  /** What is inside, for the courier's item description ('2 pairs: Black Oxford 42, …'). */
  contents: string;
  /** A note for the rider (the customer's delivery note), when there is one. */
  note: string | null;
}

export interface Booked {
  trackingNumber: string;
  /** The airway bill the courier prints (a PDF or a page), when its API gives one. */
  labelUrl: string | null;
}

/** What a parcel's status means for the order; 'attemptFailed': the rider could not deliver, the parcel is still out. */
export type ApiOutcome = ParcelOutcome;

/** A parcel's latest status as the courier's API reports it. */
export interface ParcelStatus {
  trackingNumber: string;
  /** The courier's own words (or its code and words), shown to the owner as they are. */
  status: string;
  outcome: ApiOutcome;
  /** When the courier recorded it, an ISO instant (a local time without zone is Karachi's). */
  statusDate?: string | undefined;
  /** The courier's remark: why an attempt failed ('customer not available'), a refusal's reason. */
  remark?: string | undefined;
}

/** A parcel's payment as the courier's API reports it: the payment report's line without a file's line number. */
export type ParcelPayment = Omit<PaymentLine, "line" | "problem">;

/** The shop's answer for a parcel whose delivery failed, sent back as the courier's 'shipper advice'. */
export type ShipperAdvice =
  | { kind: "reattempt"; remark: string }
  | { kind: "return"; remark: string }
  | { kind: "correct"; remark: string; address: string | null; phone: string | null };

/** Why a call failed, for the owner and for the caller's retry. */
export type CourierApiFailure =
  /** No answer in time, or the connection broke: the request may or may not have been done. */
  | "timeout"
  /** The courier could not be reached at all, or answered 5xx: nothing was done; try later. */
  | "unavailable"
  /** The credentials were refused (401/403, or the courier's words for it). */
  | "credentials"
  /** The courier refused the request itself (a validation error, a cancelled parcel): its message is for the owner. */
  | "refused"
  /** The courier answered something its document does not describe. */
  | "badAnswer"
  /** The courier publishes no such call. */
  | "unsupported";

/**
 * A courier's API failed. The message is the owner's ('PostEx refused the booking: Invalid city'),
 * never carrying a credential: adapters build it from the courier's answer, not from the request.
 */
export class CourierApiError extends Error {
  readonly failure: CourierApiFailure;
  constructor(failure: CourierApiFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CourierApiError";
    this.failure = failure;
  }
  /** Worth trying again with the same reference: nothing was refused. */
  get retryable(): boolean {
    return this.failure === "timeout" || this.failure === "unavailable";
  }
}

export interface CourierApi {
  readonly kind: CourierApiKind;
  /**
   * Books one parcel. Called again with the same reference after a timeout, it answers the booking
   * already made (the adapter reads the courier's 'duplicate reference' answer, or looks the
   * reference up) instead of making a second one.
   */
  book(request: BookingRequest): Promise<Booked>;
  /** Cancels a booking the courier has not picked up yet. */
  cancel(trackingNumber: string): Promise<void>;
  /** The latest status of each parcel the courier knows (at most `trackBatch` numbers a call). */
  track(trackingNumbers: string[]): Promise<ParcelStatus[]>;
  /** What the courier paid (or will pay) for each parcel it has settled; parcels not yet settled are left out. */
  payments(trackingNumbers: string[]): Promise<ParcelPayment[]>;
  /** Sends the shop's advice on a failed delivery; absent where the courier publishes no such call. */
  advise?: ((trackingNumber: string, advice: ShipperAdvice) => Promise<void>) | undefined;
  /** How many numbers one track or payments call takes. */
  readonly trackBatch: number;
}

/** Where an adapter sends its calls and with what, from the owner's settings (kept encrypted). */
export interface CourierApiSettings {
  /** The courier's API host (its production host unless the owner chose its staging one); a test's stand-in. */
  baseUrl: string;
  credentials: Record<string, string>;
  /** Bounds each call; a courier that hangs never holds the shop. */
  timeoutMs: number;
}

/** A credential the owner types in the admin: its key in `credentials`, its label, and how to find it. */
export interface CredentialField {
  key: string;
  label: string;
  hint: string;
  /** Not needed to book and track (a webhook's secret). */
  optional?: boolean | undefined;
}

/** One courier's API as the shop knows it: what the owner enters and how to build its adapter. */
export interface CourierApiDescriptor {
  kind: CourierApiKind;
  /** The courier's name as the owner reads it ('PostEx'). */
  label: string;
  credentials: readonly CredentialField[];
  productionUrl: string;
  /** The courier's published test host, where it has one. */
  stagingUrl: string | null;
  /** Where each request and answer shape comes from (document titles and addresses). */
  sources: readonly string[];
  create(settings: CourierApiSettings): CourierApi;
}

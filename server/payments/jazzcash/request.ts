// The form the customer's browser posts to JazzCash's Page Redirection (version 1.1), built and
// signed here. Field names, formats and limits are JazzCash's (docs/decisions/039-jazzcash-hosted-checkout.md):
// - Sandbox Documentation v4.2, API References' parameter descriptions
//   (https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/ApiReferences.html): pp_Amount without
//   decimal places (paisa for PKR), pp_TxnCurrency "PKR", pp_TxnDateTime and pp_TxnExpiryDateTime as
//   yyyyMMddHHmmss, pp_TxnRefNo unique per transaction, pp_Description free of <>\*=%/:'|"{};
// - the public clients' forms (zfhassaan/jazzcash src/JazzCash.php; the sample form in
//   mzainzulifqar/laravel_blog resources/views/frontend/jazzcash.blade.php): the field set, pp_Version
//   "1.1", pp_Language "EN", Pakistan time, and pp_TxnRefNo of at most 20 letters and digits.
// Pure but for the clock and the random part, which the caller passes in.
import { randomInt } from "node:crypto";
import type { JazzCashConfig } from "../../config.ts";
import { SECURE_HASH_FIELD, secureHash } from "./signer.ts";

/** Where JazzCash posts its answer back (server/payments/hosted-routes.ts). */
export const JAZZCASH_RETURN_PATH = "/payments/jazzcash/return";

/** How long JazzCash may take the payment: the customer is on its page now; an hour is plenty. */
const EXPIRES_AFTER_MS = 60 * 60 * 1000;
/** Pakistan Standard Time, UTC+5 all year (no daylight saving since 2009). */
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** yyyyMMddHHmmss in Karachi, as JazzCash reads pp_TxnDateTime. */
export function karachiStamp(at: Date): string {
  return new Date(at.getTime() + PKT_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, "");
}

/** "T" + the stamp + 5 random digits: 20 characters, JazzCash's most for pp_TxnRefNo. */
export function newReference(at: Date, random: () => number = () => randomInt(100_000)): string {
  return `T${karachiStamp(at)}${String(random()).padStart(5, "0")}`;
}

export interface AdvanceRequest {
  reference: string;
  /** Rupees, whole. */
  amount: number;
  /** Letters and digits only (JazzCash parses the bill reference and description for markup). */
  billReference: string;
  at: Date;
  /** The shop's own address (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
}

/** Every field of the form, pp_SecureHash last; an empty field is sent but not signed. */
export function advanceRequestFields(config: JazzCashConfig, request: AdvanceRequest): Record<string, string> {
  const fields: Record<string, string> = {
    pp_Version: "1.1",
    // Empty: JazzCash's page offers the customer every way the merchant is enabled for (wallet, card).
    pp_TxnType: "",
    pp_Language: "EN",
    pp_MerchantID: config.merchantId,
    pp_SubMerchantID: "",
    pp_Password: config.password,
    pp_BankID: "",
    pp_ProductID: "",
    pp_TxnRefNo: request.reference,
    pp_Amount: String(request.amount * 100),
    pp_TxnCurrency: "PKR",
    pp_TxnDateTime: karachiStamp(request.at),
    pp_BillReference: request.billReference,
    pp_Description: `Advance for order ${request.billReference}`,
    pp_TxnExpiryDateTime: karachiStamp(new Date(request.at.getTime() + EXPIRES_AFTER_MS)),
    pp_ReturnURL: `${request.publicUrl}${JAZZCASH_RETURN_PATH}`,
    ppmpf_1: "",
    ppmpf_2: "",
    ppmpf_3: "",
    ppmpf_4: "",
    ppmpf_5: "",
  };
  return { ...fields, [SECURE_HASH_FIELD]: secureHash(fields, config.integritySalt) };
}

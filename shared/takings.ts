// Takings as the bank sees them (issue 48): what couriers and the rider collected at the door, less
// each deduction a courier's payment report made, is what reached the shop. A parcel the rider
// settled by hand had no deductions; one settled before the reports were itemised (migration
// 0029) knows only its total charges, counted as delivery charges.

export const DEDUCTIONS = ["deliveryCharge", "codFee", "salesTax", "withholdingTax", "returnCharge"] as const;
export type Deduction = (typeof DEDUCTIONS)[number];
export const DEDUCTION_LABELS: Record<Deduction, string> = {
  deliveryCharge: "Delivery charges",
  codFee: "COD fees",
  salesTax: "Sales tax",
  withholdingTax: "Withholding tax",
  returnCharge: "Return charges",
};

/** One period's (or one courier's) takings: collected, less every deduction, equals net. */
export interface Takings extends Record<Deduction, number> {
  /** Parcels settled in the period. */
  parcels: number;
  collected: number;
  /**
   * What a report's net paid lacks beyond the deductions it lists (negative: it paid more): 0
   * unless a report's own arithmetic does not add up.
   */
  unexplained: number;
  /** What reached the shop. */
  net: number;
}

export interface CourierTakings extends Takings {
  courierId: string;
  courier: string;
}

export interface TakingsSummary {
  /** Settled today (Karachi day), and in the last 7 Karachi days with today. */
  today: Takings;
  week: Takings;
  /** The last 7 days by courier, the most cash collected first. */
  byCourier: CourierTakings[];
}

export const noTakings = (): Takings => ({
  parcels: 0,
  collected: 0,
  deliveryCharge: 0,
  codFee: 0,
  salesTax: 0,
  withholdingTax: 0,
  returnCharge: 0,
  unexplained: 0,
  net: 0,
});

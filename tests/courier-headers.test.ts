// The seeded couriers' files as the shop reads them (issue 48): one sample of each kind of file per
// courier (tests/fixtures/couriers/), every header guessed as the field it holds or named here as a
// column the shop does not need, and every line read with its optional fields filled. Where each
// courier's names come from is said beside it; shared/courier-headers.ts says the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BookingLine, PaymentLine, TrackingLine } from "#server/couriers/adapter.ts";
import { createCsvAdapter, readCourierFile, resolveColumns } from "#server/couriers/csv-adapter.ts";
import { headerKey, suggestColumns } from "#shared/courier-columns.ts";
import { COMMON_HEADERS } from "#shared/courier-headers.ts";
import {
  IMPORT_FIELDS,
  IMPORT_KINDS,
  type ImportColumns,
  type ImportField,
  type ImportKind,
  kindFields,
} from "#shared/courier-imports.ts";

type Line = BookingLine | TrackingLine | PaymentLine;

interface Sample {
  kind: ImportKind;
  /** The field each header is guessed as. */
  columns: ImportColumns;
  /** The headers the shop does not read, each with why. */
  ignored: Record<string, string>;
  /** What the first line reads as. */
  first: Partial<Line>;
}

interface CourierFiles {
  courier: string;
  file: string;
  source: string;
  samples: Sample[];
}

const KARACHI_NOT_NEEDED = "the consignee's own details: the order has them";

const COURIERS: CourierFiles[] = [
  {
    courier: "TCS",
    file: "tcs",
    source:
      "TCS's COD API fields customerReferenceNo, consignmentNo, codAmount, weight as github.com/zfhassaan/swiftship " +
      "(src/Couriers/TCS/TCSClient.php) calls them, and the portal's 'Customer Reference No' of issue 48; the status " +
      "and payment columns are the shop's reading of the portal, not a published source",
    samples: [
      {
        kind: "dispatch",
        columns: {
          order: "Customer Reference No",
          tracking: "Consignment No",
          codAmount: "COD Amount",
          weight: "Weight (Kg)",
        },
        ignored: {
          "Sr No": "the row's number",
          "Booking Date": "the booking's day: the dispatch is recorded when the file is applied",
          "Consignee Name": KARACHI_NOT_NEEDED,
          "Consignee Address": KARACHI_NOT_NEEDED,
          "Consignee City": KARACHI_NOT_NEEDED,
          Pieces: "one parcel per order",
        },
        first: { orderRef: "#3F9A2C1D", trackingNumber: "306912345671", codAmount: 4590, weightGrams: 500 },
      },
      {
        kind: "status",
        columns: { tracking: "Consignment No", status: "Status", statusDate: "Status Date Time", remark: "Remarks" },
        ignored: {
          "Customer Reference No": "a status line is matched by its tracking number",
          Station: "the courier's own branch",
          "Received By": "who signed: the remark says it in words",
        },
        first: {
          trackingNumber: "306912345671",
          outcome: "delivered",
          statusDate: "2026-11-28T09:05:00.000Z",
          remark: "Delivered to consignee",
        },
      },
      {
        kind: "payment",
        columns: {
          tracking: "Consignment No",
          collected: "COD Amount",
          deliveryCharge: "Delivery Charges",
          salesTax: "GST",
          withholdingTax: "Income Tax",
          returnCharge: "Return Charges",
          netPaid: "Net Payable",
          payoutReference: "Cheque No",
          payoutDate: "Payment Date",
        },
        ignored: {
          "Customer Reference No": "a payment line is matched by its tracking number",
          "Delivery Date": "the status file records the delivery",
        },
        first: {
          collected: 4590,
          deliveryCharge: 250,
          salesTax: 38,
          withholdingTax: 92,
          returnCharge: 0,
          netPaid: 4211,
          payoutReference: "CHQ-004512",
          payoutDate: "2026-12-03",
        },
      },
    ],
  },
  {
    courier: "Leopards",
    file: "leopards",
    source:
      "Leopards' merchant API names (eCom Merchant APIs V2) as public clients use them: github.com/zfhassaan/swiftship " +
      "(src/Couriers/LCS/LCSClient.php), gist.github.com/rmak78/ed29ae66b960d025a5be627a5851b1e7 (weight in grams), " +
      "and scripts over its packet and payment API found by code search; 'Reason' is the shop's reading",
    samples: [
      {
        kind: "dispatch",
        columns: {
          order: "booked_packet_order_id",
          tracking: "track_number",
          codAmount: "booked_packet_collect_amount",
          weight: "booked_packet_weight",
        },
        ignored: {
          booking_date: "the booking's day",
          consignment_name_eng: KARACHI_NOT_NEEDED,
          consignment_address: KARACHI_NOT_NEEDED,
          destination_city_name: KARACHI_NOT_NEEDED,
          booked_packet_no_piece: "one parcel per order",
        },
        first: { orderRef: "#3F9A2C1D", trackingNumber: "KI7505327195", codAmount: 4590, weightGrams: 500 },
      },
      {
        kind: "status",
        columns: {
          tracking: "track_number",
          status: "booked_packet_status",
          statusDate: "Activity_datetime",
          remark: "Reason",
        },
        ignored: { booked_packet_order_id: "a status line is matched by its tracking number" },
        first: {
          outcome: "delivered",
          statusDate: "2026-11-28T09:05:00.000Z",
          remark: "Received by consignee",
        },
      },
      {
        kind: "payment",
        columns: {
          tracking: "booked_packet_cn",
          collected: "booked_packet_collect_amount",
          charges: "packet_charges",
          payoutReference: "invoice_cheque_no",
          payoutDate: "invoice_cheque_date",
        },
        ignored: {
          booked_packet_order_id: "a payment line is matched by its tracking number",
          delivery_date: "the status file records the delivery",
          payment_status: "the line itself says it was paid",
        },
        first: { collected: 4590, charges: 337, payoutReference: "IBFT-88123457", payoutDate: "2026-12-02" },
      },
    ],
  },
  {
    courier: "PostEx",
    file: "postex",
    source:
      "PostEx's Merchant API Integration Guide V4.1.9 (merchant-api-guide.s3.ap-south-1.amazonaws.com/" +
      "PostEx-COD_API_Integration_Guide_V4.1.9.pdf) as github.com/callmeahmedr/postex-api-integration uses it",
    samples: [
      {
        kind: "dispatch",
        columns: {
          order: "orderRefNumber",
          tracking: "trackingNumber",
          codAmount: "invoicePayment",
          weight: "bookingWeight",
        },
        ignored: {
          customerName: KARACHI_NOT_NEEDED,
          customerPhone: KARACHI_NOT_NEEDED,
          deliveryAddress: KARACHI_NOT_NEEDED,
          cityName: KARACHI_NOT_NEEDED,
          orderDetail: "the order's lines are the shop's own",
        },
        first: { orderRef: "#3F9A2C1D", trackingNumber: "22410234567891", codAmount: 4590, weightGrams: 500 },
      },
      {
        kind: "status",
        columns: { tracking: "trackingNumber", status: "transactionStatus", statusDate: "modifiedDatetime" },
        ignored: {
          orderRefNumber: "a status line is matched by its tracking number",
          transactionNotes: "the shop's own note at booking, not the courier's remark",
        },
        first: { outcome: "delivered", statusDate: "2026-11-28T09:05:00.000Z" },
      },
      {
        kind: "payment",
        columns: {
          tracking: "trackingNumber",
          collected: "invoicePayment",
          deliveryCharge: "transactionFee",
          salesTax: "transactionTax",
          returnCharge: "reversalFee",
        },
        ignored: {
          orderRefNumber: "a payment line is matched by its tracking number",
          transactionStatus: "the status file records the outcome",
          // A second sales tax (on the return): a line has one sales tax column, and the owner may
          // choose this one instead; not added to transactionTax (known gap, see the report).
          reversalTax: "the sales tax on a return's fee: one sales tax column per file",
          upfrontPayment: "part of the payout paid ahead: the net is collected less the deductions",
          balancePayment: "the rest of the payout: the net is collected less the deductions",
        },
        first: { collected: 4590, deliveryCharge: 364, salesTax: 55, returnCharge: 0 },
      },
    ],
  },
  {
    courier: "Trax",
    file: "trax",
    source:
      "Trax's API at sonic.pk as public code calls it (tracking_number, amount, estimated_weight, " +
      "shipper_reference_number_1); its status and payment report columns are the shop's reading, not a published source",
    samples: [
      {
        kind: "dispatch",
        columns: {
          order: "Shipper Reference Number 1",
          tracking: "Tracking Number",
          codAmount: "Amount",
          weight: "Estimated Weight",
        },
        ignored: {
          "Consignee Name": KARACHI_NOT_NEEDED,
          "Consignee Address": KARACHI_NOT_NEEDED,
          Destination: KARACHI_NOT_NEEDED,
          Pieces: "one parcel per order",
        },
        first: { orderRef: "#3F9A2C1D", trackingNumber: "101101000405", codAmount: 4590, weightGrams: 500 },
      },
      {
        kind: "status",
        columns: { tracking: "Tracking Number", status: "Current Status", statusDate: "Status Date", remark: "Reason" },
        ignored: {},
        first: { outcome: "delivered", statusDate: "2026-11-28T09:05:00.000Z", remark: "Shipment delivered" },
      },
      {
        kind: "payment",
        columns: {
          tracking: "Tracking Number",
          collected: "COD Amount",
          deliveryCharge: "Delivery Charges",
          codFee: "COD Fee",
          salesTax: "Sales Tax",
          withholdingTax: "Income Tax",
          returnCharge: "Return Charges",
          netPaid: "Net Payable",
          payoutReference: "Payment ID",
          payoutDate: "Payment Date",
        },
        ignored: {},
        first: {
          collected: 4590,
          deliveryCharge: 170,
          codFee: 115,
          salesTax: 43,
          withholdingTax: 92,
          returnCharge: 0,
          netPaid: 4170,
          payoutReference: "PAY-20261130-0071",
          // '11/30/2026' can only be month first.
          payoutDate: "2026-11-30",
        },
      },
    ],
  },
  {
    courier: "M&P",
    file: "mnp",
    source: "no published field names found: the shop's reading of the portal's column names, not a published source",
    samples: [
      {
        kind: "dispatch",
        columns: { order: "Order Ref No", tracking: "CN No.", codAmount: "COD Value", weight: "Weight" },
        ignored: {
          Consignee: KARACHI_NOT_NEEDED,
          Address: KARACHI_NOT_NEEDED,
          City: KARACHI_NOT_NEEDED,
          Service: "the courier's service: the terms are per courier",
        },
        first: { orderRef: "#3F9A2C1D", trackingNumber: "3201876543", codAmount: 4590, weightGrams: 500 },
      },
      {
        kind: "status",
        columns: {
          tracking: "CN No.",
          status: "Last Status",
          statusDate: "Last Status Date",
          remark: "Delivery Remarks",
        },
        ignored: { "Order Ref No": "a status line is matched by its tracking number" },
        first: { outcome: "delivered", statusDate: "2026-11-28T09:05:00.000Z", remark: "Received by self" },
      },
      {
        kind: "payment",
        columns: {
          tracking: "CN No.",
          collected: "Collected Amount",
          deliveryCharge: "Freight Charges",
          codFee: "COD Charges",
          salesTax: "Sales Tax",
          withholdingTax: "WHT",
          returnCharge: "Return Charges",
          netPaid: "Net Amount",
          payoutReference: "Invoice No",
          payoutDate: "Invoice Date",
        },
        ignored: {},
        first: {
          collected: 4590,
          deliveryCharge: 220,
          codFee: 0,
          salesTax: 33,
          withholdingTax: 92,
          netPaid: 4245,
          payoutReference: "MNP-INV-55120",
          payoutDate: "2026-12-05",
        },
      },
    ],
  },
];

/** Where each field lands on a line. */
const LINE_PROPERTY: Record<ImportField, string> = {
  order: "orderRef",
  tracking: "trackingNumber",
  status: "status",
  collected: "collected",
  codAmount: "codAmount",
  weight: "weightGrams",
  statusDate: "statusDate",
  remark: "remark",
  deliveryCharge: "deliveryCharge",
  codFee: "codFee",
  salesTax: "salesTax",
  withholdingTax: "withholdingTax",
  returnCharge: "returnCharge",
  charges: "charges",
  netPaid: "netPaid",
  payoutReference: "payoutReference",
  payoutDate: "payoutDate",
};

const fixture = (name: string) => readFileSync(new URL(`./fixtures/couriers/${name}`, import.meta.url), "utf8");

async function linesOf(kind: ImportKind, text: string): Promise<Line[]> {
  const file = readCourierFile(text);
  const adapter = createCsvAdapter(file, resolveColumns(kind, file.headers, undefined, undefined));
  if (kind === "dispatch") return adapter.book();
  if (kind === "status") return adapter.track();
  return adapter.paymentReport();
}

describe.each(COURIERS)("$courier's files ($source)", ({ file, samples }) => {
  describe.each(samples)("its $kind file", ({ kind, columns, ignored, first }) => {
    const text = fixture(`${file}-${kind}.csv`);

    it("has every header guessed as the field it holds, or named as a column the shop does not need", () => {
      const { headers } = readCourierFile(text);
      expect(suggestColumns(kind, headers)).toEqual(columns);
      const used = new Set(Object.values(columns));
      expect(headers.filter((header) => !used.has(header)).sort()).toEqual(Object.keys(ignored).sort());
    });

    it("reads into lines with their optional fields filled", async () => {
      const lines = await linesOf(kind, text);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines[0]).toMatchObject(first);
      const filled = kindFields(kind).filter((field) => columns[field] !== undefined);
      for (const line of lines) {
        expect(line.problem, `line ${line.line}`).toBeUndefined();
        const values: Record<string, unknown> = { ...line };
        for (const field of filled) expect(values[LINE_PROPERTY[field]], `${field} on line ${line.line}`).toBeDefined();
      }
    });
  });
});

describe("the header names", () => {
  it("stand for one field only within a kind of file", () => {
    for (const kind of IMPORT_KINDS) {
      const owner = new Map<string, ImportField>();
      for (const field of kindFields(kind)) {
        for (const name of COMMON_HEADERS[field]) {
          const key = headerKey(name);
          expect(owner.get(key) ?? field, `${kind}: "${name}"`).toBe(field);
          owner.set(key, field);
        }
      }
    }
  });

  it("name every field of every kind, the required ones first in the chooser", () => {
    for (const kind of IMPORT_KINDS) {
      expect(kindFields(kind).slice(0, IMPORT_FIELDS[kind].required.length)).toEqual(IMPORT_FIELDS[kind].required);
      for (const field of kindFields(kind)) expect(COMMON_HEADERS[field].length, field).toBeGreaterThan(0);
    }
  });

  it("read a charge and a refused parcel's net as the reports print them", async () => {
    const [, refused] = (await linesOf("payment", fixture("mnp-payment.csv"))) as PaymentLine[];
    expect(refused).toMatchObject({ collected: 0, returnCharge: 130, salesTax: 53, netPaid: -403 });
    const [, trax] = (await linesOf("payment", fixture("trax-payment.csv"))) as PaymentLine[];
    expect(trax?.netPaid).toBe(-311);
  });
});

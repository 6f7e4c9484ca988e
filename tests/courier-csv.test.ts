// Reading courier files (issue 32): the CSV reader on what portals and Excel write (quotes, doubled
// quotes, separators and line breaks inside quotes, CRLF, a byte-order mark, blank lines, ';'), the
// amounts, the status words, the order numbers, the columns guessed from common header names, and
// the optional fields the cash needs (issue 48), read into lines or named as the line's problem.
import { describe, expect, it } from "vitest";
import { createCsvAdapter, readCourierFile, resolveColumns, statusOutcome } from "#server/couriers/csv-adapter.ts";
import { cellText, readAmount } from "#server/couriers/csv-cells.ts";
import { orderRefKey } from "#server/couriers/plan-dispatch.ts";
import { suggestColumns } from "#shared/courier-columns.ts";
import { CsvSyntaxError, CsvTooWideError, readCsv } from "#shared/csv-read.ts";

const cells = (text: string) => readCsv(text).map((r) => r.cells);

describe("readCsv", () => {
  it("reads quoted cells with doubled quotes, commas and line breaks inside", () => {
    expect(cells('a,b,c\n"x, y","say ""hi""","line one\nline two"\n')).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "line one\nline two"],
    ]);
  });

  it("numbers records as a spreadsheet's rows: a line break inside quotes is not a new row, a blank line is", () => {
    const records = readCsv('h1,h2\r\n"a\r\nb",1\r\n\r\nc,2');
    expect(records.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(records.map((r) => r.cells)).toEqual([["h1", "h2"], ["a\r\nb", "1"], [""], ["c", "2"]]);
  });

  it("drops a UTF-8 byte-order mark and reads CRLF, LF and CR line ends alike", () => {
    expect(cells("\uFEFFCN,Status\r\n1,Delivered\n2,Returned\r3,Lost")).toEqual([
      ["CN", "Status"],
      ["1", "Delivered"],
      ["2", "Returned"],
      ["3", "Lost"],
    ]);
  });

  it("has no empty record after the last line break, and keeps empty cells", () => {
    expect(cells("a,b\n,\n1,\n")).toEqual([
      ["a", "b"],
      ["", ""],
      ["1", ""],
    ]);
    expect(cells("")).toEqual([]);
  });

  it("reads ';' and tab separated files by their header", () => {
    expect(cells('CN;"Amount; collected"\n1;"4,590"')).toEqual([
      ["CN", "Amount; collected"],
      ["1", "4,590"],
    ]);
    expect(cells("CN\tStatus\n1\tIn transit")).toEqual([
      ["CN", "Status"],
      ["1", "In transit"],
    ]);
  });

  it("opens a quote only at a cell's start, and refuses a quote never closed with its row", () => {
    expect(cells('a,b\n5" heel, "x"')).toEqual([
      ["a", "b"],
      ['5" heel', "x"],
    ]);
    expect(() => readCsv('a,b\n1,2\n"open,3\n4,5')).toThrow(CsvSyntaxError);
    try {
      readCsv('a,b\n1,2\n"open,3\n4,5');
    } catch (error) {
      expect((error as CsvSyntaxError).row).toBe(3);
    }
  });
});

describe("readCsv on hostile files", () => {
  it("stops at the first record wider than maxColumns, naming its row", () => {
    const wide = Array.from({ length: 200_000 }, (_, i) => `C${i}`).join(",");
    expect(() => readCsv(`${wide}\n1,2`, { maxColumns: 200 })).toThrow(CsvTooWideError);
    const lines = ["a,b", "1,2", Array.from({ length: 201 }, () => "x").join(",")].join("\n");
    expect(() => readCsv(lines, { maxColumns: 200 })).toThrow(expect.objectContaining({ row: 3 }));
    expect(readCsv(Array.from({ length: 200 }, () => "x").join(","), { maxColumns: 200 })[0]?.cells).toHaveLength(200);
  });

  it("reads a cell of 200,000 stray quotes as text (in one pass: it once took 45 s)", () => {
    const cell = `a${'"'.repeat(200_000)}`;
    expect(cells(`h\n${cell}\n`)).toEqual([["h"], [cell]]);
  });
});

describe("cells, amounts and statuses", () => {
  it("takes off Excel's text guards", () => {
    expect(["  TCS-123 ", '="00123"', "'00123", ""].map(cellText)).toEqual(["TCS-123", "00123", "00123", ""]);
  });

  it("reads amounts as whole rupees however the portal writes them", () => {
    const read = [
      "Rs. 4,590",
      "Rs.4,590",
      "PKR 4590",
      "4,590/-",
      "4590.00",
      "4590.6",
      "1,00,000",
      "0",
      "",
      " - ",
      "abc",
    ];
    expect(read.map(readAmount)).toEqual([
      4590,
      4590,
      4590,
      4590,
      4590,
      4591,
      100000,
      0,
      "blank",
      "blank",
      "unreadable",
    ]);
    expect(["-250", "12e3", "Rs. 4.590,00"].map(readAmount)).toEqual(["unreadable", "unreadable", "unreadable"]);
  });

  it("maps a courier's status words to what they mean for the order", () => {
    const cases: [string, string][] = [
      ["Delivered", "delivered"],
      ["Shipment Delivered", "delivered"],
      ["DELIVERED TO CONSIGNEE", "delivered"],
      ["Returned", "refused"],
      ["Return to Shipper", "refused"],
      ["Return Delivered to Shipper", "refused"],
      ["Refused by consignee", "refused"],
      ["RTS", "refused"],
      ["RTO - Initiated", "refused"],
      ["Undelivered", "refused"],
      ["Not Delivered", "refused"],
      ["Lost", "lost"],
      ["Shipment missing", "lost"],
      ["Damaged", "damaged"],
      ["Booked", "noChange"],
      ["Picked Up", "noChange"],
      ["In Transit", "noChange"],
      // With the rider: the customer is told once (issue 53).
      ["Out for Delivery", "outForDelivery"],
      ["Assigned to Courier", "outForDelivery"],
      // PostEx's order list spells its Order Status 4 so; M&P's words its API adapter reads.
      ["Delivery En-Route", "outForDelivery"],
      ["Dispatch for Delivery", "outForDelivery"],
      ["Loaded for Delivery", "outForDelivery"],
      ["En-Route to Lahore warehouse", "noChange"],
      // A failed attempt with the parcel still out: the customer is asked (issue 49).
      ["Delivery attempted", "attemptFailed"],
      ["Customer not available", "attemptFailed"],
      ["Address incomplete", "attemptFailed"],
      ["Consignee not responding", "attemptFailed"],
      ["", "noChange"],
    ];
    expect(cases.map(([text]) => [text, statusOutcome(text)])).toEqual(cases);
  });

  it("reads an order number with or without '#', in any case, or a full id", () => {
    const id = "71b886c4-1a2b-4c3d-8e9f-0123456789ab";
    expect(
      ["#71B886C4", "71b886c4", " # 71B886C4 ", id.toUpperCase(), "ORD-1", "#71B886C", ""].map(orderRefKey),
    ).toEqual(["71b886c4", "71b886c4", "71b886c4", id, null, null, null]);
  });
});

describe("suggestColumns", () => {
  it("guesses each field's column from common header names, case, spaces and punctuation aside", () => {
    expect(suggestColumns("dispatch", ["Sr", "Customer Reference", "CN #", "Consignee"])).toEqual({
      order: "Customer Reference",
      tracking: "CN #",
    });
    expect(suggestColumns("status", ["consignment no.", "CURRENT STATUS", "Date"])).toEqual({
      tracking: "consignment no.",
      status: "CURRENT STATUS",
      statusDate: "Date",
    });
    expect(suggestColumns("payment", ["Tracking ID", "COD Amount", "Delivery Charges", "Net"])).toEqual({
      tracking: "Tracking ID",
      collected: "COD Amount",
      deliveryCharge: "Delivery Charges",
      netPaid: "Net",
    });
  });

  it("reads TCS's 'Customer Reference No' as the order number (issue 48 found it unrecognised)", () => {
    expect(suggestColumns("dispatch", ["Consignment No", "Customer Reference No"])).toEqual({
      order: "Customer Reference No",
      tracking: "Consignment No",
    });
  });

  it("guesses nothing for a field the owner said this courier's files lack", () => {
    expect(suggestColumns("dispatch", ["Order No", "CN", "Weight"], { weight: null })).toEqual({
      order: "Order No",
      tracking: "CN",
      weight: null,
    });
    const file = readCourierFile("Order No,CN,Weight\r\n#71B886C4,LE1,0.5");
    expect(resolveColumns("dispatch", file.headers, { weight: null }, undefined)).toEqual({
      order: "Order No",
      tracking: "CN",
      weight: null,
    });
  });

  it("prefers the courier's remembered columns the file has, and leaves out a field it cannot place", () => {
    expect(suggestColumns("dispatch", ["Bilty", "Order No"], { tracking: "bilty", order: "Gone" })).toEqual({
      tracking: "Bilty",
      order: "Order No",
    });
    expect(suggestColumns("payment", ["CN", "Amount"])).toEqual({ tracking: "CN", collected: "Amount" });
  });
});

describe("the optional fields of a file's lines", () => {
  const adapterOver = (kind: "dispatch" | "status" | "payment", rows: string[], chosen: Record<string, string>) => {
    const file = readCourierFile(rows.join("\r\n"));
    return createCsvAdapter(file, resolveColumns(kind, file.headers, chosen, undefined));
  };

  it("reads a booking's COD amount and weight, leaves an empty cell out, and names a cell it cannot read", async () => {
    const adapter = adapterOver(
      "dispatch",
      ["Ref,CN,Collect,Wt", '#71B886C4,LE1,"Rs. 4,590",0.5 kg', "#71B886C5,LE2,,", "#71B886C6,LE3,4590,heavy"],
      { order: "Ref", tracking: "CN", codAmount: "Collect", weight: "Wt" },
    );
    expect(await adapter.book()).toEqual([
      { line: 2, orderRef: "#71B886C4", trackingNumber: "LE1", codAmount: 4590, weightGrams: 500, problem: undefined },
      {
        line: 3,
        orderRef: "#71B886C5",
        trackingNumber: "LE2",
        codAmount: undefined,
        weightGrams: undefined,
        problem: undefined,
      },
      {
        line: 4,
        orderRef: "#71B886C6",
        trackingNumber: "LE3",
        codAmount: 4590,
        weightGrams: undefined,
        problem: 'Cannot read the weight "heavy": write it as 0.5 kg or 500 g.',
      },
    ]);
  });

  it("reads a status's date as Karachi time and the courier's remark as it is written", async () => {
    const adapter = adapterOver(
      "status",
      [
        "CN,Status,When,Reason",
        "LE1,Returned,28-Nov-2026 14:05,Customer not available",
        "LE2,Delivered,,",
        "LE3,Delivered,31/02/2026,",
      ],
      { tracking: "CN", status: "Status", statusDate: "When", remark: "Reason" },
    );
    const lines = await adapter.track();
    expect(lines[0]).toMatchObject({
      outcome: "refused",
      statusDate: "2026-11-28T09:05:00.000Z",
      remark: "Customer not available",
      problem: undefined,
    });
    expect(lines[1]).toMatchObject({
      outcome: "delivered",
      statusDate: undefined,
      remark: undefined,
      problem: undefined,
    });
    expect(lines[2]?.problem).toBe(
      'Cannot read the date of the status "31/02/2026": write it as 28/11/2026 or 28-Nov-2026 14:05.',
    );
  });

  it("reads a payment report's deductions, its one total of charges where it gives one, and the payout", async () => {
    const adapter = adapterOver(
      "payment",
      [
        "CN,Cash,Fee,COD fee,GST,WHT,RTO,Net,Ref,Paid on",
        'LE1,"Rs. 4,590",-180,(46),34,92,,"4,238",IBFT-88123,28/11/2026',
        "LE2,0,180,,27,,120,-327,IBFT-88123,28-Nov-2026 23:30",
        "LE3,100,abc,,,,,,,",
        "LE4,100,,,,,,,1.23457E+11,",
      ],
      {
        tracking: "CN",
        collected: "Cash",
        deliveryCharge: "Fee",
        codFee: "COD fee",
        salesTax: "GST",
        withholdingTax: "WHT",
        returnCharge: "RTO",
        netPaid: "Net",
        payoutReference: "Ref",
        payoutDate: "Paid on",
      },
    );
    const lines = await adapter.paymentReport();
    expect(lines[0]).toEqual({
      line: 2,
      trackingNumber: "LE1",
      collected: 4590,
      deliveryCharge: 180,
      codFee: 46,
      salesTax: 34,
      withholdingTax: 92,
      returnCharge: undefined,
      charges: undefined,
      netPaid: 4238,
      payoutReference: "IBFT-88123",
      payoutDate: "2026-11-28",
      problem: undefined,
    });
    // A payout's date is Karachi's day, late evening included.
    expect(lines[1]).toMatchObject({ collected: 0, returnCharge: 120, netPaid: -327, payoutDate: "2026-11-28" });
    expect(lines[2]?.problem).toBe('Cannot read the delivery charge "abc".');
    expect(lines[3]?.problem).toBe(
      'Excel turned the payment reference into "1.23457E+11": its digits are gone. Export the report from the portal again.',
    );

    const total = adapterOver("payment", ["CN,Cash,Total", "LE1,4590,-214"], {
      tracking: "CN",
      collected: "Cash",
      charges: "Total",
    });
    expect(await total.paymentReport()).toMatchObject([{ charges: 214, deliveryCharge: undefined }]);
  });
});

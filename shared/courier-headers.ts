// The header names courier files use for each field, likeliest first (courier-columns.ts guesses a
// file's columns from them). Headers compare without case, spaces or punctuation, so an API's
// 'booked_packet_cn' or 'orderRefNumber' is the portal's 'Booked Packet CN' or 'Order Ref Number'.
// Within one kind of file no name may stand for two fields (tests/courier-headers.test.ts).
//
// Where the names come from, by courier (tests/fixtures/couriers/ holds a file of each as the shop
// reads it, and tests/courier-headers.test.ts reads every one):
// - TCS: its COD API's booking fields customerReferenceNo, consignmentNo, codAmount and weight, as a
//   public client calls them (github.com/zfhassaan/swiftship, src/Couriers/TCS/TCSClient.php), and
//   'Customer Reference No', the portal's column issue 48 found unrecognised. Its status and payment
//   report columns (status date, remarks, GST, income tax, cheque) are the shop's reading of the
//   portal's column names, not a published source.
// - Leopards: its merchant API's field names (eCom Merchant APIs V2,
//   ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf, not read here) as public clients use them:
//   track_number, booked_packet_order_id, booked_packet_collect_amount, booked_packet_weight in
//   grams, booked_packet_status (github.com/zfhassaan/swiftship, src/Couriers/LCS/LCSClient.php;
//   gist.github.com/rmak78/ed29ae66b960d025a5be627a5851b1e7), and booked_packet_cn, packet_charges,
//   invoice_cheque_no, invoice_cheque_date and a tracking detail's Activity_datetime (public scripts
//   over its packet and payment API found by code search). 'Reason' is the shop's reading.
// - PostEx: its Merchant API Integration Guide V4.1.9
//   (merchant-api-guide.s3.ap-south-1.amazonaws.com/PostEx-COD_API_Integration_Guide_V4.1.9.pdf) as
//   github.com/callmeahmedr/postex-api-integration uses it: orderRefNumber, trackingNumber,
//   invoicePayment, bookingWeight, transactionStatus, transactionFee, transactionTax, reversalFee,
//   reversalTax, upfrontPayment, balancePayment, and a status history's modifiedDatetime.
// - Trax: its API at sonic.pk as public code calls it (tracking_number, amount, estimated_weight,
//   shipper_reference_number_1; a payments endpoint per tracking number). Its portal's status and
//   payment report columns are the shop's reading, not a published source.
// - M&P: no published field names were found; every M&P name here is the shop's reading of the
//   portal's column names, not a published source.
// BlueEx, Rider and Call Courier files are read through the same generic names.
import type { ImportField } from "./courier-imports.ts";

export const COMMON_HEADERS: Record<ImportField, readonly string[]> = {
  order: [
    "Order Number",
    "Order No",
    "Order ID",
    "Order Ref",
    "Order Ref No",
    "Order Ref Number", // PostEx orderRefNumber
    "Order Reference",
    "Booked Packet Order ID", // Leopards booked_packet_order_id
    "Customer Reference No", // TCS customerReferenceNo, the portal's column (issue 48)
    "Customer Reference Number",
    "Customer Reference",
    "Customer Ref No",
    "Shipper Reference Number 1", // Trax shipper_reference_number_1
    "Shipper Reference",
    "Reference",
    "Reference No", // TCS ECOM referenceno
    "Reference Number",
    "Ref No",
    "Ref",
  ],
  tracking: [
    "Tracking Number", // PostEx trackingNumber, Trax tracking_number
    "Tracking No",
    "Tracking ID",
    "Track Number", // Leopards track_number
    "CN",
    "CN No",
    "CN Number",
    "Consignment No", // TCS consignmentNo
    "Consignment Number",
    "Consignment",
    "Booked Packet CN", // Leopards booked_packet_cn
    "AWB",
    "AWB No",
    "Airway Bill",
  ],
  status: [
    "Status",
    "Current Status",
    "Delivery Status",
    "Shipment Status",
    "Parcel Status",
    "Packet Status",
    "Booked Packet Status", // Leopards booked_packet_status
    "Transaction Status", // PostEx transactionStatus
    "Tracking Status",
    "Last Status",
  ],
  statusDate: [
    "Status Date",
    "Status Date Time",
    "Status Time",
    "Last Status Date",
    "Last Status Time",
    "Activity Datetime", // Leopards tracking detail Activity_datetime
    "Activity Date",
    "Modified Datetime", // PostEx status history modifiedDatetime
    "Date Time",
    "Updated At",
    "Delivery Date",
    "Date",
  ],
  remark: [
    "Remarks",
    "Remark",
    "Reason",
    "Status Reason",
    "Return Reason",
    "Undelivered Reason",
    "Delivery Remarks",
    "Status Remarks",
    "Comments",
    "Comment",
  ],
  collected: [
    "Amount Collected",
    "Collected Amount",
    "Cash Collected",
    "COD Collected",
    "Collected",
    "COD Amount",
    "Booked Packet Collect Amount", // Leopards booked_packet_collect_amount
    "Invoice Payment", // PostEx invoicePayment
    "Collect Amount",
    "Amount",
    "COD",
  ],
  codAmount: [
    "COD Amount",
    "COD",
    "COD Value",
    "Booked Packet Collect Amount", // Leopards booked_packet_collect_amount
    "Invoice Payment", // PostEx invoicePayment
    "Collect Amount",
    "Collection Amount",
    "Amount to Collect",
    "Cash to Collect",
    "Amount", // Trax amount
  ],
  weight: [
    "Weight",
    "Weight (kg)",
    "Weight in KG", // TCS ECOM weightinkg
    "Weight (g)",
    "Weight (grams)",
    "Booked Packet Weight", // Leopards booked_packet_weight, in grams
    "Booking Weight", // PostEx bookingWeight
    "Estimated Weight", // Trax estimated_weight
    "Actual Weight",
    "Charged Weight",
    "Chargeable Weight",
    "Packet Weight",
  ],
  deliveryCharge: [
    "Delivery Charges",
    "Delivery Charge",
    "Delivery Fee",
    "Shipping Charges",
    "Shipping Charge",
    "Freight Charges",
    "Freight",
    "Booking Charges",
    "Transaction Fee", // PostEx transactionFee: its one fee per parcel
  ],
  codFee: ["COD Fee", "COD Charges", "COD Charge", "COD Service Charges", "COD Handling Charges", "Collection Fee"],
  salesTax: [
    "Sales Tax",
    "GST",
    "SST",
    "Sindh Sales Tax",
    "GST Amount",
    "Transaction Tax", // PostEx transactionTax
    "Tax",
  ],
  withholdingTax: ["Withholding Tax", "WHT", "WHT Amount", "Income Tax", "Sales Withholding Tax", "Tax Deducted"],
  returnCharge: [
    "Return Charges",
    "Return Charge",
    "Return Fee",
    "RTO Charges",
    "RTO Charge",
    "RTS Charges",
    "Reversal Fee", // PostEx reversalFee
  ],
  charges: [
    "Total Charges",
    "Charges",
    "Packet Charges", // Leopards packet_charges
    "Courier Charges",
    "Service Charges",
    "Total Deductions",
    "Deductions",
  ],
  netPaid: [
    "Net Amount",
    "Net Payable",
    "Net Amount Payable",
    "Net Paid",
    "Net Payment",
    "Amount Payable",
    "Payable Amount",
    "Payable",
    "Amount Paid",
    "Paid Amount",
    "Remitted Amount",
    "Net",
  ],
  payoutReference: [
    "Payment Reference",
    "Payment Ref",
    "Payment Ref No",
    "Payment ID",
    "Payment No",
    "Payout Reference",
    "Invoice Cheque No", // Leopards invoice_cheque_no
    "Cheque No",
    "Cheque Number",
    "IBFT Reference",
    "IBFT Ref",
    "Transaction Reference",
    "Settlement Reference",
    "Invoice No",
    "Invoice Number",
  ],
  payoutDate: [
    "Payment Date",
    "Paid Date",
    "Paid On",
    "Payout Date",
    "Invoice Cheque Date", // Leopards invoice_cheque_date
    "Cheque Date",
    "Settlement Date",
    "Transfer Date",
    "Remittance Date",
    "Invoice Date",
  ],
};

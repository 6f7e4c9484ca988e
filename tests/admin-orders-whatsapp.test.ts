// The WhatsApp confirmation: numbers normalised to +92 from every way customers type them, and a
// ready message in English and Urdu with the order number, pairs, amount to pay and address.
import { describe, expect, it } from "vitest";
import { confirmationMessage } from "#shared/order-confirmation.ts";
import type { Order } from "#shared/orders.ts";
import { pakistaniMobile, telHref, whatsappChatUrl } from "#shared/phone.ts";

describe("pakistaniMobile", () => {
  it.each([
    ["03001234567", "923001234567"],
    ["0300 1234567", "923001234567"],
    ["0300-123-4567", "923001234567"],
    ["+923001234567", "923001234567"],
    ["+92 300 1234567", "923001234567"],
    ["00923001234567", "923001234567"],
    ["0092 321 7654321", "923217654321"],
    ["923451234567", "923451234567"],
    ["(0300) 1234567", "923001234567"],
  ])("%s -> %s", (typed, digits) => {
    expect(pakistaniMobile(typed)).toBe(digits);
  });

  it.each([
    "0213456789", // a Karachi landline
    "0300123456", // one digit short
    "030012345678", // one too many
    "+9130012345678",
    "+44 7700 900123",
    "",
    "phone",
  ])("refuses %j", (typed) => {
    expect(pakistaniMobile(typed)).toBeUndefined();
    expect(whatsappChatUrl(typed, "hi")).toBeUndefined();
  });

  it("builds tap-to-call and chat links", () => {
    expect(telHref("0300 1234567")).toBe("tel:+923001234567");
    expect(telHref("021 3456789")).toBe("tel:0213456789");
    expect(whatsappChatUrl("0092-300-1234567", "Salam & bye?")).toBe(
      "https://wa.me/923001234567?text=Salam%20%26%20bye%3F",
    );
  });
});

const order: Pick<
  Order,
  "_id" | "items" | "totalAmount" | "codFee" | "advance" | "dueOnDelivery" | "discount" | "shippingAddress"
> = {
  _id: "71b886c4-0000-4000-8000-000000000000",
  totalAmount: 12500,
  codFee: 0,
  discount: null,
  advance: null,
  dueOnDelivery: 12500,
  items: [
    { name: "Zari Peshawari", size: 42, quantity: 1 },
    { name: "Leather Khussa", size: 38, quantity: 2 },
  ].map((l) => ({
    ...l,
    productId: "p",
    description: "",
    imageUrl: [],
    price: 0,
    discountPrice: 0,
    discountPercentage: 0,
  })),
  shippingAddress: {
    fullName: "Bilal Ahmed",
    addressLine: "Flat 3, Block 7, near Nagan Chowrangi",
    phoneNumber: "03211234567",
    email: "bilal@example.pk",
    area: undefined,
    landmark: undefined,
    city: "Karachi",
    postalCode: "75850",
  },
};

describe("confirmationMessage", () => {
  it("writes the English message with number, pairs, amount and address", () => {
    const text = confirmationMessage(order, "en");
    expect(text).toContain("Bilal Ahmed");
    expect(text).toContain("#71B886C4");
    expect(text).toContain("Zari Peshawari — size 42 × 1");
    expect(text).toContain("Leather Khussa — size 38 × 2");
    expect(text).toContain("Amount to pay on delivery: Rs.12,500");
    expect(text).toContain("Address: Flat 3, Block 7, near Nagan Chowrangi, Karachi 75850");
  });

  it("writes the Urdu message with the same facts, English parts isolated left to right", () => {
    const raw = confirmationMessage(order, "ur");
    expect(raw).toContain("\u2066#71B886C4\u2069");
    expect(raw).toContain("\u2066Rs.12,500\u2069");
    const text = raw.replace(/[\u2066\u2069]/g, "");
    expect(text).toMatch(/^السلام علیکم Bilal Ahmed/);
    expect(text).toContain("#71B886C4");
    expect(text).toContain("Zari Peshawari — سائز 42 × 1");
    expect(text).toContain("ڈیلیوری پر ادا کرنے کی رقم: Rs.12,500");
    expect(text).toContain("پتہ: Flat 3, Block 7, near Nagan Chowrangi, Karachi 75850");
    expect(text).not.toContain("Amount to pay");
  });

  it("survives the trip through the wa.me link", () => {
    const url = whatsappChatUrl(order.shippingAddress.phoneNumber, confirmationMessage(order, "ur"));
    expect(url).toMatch(/^https:\/\/wa\.me\/923211234567\?text=/);
    expect(new URL(url ?? "").searchParams.get("text")).toBe(confirmationMessage(order, "ur"));
  });
});

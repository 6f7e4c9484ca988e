// Shop-wide texts and links of docs/product.md sections 1 and 2.
export const SHOP_NAME = "Karachi Shoe Shop";
export const COPYRIGHT_YEAR = 2024;

/** The shop's clock: its day starts at midnight in Karachi, wherever the server or the owner is. */
export const SHOP_TIME_ZONE = "Asia/Karachi";

export const SHOP_CLAIMS = [
  { title: "Free Shipping & Delivery", text: "Free delivery on all orders across Karachi." },
  { title: "Exchange for Faulty Products", text: "Received a faulty pair? We exchange it." },
  { title: "Online Support 7 Days a Week", text: "Message us on WhatsApp any day of the week." },
] as const;

/** wa.me wants the number in international form with digits only. */
export function whatsappUrl(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}`;
}

export function instagramUrl(account: string): string {
  return `https://ig.me/m/${account.replace(/^@/, "")}`;
}

export const FOOTER_LINKS = [
  { label: "Home", to: "/" },
  { label: "Men", to: "/men" },
  { label: "Women", to: "/women" },
  { label: "Contact", to: "/contact" },
  { label: "Size Guide", to: "/size-guide" },
  { label: "Exchange & Return Policy", to: "/exchange-policy" },
  { label: "Track Your Order", to: "/TrackOrder" },
] as const;

// Pakistani mobile numbers as the shop meets them: typed at checkout as 0300 1234567 or
// +92 300 1234567, sometimes 0092 300 1234567 or 92300…; called and messaged as +92 3xx xxxxxxx.
const MOBILE = /^(?:\+92|0092|92|0)?(3\d{9})$/;

/** "0300-1234567", "+92 300 1234567", "0092300…" -> "923001234567"; undefined if it is not a Pakistani mobile. */
export function pakistaniMobile(phone: string): string | undefined {
  const match = MOBILE.exec(phone.replace(/[\s\-().]/g, ""));
  return match ? `92${match[1]}` : undefined;
}

/**
 * The number in full international (E.164) form, "+923451234567", however it was typed (0345 1234567,
 * +92 345 1234567, 92345…, 0092…); undefined when it is not a Pakistani mobile. Numbers are compared
 * whole in this form, never by their last digits: +1 345 123 4567 is not 0345 1234567.
 */
export function mobileE164(phone: string): string | undefined {
  const mobile = pakistaniMobile(phone);
  return mobile === undefined ? undefined : `+${mobile}`;
}

// A mobile number as the checkout takes it (spaces and dashes already gone): 03xx…, or the same
// number from abroad as +92 3xx…, 0092 3xx… or 92 3xx…. Unlike MOBILE, the bare 3xx… is refused:
// at checkout it is more often a number missing a digit than one missing its 0.
const TYPED_MOBILE = /^(?:(0)|\+92|0092|92)(3\d{9})$/;

/**
 * The number the checkout stores: "03…" as typed, and every international form (+92, 0092, 92) as
 * "+92…", the two forms orders have always held (orders.phone_key reads both as one customer).
 * Undefined when it is not a Pakistani mobile. Spaces and dashes are the caller's to remove.
 */
export function storedMobile(digits: string): string | undefined {
  const match = TYPED_MOBILE.exec(digits);
  if (!match) return undefined;
  return match[1] === "0" ? `0${match[2]}` : `+92${match[2]}`;
}

/** A tap-to-call link: the +92 form when the number is a mobile, else the digits as typed. */
export function telHref(phone: string): string {
  const mobile = pakistaniMobile(phone);
  return `tel:${mobile ? `+${mobile}` : phone.replace(/[^\d+]/g, "")}`;
}

/** A WhatsApp chat with the number and a message ready to send; undefined when the number is not a mobile. */
export function whatsappChatUrl(phone: string, text: string): string | undefined {
  const mobile = pakistaniMobile(phone);
  return mobile ? `https://wa.me/${mobile}?text=${encodeURIComponent(text)}` : undefined;
}

/**
 * "+923001234567" and "03001234567" both read "0300 1234567": the way the owner and the rider
 * dial it. (In a CSV the space also keeps Excel from turning it into a number without its 0.)
 */
export function readablePhone(phone: string): string {
  const mobile = pakistaniMobile(phone);
  return mobile ? `0${mobile.slice(2, 5)} ${mobile.slice(5)}` : phone;
}

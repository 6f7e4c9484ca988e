// A form that reached the server as a plain POST to a page (issue 29): JavaScript was off, or the
// app's scripts failed to load before the press. The server answers the same page with what was
// typed, passwords left out, and NOT_LOADED_NOTICE; docs/decisions/015-forms-before-hydration.md.

export const NOT_LOADED_NOTICE =
  "The page had not finished loading, so nothing was sent. Please check the form, type any password again and press the button once more.";

/** The fields sent back into the page; the rest of a body is ignored. */
export const POSTED_LIMITS = { bytes: 16_384, fields: 20, chars: 300 } as const;

export interface PostedForm {
  /** The page's path: the posted text belongs to this page's form only. */
  path: string;
  /** Text fields by name, passwords and anything secret left out. */
  fields: Record<string, string>;
  /**
   * What the server says over the form instead of NOT_LOADED_NOTICE: a form it did answer without
   * JavaScript (sign-in, Add to Cart, checkout; issue 46) refused, or a second plain post of a form
   * that truly needs scripts (NEEDS_SCRIPTS_NOTICE).
   */
  notice?: string;
}

/**
 * The second plain post of a form the server does not answer itself (issue 46): no 'press once
 * more' again, but what is true and a way on (the page adds the shop's WhatsApp link).
 */
export const NEEDS_SCRIPTS_NOTICE =
  "This form needs JavaScript, which is not running in this browser, so nothing was sent. Please turn JavaScript on, or message us on WhatsApp and we will help you.";

/** Passwords are never written back into a page, nor anything named like a secret. */
export const isSecretField = (name: string) => /password|token|secret/i.test(name);

/** What of an `application/x-www-form-urlencoded` body may be shown again in the page. */
export function postedFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (count >= POSTED_LIMITS.fields) break;
    if (isSecretField(name) || name in fields || name.length > 50) continue;
    fields[name] = value.slice(0, POSTED_LIMITS.chars);
    count++;
  }
  return fields;
}

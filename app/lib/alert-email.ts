// The e-mail a visitor gave for a back-in-stock alert, kept in this browser (localStorage
// `alertEmail`, like `mySize`) so their next ask starts filled in (issue 46). Only a visitor's: a
// signed-in customer's alerts go to the account's e-mail.
import { EMAIL_PATTERN } from "#shared/email-pattern.ts";
import { createLocalStore } from "./local-store.ts";

const parseEmail = (raw: string): string | undefined => {
  const value: unknown = JSON.parse(raw);
  return typeof value === "string" && EMAIL_PATTERN.test(value) ? value : undefined;
};

export const alertEmailStore = createLocalStore<string>("alertEmail", "", parseEmail);

// The words of the mails the accounts send. Plain text first; the HTML part says the same.
import type { Mail } from "../mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

/**
 * `username` only once the address is proven (docs/decisions/024): until then it is text that
 * whoever signed up with this address typed, and the mail greets no one by name.
 */
export function resetPasswordMail(options: {
  to: string;
  username: string | undefined;
  link: string;
  minutes: number;
}): Mail {
  const { to, username, link, minutes } = options;
  const hello = username ? `Hello ${username},` : "Hello,";
  const text = [
    hello,
    "",
    "Someone (we hope you) asked to change the password of your Shoe Shop account.",
    "",
    `If you did not ask for this, it is safe to ignore this e-mail: your password stays as it is, and nobody can change it without this link and the new password they chose.`,
    "",
    `If it was you, open this link within ${minutes} minutes and type the new password you chose once more:`,
    "",
    link,
    "",
    "The link works once. Confirming signs you out everywhere; then sign in with the new password.",
  ].join("\n");
  const html = `<p>${escapeHtml(hello)}</p>
<p>Someone (we hope you) asked to change the password of your Shoe Shop account.</p>
<p><strong>If you did not ask for this, it is safe to ignore this e-mail</strong>: your password stays as it is, and nobody can change it without this link and the new password they chose.</p>
<p>If it was you, open this link within ${minutes} minutes and type the new password you chose once more:</p>
<p><a href="${escapeHtml(link)}">Confirm my new password</a></p>
<p>The link works once. Confirming signs you out everywhere; then sign in with the new password.</p>`;
  return { to, subject: "Confirm your new Shoe Shop password", text, html };
}

/**
 * Sign-up's 'confirm your e-mail' mail. Only the shop's own words and the link: the address is not
 * proven yet, so nothing typed at sign-up (not even the username) is in it.
 */
export function verifyEmailMail(options: { to: string; link: string; days: number }): Mail {
  const { to, link, days } = options;
  const text = [
    "Hello,",
    "",
    "Someone (we hope you) made a Shoe Shop account with this e-mail address.",
    "",
    `If it was you, please confirm your address by opening this link within ${days} days:`,
    "",
    link,
    "",
    "If it was not you, it is safe to ignore this e-mail: until the address is confirmed, our mails to it about that account's orders carry only our own words.",
  ].join("\n");
  const html = `<p>Hello,</p>
<p>Someone (we hope you) made a Shoe Shop account with this e-mail address.</p>
<p>If it was you, please confirm your address within ${days} days:</p>
<p><a href="${escapeHtml(link)}"><strong>Confirm my e-mail address</strong></a></p>
<p>If it was not you, it is safe to ignore this e-mail: until the address is confirmed, our mails to it about that account's orders carry only our own words.</p>`;
  return { to, subject: "Please confirm your e-mail for Shoe Shop", text, html };
}

// The words of the mails the accounts send. Plain text first; the HTML part says the same.
import type { Mail } from "../mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

export function resetPasswordMail(options: { to: string; username: string; link: string; minutes: number }): Mail {
  const { to, username, link, minutes } = options;
  const text = [
    `Hello ${username},`,
    "",
    "Someone (we hope you) asked to change the password of your Shoe Shop account.",
    `To confirm the new password, open this link within ${minutes} minutes:`,
    "",
    link,
    "",
    "The link works once. Opening it signs you out everywhere; then sign in with the new password.",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(username)},</p>
<p>Someone (we hope you) asked to change the password of your Shoe Shop account.
To confirm the new password, open this link within ${minutes} minutes:</p>
<p><a href="${escapeHtml(link)}">Confirm my new password</a></p>
<p>The link works once. Opening it signs you out everywhere; then sign in with the new password.</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to, subject: "Confirm your new Shoe Shop password", text, html };
}

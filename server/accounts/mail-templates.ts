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
    "",
    `If you did not ask for this, it is safe to ignore this e-mail: your password stays as it is, and nobody can change it without this link and the new password they chose.`,
    "",
    `If it was you, open this link within ${minutes} minutes and type the new password you chose once more:`,
    "",
    link,
    "",
    "The link works once. Confirming signs you out everywhere; then sign in with the new password.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(username)},</p>
<p>Someone (we hope you) asked to change the password of your Shoe Shop account.</p>
<p><strong>If you did not ask for this, it is safe to ignore this e-mail</strong>: your password stays as it is, and nobody can change it without this link and the new password they chose.</p>
<p>If it was you, open this link within ${minutes} minutes and type the new password you chose once more:</p>
<p><a href="${escapeHtml(link)}">Confirm my new password</a></p>
<p>The link works once. Confirming signs you out everywhere; then sign in with the new password.</p>`;
  return { to, subject: "Confirm your new Shoe Shop password", text, html };
}

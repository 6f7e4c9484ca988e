// The inline script that lets the app's scripts load once the largest pictures are painted
// (app/lib/scripts-after-paint.ts). It sits in the head, before the body it waits for, and carries
// the page's CSP nonce, which the module script it re-creates takes over.
import { SCRIPTS_AFTER_PAINT } from "../../lib/scripts-after-paint.ts";

export function ScriptsAfterPaint({ nonce }: { nonce: string }) {
  // The browser hides the nonce from the DOM, so the client renders "" where the server wrote it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no outside input
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPTS_AFTER_PAINT }} />;
}

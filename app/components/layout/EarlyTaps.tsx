// The inline script that notes taps made before hydration (app/lib/early-taps.ts). It must run
// before the app's own scripts, so it sits in the head and carries the page's CSP nonce.
import { EARLY_TAPS_SCRIPT } from "../../lib/early-taps.ts";

export function EarlyTaps({ nonce }: { nonce: string }) {
  // The browser hides the nonce from the DOM, so the client renders "" where the server wrote it.
  // As a text child React would escape the quotes of the code; the string is our own constant.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no outside input
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />;
}

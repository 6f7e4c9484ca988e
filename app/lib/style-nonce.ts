// Radix's dialogs lock the page's scroll through react-remove-scroll, which writes a <style> element
// when a dialog opens. Our Content-Security-Policy blocks any <style> without this page's nonce
// (style-src has no 'unsafe-inline'), so the scroll lock would fail with a console error. The server
// gives scripts and styles one nonce (server/plugins/security-headers.ts); the browser hides it from
// the attribute but keeps it in the element's `nonce` property, so it is read from a script of the
// page and handed to get-nonce, where react-remove-scroll's style writer looks for it.
import { setNonce } from "get-nonce";

export function shareNonceWithStyleWriters(): void {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}

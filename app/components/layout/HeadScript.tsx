// One of our own inline scripts, carrying the page's CSP nonce: in the <head>, where it runs before
// the app's scripts (the early taps of app/lib/early-taps.ts), or where the page needs it.
export function HeadScript({ nonce, code }: { nonce: string; code: string }) {
  // The browser hides the nonce from the DOM, so the client renders "" where the server wrote it.
  // As a text child React would escape the quotes of the code; the code is a constant of ours.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant scripts of ours, no outside input
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}

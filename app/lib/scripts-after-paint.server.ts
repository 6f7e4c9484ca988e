// Writes React Router's module preloads and module script in the inert form that
// SCRIPTS_AFTER_PAINT (app/lib/scripts-after-paint.ts) turns back after the largest pictures are
// painted. React Router's <Scripts> has no option for this, so the HTML is rewritten on its way
// out. Only markup can match: in text and attribute values React escapes the quotes.
import { HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from "./scripts-after-paint.ts";

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")?) type="module"/g;

function rewrite(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${HELD_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `$1 type="${HELD_SCRIPT_TYPE}"`);
}

export function holdScriptsUntilPaint(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // A tag cut between two chunks is kept back until its end arrives, so no pattern is split.
  let pending = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = rewrite(pending + decoder.decode(chunk, { stream: true }));
        const lastTag = text.lastIndexOf("<");
        const cut = lastTag !== -1 && text.indexOf(">", lastTag) === -1 ? lastTag : text.length;
        pending = text.slice(cut);
        if (cut > 0) controller.enqueue(encoder.encode(text.slice(0, cut)));
      },
      flush(controller) {
        const rest = rewrite(pending + decoder.decode());
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}

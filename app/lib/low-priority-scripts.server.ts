// The page is server-rendered, so its scripts only hydrate what is already on screen. Fetched at
// their default (high) priority, the 25-odd module preloads React Router writes into <head>
// compete with the stylesheet and the largest picture for a phone's slow connection, and first
// paint waits for them. Marking them `fetchpriority="low"` lets the browser fetch the CSS and the
// hero image first; hydration follows a moment later. React Router's <Scripts> has no prop for
// this, so the head is rewritten on its way out (it is small and always in the first chunks).

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

export function lowPriorityModulePreloads(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = "";
  let headDone = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (headDone) {
          controller.enqueue(chunk);
          return;
        }
        head += decoder.decode(chunk, { stream: true });
        const end = head.indexOf(HEAD_END);
        if (end === -1) return;
        headDone = true;
        controller.enqueue(encoder.encode(rewrite(head)));
        head = "";
      },
      flush(controller) {
        if (!headDone) controller.enqueue(encoder.encode(rewrite(head + decoder.decode())));
      },
    }),
  );
}

function rewrite(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

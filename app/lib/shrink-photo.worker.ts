// Photos shrunk off the page's thread (issue 46, docs/decisions/030): drawing a 12-megapixel photo
// small held a 4× slowed page for 1.1-1.5 s; here the page stays free to scroll and type.
// A browser whose workers have no OffscreenCanvas (Safari before 16.4) is told so, and the page
// shrinks the photo itself (app/lib/photo-shrinker.ts).
import { shrinkPhoto } from "./shrink-photo.ts";

export type ShrinkAnswer = { id: number; blob: Blob } | { id: number; unable: true };

self.onmessage = async (event: MessageEvent<{ id: number; file: Blob }>) => {
  const { id, file } = event.data;
  const answer: ShrinkAnswer =
    typeof OffscreenCanvas === "undefined" ? { id, unable: true } : { id, blob: await shrinkPhoto(file) };
  self.postMessage(answer);
};

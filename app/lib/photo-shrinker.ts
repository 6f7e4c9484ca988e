// The exchange form's way to shrink a photo (issue 46, docs/decisions/030): in a worker where the
// browser can, else on the page; never failing (the photo as chosen, at worst). Loaded with the
// form's photo picker, so no other page carries it.
import { shrinkPhoto } from "./shrink-photo.ts";
import type { ShrinkAnswer } from "./shrink-photo.worker.ts";

let worker: Worker | null | undefined;
let asked = 0;
const waiting = new Map<number, (answer: ShrinkAnswer | undefined) => void>();

function shrinkWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL("./shrink-photo.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<ShrinkAnswer>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
    // A worker that cannot start (an old browser without module workers): every photo on the page.
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      for (const answer of waiting.values()) answer(undefined);
      waiting.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

/** The photo to send: shrunk (decision 030), or as chosen where the browser cannot. */
export async function shrinkForUpload(file: Blob): Promise<Blob> {
  const off = shrinkWorker();
  if (off) {
    asked += 1;
    const id = asked;
    const answer = await new Promise<ShrinkAnswer | undefined>((resolve) => {
      waiting.set(id, resolve);
      off.postMessage({ id, file });
    });
    if (answer && "blob" in answer) return answer.blob;
    // No canvas in this browser's workers: the page shrinks this photo and the next ones itself.
    if (answer) {
      off.terminate();
      worker = null;
    }
  }
  return shrinkPhoto(file);
}

// The customer's photos of an exchange request, for the owner: private, so each is fetched with the
// owner's token (an <img src> cannot send it) and shown from a data: URL; a thumbnail opens the
// photo large in a native dialog (PictureDialog.tsx: Escape or Close shuts it, focus returns to the
// thumbnail).
import { useEffect, useState } from "react";
import type { AdminExchange } from "#shared/exchanges.ts";
import { apiPicture } from "../../../lib/api-client.ts";
import { PictureDialog } from "../../PictureDialog.tsx";

type Picture = { state: "loading" } | { state: "ready"; src: string } | { state: "failed"; message: string };

function usePrivatePicture(url: string): Picture {
  const [picture, setPicture] = useState<Picture>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    apiPicture(url, { auth: true, signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      setPicture(answer.ok ? { state: "ready", src: answer.body } : { state: "failed", message: answer.error.message });
    });
    return () => controller.abort();
  }, [url]);
  return picture;
}

export function ExchangePhotos({ exchange }: { exchange: AdminExchange }) {
  if (exchange.photos.length === 0) return <p className="text-sm text-stone-600">No photos.</p>;
  const count = exchange.photos.length;
  return (
    <ul aria-label="Photos" className="flex flex-wrap gap-2">
      {exchange.photos.map((photo, index) => (
        <li key={photo._id}>
          <PrivatePhoto url={photo.url} title={`Photo ${index + 1} of ${count}, ${exchange.customer.name}`} />
        </li>
      ))}
    </ul>
  );
}

/** One private photo as a thumbnail that opens large (the advance's receipt uses it too, issue 50). */
export function PrivatePhoto({ url, title }: { url: string; title: string }) {
  const picture = usePrivatePicture(url);
  const [open, setOpen] = useState(false);
  if (picture.state !== "ready") {
    return (
      <span
        role={picture.state === "failed" ? "alert" : "status"}
        className="grid size-24 place-items-center rounded-lg bg-stone-100 p-1 text-center text-xs text-stone-700"
      >
        {picture.state === "failed" ? `${title}: ${picture.message}` : "Loading photo…"}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="block cursor-zoom-in rounded-lg"
        aria-label={`Open ${title} larger`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <img src={picture.src} alt="" className="size-24 rounded-lg border border-stone-200 object-cover" />
      </button>
      {open ? (
        <PictureDialog title={title} onClose={() => setOpen(false)}>
          <img
            src={picture.src}
            alt={title}
            className="mx-auto mt-2 h-auto max-h-[calc(90dvh-5rem)] w-full object-contain"
          />
        </PictureDialog>
      ) : null}
    </>
  );
}

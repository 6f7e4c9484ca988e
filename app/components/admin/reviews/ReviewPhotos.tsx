// A review's photos for the owner, waiting ones included: read with the owner's token (a plain <img>
// cannot carry it), each shown small and opened full size in a new tab.
import { useEffect, useState } from "react";
import type { AdminReview } from "#shared/reviews.ts";
import { apiPicture } from "../../../lib/api-client.ts";

function ReviewPhoto({ id, width, height }: { id: string; width: number; height: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    apiPicture(`/api/admin/reviews/photos/${id}`, { auth: true, signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return;
      if (answer.ok) setSrc(answer.body);
      else setFailed(answer.error.message);
    });
    return () => controller.abort();
  }, [id]);
  if (failed) return <p className="text-sm text-red-800">{failed}</p>;
  if (!src)
    return <div className="size-24 animate-pulse rounded-lg bg-stone-100" role="status" aria-label="Loading photo" />;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img
        src={src}
        alt="Taken by the buyer"
        width={width}
        height={height}
        className="size-24 rounded-lg object-cover"
      />
    </a>
  );
}

export function ReviewPhotos({ review }: { review: AdminReview }) {
  if (review.photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {review.photos.map((photo) => (
        <li key={photo.id}>
          <ReviewPhoto {...photo} />
        </li>
      ))}
    </ul>
  );
}

// The form the server got as a plain POST (server/web/posted-form.ts), as the root loader passes it
// on: the fields go back into their inputs and the card says to press again. Only on the page
// that answered the post, not after the shopper has moved on and come back (the root's data stays).
import { useLocation, useRouteLoaderData } from "react-router";
import type { PostedForm } from "#shared/posted-form.ts";

/** In the browser, the key of the location the page was loaded at (the one the server answered). */
let loadedAt: string | undefined;

export function usePostedForm(): PostedForm | undefined {
  const data = useRouteLoaderData<{ posted?: PostedForm | null }>("root");
  const location = useLocation();
  const posted = data?.posted;
  if (!posted || location.pathname !== posted.path) return undefined;
  if (typeof document === "undefined") return posted; // the server renders the one page it answers
  loadedAt ??= location.key;
  return location.key === loadedAt ? posted : undefined;
}

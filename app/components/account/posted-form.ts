// The form the server got as a plain POST (server/web/posted-form.ts), as the root loader passes it
// on: the fields go back into their inputs and the card says to press again. Only on the page
// that answered the post (React Router's first location has the key "default"), not after the
// shopper has moved on and come back.
import { useLocation, useRouteLoaderData } from "react-router";
import type { PostedForm } from "#shared/posted-form.ts";

export function usePostedForm(): PostedForm | undefined {
  const data = useRouteLoaderData<{ posted?: PostedForm | null }>("root");
  const location = useLocation();
  const posted = data?.posted;
  return posted && location.key === "default" && location.pathname === posted.path ? posted : undefined;
}

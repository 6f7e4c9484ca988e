// The owner's screens read their data in their route's clientLoader (decision 031): in the browser,
// since the admin's token lives in localStorage where no server loader can read it. The router then
// fetches a screen's data as soon as its address is known, in parallel with the screen's code, and
// owns the waiting: the HydrateFallback on a first load, the pending navigation after it.
import { useCallback, useState } from "react";
import { redirect, useLocation, useNavigation } from "react-router";
import { adminCall, needsSignIn } from "./admin-api.ts";
import { tokenStore, userStore } from "./auth-store.ts";
import { withReturnTo } from "./return-to.ts";

/** A screen's data, or why the shop could not give it (shown with Try again, the screen around it kept). */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * GET /api/admin`path` for the screen at `request`'s address. Whoever is not the signed-in owner goes
 * to sign in as the admin layout sends them: back here afterwards, except a signed-in customer, who
 * would only be sent here again. The address is the request's, not the window's: during a client
 * navigation the window still shows the page being left.
 */
export async function loadAdmin<T>(request: Request, path: string): Promise<Loaded<T>> {
  const { pathname, search } = new URL(request.url);
  const signIn = withReturnTo("/login", `${pathname}${search}`);
  if (!tokenStore.get()) throw redirect(signIn);
  if (userStore.get()?.role !== "admin") throw redirect("/login");
  const answer = await adminCall<T>(path, { signal: request.signal });
  if (needsSignIn(answer)) throw redirect(signIn);
  return answer.ok ? { ok: true, data: answer.body } : { ok: false, message: answer.error.message };
}

/** True while the router reads another address of this same screen (a filter, a page, a period). */
export function useLoadingHere(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

/**
 * The loader's data, or the newer copy that a write answered with since: a write here answers the
 * whole order, product or row, so the screen shows it at once instead of reading it all again. The
 * loader's next data (a reload, another address) replaces it.
 */
export function useLatest<T>(loaded: T): [T, (newer: T) => void] {
  const [written, setWritten] = useState<{ over: T; value: T }>();
  const latest = written && written.over === loaded ? written.value : loaded;
  const replace = useCallback((value: T) => setWritten({ over: loaded, value }), [loaded]);
  return [latest, replace];
}

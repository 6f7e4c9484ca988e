// Browser calls to the admin API (/api/admin/...), always with the signed-in admin's bearer token.
// Thin names over api-client.ts. The server checks the token and the role on every call; this side
// only turns the answers into something a screen can show, and sends a signed-out or non-admin
// visitor to /login.
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { type ApiOptions, type ApiResult, api, apiDownload } from "./api-client.ts";
import { loginFromHere } from "./return-to.ts";

export type AdminResult<T> = ApiResult<T>;

/** A call to /api/admin`path`, with the signed-in user's token. */
export const adminCall = <T>(path: string, options: Omit<ApiOptions, "auth"> = {}): Promise<AdminResult<T>> =>
  api<T>(`/api/admin${path}`, { ...options, auth: true });

/** A CSV or PDF from /api/admin`path`, saved under the server's file name (or `fallbackName`). */
export const downloadAdminFile = (path: string, fallbackName: string) =>
  apiDownload(`/api/admin${path}`, fallbackName, { auth: true });

/** 401 and 403 mean "not an admin (any more)": the sign-in page is the way forward. */
export const needsSignIn = (result: AdminResult<unknown>) =>
  !result.ok && (result.status === 401 || result.status === 403);

export type AdminData<T> = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; data: T };

/**
 * Loads `path` from the admin API whenever it changes; `reload` fetches it again. Only for what no
 * address names (decision 031): the synonyms, searches, areas and couriers screens, the exchange
 * rules and the couriers to choose from. A screen whose address names its data uses `loadAdmin`.
 */
export function useAdminData<T>(path: string): AdminData<T> & { reload: () => void; replace: (data: T) => void } {
  const navigate = useNavigate();
  const [result, setResult] = useState<AdminData<T>>({ state: "loading" });
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger
  useEffect(() => {
    let current = true;
    setResult({ state: "loading" });
    adminCall<T>(path).then((answer) => {
      if (!current) return;
      if (needsSignIn(answer)) {
        navigate(loginFromHere(), { replace: true });
        return;
      }
      setResult(answer.ok ? { state: "ready", data: answer.body } : { state: "failed", message: answer.error.message });
    });
    return () => {
      current = false;
    };
  }, [path, generation, navigate]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const replace = useCallback((data: T) => setResult({ state: "ready", data }), []);
  return { ...result, reload, replace };
}

/** "?a=1&b=x" from the non-empty values, for list filters. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

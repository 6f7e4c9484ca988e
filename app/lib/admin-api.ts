// Browser calls to the admin API (/api/admin/...), always with the signed-in admin's bearer token.
// The server checks the token and the role on every call; this side only turns the answers into
// something a screen can show, and sends a signed-out or non-admin visitor to /login.
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { tokenStore } from "./auth-store.ts";
import { loginFromHere } from "./return-to.ts";

export type AdminResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export const ADMIN_NETWORK_ERROR = "We could not reach the shop. Please check your connection and try again.";

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a picture upload), with its own content type. */
  file?: Blob;
}

export async function adminCall<T>(path: string, options: CallOptions = {}): Promise<AdminResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.file) {
    headers["Content-Type"] = options.file.type;
    body = options.file;
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, { method: options.method ?? "GET", headers, body });
  } catch (error) {
    console.error(`admin ${options.method ?? "GET"} ${path} failed`, error);
    return { ok: false, status: 0, message: ADMIN_NETWORK_ERROR };
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, data: parsed as T };
  const message =
    parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string"
      ? parsed.message
      : `The shop answered ${response.status}.`;
  return { ok: false, status: response.status, message };
}

/** 401 and 403 mean "not an admin (any more)": the sign-in page is the way forward. */
export const needsSignIn = (result: AdminResult<unknown>) =>
  !result.ok && (result.status === 401 || result.status === 403);

export type AdminData<T> = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; data: T };

/** Loads `path` from the admin API whenever it changes; `reload` fetches it again. */
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
      setResult(answer.ok ? { state: "ready", data: answer.data } : { state: "failed", message: answer.message });
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

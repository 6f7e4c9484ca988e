// Downloads from the admin API. A plain link cannot carry the bearer token (it lives in
// localStorage, SPEC.md section 3), so the file is fetched with it and saved from a Blob, under the
// name the server gives in Content-Disposition.
import { ADMIN_NETWORK_ERROR } from "./admin-api.ts";
import { tokenStore } from "./auth-store.ts";

export type DownloadResult = { ok: true } | { ok: false; status: number; message: string };

export async function downloadAdminFile(path: string, fallbackName: string): Promise<DownloadResult> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    console.error(`admin download ${path} failed`, error);
    return { ok: false, status: 0, message: ADMIN_NETWORK_ERROR };
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : `The shop answered ${response.status}.`;
    return { ok: false, status: response.status, message };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true };
}

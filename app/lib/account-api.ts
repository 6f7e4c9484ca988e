// Browser calls to the accounts API (SPEC.md section 7, under /api). Every answer becomes a
// plain result: the status, the server's `message` when it sent one, and the parsed body.
export interface ApiResult {
  ok: boolean;
  /** 0 when the shop could not be reached at all. */
  status: number;
  message: string | undefined;
  body: unknown;
}

export const NETWORK_ERROR = "We could not reach the shop. Please check your connection and try again.";

export async function postJson(path: string, payload: unknown): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    console.error(`POST ${path} failed`, error);
    return { ok: false, status: 0, message: undefined, body: undefined };
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { ok: response.ok, status: response.status, message: messageOf(body), body };
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === "object" && "message" in body) {
    const { message } = body as { message: unknown };
    if (typeof message === "string" && message.trim() !== "") return message;
  }
  return undefined;
}

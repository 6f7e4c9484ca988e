// The live count of new (pending) orders for the admin's badge: an event stream read with fetch and
// the admin's bearer token (EventSource cannot send the header), reopened after a drop, and held
// only while the tab is visible, so tabs left in the background do not each keep a connection
// open (a browser allows six per host over HTTP/1.1). A tab coming back reads the count afresh.
import { useEffect, useState } from "react";
import { useOutletContext } from "react-router";
import { EVENT_STREAM_TYPE, NEW_ORDER_STREAM_PATH, readCountEvents } from "#shared/new-orders.ts";
import { tokenStore } from "./auth-store.ts";

const FIRST_RETRY_MS = 3_000;
const LONGEST_RETRY_MS = 60_000;

/** The number of new orders, or undefined until the first answer; `enabled` for a signed-in admin. */
export function useNewOrderCount(enabled: boolean): number | undefined {
  const token = tokenStore.use();
  const [count, setCount] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (!token || !enabled) return;
    let connection: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let stopped = false;

    async function connect() {
      const abort = new AbortController();
      connection = abort;
      try {
        const response = await fetch(NEW_ORDER_STREAM_PATH, {
          headers: { Authorization: `Bearer ${token}`, Accept: EVENT_STREAM_TYPE },
          signal: abort.signal,
        });
        // Signed out or no longer an admin: the admin layout sends the visitor to sign in.
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(`the count stream answered ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const read = readCountEvents(buffer + value);
          buffer = read.rest;
          const latest = read.counts.at(-1);
          if (latest !== undefined) {
            setCount(latest);
            delay = FIRST_RETRY_MS;
          }
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        console.warn("the live count of new orders dropped; reconnecting", error);
        delay = Math.min(LONGEST_RETRY_MS, delay * 2);
      }
      if (abort.signal.aborted || stopped) return;
      // The server ended the stream (its lifetime, a restart) or it broke: open another.
      retry = setTimeout(connect, delay);
    }

    function disconnect() {
      connection?.abort();
      connection = undefined;
      if (retry) clearTimeout(retry);
      retry = undefined;
    }

    function onVisibility() {
      if (document.visibilityState === "visible") {
        if (!connection || connection.signal.aborted) void connect();
      } else disconnect();
    }

    if (document.visibilityState === "visible") void connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      disconnect();
    };
  }, [token, enabled]);

  return count;
}

/** What the admin layout hands its screens: one stream per tab, read by the badge and the dashboard. */
export interface AdminOutletContext {
  newOrders: number | undefined;
}

export const useAdminNewOrders = (): number | undefined => useOutletContext<AdminOutletContext>().newOrders;

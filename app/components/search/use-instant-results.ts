// Instant results for the text in the search box: asked ~150 ms after the last keystroke, each
// request cancelled as soon as the text changes again, so an older, slower answer never shows.
import { useEffect, useState } from "react";
import { INSTANT_MIN_CHARS, type InstantResults } from "#shared/search.ts";
import { api } from "../../lib/api-client.ts";

export const INSTANT_DEBOUNCE_MS = 150;

export type InstantState =
  | { state: "idle" }
  | { state: "loading"; previous: InstantResults | null }
  | { state: "done"; results: InstantResults }
  | { state: "failed" };

export function useInstantResults(text: string): InstantState {
  const [answer, setAnswer] = useState<InstantState>({ state: "idle" });
  const query = text.trim();

  useEffect(() => {
    if (query.length < INSTANT_MIN_CHARS) {
      setAnswer({ state: "idle" });
      return;
    }
    // The last answer stays on screen while the next loads: the list does not flicker per keystroke.
    setAnswer((now) => ({
      state: "loading",
      previous: now.state === "done" ? now.results : now.state === "loading" ? now.previous : null,
    }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const response = await api<InstantResults>(`/api/search/instant?query=${encodeURIComponent(query)}`, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setAnswer(response.ok ? { state: "done", results: response.body } : { state: "failed" });
    }, INSTANT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return answer;
}

// True once React runs in the browser. The account forms keep their submit button disabled until
// then, so a click before hydration can never send a password as a plain form post.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

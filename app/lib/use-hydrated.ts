// True once React runs in the browser (false on the server and while hydrating), for what only
// works with JavaScript or should look different without it.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

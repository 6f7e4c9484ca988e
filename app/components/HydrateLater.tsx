// A part of the page that takes over the server's HTML in a task of its own, after the rest
// (issue 54, decision 048). The browser's Preact hydrates the whole document in one task, where
// React sliced it. A part wrapped here suspends while the document hydrates: Preact keeps its server
// HTML as it is (its one root element) and hydrates it when the promise settles, a task later. Until
// then it is the server's HTML: its links work as links. The server renders the children alone.
import { type ReactNode, Suspense } from "react";

let documentHydrating = typeof document !== "undefined";

/** Called once the document's hydration has returned: parts drawn after it render at once. */
export function documentHydrated(): void {
  documentHydrating = false;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Later({ children }: { children: ReactNode }) {
  // A timer of its own per part, so each part hydrates in its own task.
  if (documentHydrating) throw nextTask();
  return children;
}

/** `children` must be one element: Preact keeps one node of the server's HTML for a suspended part. */
export function HydrateLater({ children }: { children: ReactNode }) {
  if (typeof document === "undefined") return children;
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}

// The browser's scripts in a few large chunks instead of thirty small ones. On a phone's slow
// connection every request costs a round trip, and over HTTP/1.1 only six run at once, so thirty
// module files queue behind each other (and beside the page's largest picture) for a second or
// more. Each group below is everything a set of route modules imports statically and an earlier
// group has not taken: what every page needs (the root route: React, React Router, the header and
// footer), then what the home page adds, then what the product lists add. A route's own modules
// stay in its route chunk, and what only a dynamic import needs (the search combobox, the owner's
// screens) keeps its own chunks, so no page downloads code it does not run.
import type { CodeSplittingGroup } from "rolldown";

const GROUPS: { name: string; routes: string[] }[] = [
  { name: "shell", routes: ["entry.client.tsx", "root.tsx"] },
  { name: "home", routes: ["routes/home.tsx"] },
  { name: "lists", routes: ["routes/overview.tsx", "routes/category.tsx", "routes/search.tsx", "routes/buy-size.tsx"] },
  { name: "product", routes: ["routes/product.tsx"] },
];

type ModuleInfo = { importers: string[] };
type Lookup = (id: string) => ModuleInfo | null;

const appFile = (id: string) => /\/app\/(.*?)(?:\?.*)?$/.exec(id)?.[1];

/** Whether `id` is one of `routes` or imported by one of them through static imports only. */
function reachedFrom(routes: string[], lookup: Lookup): (id: string) => boolean {
  const memo = new Map<string, boolean>();
  const visit = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // an import cycle does not prove anything
    const file = appFile(id);
    const reached =
      (file !== undefined && routes.includes(file)) ||
      (lookup(id)?.importers ?? []).some((importer) => visit(importer));
    memo.set(id, reached);
    return reached;
  };
  return visit;
}

const isRouteModule = (id: string) => {
  const file = appFile(id);
  return file !== undefined && (file === "entry.client.tsx" || file === "root.tsx" || file.startsWith("routes/"));
};

export const pageChunkGroups: CodeSplittingGroup[] = GROUPS.map((group, index) => ({
  debugName: group.name,
  name: (id, ctx) => {
    if (isRouteModule(id)) return null;
    const lookup: Lookup = (m) => ctx.getModuleInfo(m);
    const earlier = GROUPS.slice(0, index).some((g) => reachedFrom(g.routes, lookup)(id));
    return !earlier && reachedFrom(group.routes, lookup)(id) ? group.name : null;
  },
  priority: GROUPS.length - index,
}));

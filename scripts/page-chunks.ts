// The browser's scripts in a few large chunks instead of thirty small ones. On a phone's slow
// connection every request costs a round trip, and over HTTP/1.1 only six run at once, so thirty
// module files queue behind each other (and beside the page's largest picture) for a second or
// more. Each group below is everything a set of route modules imports statically and an earlier
// group has not taken: what every page needs (the root route: React, React Router, the header and
// footer), then what the home page adds, then what the product lists add. A route's own modules
// stay in its route chunk, and what only a dynamic import needs (the search combobox, the owner's
// screens) keeps its own chunks, so no page downloads code it does not run.
import type { CodeSplittingGroup } from "rolldown";

/**
 * `alone`: the group takes only what no route outside the groups imports too. The product page's
 * group holds its dialogs and cart code; without this, the contact page (for a piece of Radix it
 * shares with the size chart's dialog) and the sign-in page (for the cart's code) each downloaded
 * the product page's 21 KB (issue 54, decision 045); what they share now comes in a chunk of its own.
 */
const GROUPS: { name: string; routes: string[]; alone?: boolean }[] = [
  { name: "shell", routes: ["entry.client.tsx", "root.tsx"] },
  { name: "home", routes: ["routes/home.tsx"], alone: true },
  {
    name: "lists",
    routes: ["routes/overview.tsx", "routes/category.tsx", "routes/search.tsx", "routes/buy-size.tsx"],
    alone: true,
  },
  { name: "product", routes: ["routes/product.tsx"], alone: true },
];
const GROUPED_ROUTES = new Set(GROUPS.flatMap((group) => group.routes));

type ModuleInfo = { importers: string[]; importedIds: string[] };
type Lookup = (id: string) => ModuleInfo | null;

const appFile = (id: string) => /\/app\/(.*?)(?:\?.*)?$/.exec(id)?.[1];

/** Whether `id` is one of `routes` (or, given a test, a route it accepts) or imported by one through static imports only. */
function reachedFrom(routes: string[] | ((file: string) => boolean), lookup: Lookup): (id: string) => boolean {
  const isOne = typeof routes === "function" ? routes : (file: string) => routes.includes(file);
  const memo = new Map<string, boolean>();
  const visit = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // an import cycle does not prove anything
    const file = appFile(id);
    const reached =
      (file !== undefined && isOne(file)) || (lookup(id)?.importers ?? []).some((importer) => visit(importer));
    memo.set(id, reached);
    return reached;
  };
  return visit;
}

/** Whether `id` or a module it imports statically (at any depth) passes `shared`. */
function sharedBelow(id: string, shared: (id: string) => boolean, lookup: Lookup): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    if (shared(next)) return true;
    stack.push(...(lookup(next)?.importedIds ?? []));
  }
  return false;
}

const isRouteFile = (file: string) => file === "entry.client.tsx" || file === "root.tsx" || file.startsWith("routes/");
const isRouteModule = (id: string) => {
  const file = appFile(id);
  return file !== undefined && isRouteFile(file);
};

export const pageChunkGroups: CodeSplittingGroup[] = GROUPS.map((group, index) => ({
  debugName: group.name,
  name: (id, ctx) => {
    if (isRouteModule(id)) return null;
    const lookup: Lookup = (m) => ctx.getModuleInfo(m);
    const earlier = GROUPS.slice(0, index).some((g) => reachedFrom(g.routes, lookup)(id));
    if (earlier || !reachedFrom(group.routes, lookup)(id)) return null;
    if (!group.alone) return group.name;
    // A captured module brings its own imports into the group (rolldown's includeDependenciesRecursively),
    // so the group takes a module only when neither it nor anything it imports is another route's too.
    const ungroupedRoute = reachedFrom((file) => isRouteFile(file) && !GROUPED_ROUTES.has(file), lookup);
    return sharedBelow(id, ungroupedRoute, lookup) ? null : group.name;
  },
  priority: GROUPS.length - index,
}));

/**
 * The small modules many pages share (the price, the picture, a form's alert, a page's title words)
 * in one chunk of their own, instead of a file each. Before this group the 17 customer routes named
 * 244 module files between them, 100 of them under 1 KB gzip: the product page 24, a list 14. Over
 * HTTP/1.1 each file beyond the sixth waits for a connection, and on a phone's slow link each costs a
 * round trip. A module goes here when six route chunks or more import it (minShareCount counts the
 * owner's routes too) and it is 2,000 bytes or less before minifying, so nothing large rides along:
 * routes that use few of them pay about 2 KB more, and the files fell to 161 (decision 050).
 */
export const smallSharedChunkGroup: CodeSplittingGroup = {
  name: "shared",
  test: /\/app\/(components|lib)\//,
  minShareCount: 6,
  maxModuleSize: 2_000,
  priority: 0,
};

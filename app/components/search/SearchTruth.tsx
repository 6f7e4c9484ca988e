// What the search says when the shop has nothing of the kind asked for ('school shoes for kids') or
// nothing matches the words ('chair'): one plain sentence and links to what is closest. The search
// page and the search box's instant results show the same (decision 025).
import { Link } from "react-router";
import type { truthOf } from "#shared/search.ts";

export function SearchTruth({
  truth,
  className = "",
  onFollow,
}: {
  truth: NonNullable<ReturnType<typeof truthOf>>;
  className?: string;
  /** The search box closes its list when a link is followed. */
  onFollow?: () => void;
}) {
  return (
    <div className={className} data-search-truth="">
      <p className="font-semibold text-stone-800">{truth.sentence}</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {truth.links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="button-secondary min-h-11 px-3 text-sm" onClick={onFollow}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Previous / next for the admin lists (25 rows a page, with the total).
export function Pager({
  page,
  hasMore,
  total,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-stone-600">
        Page {page} · {total} in all
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className="button-secondary min-h-9 px-3 py-1"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button-secondary min-h-9 px-3 py-1"
          disabled={!hasMore}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}

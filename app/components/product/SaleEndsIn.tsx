// [Ours] "Sale ends in 2 days" under a product's price while a sale that shows it is on (issue 51).
import { useEffect, useState } from "react";
import { saleEndsInWords } from "#shared/sale-ends-in.ts";

export function SaleEndsIn({ endsAt }: { endsAt: string }) {
  // Counted at render: a kept page's words were counted at most a second before it is sent (the
  // page cache's bound, server/web/page-cache.ts), and the browser counts again from its own clock
  // once hydrated. Its first render may count across an hour's edge from the server's, so this one
  // text is allowed to differ while hydrating (suppressHydrationWarning) instead of warning.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => setNow(new Date()), []);
  return (
    <p className="-mt-2">
      <span
        className="inline-block rounded bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-800 ring-1 ring-red-200"
        suppressHydrationWarning
      >
        {saleEndsInWords(endsAt, now)}
      </span>
    </p>
  );
}

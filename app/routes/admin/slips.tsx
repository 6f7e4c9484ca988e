// Packing slips for one order or a batch (/admin/slips?ids=a,b,c&format=a4|receipt): the owner
// picks A4 or an 80 mm receipt printer, previews, and prints; the print stylesheet (slips.css)
// puts each slip on its own sheet and leaves everything else off the paper.
import { useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { type PackingSlips, SLIP_FORMATS, type SlipFormat, slipFormatSchema, splitIds } from "#shared/slips.ts";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { PackingSlip } from "../../components/admin/PackingSlip.tsx";
import { type Loaded, loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/slips.ts";
import "./slips.css";

const FORMAT_LABELS: Record<SlipFormat, string> = { a4: "A4 sheet", receipt: "80 mm receipt printer" };

/** The slips of the orders in `ids`; null when none is chosen (nothing to ask the shop). */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const ids = new URL(request.url).searchParams.get("ids") ?? "";
  return splitIds(ids).length === 0 ? null : loadAdmin<PackingSlips>(request, `/slips?ids=${encodeURIComponent(ids)}`);
}

/** Choosing the printer changes only `format` in the address: the same slips are not read again for it. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const idsOf = (url: URL) => url.searchParams.get("ids");
  const formatOnly = currentUrl.href !== nextUrl.href && idsOf(currentUrl) === idsOf(nextUrl);
  return formatOnly ? false : defaultShouldRevalidate;
}

export const HydrateFallback = () => <AdminLoading what="the packing slips" />;

export default function Slips({ loaderData: slips }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  // Held here as well as in the address: a radio button must show the choice at once, before
  // the router has finished updating the address.
  const [format, setFormat] = useState<SlipFormat>(() => slipFormatSchema.parse(params.get("format") ?? "a4"));
  const chooseFormat = (next: SlipFormat) => {
    setFormat(next);
    const changed = new URLSearchParams(params);
    changed.set("format", next);
    setParams(changed, { replace: true });
  };

  return (
    <div>
      <div className="slips-controls mb-6 space-y-4">
        <Link to="/admin/orders" className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          ← All orders
        </Link>
        <h2 className="text-xl font-bold">Packing slips</h2>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-semibold">Printer</legend>
          {SLIP_FORMATS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="format"
                className="size-5"
                value={value}
                checked={format === value}
                onChange={() => chooseFormat(value)}
              />
              {FORMAT_LABELS[value]}
            </label>
          ))}
        </fieldset>
      </div>
      {slips === null ? (
        <AdminEmpty>
          No orders chosen. Tick orders on the{" "}
          <Link to="/admin/orders" className="font-semibold text-brand-700 underline">
            orders list
          </Link>{" "}
          and press Print slips.
        </AdminEmpty>
      ) : (
        <SlipBatch slips={slips} format={format} />
      )}
    </div>
  );
}

function SlipBatch({ slips, format }: { slips: Loaded<PackingSlips>; format: SlipFormat }) {
  if (!slips.ok) return <AdminLoadFailed message={slips.message} what="the packing slips" />;
  const { orders, shop } = slips.data;
  return (
    <>
      <div className="slips-controls mb-6 flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-stone-700">
          {orders.length} {orders.length === 1 ? "slip" : "slips"}, one per {format === "a4" ? "A4 sheet" : "receipt"}.
        </p>
        <button type="button" className="button-primary" onClick={() => window.print()}>
          Print {orders.length === 1 ? "slip" : `${orders.length} slips`}
        </button>
      </div>
      <div className="slips-doc" data-format={format}>
        {orders.map((order) => (
          <PackingSlip key={order._id} order={order} shop={shop} />
        ))}
      </div>
    </>
  );
}

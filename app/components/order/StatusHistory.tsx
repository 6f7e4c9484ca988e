// Each status an order reached, with its date in Karachi time, oldest first (Track Your Order).

import { ORDER_VIEW_TEXTS, stepLabel } from "#shared/order-view.ts";
import type { OrderStatusStep } from "#shared/orders.ts";
import { karachiTime } from "../../lib/dates.ts";

export function StatusHistory({ steps }: { steps: OrderStatusStep[] }) {
  return (
    <ol aria-label={ORDER_VIEW_TEXTS.statusHistory} className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
      {steps.map((step) => (
        <li key={`${step.status}:${step.at}`}>
          <span className="font-semibold text-stone-900">{stepLabel(step.status)}</span>{" "}
          <time dateTime={step.at}>{karachiTime(step.at)}</time>
        </li>
      ))}
    </ol>
  );
}

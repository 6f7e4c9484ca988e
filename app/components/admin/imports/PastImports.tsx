// The files already imported from a courier, newest first: what kind, which file, when, by whom,
// and what its lines did.
import {
  type CourierImportRecord,
  IMPORT_KIND_LABELS,
  IMPORT_OUTCOMES,
  outcomeLabel,
} from "#shared/courier-imports.ts";
import { karachiTime } from "../../../lib/dates.ts";
import { AdminEmpty } from "../AdminStatus.tsx";

/** '2 dispatched · 1 unknown order': the outcomes of an applied file in words. */
export function summaryLine(summary: CourierImportRecord["summary"], applied = true): string {
  return IMPORT_OUTCOMES.filter((outcome) => (summary[outcome] ?? 0) > 0)
    .map((outcome) => `${summary[outcome]} ${outcomeLabel(outcome, applied)}`)
    .join(" · ");
}

export function PastImports({ courier, imports }: { courier: string; imports: CourierImportRecord[] }) {
  if (imports.length === 0) return <AdminEmpty>No files imported from {courier} yet.</AdminEmpty>;
  return (
    <ol className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {imports.map((record) => (
        <li key={record._id} className="p-3 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{IMPORT_KIND_LABELS[record.kind]}</span>
            <span className="min-w-0 text-stone-700 [overflow-wrap:anywhere]">
              {record.fileName ?? "(no file name)"}
            </span>
          </p>
          <p className="text-stone-600">
            {karachiTime(record.at)}
            {record.by ? ` by ${record.by}` : ""}
          </p>
          <p className="mt-1 text-stone-800">{summaryLine(record.summary)}</p>
        </li>
      ))}
    </ol>
  );
}

// [Ours] A courier's files (issue 32): the owner picks the kind of file and the CSV the courier's
// portal exported; the file is read here, its columns matched to what we need (the courier's
// remembered columns, else a guess; a select per field corrects it), and the server previews every
// line's outcome before anything changes. Apply does it, once: the same file again changes nothing.
import { useRef, useState } from "react";
import { Link } from "react-router";
import { suggestColumns } from "#shared/courier-columns.ts";
import {
  APPLYING_OUTCOMES,
  type CourierImportList,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportField,
  type ImportKind,
  type ImportResult,
  isRequiredField,
} from "#shared/courier-imports.ts";
import { CsvSyntaxError, CsvTooWideError, isBlankRecord, readCsv } from "#shared/csv-read.ts";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { ColumnChoice, KindChoice } from "../../components/admin/imports/ImportChoices.tsx";
import { ImportLines } from "../../components/admin/imports/ImportLines.tsx";
import { PastImports, summaryLine } from "../../components/admin/imports/PastImports.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin, useLatest } from "../../lib/admin-loader.ts";
import { karachiTime } from "../../lib/dates.ts";
import type { Route } from "./+types/courier-imports.ts";

interface PickedFile {
  name: string;
  text: string;
  headers: string[];
}

/** The file's column names, read here so the owner can match them before the server sees the file. */
function headersOf(text: string): string[] | string {
  try {
    const header = readCsv(text, { maxColumns: IMPORT_MAX_COLUMNS }).find((record) => !isBlankRecord(record));
    return header ? header.cells.map((cell) => cell.trim()) : IMPORT_MESSAGES.empty;
  } catch (error) {
    if (error instanceof CsvSyntaxError) return IMPORT_MESSAGES.openQuote(error.row);
    if (error instanceof CsvTooWideError) return IMPORT_MESSAGES.tooManyColumns(error.row);
    throw error;
  }
}

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadAdmin<CourierImportList>(request, `/couriers/${params.courierId}/imports`);

export const HydrateFallback = () => <AdminLoading what="the courier's imports" />;

export default function CourierImports({ loaderData, params: { courierId } }: Route.ComponentProps) {
  const [list, replace] = useLatest(loaderData);
  const [kind, setKind] = useState<ImportKind>("dispatch");
  const [file, setFile] = useState<PickedFile | null>(null);
  const [columns, setColumns] = useState<ImportColumns>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  // Only the answer to the latest request counts (the owner may change a column while one is out).
  const latest = useRef(0);

  if (!list.ok) return <AdminLoadFailed message={list.message} what="the courier's imports" />;
  const { courier, imports } = list.data;

  const send = async (picked: PickedFile, chosenKind: ImportKind, chosen: ImportColumns, apply: boolean) => {
    const request = ++latest.current;
    setBusy(apply ? "apply" : "preview");
    const answer = await adminCall<ImportResult>(`/couriers/${courierId}/imports`, {
      method: "POST",
      json: { kind: chosenKind, fileName: picked.name, csv: picked.text, columns: chosen, apply },
    });
    // After applying, the list of files and the remembered columns are read again (without the
    // screen going back to 'Loading') before 'Done' shows: a file picked the moment 'Done' appears
    // must already find this file's columns remembered.
    const fresh =
      answer.ok && answer.body.applied ? await adminCall<CourierImportList>(`/couriers/${courierId}/imports`) : null;
    if (request !== latest.current) return;
    if (fresh?.ok) replace({ ok: true, data: fresh.body });
    setBusy(null);
    setResult(answer.ok ? answer.body : null);
    setProblem(answer.ok ? null : answer.error.message);
  };

  const start = (picked: PickedFile | null, chosenKind: ImportKind) => {
    setResult(null);
    setProblem(null);
    if (!picked) return;
    const suggested = suggestColumns(chosenKind, picked.headers, list.data.columns[chosenKind]);
    setColumns(suggested);
    void send(picked, chosenKind, suggested, false);
  };

  const pick = async (chosen: File | undefined) => {
    latest.current += 1;
    setFile(null);
    setResult(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return setProblem(IMPORT_MESSAGES.tooBig);
    const text = await chosen.text();
    const headers = headersOf(text);
    if (typeof headers === "string") return setProblem(headers);
    const picked = { name: chosen.name, text, headers };
    setFile(picked);
    start(picked, kind);
  };

  const choose = (field: ImportField, column: string) => {
    if (!file) return;
    // No column: a required field is guessed again, an optional one is 'Not in this file' (null),
    // so the server guesses nothing for it either.
    const none = isRequiredField(kind, field) ? undefined : null;
    const chosen = { ...columns, [field]: column || none };
    setColumns(chosen);
    void send(file, kind, chosen, false);
  };

  const changes = result ? APPLYING_OUTCOMES.reduce((n, outcome) => n + (result.summary[outcome] ?? 0), 0) : 0;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/couriers" className="text-sm font-semibold text-brand-700 hover:underline">
          ← All couriers
        </Link>
        <h2 className="mt-1 text-xl font-bold">Import files from {courier.name}</h2>
        <p className="mt-1 max-w-2xl text-sm text-stone-700">
          Export the CSV file from {courier.name}'s portal and pick it here. You see what each line would do before
          anything changes; a file already imported changes nothing again.
        </p>
      </div>

      {courier.ownRider ? (
        <AdminEmpty>{IMPORT_MESSAGES.ownRider}</AdminEmpty>
      ) : (
        <section aria-label="Import a file" className="max-w-3xl space-y-4 rounded-xl border border-stone-200 p-4">
          <KindChoice
            kind={kind}
            onChange={(k) => {
              setKind(k);
              start(file, k);
            }}
          />

          <label className="block text-sm font-semibold">
            CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void pick(event.target.files?.[0])}
              className="mt-1 block w-full text-sm font-normal file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:font-semibold"
            />
          </label>

          {file ? (
            <ColumnChoice kind={kind} fileName={file.name} headers={file.headers} columns={columns} onChoose={choose} />
          ) : null}

          {busy === "preview" ? (
            <p role="status" className="text-sm text-stone-600">
              Reading the file…
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
        </section>
      )}

      {result && file ? (
        <section aria-labelledby="import-lines" className="max-w-5xl space-y-3">
          <h3 id="import-lines" className="text-lg font-bold">
            {result.applied ? "Applied" : "Preview"}: {file.name}
          </h3>
          {result.applied ? (
            <AdminNotice>
              Done: {summaryLine(result.summary, true)}.
              {result.kind === "payment" ? null : " Customers whose orders moved are e-mailed."}
            </AdminNotice>
          ) : result.importedBefore ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              This file was already imported on {karachiTime(result.importedBefore)}: applying it again changes nothing.
            </p>
          ) : null}
          <ImportLines key={`${result.applied}-${result.lines.length}`} result={result} />
          {result.applied || result.importedBefore ? null : (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="button-primary"
                disabled={changes === 0 || busy !== null}
                onClick={() => void send(file, kind, columns, true)}
              >
                {busy === "apply" ? "Applying…" : `Apply ${changes} ${changes === 1 ? "change" : "changes"}`}
              </button>
              <span className="text-sm text-stone-600">
                {changes === 0
                  ? "Nothing in this file changes an order."
                  : "Only the lines that change something are applied; the others are skipped."}
              </span>
            </div>
          )}
        </section>
      ) : null}

      <section aria-labelledby="past-imports" className="max-w-3xl">
        <h3 id="past-imports" className="mb-3 text-lg font-bold">
          Files imported
        </h3>
        <PastImports courier={courier.name} imports={imports} />
      </section>
    </div>
  );
}

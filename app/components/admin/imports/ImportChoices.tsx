// What the owner chooses before a courier file is previewed: the kind of file, and for each field
// the file's column that holds it (filled in with the remembered or guessed one; an optional field
// may be 'Not in this file').
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportColumns,
  type ImportField,
  type ImportKind,
} from "#shared/courier-imports.ts";

const KIND_HINTS: Record<ImportKind, string> = {
  dispatch:
    "Order number and tracking number of each parcel booked. Confirmed orders go on their way; customers are e-mailed.",
  status:
    "Tracking number and status. Delivered, returned, lost and damaged parcels are recorded; in transit changes nothing.",
  payment: "Tracking number, cash collected and charges. Orders are marked paid; amounts that differ are flagged.",
};

export function KindChoice({ kind, onChange }: { kind: ImportKind; onChange: (kind: ImportKind) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Kind of file</legend>
      <div className="mt-2 grid gap-2 md:grid-cols-3">
        {IMPORT_KINDS.map((k) => (
          <label
            key={k}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              aria-describedby={`kind-${k}-hint`}
              onChange={() => onChange(k)}
              className="mt-1"
            />
            <span>
              <span className="block font-semibold">{IMPORT_KIND_LABELS[k]}</span>
              {/* Read as the radio's description, not as part of its name. */}
              <span id={`kind-${k}-hint`} aria-hidden="true" className="text-stone-600">
                {KIND_HINTS[k]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const select = "mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal";

interface ColumnChoiceProps {
  kind: ImportKind;
  fileName: string;
  headers: string[];
  columns: ImportColumns;
  /** The column chosen for a field; "" is none: 'Choose a column' (required) or 'Not in this file'. */
  onChoose: (field: ImportField, column: string) => void;
}

/** One field's column: a required one asks to be chosen, an optional one may be 'Not in this file'. */
function FieldColumn({
  field,
  required,
  headers,
  columns,
  onChoose,
}: Omit<ColumnChoiceProps, "kind" | "fileName"> & { field: ImportField; required: boolean }) {
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={`column-${field}`} className="block font-semibold">
        {IMPORT_FIELD_LABELS[field]}
      </label>
      <select
        id={`column-${field}`}
        value={columns[field] ?? ""}
        onChange={(e) => onChoose(field, e.target.value)}
        className={select}
      >
        <option value="">{required ? "Choose a column" : "Not in this file"}</option>
        {headers.map((header, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name
          <option key={`${i}-${header}`} value={header} disabled={header === ""}>
            {header || `(column ${i + 1} has no name)`}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The file's column for each field: the ones every line needs, then the ones the cash and the
 * parcel's record use when the portal exports them (issue 48).
 */
export function ColumnChoice({ kind, fileName, headers, columns, onChoose }: ColumnChoiceProps) {
  const { required, optional } = IMPORT_FIELDS[kind];
  const grid = "mt-2 grid gap-3 sm:grid-cols-3";
  // One to a row on a phone, long as a payment report's eleven make it: two to a row cut the column
  // names short ('Delivery Charge…'), and the name is what the owner checks.
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Columns of {fileName}</legend>
      <p className="text-sm text-stone-600">Check that each field reads from the right column.</p>
      <div className={grid}>
        {required.map((field) => (
          <FieldColumn key={field} field={field} required headers={headers} columns={columns} onChoose={onChoose} />
        ))}
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">If the file has them</legend>
        <div className={grid}>
          {optional.map((field) => (
            <FieldColumn
              key={field}
              field={field}
              required={false}
              headers={headers}
              columns={columns}
              onChoose={onChoose}
            />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

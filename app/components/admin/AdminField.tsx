// One labelled control of an owner's form with its own error under it, read with it by a screen
// reader (aria-describedby) and marked red (aria-invalid). The control itself is the caller's (an
// input, a select, with its own attributes); this only wires the label, the hint and the error to it.
import type { ReactNode } from "react";

/** The text box of the owner's forms; red once aria-invalid. */
export const ADMIN_INPUT =
  "mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal aria-invalid:border-red-700";

export interface FieldControlProps {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function AdminField({
  id,
  label,
  error,
  hint,
  className = "text-sm",
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children({
        id,
        className: ADMIN_INPUT,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {error ? (
        <span id={errorId} className="mt-1 block text-red-800">
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={hintId} className="mt-1 block text-stone-600">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

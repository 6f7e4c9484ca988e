// A labelled input of the account forms. `invalid` marks it for assistive technology and links it
// to the form's message; `hint` is a short help text read with the field.
import type { InputHTMLAttributes } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  id: string;
  name: string;
  label: string;
  hint?: string;
  invalid?: boolean;
  /** Id of the element that explains the error (the form's alert). */
  errorId?: string;
}

export function TextField({ id, name, label, hint, invalid = false, errorId, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-lg border bg-white px-3.5 py-2 text-base text-stone-900 placeholder:text-stone-500 ${
          invalid ? "border-red-700" : "border-stone-400"
        } ${className ?? ""}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

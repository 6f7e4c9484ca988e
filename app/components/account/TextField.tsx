// A labelled input of the forms. `error` is this field's own message, shown under it; `invalid`
// marks it without a message of its own and links it to the form's message (`errorId`); `hint`
// is a short help text read with the field. After a plain form post (no JavaScript, or none yet)
// the server's page shows what was typed; once React runs, that text becomes the form's own state.
import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { isSecretField } from "#shared/posted-form.ts";
import { restoreField } from "../../lib/early-fields.ts";
import { usePostedForm } from "./posted-form.ts";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  id: string;
  name: string;
  label: ReactNode;
  hint?: string;
  /** This field's own message, shown under it and read with it. */
  error?: string;
  invalid?: boolean;
  /** Id of the element that explains the error (the form's alert). */
  errorId?: string;
}

export function TextField({
  id,
  name,
  label,
  hint,
  error,
  invalid = false,
  errorId,
  className,
  value,
  ...input
}: TextFieldProps) {
  const posted = usePostedText(name, input.type);
  // No `value` at all when there is none: an input given `value={undefined}` and a `defaultValue`
  // is held to the default by the browser's Preact (decision 048), not left to the shopper's typing.
  const shown = posted.text ?? value;
  const hintId = hint ? `${id}-hint` : undefined;
  const ownErrorId = error ? `${id}-error` : undefined;
  const marked = invalid || Boolean(error);
  const describedBy = [ownErrorId, hintId, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        ref={posted.ref}
        id={id}
        name={name}
        aria-invalid={marked || undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-lg border px-3.5 py-2 text-base text-stone-900 placeholder:text-stone-500 ${
          input.readOnly ? "bg-stone-100" : "bg-white"
        } ${marked ? "border-red-700" : "border-stone-400"} ${className ?? ""}`}
        {...input}
        {...(shown === undefined ? {} : { value: shown })}
      />
      {error && (
        <p id={ownErrorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The text posted to this page for the field, shown until React runs; then given to the form's
 * own state as typing would (its onChange), so the form sends it like any typed text.
 */
function usePostedText(name: string, type: string | undefined) {
  const form = usePostedForm();
  const ref = useRef<HTMLInputElement>(null);
  const initial = type === "password" || isSecretField(name) ? undefined : form?.fields[name];
  const [text, setText] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when React first has the field
  useEffect(() => {
    if (text === undefined || !ref.current) return;
    setText(undefined);
    // Typed over before hydration? Then early-fields.ts puts back what the shopper typed instead.
    if (ref.current.value === text) restoreField({ field: ref.current, value: text, touched: false });
  }, []);
  return { ref, text };
}

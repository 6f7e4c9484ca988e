// The owner's small forms (a courier, its terms): their values, each refused field's message (that
// field takes the focus, so a screen reader reads why), a refusal no field explains, and the busy
// flag while the API answers. The first control has the focus when the form opens: it opened from a
// button that is gone now (Add a courier, Edit, Edit terms), and the owner starts typing at once.
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";

export function useOwnerForm<V extends object>(initial: () => V, firstControl = "input") {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // Before the form is painted, not after: a key pressed the moment it shows (Escape, the first
  // letter) reaches the form. Preact runs a plain effect a frame later, and on a loaded machine
  // CI's browser pressed Escape on the Edit button before the focus had moved (courier-terms.spec).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useLayoutEffect(() => {
    form.current?.querySelector<HTMLElement>(firstControl)?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of errors is the trigger
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);

  return {
    id,
    values,
    errors,
    problem,
    busy,
    form,
    set: (change: Partial<V>) => setValues((current) => ({ ...current, ...change })),
    /** Marks the refused fields; a refusal no field explains is said under the form. */
    refuse: (fields: Partial<Record<string, string>> | undefined, message: string) => {
      setErrors(fields ?? {});
      setProblem(fields && Object.keys(fields).length > 0 ? null : message);
    },
    /** Runs the API call with the form busy (its button says so, a second press does nothing). */
    async whileBusy<T>(call: () => Promise<T>): Promise<T> {
      setBusy(true);
      try {
        return await call();
      } finally {
        setBusy(false);
      }
    },
  };
}

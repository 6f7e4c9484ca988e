// The foot of the owner's small forms (risk rules, payment accounts, scheduled sales): the save button
// that says it is saving, Cancel while editing, and the server's refusal that is not one field's.
export function FormFooter({
  busy,
  label,
  onCancel,
  problem,
}: {
  busy: boolean;
  /** The button's words when idle: "Add the rule", "Save the account". */
  label: string;
  /** Offered only while an existing entry is being edited. */
  onCancel?: (() => void) | undefined;
  problem?: string | undefined;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : label}
        </button>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </>
  );
}

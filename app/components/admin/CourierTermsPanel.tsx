// A courier company's terms on the couriers screen (issue 48): what its contract charges and when it
// pays, in the owner's words; while they are still the seeded typical rates, a note to check them
// against the agreement; and Edit terms, a disclosure that opens the form under them. Closing the
// form (Save, Cancel, Escape) brings the focus back to Edit terms.
import { useEffect, useRef } from "react";
import { termsPhrases } from "#shared/courier-terms.ts";
import type { Courier } from "#shared/couriers.ts";
import { CourierTermsForm } from "./CourierTermsForm.tsx";

export function CourierTermsPanel({
  courier,
  open,
  onOpen,
  onClose,
  onSaved,
}: {
  courier: Courier;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSaved: (saved: Courier) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const { terms } = courier;
  const formId = `terms-form-${courier._id}`;
  return (
    <div className="basis-full border-t border-stone-100 pt-2 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <h4 className="font-semibold">Terms</h4>
          {terms ? (
            <ul className="flex flex-wrap gap-x-1 text-stone-700" aria-label={`What ${courier.name} charges`}>
              {termsPhrases(terms).map((phrase, index, all) => (
                <li key={phrase}>
                  {phrase}
                  {index < all.length - 1 ? <span aria-hidden="true"> ·</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-stone-700">None yet: add them so each payment can be checked against them.</p>
          )}
        </div>
        <button
          ref={button}
          type="button"
          className="button-secondary min-h-9 px-3 py-1 text-sm"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          aria-label={`${terms ? "Edit" : "Add"} terms of ${courier.name}`}
          onClick={open ? onClose : onOpen}
        >
          {terms ? "Edit terms" : "Add terms"}
        </button>
      </div>
      {terms?.isDefault ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900">
          Typical rates, not your contract: check them against your agreement with {courier.name}.
        </p>
      ) : null}
      {open ? (
        <div id={formId}>
          <CourierTermsForm courier={courier} onSaved={onSaved} onClose={onClose} />
        </div>
      ) : null}
    </div>
  );
}

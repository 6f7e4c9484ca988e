// The address book at checkout (issue 29): the customer's last addresses as a radio list (the
// name and the address line), each with an Edit and a Remove, and 'A new address'. Picking one
// fills the checkout form; Edit opens the address in a small form of its own, in place.
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { SavedAddress } from "#shared/addresses.ts";
import { landmarkLine } from "#shared/area-words.ts";
import { summariseIssues } from "#shared/validation.ts";
import { removeAddress, saveAddress } from "../../lib/address-book.ts";
import { OFFLINE_MESSAGE } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { checkoutSchemas } from "../../lib/checkout-checks.ts";
import {
  ADDRESS_FIELDS,
  type AddressFieldErrors,
  AddressFields,
  addressFieldId,
  addressFromForm,
  isAddressField,
} from "./AddressFields.tsx";

export const NEW_ADDRESS = "new";
const EDITOR = "address-edit";

interface SavedAddressesProps {
  token: string;
  addresses: SavedAddress[];
  /** The id of the picked address, or NEW_ADDRESS. */
  selected: string;
  onSelect: (id: string) => void;
  onChange: (addresses: SavedAddress[]) => void;
}

export function SavedAddresses({ token, addresses, selected, onSelect, onChange }: SavedAddressesProps) {
  const { user } = useAuth();
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLFieldSetElement>(null);

  const focus = (selector: string) => list.current?.querySelector<HTMLElement>(selector)?.focus();

  function startEdit(id: string) {
    flushSync(() => {
      setEditing(id);
      setErrors({});
      setProblem(null);
    });
    document.getElementById(addressFieldId(EDITOR, "fullName"))?.focus();
  }

  function stopEdit(id: string) {
    flushSync(() => setEditing(null));
    focus(`[data-edit="${id}"]`);
  }

  async function save(event: React.FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const address = addressFromForm(new FormData(event.currentTarget));
    // The first check may wait for the schema's chunk (app/lib/checkout-checks.ts): Save waits with it.
    setBusy(true);
    const schemas = await checkoutSchemas();
    setBusy(false);
    if (!schemas) {
      setProblem(OFFLINE_MESSAGE);
      return;
    }
    const checked = schemas.checkoutAddressSchema.safeParse(address);
    const fields = checked.success ? {} : summariseIssues(checked.error).fields;
    if (checked.success) {
      setBusy(true);
      const result = await saveAddress(token, id, checked.data);
      setBusy(false);
      if (result.ok) {
        onChange(addresses.map((a) => (a.id === id ? result.value : a)));
        setStatus("Address saved.");
        stopEdit(id);
        return;
      }
      setProblem(result.message);
      Object.assign(fields, result.fields);
    }
    const own: AddressFieldErrors = {};
    for (const [name, message] of Object.entries(fields)) if (isAddressField(name)) own[name] = message;
    flushSync(() => setErrors(own));
    const first = ADDRESS_FIELDS.find((name) => own[name]);
    if (first) document.getElementById(addressFieldId(EDITOR, first))?.focus();
  }

  async function remove(id: string) {
    setBusy(true);
    const result = await removeAddress(token, id);
    setBusy(false);
    if (!result.ok) {
      setStatus(result.message);
      return;
    }
    flushSync(() => {
      onChange(result.value);
      setStatus("Address removed.");
    });
    // Focus stays in the list: on the picked address, or on 'A new address'.
    focus("input[type=radio]:checked");
  }

  return (
    <fieldset ref={list} className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">Deliver to</legend>
      {addresses.map((address) => (
        <div key={address.id} className="rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700">
          {editing === address.id ? (
            <form onSubmit={(event) => void save(event, address.id)} noValidate className="space-y-3">
              <p className="text-sm font-semibold">Edit address</p>
              <AddressFields idPrefix={EDITOR} errors={errors} values={address} accountEmail={user?.email} />
              {problem && (
                <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
                  {problem}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <button type="button" className="button-secondary" onClick={() => stopEdit(address.id)}>
                  Cancel
                </button>
                <button type="submit" className="button-primary" disabled={busy}>
                  Save address
                </button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name="saved-address"
                  value={address.id}
                  checked={selected === address.id}
                  onChange={() => onSelect(address.id)}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 break-words text-sm">
                  <span className="font-semibold">{address.fullName}</span>
                  <span className="block text-stone-700">{address.addressLine}</span>
                  {address.area || address.landmark ? (
                    <span className="block text-stone-700">
                      {[address.area, landmarkLine(address)].filter(Boolean).join(" · ")}
                    </span>
                  ) : null}
                </span>
              </label>
              <div className="ml-auto flex gap-1">
                <button
                  type="button"
                  data-edit={address.id}
                  className="min-h-11 px-2 text-sm font-semibold text-brand-700 hover:underline"
                  aria-label={`Edit ${address.fullName}, ${address.addressLine}`}
                  onClick={() => startEdit(address.id)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="min-h-11 px-2 text-sm font-semibold text-red-700 hover:underline"
                  aria-label={`Remove ${address.fullName}, ${address.addressLine}`}
                  disabled={busy}
                  onClick={() => void remove(address.id)}
                >
                  Remove
                </button>
              </div>
            </div>
          )}
        </div>
      ))}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700">
        <input
          type="radio"
          name="saved-address"
          value={NEW_ADDRESS}
          checked={selected === NEW_ADDRESS}
          onChange={() => onSelect(NEW_ADDRESS)}
          className="size-5 shrink-0 accent-brand-700"
        />
        <span className="text-sm font-semibold">A new address</span>
      </label>
      <p role="status" className="sr-only">
        {status}
      </p>
    </fieldset>
  );
}

// Correcting the delivery details before the parcel is delivered (a wrong flat number, a second
// phone the customer gave on WhatsApp, the area the rider says it really is). Checked with the
// checkout's own rules before sending; every change is recorded in the order's history. The Area
// field offers the shop's list of areas (GET /api/areas) as the owner types.
import { type FormEvent, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import { orderAddressInputSchema } from "#shared/admin-orders.ts";
import { summariseIssues } from "#shared/validation.ts";
import { type AdminResult, adminCall } from "../../../lib/admin-api.ts";
import { useAreaList } from "../../../lib/area-list.ts";
import { AreaOptions } from "../../AreaOptions.tsx";

const input = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-normal aria-invalid:border-red-700";
const AREA_LIST = "edit-area-list";
const FIELDS = [
  { name: "fullName", label: "Full name", type: "text" },
  { name: "addressLine", label: "Address", type: "textarea" },
  { name: "area", label: "Area", type: "area" },
  { name: "landmark", label: "Nearby landmark (optional)", type: "text" },
  { name: "phoneNumber", label: "Phone", type: "tel" },
  { name: "postalCode", label: "Postal code (optional)", type: "text" },
] as const;
type Field = (typeof FIELDS)[number]["name"];

export function AddressEditor({
  order,
  onDone,
  onClose,
}: {
  order: AdminOrder;
  onDone: (result: AdminResult<AdminOrder>, what: string) => void;
  onClose: () => void;
}) {
  const a = order.shippingAddress;
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: a.fullName,
    addressLine: a.addressLine,
    phoneNumber: a.phoneNumber,
    postalCode: a.postalCode ?? "",
    area: a.area ?? "",
    landmark: a.landmark ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const areas = useAreaList();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderAddressInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(summariseIssues(parsed.error).fields);
    setErrors({});
    setBusy(true);
    const result = await adminCall<AdminOrder>(`/orders/${order._id}/address`, { method: "PUT", json: values });
    setBusy(false);
    // A field the server refused (an area not in the list) is marked like one refused here.
    if (!result.ok) setErrors(result.error.fields);
    onDone(result, "Delivery details saved.");
    if (result.ok) onClose();
  }

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3 rounded-xl border border-stone-200 p-3">
      {FIELDS.map((field) => {
        const error = errors[field.name];
        const id = `edit-${field.name}`;
        const common = {
          id,
          value: values[field.name],
          onChange: (e: { target: { value: string } }) => setValues({ ...values, [field.name]: e.target.value }),
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          className: input,
        };
        return (
          <div key={field.name} className="text-sm">
            <label htmlFor={id} className="block font-semibold">
              {field.label}
            </label>
            {field.type === "textarea" ? (
              <textarea rows={3} {...common} />
            ) : field.type === "area" ? (
              <input type="text" list={AREA_LIST} autoComplete="off" {...common} />
            ) : (
              <input type={field.type} {...common} />
            )}
            {error ? (
              <span id={`${id}-error`} className="mt-1 block text-red-800">
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
      <AreaOptions id={AREA_LIST} areas={areas} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="button-primary">
          {busy ? "Saving…" : "Save details"}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// Choosing who takes a parcel, the same on the order page and in the batch dispatch: the couriers
// in use (as GET /api/admin/couriers lists them: companies, then the own rider), the rider shown by
// name, and whether the choice needs a tracking number.
import { type Courier, riderLine } from "#shared/couriers.ts";
import { useAdminData } from "../../lib/admin-api.ts";
import { AdminField } from "./AdminField.tsx";

type ActiveCouriers =
  | { state: "loading" }
  | { state: "failed"; message: string; reload: () => void }
  | { state: "ready"; couriers: Courier[] };

/** The couriers an order can go with now: a switched-off one is not offered. */
export function useActiveCouriers(): ActiveCouriers {
  const list = useAdminData<{ couriers: Courier[] }>("/couriers");
  if (list.state === "ready") return { state: "ready", couriers: list.data.couriers.filter((c) => c.active) };
  if (list.state === "failed") return { state: "failed", message: list.message, reload: list.reload };
  return { state: "loading" };
}

const choiceLabel = (courier: Courier) =>
  courier.ownRider && courier.riderName ? `${courier.name} (${courier.riderName})` : courier.name;

export function CourierSelect({
  id,
  couriers,
  value,
  onChange,
  error,
}: {
  id: string;
  couriers: readonly Courier[];
  value: string;
  onChange: (courierId: string) => void;
  error?: string | undefined;
}) {
  const chosen = couriers.find((c) => c._id === value);
  const rider = chosen?.ownRider ? riderLine({ name: chosen.riderName, phone: chosen.riderPhone }) : null;
  return (
    <AdminField
      id={id}
      label="Courier"
      error={error}
      hint={chosen?.ownRider ? `The shop's rider takes it${rider ? `: ${rider}` : ""}. No tracking number.` : undefined}
    >
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a courier…</option>
          {couriers.map((courier) => (
            <option key={courier._id} value={courier._id}>
              {choiceLabel(courier)}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}

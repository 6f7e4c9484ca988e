// [Ours] The couriers the shop hands parcels to (issue 32): each with its tracking page, whether it
// is in use, the shop's own rider with the rider's name and phone, and how many parcels went with
// it. The owner adds one and changes one in place; a courier is switched off, never deleted, so old
// orders keep theirs. A company's import files (bookings, statuses, payments) have their own screen.
// Each company's terms (issue 48) show under it and are edited in place, and so does its API account
// (issue 49): the credentials to book and follow its parcels through its API, and how its sync goes.
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Courier } from "#shared/couriers.ts";
import { readablePhone, telHref } from "#shared/phone.ts";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { CourierApiPanel } from "../../components/admin/CourierApiPanel.tsx";
import { CourierForm } from "../../components/admin/CourierForm.tsx";
import { CourierTermsPanel } from "../../components/admin/CourierTermsPanel.tsx";
import { PayoutsDownload } from "../../components/admin/PayoutsDownload.tsx";
import { useAdminData } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";

/** null: no form open; "new": the add form; an id: that courier's row is being changed. */
type Editing = null | "new" | string;

export default function AdminCouriers() {
  const list = useAdminData<{ couriers: Courier[] }>("/couriers");
  const [editing, setEditing] = useState<Editing>(null);
  /** The courier whose terms form is open, if any. */
  const [termsOf, setTermsOf] = useState<string | null>(null);
  /** Goes up after each Sync now: a sync reaches every courier due, so each API panel reads its own again. */
  const [syncs, setSyncs] = useState(0);
  const nameOf = (id: string) =>
    (list.state === "ready" ? list.data.couriers.find((c) => c._id === id)?.name : undefined) ?? "A courier";

  const saved = (courier: Courier, added: boolean) => {
    setEditing(null);
    toast.success(
      added
        ? `Added ${courier.name}.`
        : `Saved ${courier.name}${courier.active ? "" : ": switched off, it is no longer offered when dispatching"}.`,
    );
    list.reload();
  };

  /** The whole courier's form takes the row's place: its terms form, if open, closes. */
  const edit = (id: string) => {
    setEditing(id);
    setTermsOf(null);
  };

  const termsSaved = (courier: Courier) => {
    setTermsOf(null);
    toast.success(`Saved the terms of ${courier.name}.`);
    if (list.state === "ready")
      list.replace({ couriers: list.data.couriers.map((c) => (c._id === courier._id ? courier : c)) });
  };

  return (
    <div>
      <div className="flex max-w-3xl flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Couriers</h2>
        {editing === "new" ? null : (
          <button type="button" className="button-primary" onClick={() => setEditing("new")}>
            Add a courier
          </button>
        )}
      </div>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Who takes the parcels: courier companies with their tracking page and terms, and the shop's own rider. Switch
        off one you no longer use; its old orders keep it.
      </p>
      <PayoutsDownload />
      {editing === "new" ? (
        <div className="mt-4 max-w-3xl">
          <CourierForm courier={null} onSaved={(c) => saved(c, true)} onClose={() => setEditing(null)} />
        </div>
      ) : null}

      {list.state === "loading" ? (
        <AdminLoading what="couriers" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : list.data.couriers.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No couriers yet: add the first above.</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Couriers" className="mt-4 grid max-w-3xl gap-3">
          {list.data.couriers.map((courier) =>
            editing === courier._id ? (
              <li key={courier._id}>
                <CourierForm courier={courier} onSaved={(c) => saved(c, false)} onClose={() => setEditing(null)} />
              </li>
            ) : (
              <CourierRow key={courier._id} courier={courier} onEdit={() => edit(courier._id)}>
                {courier.ownRider ? null : (
                  <>
                    <CourierTermsPanel
                      courier={courier}
                      open={termsOf === courier._id}
                      onOpen={() => setTermsOf(courier._id)}
                      onClose={() => setTermsOf(null)}
                      onSaved={termsSaved}
                    />
                    <CourierApiPanel
                      courier={courier}
                      nameOf={nameOf}
                      synced={syncs}
                      onSynced={() => setSyncs((n) => n + 1)}
                    />
                  </>
                )}
              </CourierRow>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function CourierRow({ courier, onEdit, children }: { courier: Courier; onEdit: () => void; children: ReactNode }) {
  return (
    <li
      aria-label={courier.name}
      className={`flex flex-wrap items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm ${courier.active ? "" : "bg-stone-50"}`}
    >
      {/* On a phone the facts take the whole width and the buttons go under them. */}
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 text-base font-bold [overflow-wrap:anywhere]">{courier.name}</h3>
          {courier.ownRider ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
              Own rider
            </span>
          ) : null}
          {courier.active ? null : (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
              Switched off
            </span>
          )}
          <span className="text-stone-700">
            {courier.parcels} {courier.parcels === 1 ? "parcel" : "parcels"}
          </span>
        </div>
        {courier.ownRider ? (
          <p className="mt-1 text-stone-700">
            Rider: {courier.riderName ?? "no name yet"}
            {courier.riderPhone ? (
              <>
                {", "}
                <a href={telHref(courier.riderPhone)} className="font-semibold text-brand-700 underline">
                  {readablePhone(courier.riderPhone)}
                </a>
              </>
            ) : null}
          </p>
        ) : (
          <p className="mt-1 text-stone-700 [overflow-wrap:anywhere]">
            Tracking page:{" "}
            {courier.trackingUrl ? <span className="font-mono text-xs">{courier.trackingUrl}</span> : "none"}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {courier.ownRider ? null : (
          <Link
            to={`/admin/couriers/${courier._id}/imports`}
            className="button-secondary min-h-9 px-3 py-1 text-sm"
            aria-label={`Import files of ${courier.name}`}
          >
            Import files
          </Link>
        )}
        <button
          type="button"
          className="button-secondary min-h-9 px-3 py-1 text-sm"
          aria-label={`Edit ${courier.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
      </div>
      {children}
    </li>
  );
}

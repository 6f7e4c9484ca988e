// [Ours] The Karachi areas the checkout offers in its Area field: the owner adds an area riders know
// and hides one (a name nobody uses, a place the shop no longer delivers to); hiding changes no order
// already placed. Grouped by district, with a filter box; small enough to use on a phone.
import { useState } from "react";
import { type AdminArea, type AdminAreaList, AREA_DISTRICT_MAX, AREA_NAME_MAX, newAreaSchema } from "#shared/areas.ts";
import { summariseIssues } from "#shared/validation.ts";
import { ADMIN_INPUT, AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { adminCall, useAdminData } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";

const SHOWING = { all: "All areas", active: "Shown at checkout", hidden: "Hidden" } as const;
type Showing = keyof typeof SHOWING;

/** Lower case, single spaces: "gulshan  13" finds "Gulshan-e-Iqbal Block 13-D" by its words. */
const words = (text: string) => text.toLowerCase().trim().split(/\s+/).filter(Boolean);

function byDistrict(areas: readonly AdminArea[]): [string, AdminArea[]][] {
  const groups = new Map<string, AdminArea[]>();
  for (const area of areas) groups.set(area.district, [...(groups.get(area.district) ?? []), area]);
  return [...groups];
}

export default function AdminAreas() {
  const list = useAdminData<AdminAreaList>("/areas");
  const [name, setName] = useState("");
  const [district, setDistrict] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [showing, setShowing] = useState<Showing>("all");

  const areas = list.state === "ready" ? list.data.areas : [];
  const districts = [...new Set(areas.map((area) => area.district))];
  const wanted = words(filter);
  const shown = areas.filter(
    (area) =>
      (showing === "all" || area.active === (showing === "active")) &&
      wanted.every((word) => `${area.name} ${area.district}`.toLowerCase().includes(word)),
  );
  const hiddenCount = areas.filter((area) => !area.active).length;

  const add = async () => {
    const parsed = newAreaSchema.safeParse({ name, district });
    if (!parsed.success) {
      setErrors(summariseIssues(parsed.error).fields);
      setProblem(null);
      return;
    }
    setBusy("add");
    const answer = await adminCall<AdminArea>("/areas", { method: "POST", json: parsed.data });
    setBusy(null);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      setProblem(answer.error.message);
      return;
    }
    setErrors({});
    setProblem(null);
    setName("");
    toast.success(`Added “${answer.body.name}” (${answer.body.district}): customers can pick it at checkout.`);
    list.reload();
  };

  const toggle = async (area: AdminArea) => {
    setBusy(area.name);
    const answer = await adminCall<AdminArea>(`/areas/${encodeURIComponent(area.name)}`, {
      method: "PUT",
      json: { active: !area.active },
    });
    setBusy(null);
    if (!answer.ok) {
      toast.error(answer.error.message);
      return;
    }
    const changed = answer.body;
    if (list.state === "ready")
      list.replace({ areas: list.data.areas.map((a) => (a.name === changed.name ? changed : a)) });
    toast.success(
      changed.active ? `“${changed.name}” is shown at checkout again.` : `“${changed.name}” is hidden from checkout.`,
    );
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Karachi areas</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        The areas customers pick from at checkout, so the rider knows where to go. Add an area riders know by name; hide
        one to stop offering it. Orders already placed keep their area.
      </p>

      <form
        noValidate
        aria-label="Add an area"
        className="mt-4 grid max-w-2xl gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[3fr_2fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <AdminField id="area-name" label="Area name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={AREA_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              placeholder="Gulshan-e-Iqbal Block 13-D"
            />
          )}
        </AdminField>
        <AdminField id="area-district" label="District" error={errors.district}>
          {(control) => (
            <>
              <input
                {...control}
                value={district}
                list="area-districts"
                autoComplete="off"
                maxLength={AREA_DISTRICT_MAX}
                onChange={(event) => setDistrict(event.target.value)}
                placeholder="Karachi East"
              />
              <datalist id="area-districts">
                {districts.map((d) => (
                  <option key={d} value={d} />
                ))}
              </datalist>
            </>
          )}
        </AdminField>
        <button type="submit" className="button-primary sm:mt-6" disabled={busy === "add"}>
          {busy === "add" ? "Adding…" : "Add area"}
        </button>
        {problem ? (
          <p role="alert" className="text-sm text-red-800 sm:col-span-3">
            {problem}
          </p>
        ) : null}
      </form>

      <div className="mt-6 flex max-w-2xl flex-wrap items-end gap-3">
        <label className="block min-w-0 flex-[2_1_12rem] text-sm font-semibold">
          Find an area
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className={ADMIN_INPUT}
            placeholder="Name or district"
          />
        </label>
        <label className="block min-w-0 flex-[1_1_10rem] text-sm font-semibold">
          Show
          <select
            value={showing}
            onChange={(event) => setShowing(event.target.value as Showing)}
            className={ADMIN_INPUT}
          >
            {Object.entries(SHOWING).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.state === "loading" ? (
        <AdminLoading what="areas" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : shown.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>
            {areas.length === 0 ? "No areas yet: add the first above." : "No area matches. Try fewer letters."}
          </AdminEmpty>
        </div>
      ) : (
        <>
          <p role="status" className="mt-4 text-sm text-stone-600">
            {shown.length === areas.length
              ? `${areas.length} areas, ${hiddenCount === 0 ? "none" : hiddenCount} hidden.`
              : `${shown.length} of ${areas.length} areas.`}
          </p>
          {byDistrict(shown).map(([name, group]) => (
            <section key={name} aria-label={name} className="mt-4">
              <h3 className="font-bold">
                {name} <span className="font-normal text-stone-600">({group.length})</span>
              </h3>
              {/* Columns on a wide screen: a district's areas fit in a glance, each button beside its name. */}
              <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {group.map((area) => (
                  <li
                    key={area.name}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 p-2 pl-3 text-sm"
                  >
                    <span className={`min-w-0 flex-1 [overflow-wrap:anywhere] ${area.active ? "" : "text-stone-600"}`}>
                      {area.name}
                    </span>
                    {area.active ? null : (
                      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                        Hidden
                      </span>
                    )}
                    <button
                      type="button"
                      className="button-secondary min-h-9 px-3 py-1 text-sm"
                      aria-label={`${area.active ? "Hide" : "Show"} ${area.name}`}
                      disabled={busy === area.name}
                      onClick={() => void toggle(area)}
                    >
                      {area.active ? "Hide" : "Show"}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

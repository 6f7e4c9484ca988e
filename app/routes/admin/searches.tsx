// What shoppers searched for and did not find (decision 025): the last 30 days' searches with no
// or few results, most searched first, with the words the search left out. Each row acts on a word
// in one step: "Add synonym" (the word means something the shop has) or "Not sold" (the search then
// says the shop does not sell it). Below, the not-sold words, each with Delete.
import { useState } from "react";
import { NOT_SOLD_KINDS, type NotSoldKind, type NotSoldWord, type SearchMiss } from "#shared/not-sold.ts";
import { SYNONYM_MEANS_MAX, type Synonym } from "#shared/synonyms.ts";
import { ADMIN_INPUT } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { adminCall, useAdminData } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";

export default function AdminSearches() {
  const misses = useAdminData<SearchMiss[]>("/searches");
  const notSold = useAdminData<NotSoldWord[]>("/not-sold");
  const reload = () => {
    misses.reload();
    notSold.reload();
  };

  const remove = async (word: NotSoldWord) => {
    const answer = await adminCall<null>(`/not-sold/${encodeURIComponent(word.word)}`, { method: "DELETE" });
    if (!answer.ok && answer.status !== 404) {
      toast.error(answer.error.message);
      return;
    }
    toast.success(`“${word.word}” is searched as any other word again.`);
    notSold.reload();
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Searches with no or few results</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        The last 30 days, most searched first. <b>Left out</b> are the words the search could not find in the shop. Give
        a word a meaning (a synonym: jhoota → chappal), or mark it as something the shop does not sell: the search then
        says so instead of showing nothing.
      </p>
      {misses.state === "loading" ? (
        <AdminLoading what="searches" />
      ) : misses.state === "failed" ? (
        <AdminError message={misses.message} onRetry={misses.reload} />
      ) : misses.data.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No search came up empty in the last 30 days.</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Searches with no or few results" className="mt-4 divide-y divide-stone-200 rounded-lg border">
          {misses.data.map((miss) => (
            <MissRow key={miss.query} miss={miss} onDone={reload} />
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-bold">Not sold</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Words for what the shop does not sell. A search with one shows no products and says the shop sells men's and
        women's shoes only (for a brand: that the shop does not carry it).
      </p>
      {notSold.state === "loading" ? (
        <AdminLoading what="words" />
      ) : notSold.state === "failed" ? (
        <AdminError message={notSold.message} onRetry={notSold.reload} />
      ) : notSold.data.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>No words yet: mark one from the searches above.</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Not sold" className="mt-4 flex flex-wrap gap-2">
          {notSold.data.map((word) => (
            <li
              key={word.word}
              className="flex items-center gap-2 rounded-full border border-stone-300 py-1 pr-1 pl-3 text-sm"
            >
              <span className="[overflow-wrap:anywhere]">
                {word.word} <span className="text-stone-600">({word.kind})</span>
              </span>
              <button
                type="button"
                className="button-secondary min-h-9 px-3 py-1 text-sm"
                aria-label={`Delete ${word.word}`}
                onClick={() => void remove(word)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One search: how often, what it found, the left-out words, and the two one-step forms. */
function MissRow({ miss, onDone }: { miss: SearchMiss; onDone: () => void }) {
  const first = miss.dropped[0] ?? miss.query.split(" ")[0] ?? "";
  const [word, setWord] = useState(first);
  const [means, setMeans] = useState("");
  const [kind, setKind] = useState<NotSoldKind>("other product");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = miss.query;

  const send = async (action: "synonym" | "not-sold") => {
    setBusy(true);
    const path = action === "synonym" ? "/synonyms" : "/not-sold";
    const answer = await adminCall<Synonym | NotSoldWord>(`${path}/${encodeURIComponent(word.trim().toLowerCase())}`, {
      method: "PUT",
      json: action === "synonym" ? { means } : { kind },
    });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message);
      return;
    }
    setProblem(null);
    toast.success(
      action === "synonym"
        ? `Saved: “${answer.body.word}” means ${means.trim()}.`
        : `Saved: the shop does not sell “${answer.body.word}”.`,
    );
    onDone();
  };

  return (
    <li className="grid gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">“{miss.query}”</span>
        <span className="text-stone-700">
          {miss.count} {miss.count === 1 ? "search" : "searches"}, {miss.results}{" "}
          {miss.results === 1 ? "result" : "results"}
        </span>
        {miss.dropped.length > 0 && <span className="text-stone-700">Left out: {miss.dropped.join(", ")}</span>}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="block text-xs font-semibold">
          Word
          <select
            value={word}
            onChange={(event) => setWord(event.target.value)}
            className={ADMIN_INPUT}
            aria-label={`Word of “${label}”`}
          >
            {[...new Set([...miss.dropped, ...miss.query.split(" ")])].map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </label>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send("synonym");
          }}
        >
          <label className="block text-xs font-semibold">
            Means
            <input
              required
              value={means}
              maxLength={SYNONYM_MEANS_MAX}
              autoCapitalize="none"
              onChange={(event) => setMeans(event.target.value)}
              className={ADMIN_INPUT}
              placeholder="chappal"
              aria-label={`What “${label}” means`}
            />
          </label>
          <button type="submit" className="button-secondary min-h-11 px-3 text-sm" disabled={busy}>
            Add synonym
          </button>
        </form>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send("not-sold");
          }}
        >
          <label className="block text-xs font-semibold">
            Kind
            <select
              value={kind}
              onChange={(event) => setKind(event.target.value as NotSoldKind)}
              className={ADMIN_INPUT}
              aria-label={`Kind of “${label}”`}
            >
              {NOT_SOLD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button-secondary min-h-11 px-3 text-sm" disabled={busy}>
            Not sold
          </button>
        </form>
      </div>
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

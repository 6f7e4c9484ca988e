// The words the search reads as others ('joota' means shoe, 'gents' means men): the owner adds,
// changes and deletes them. One form adds or changes (the word is the key); each row has Edit and
// Delete. Small enough to use on a phone.
import { useState } from "react";
import { SYNONYM_MEANS_MAX, SYNONYM_WORD_MAX, type Synonym } from "#shared/synonyms.ts";
import { ADMIN_INPUT } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminError, AdminLoading } from "../../components/admin/AdminStatus.tsx";
import { adminCall, useAdminData } from "../../lib/admin-api.ts";
import { toast } from "../../lib/toast.ts";

export default function AdminSynonyms() {
  const list = useAdminData<Synonym[]>("/synonyms");
  const [word, setWord] = useState("");
  const [means, setMeans] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState("");

  const save = async () => {
    setBusy(true);
    const answer = await adminCall<Synonym>(`/synonyms/${encodeURIComponent(word.trim().toLowerCase())}`, {
      method: "PUT",
      json: { means },
    });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message);
      return;
    }
    setProblem(null);
    setWord("");
    setMeans("");
    toast.success(`Saved: “${answer.body.word}” means ${answer.body.means}.`);
    list.reload();
  };

  const remove = async (synonym: Synonym) => {
    if (!window.confirm(`Delete “${synonym.word}”? The search will no longer read it as ${synonym.means}.`)) return;
    const answer = await adminCall<null>(`/synonyms/${encodeURIComponent(synonym.word)}`, { method: "DELETE" });
    if (!answer.ok && answer.status !== 404) {
      toast.error(answer.error.message);
      return;
    }
    toast.success(`Deleted “${synonym.word}”.`);
    list.reload();
  };

  const shown =
    list.state === "ready"
      ? list.data.filter((s) => s.word.includes(filter.trim().toLowerCase()) || s.means.includes(filter.trim()))
      : [];

  return (
    <div>
      <h2 className="text-xl font-bold">Search synonyms</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Words shoppers type and what they mean in the shop. A meaning of <b>men</b> or <b>women</b> filters by gender, a
        colour such as <b>black</b> filters by colour; any other meaning is one or more words, separated by commas, that
        the word also finds (jutti → khussa, khusa).
      </p>
      <form
        className="mt-4 grid max-w-2xl gap-3 rounded-lg border border-stone-200 p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="block text-sm font-semibold">
          Word
          <input
            required
            value={word}
            maxLength={SYNONYM_WORD_MAX}
            autoCapitalize="none"
            onChange={(event) => setWord(event.target.value)}
            className={ADMIN_INPUT}
            placeholder="joota"
          />
        </label>
        <label className="block text-sm font-semibold">
          Means
          <input
            required
            value={means}
            maxLength={SYNONYM_MEANS_MAX}
            autoCapitalize="none"
            onChange={(event) => setMeans(event.target.value)}
            className={ADMIN_INPUT}
            placeholder="shoe"
          />
        </label>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
        {problem ? (
          <p role="alert" className="text-sm text-red-800 sm:col-span-3">
            {problem}
          </p>
        ) : null}
      </form>
      <label className="mt-6 block max-w-sm text-sm font-semibold">
        Find a word
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={ADMIN_INPUT}
        />
      </label>
      {list.state === "loading" ? (
        <AdminLoading what="synonyms" />
      ) : list.state === "failed" ? (
        <AdminError message={list.message} onRetry={list.reload} />
      ) : shown.length === 0 ? (
        <div className="mt-4">
          <AdminEmpty>{filter ? "No synonym matches." : "No synonyms yet: add the first above."}</AdminEmpty>
        </div>
      ) : (
        <ul aria-label="Synonyms" className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {shown.map((synonym) => (
            <li key={synonym.word} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{synonym.word}</span>
              <span className="min-w-0 flex-1 text-stone-700 [overflow-wrap:anywhere]">→ {synonym.means}</span>
              <span className="flex gap-2">
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  aria-label={`Edit ${synonym.word}`}
                  onClick={() => {
                    setWord(synonym.word);
                    setMeans(synonym.means);
                    setProblem(null);
                  }}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-9 px-3 py-1 text-sm"
                  aria-label={`Delete ${synonym.word}`}
                  onClick={() => void remove(synonym)}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

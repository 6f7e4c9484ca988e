// A button that downloads a CSV from the admin API with the admin's token, saying so while it works
// and showing the server's message when it cannot.
import { useState } from "react";
import { useNavigate } from "react-router";
import { downloadAdminFile } from "../../lib/admin-api.ts";
import { loginFromHere } from "../../lib/return-to.ts";

export function DownloadButton({ path, fileName, label }: { path: string; fileName: string; label: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function download() {
    setBusy(true);
    setError(undefined);
    const result = await downloadAdminFile(path, fileName);
    setBusy(false);
    if (!result.ok && (result.status === 401 || result.status === 403)) return navigate(loginFromHere());
    if (!result.ok) setError(result.error.message);
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className="button-secondary" disabled={busy} onClick={download} aria-busy={busy}>
        {busy ? "Preparing the file…" : label}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-800">
          {error}
        </span>
      ) : null}
    </span>
  );
}

// The three states every admin screen has besides its content: loading, failed and empty.
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";

export function AdminLoading({ what }: { what: string }) {
  return (
    <p role="status" className="py-8 text-stone-600">
      Loading {what}…
    </p>
  );
}

export function AdminError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="my-4 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-red-800">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="button-secondary min-h-9 px-3 py-1 text-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A screen's read that failed (its clientLoader's answer): Try again reads it again, looking as it loads. */
export function AdminLoadFailed({ message, what }: { message: string; what: string }) {
  const revalidator = useRevalidator();
  if (revalidator.state === "loading") return <AdminLoading what={what} />;
  return <AdminError message={message} onRetry={() => void revalidator.revalidate()} />;
}

export function AdminEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-stone-50 p-8 text-center text-stone-700">{children}</p>;
}

export function AdminNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="my-4 rounded-lg bg-green-50 p-3 text-green-900">
      {children}
    </p>
  );
}

import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { dismissToast, type ToastKind, useToasts } from "../../lib/toast.ts";

const STYLES: Record<ToastKind, { className: string; Icon: typeof Info }> = {
  success: { className: "border-green-700 bg-green-50 text-green-900", Icon: CircleCheck },
  error: { className: "border-red-700 bg-red-50 text-red-900", Icon: CircleAlert },
  warning: { className: "border-amber-600 bg-amber-50 text-amber-900", Icon: TriangleAlert },
  info: { className: "border-stone-500 bg-white text-stone-900", Icon: Info },
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed bottom-4 left-4 z-50 flex w-[min(22rem,calc(100vw-6rem))] flex-col gap-2"
    >
      <div aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((t) => {
          const { className, Icon } = STYLES[t.kind];
          return (
            <div
              key={t.id}
              role={t.kind === "error" || t.kind === "warning" ? "alert" : "status"}
              className={`pointer-events-auto flex items-start gap-2 rounded-lg border-l-4 p-3 text-sm font-medium shadow-lg ${className}`}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="flex-1">{t.message}</span>
              <button
                type="button"
                onClick={() => dismissToast(t.id)}
                aria-label="Dismiss"
                className="-m-1 grid size-7 place-items-center rounded hover:bg-black/5"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}

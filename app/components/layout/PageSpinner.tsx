import { useNavigation } from "react-router";

/** The full-page spinner of docs/product.md section 2, while a navigation loads its data. */
export function PageSpinner() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      className="spinner-delayed fixed inset-0 z-50 grid place-items-center bg-white/60"
      role="status"
      aria-live="polite"
    >
      <div className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

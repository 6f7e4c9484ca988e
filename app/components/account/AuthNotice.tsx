// A note above an account form that tells the customer where they stand: the mail to look for after
// a reset, what the sign-in is for (a pending Add to Cart), that the new account's details are filled in.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function AuthNotice({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="mb-5 flex items-start gap-2 rounded-lg border-l-4 border-brand-700 bg-brand-50 p-3 text-sm text-stone-800">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>{children}</span>
    </p>
  );
}

// What the owner's last press on an exchange did, said where it stays (the card it was on may have
// left the view) and focused, so a keyboard user is not left on a button that is gone.
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { AdminExchange } from "#shared/exchanges.ts";
import { type AdminResult, needsSignIn } from "../../../lib/admin-api.ts";
import { loginFromHere } from "../../../lib/return-to.ts";
import { AdminError, AdminNotice } from "../AdminStatus.tsx";
import type { ExchangeDone } from "./ExchangeDecision.tsx";

/** `onChanged` gets the exchange as it is now, or undefined when it must be read again. */
export function useExchangeOutcome(onChanged: (exchange: AdminExchange | undefined) => void) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ tone: "done" | "failed"; message: string }>();
  const box = useRef<HTMLDivElement>(null);
  const done: ExchangeDone = (result: AdminResult<AdminExchange>, what) => {
    if (needsSignIn(result)) {
      navigate(loginFromHere());
      return;
    }
    if (result.ok) {
      setOutcome({ tone: "done", message: what });
      onChanged(result.body);
    } else if (result.status === 404 || result.status === 409) {
      // Someone else answered it, or it lapsed meanwhile: read it again to show it as it is now.
      setOutcome({ tone: "failed", message: result.error.message });
      onChanged(undefined);
    } else return;
    requestAnimationFrame(() => box.current?.focus());
  };
  const notice = (
    <div ref={box} tabIndex={-1}>
      {outcome?.tone === "done" ? <AdminNotice>{outcome.message}</AdminNotice> : null}
      {outcome?.tone === "failed" ? <AdminError message={outcome.message} /> : null}
    </div>
  );
  return { done, notice };
}

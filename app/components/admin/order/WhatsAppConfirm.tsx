// 'Confirm on WhatsApp' for a pending order: opens a chat with the customer's number (as +92) and
// a message ready to send, in English or Urdu. The owner's choice of language is remembered on
// this device.
import { useId, useState } from "react";
import type { AdminOrder } from "#shared/admin.ts";
import {
  CONFIRMATION_LANGUAGE_NAMES,
  CONFIRMATION_LANGUAGES,
  type ConfirmationLanguage,
  confirmationMessage,
} from "#shared/order-confirmation.ts";
import { telHref, whatsappChatUrl } from "#shared/phone.ts";
import { createLocalStore } from "../../../lib/local-store.ts";

const isLanguage = (value: unknown): value is ConfirmationLanguage =>
  (CONFIRMATION_LANGUAGES as readonly unknown[]).includes(value);

const languageStore = createLocalStore<ConfirmationLanguage>("adminWhatsappLanguage", "en", (raw) => {
  const value: unknown = JSON.parse(raw);
  return isLanguage(value) ? value : undefined;
});

export function WhatsAppConfirm({ order }: { order: AdminOrder }) {
  const language = languageStore.use();
  const id = useId();
  // The preview is written out only when opened: a hidden copy of the items would read twice to find-in-page.
  const [previewing, setPreviewing] = useState(false);
  const phone = order.shippingAddress.phoneNumber;
  const message = confirmationMessage(order, language);
  const url = whatsappChatUrl(phone, message);

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-xl border border-green-700/30 bg-green-50 p-3">
      <h3 id={`${id}-title`} className="font-bold">
        Confirm with the customer
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          Message language
          <select
            value={language}
            onChange={(e) => isLanguage(e.target.value) && languageStore.set(e.target.value)}
            className="mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            {CONFIRMATION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {CONFIRMATION_LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800"
          >
            Confirm on WhatsApp
          </a>
        ) : (
          <p className="text-sm text-red-800">
            {phone} is not a Pakistani mobile number, so WhatsApp cannot open it. Call instead or correct the phone.
          </p>
        )}
        <a href={telHref(phone)} className="button-secondary">
          Call {phone}
        </a>
      </div>
      <details className="mt-3 text-sm" onToggle={(e) => setPreviewing(e.currentTarget.open)}>
        <summary className="cursor-pointer font-semibold text-brand-700">See the message</summary>
        {previewing ? (
          <p
            dir={language === "ur" ? "rtl" : "ltr"}
            lang={language}
            className="mt-2 whitespace-pre-wrap rounded-lg bg-white p-3 [overflow-wrap:anywhere]"
          >
            {message}
          </p>
        ) : null}
      </details>
    </section>
  );
}

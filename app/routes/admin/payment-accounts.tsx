// [Ours] The shop's payment accounts (issue 50): where a customer asked for an advance sends it, by
// bank transfer, Raast, JazzCash or Easypaisa. Track Your Order shows them, in this screen's order,
// beside the amount due. The owner adds, edits, removes and moves them; every number is checked for
// its kind (an IBAN's check digits, a wallet's mobile number) here as on the server.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import {
  ACCOUNT_TITLE_MAX,
  PAYMENT_KIND_WORDS,
  PAYMENT_KINDS,
  type PaymentAccount,
  type PaymentAccountList,
  type PaymentKind,
  PROVIDER_MAX,
  paymentAccountInputSchema,
  readableAccountNumber,
} from "#shared/payment-accounts.ts";
import { summariseIssues } from "#shared/validation.ts";
import { AdminField } from "../../components/admin/AdminField.tsx";
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminNotice } from "../../components/admin/AdminStatus.tsx";
import { FormFooter } from "../../components/admin/FormFooter.tsx";
import { adminCall } from "../../lib/admin-api.ts";
import { loadAdmin } from "../../lib/admin-loader.ts";
import type { Route } from "./+types/payment-accounts.ts";

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => ({
  list: await loadAdmin<PaymentAccountList>(request, "/payment-accounts"),
});

export const HydrateFallback = () => <AdminLoading what="the payment accounts" />;

const NUMBER_PLACEHOLDER: Record<PaymentKind, string> = {
  bank: "PK36 SCBL 0000 0011 2345 6702",
  raast: "0300 1234567 or an IBAN",
  jazzcash: "0300 1234567",
  easypaisa: "0345 1234567",
};

/** "Meezan Bank, 0300 1234567": how the notices and the buttons' names tell one account from another. */
// The secondary button has no disabled look of its own: a move that cannot happen should look it.
const ROW_BUTTON = "button-secondary min-h-9 px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50";

const named = (account: PaymentAccount) => `${account.provider} ${readableAccountNumber(account.accountNumber)}`;

export default function AdminPaymentAccounts({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [editing, setEditing] = useState<string>();
  // After a move the pressed button is re-rendered at the account's new place, and after an edit the
  // row's buttons come back in place of its form: focus follows (the first of these ids that can take
  // it), so a keyboard user goes on from where they were instead of from the top of the page.
  const [focusNext, setFocusNext] = useState<string[]>();
  const { list } = loaderData;
  const accounts = list.ok ? list.data.accounts : [];

  useEffect(() => {
    for (const id of focusNext ?? []) {
      const element = document.getElementById(id);
      if (element instanceof HTMLButtonElement && !element.disabled) {
        element.focus();
        return;
      }
    }
  }, [focusNext]);

  function said(message: string) {
    setProblem(undefined);
    setNotice(message);
  }
  function failed(message: string) {
    setNotice(undefined);
    setProblem(message);
  }

  async function remove(account: PaymentAccount) {
    if (!window.confirm(`Remove ${named(account)}? Customers will no longer see it.`)) return;
    setBusy(account._id);
    const answer = await adminCall<null>(`/payment-accounts/${account._id}`, { method: "DELETE" });
    setBusy(undefined);
    if (answer.ok) said(`Removed ${named(account)}.`);
    else failed(answer.error.message);
    await revalidate();
  }

  async function move(index: number, direction: "up" | "down") {
    const other = direction === "up" ? index - 1 : index + 1;
    const account = accounts[index];
    const swapped = accounts[other];
    if (!account || !swapped) return;
    const ids = accounts.map((each) => each._id);
    ids[index] = swapped._id;
    ids[other] = account._id;
    setBusy(account._id);
    const answer = await adminCall<PaymentAccountList>("/payment-accounts/order", { method: "POST", json: { ids } });
    setBusy(undefined);
    if (answer.ok) said(`Moved ${named(account)} ${direction}.`);
    else failed(answer.error.message);
    await revalidate();
    const opposite = direction === "up" ? "down" : "up";
    setFocusNext([`move-${direction}-${account._id}`, `move-${opposite}-${account._id}`]);
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Payment accounts</h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-700">
        Customers asked for an advance send it to these accounts. Track Your Order shows them in this order, beside the
        amount due; the customer then sends you the transaction ID or a photo of the receipt.
      </p>
      <AccountForm
        label="Add a payment account"
        submit="Add the account"
        onSaved={(account) => {
          said(`Added ${named(account)}.`);
          void revalidate();
        }}
      />
      {notice ? <AdminNotice>{notice}</AdminNotice> : null}
      {problem ? (
        <p role="alert" className="my-4 rounded-lg bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {!list.ok ? (
        <AdminLoadFailed message={list.message} what="the payment accounts" />
      ) : accounts.length === 0 ? (
        <div className="mt-6">
          <AdminEmpty>
            No payment accounts yet. Customers asked for an advance send it to these accounts: add your bank's IBAN, a
            Raast ID, or a JazzCash or Easypaisa number, and Track Your Order will show them.
          </AdminEmpty>
        </div>
      ) : (
        <ol aria-label="Payment accounts" className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {accounts.map((account, index) =>
            editing === account._id ? (
              <li key={account._id} className="p-3">
                <AccountForm
                  label={`Edit ${named(account)}`}
                  submit="Save"
                  initial={account}
                  onCancel={() => {
                    setEditing(undefined);
                    setFocusNext([`edit-${account._id}`]);
                  }}
                  onSaved={(saved) => {
                    setEditing(undefined);
                    setFocusNext([`edit-${account._id}`]);
                    said(`Saved ${named(saved)}.`);
                    void revalidate();
                  }}
                />
              </li>
            ) : (
              <li key={account._id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    <span className="mr-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-800">
                      {PAYMENT_KIND_WORDS[account.kind].name}
                    </span>
                    {account.provider}
                  </p>
                  <p className="mt-1 [overflow-wrap:anywhere]">{account.accountTitle}</p>
                  <p className="mt-1 font-mono [overflow-wrap:anywhere]">
                    <span className="sr-only">{PAYMENT_KIND_WORDS[account.kind].number}: </span>
                    {readableAccountNumber(account.accountNumber)}
                  </p>
                </div>
                <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
                  <button
                    type="button"
                    id={`move-up-${account._id}`}
                    className={ROW_BUTTON}
                    aria-label={`Move ${named(account)} up`}
                    disabled={index === 0 || busy !== undefined}
                    onClick={() => void move(index, "up")}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    id={`move-down-${account._id}`}
                    className={ROW_BUTTON}
                    aria-label={`Move ${named(account)} down`}
                    disabled={index === accounts.length - 1 || busy !== undefined}
                    onClick={() => void move(index, "down")}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    id={`edit-${account._id}`}
                    className={ROW_BUTTON}
                    aria-label={`Edit ${named(account)}`}
                    onClick={() => setEditing(account._id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={ROW_BUTTON}
                    aria-label={`Remove ${named(account)}`}
                    disabled={busy === account._id}
                    onClick={() => void remove(account)}
                  >
                    {busy === account._id ? "Working…" : "Remove"}
                  </button>
                </div>
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}

/** Adding an account (no `initial`) or editing one: its kind, provider, title and number. */
function AccountForm({
  label,
  submit,
  initial,
  onSaved,
  onCancel,
}: {
  label: string;
  submit: string;
  initial?: PaymentAccount;
  onSaved: (account: PaymentAccount) => void;
  onCancel?: () => void;
}) {
  const [kind, setKind] = useState<PaymentKind>(initial?.kind ?? "bank");
  const [provider, setProvider] = useState(initial?.provider ?? "");
  const [accountTitle, setAccountTitle] = useState(initial?.accountTitle ?? "");
  const [accountNumber, setAccountNumber] = useState(initial ? readableAccountNumber(initial.accountNumber) : "");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Ids unique per form: the add form and an edit form are on the page together.
  const prefix = initial ? `account-${initial._id}` : "account-new";
  // An edit form opens in place of the row's Edit button, which took the focus with it.
  const editedId = initial?._id;
  useEffect(() => {
    if (editedId) document.getElementById(`account-${editedId}-kind`)?.focus();
  }, [editedId]);

  async function save() {
    const body = { kind, provider, accountTitle, accountNumber };
    const parsed = paymentAccountInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(summariseIssues(parsed.error).fields);
      setProblem(undefined);
      return;
    }
    setBusy(true);
    const answer = initial
      ? await adminCall<PaymentAccount>(`/payment-accounts/${initial._id}`, { method: "PUT", json: body })
      : await adminCall<PaymentAccount>("/payment-accounts", { method: "POST", json: body });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.error.fields);
      setProblem(Object.keys(answer.error.fields).length === 0 ? answer.error.message : undefined);
      return;
    }
    setErrors({});
    setProblem(undefined);
    if (!initial) {
      setProvider("");
      setAccountTitle("");
      setAccountNumber("");
    }
    onSaved(answer.body);
  }

  return (
    <form
      noValidate
      aria-label={label}
      className={`grid max-w-2xl gap-3 ${initial ? "" : "mt-4 rounded-lg border border-stone-200 p-4"}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AdminField id={`${prefix}-kind`} label="Kind" error={errors.kind}>
          {(control) => (
            <select
              {...control}
              value={kind}
              onChange={(event) => {
                const chosen = PAYMENT_KINDS.find((each) => each === event.target.value);
                if (!chosen) return;
                // A wallet's own name is not a bank's: the box follows the kind unless the owner typed one.
                if (provider === PAYMENT_KIND_WORDS[kind].name) setProvider("");
                setKind(chosen);
                setErrors({});
              }}
            >
              {PAYMENT_KINDS.map((each) => (
                <option key={each} value={each}>
                  {PAYMENT_KIND_WORDS[each].name}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminField
          id={`${prefix}-provider`}
          label={kind === "bank" ? "Bank" : "Provider (optional)"}
          error={errors.provider}
        >
          {(control) => (
            <input
              {...control}
              value={provider}
              maxLength={PROVIDER_MAX}
              onChange={(event) => setProvider(event.target.value)}
              placeholder={kind === "bank" ? "Meezan Bank" : PAYMENT_KIND_WORDS[kind].name}
            />
          )}
        </AdminField>
      </div>
      <AdminField
        id={`${prefix}-title`}
        label="Account title"
        hint="The name the account is held in: the customer's app shows it before they send."
        error={errors.accountTitle}
      >
        {(control) => (
          <input
            {...control}
            value={accountTitle}
            maxLength={ACCOUNT_TITLE_MAX}
            onChange={(event) => setAccountTitle(event.target.value)}
            placeholder="Karachi Shoes"
          />
        )}
      </AdminField>
      <AdminField id={`${prefix}-number`} label={PAYMENT_KIND_WORDS[kind].number} error={errors.accountNumber}>
        {(control) => (
          <input
            {...control}
            value={accountNumber}
            inputMode={kind === "jazzcash" || kind === "easypaisa" ? "tel" : "text"}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setAccountNumber(event.target.value)}
            placeholder={NUMBER_PLACEHOLDER[kind]}
          />
        )}
      </AdminField>
      <FormFooter busy={busy} label={submit} onCancel={onCancel} problem={problem} />
    </form>
  );
}

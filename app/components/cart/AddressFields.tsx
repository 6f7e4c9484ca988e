// The shipping address's fields (docs/product.md sections 3 and 5), shared by the checkout form and the
// address book's editor: the same labels, hints and messages in both. Uncontrolled: a form that
// must show other values is given a new `key`. [Ours] The Area field offers the page's list of
// Karachi areas (a datalist the page renders once, AREA_LIST_ID), and the closest names when the
// list has none for what is typed (AreaField); the landmark has its own field.
import { AREA_MESSAGES } from "#shared/area-words.ts";
import { DELIVERY_CITY, ORDER_MESSAGES } from "#shared/order-words.ts";
import type { ShippingAddress } from "#shared/orders.ts";
import { TextField } from "../account/TextField.tsx";
import { AreaField } from "./AreaField.tsx";

/** The id of the page's one list of areas (AreaOptions), which every Area field offers. */
export const AREA_LIST_ID = "karachi-areas";
const LANDMARK_MAX = 100;

/** The fields a customer types, in the order the form shows them (focus goes to the first invalid one). */
export const ADDRESS_FIELDS = [
  "fullName",
  "addressLine",
  "area",
  "landmark",
  "phoneNumber",
  "email",
  "postalCode",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressFieldErrors = Partial<Record<AddressField, string>>;

export const isAddressField = (name: string): name is AddressField =>
  (ADDRESS_FIELDS as readonly string[]).includes(name);

/** The address a form holds, trimmed, in the shape the server's schema reads. */
export function addressFromForm(form: FormData): ShippingAddress {
  const value = (name: AddressField) => String(form.get(name) ?? "").trim();
  return {
    fullName: value("fullName"),
    addressLine: value("addressLine"),
    phoneNumber: value("phoneNumber"),
    email: value("email"),
    city: DELIVERY_CITY,
    postalCode: value("postalCode") || undefined,
    area: value("area") || undefined,
    landmark: value("landmark") || undefined,
  };
}

interface AddressFieldsProps {
  /** Prefix of the inputs' ids: two forms on one page keep theirs apart. */
  idPrefix: string;
  errors: AddressFieldErrors;
  values?: Partial<ShippingAddress> | undefined;
  /**
   * The signed-in account's e-mail: the Email field shows it, read-only, since order mails go to the
   * account's own address, never to one typed at checkout (docs/product.md section 5, issue 46).
   */
  accountEmail?: string | undefined;
}

/** Under the read-only Email field: what it is for. */
const ACCOUNT_EMAIL_HINT = "Your account's e-mail: your order mails go here.";

export const addressFieldId = (idPrefix: string, field: AddressField) => `${idPrefix}-${field}`;

/** The Email field showing the account's address, read-only, in place of a typed one. */
function accountEmailField<Field extends { defaultValue: string }>(field: Field, email: string) {
  const { defaultValue: _typed, ...rest } = field;
  return { ...rest, value: email, readOnly: true, hint: ACCOUNT_EMAIL_HINT };
}

export function AddressFields({ idPrefix, errors, values = {}, accountEmail }: AddressFieldsProps) {
  const field = (name: AddressField) => ({
    id: addressFieldId(idPrefix, name),
    name,
    error: errors[name],
    defaultValue: values[name] ?? "",
  });
  return (
    <>
      <TextField {...field("fullName")} label="Full Name" autoComplete="name" />
      <PlaceFields field={field} />
      <TextField {...field("phoneNumber")} label="Phone Number" type="tel" autoComplete="tel" />
      <TextField
        {...(accountEmail ? accountEmailField(field("email"), accountEmail) : field("email"))}
        label={
          <>
            Email <span aria-hidden="true">*</span>
          </>
        }
        type="email"
        required
        autoComplete="email"
      />
      {/* items-end: a label that wraps on a phone ('Postal Code (optional)') keeps both boxes level. */}
      <div className="grid grid-cols-2 items-end gap-3">
        <TextField id={`${idPrefix}-city`} name="city" label="City" value={DELIVERY_CITY} readOnly />
        <TextField
          {...field("postalCode")}
          label="Postal Code (optional)"
          inputMode="numeric"
          autoComplete="postal-code"
        />
      </div>
    </>
  );
}

/** What a place field is given by its form: its id, name, message and (uncontrolled) first value. */
interface PlaceFieldProps {
  id: string;
  name: string;
  error: string | undefined;
  defaultValue?: string | undefined;
}

/**
 * Where the rider goes: the address line, the Area (with the page's list) and the landmark, with the
 * same labels and hints wherever an address is typed (the checkout, the address book, a failed
 * delivery's correction).
 */
export function PlaceFields({ field }: { field: (name: "addressLine" | "area" | "landmark") => PlaceFieldProps }) {
  return (
    <>
      <TextField
        {...field("addressLine")}
        label="Address"
        autoComplete="street-address"
        hint={ORDER_MESSAGES.addressHint}
      />
      <AreaField
        {...field("area")}
        label="Area"
        list={AREA_LIST_ID}
        required
        // The list's suggestions, not the browser's memory of other forms.
        autoComplete="off"
        autoCapitalize="words"
        spellCheck={false}
        hint={AREA_MESSAGES.areaHint}
      />
      <TextField
        {...field("landmark")}
        label="Nearby landmark (optional)"
        maxLength={LANDMARK_MAX}
        hint={AREA_MESSAGES.landmarkHint}
      />
    </>
  );
}

// Fields the shopper filled in before hydration (issue 29, docs/decisions/015-forms-before-hydration.md).
// React hydrates an input keeping what it shows, but its state still holds the server's value, so
// the next render puts that back: the typed e-mail vanishes, the chosen sort shows in its box but
// was never applied. Just before hydrateRoot we note every field that differs from what the
// server wrote; once hydrated, each is set again the way a person would, so React's onChange runs.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface EarlyField {
  field: Field;
  /** The text typed, the option chosen or the box ticked. */
  value: string | boolean;
  /** Set when the shopper changes the field again after hydration began: React saw that. */
  touched: boolean;
}

const UNTYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

function changedValue(field: Field): string | boolean | undefined {
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].some((option) => option.selected !== option.defaultSelected);
    return chosen ? field.value : undefined;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
    return field.checked !== field.defaultChecked ? field.checked : undefined;
  return field.value !== field.defaultValue ? field.value : undefined;
}

/**
 * The fields whose value is no longer the server's; call it just before hydrateRoot, and for a
 * part hydrated later (HydrateLater.tsx), on that part as it is hydrated.
 */
export function takeEarlyFields(within: ParentNode = document): EarlyField[] {
  const early: EarlyField[] = [];
  for (const field of within.querySelectorAll<Field>("input, select, textarea")) {
    if (field.disabled || UNTYPED.has(field.type)) continue;
    const value = changedValue(field);
    if (value === undefined) continue;
    // Not a radio turned off: ticking its neighbour, replayed, does that.
    if (value === false && field.type === "radio") continue;
    const entry: EarlyField = { field, value, touched: false };
    field.addEventListener("input", () => (entry.touched = true), { once: true });
    early.push(entry);
  }
  return early;
}

/**
 * Sets the field as typing or a click would, so React's onChange runs with it. React keeps the
 * last value it knows on the node (an own `value`/`checked` property that wraps the prototype's);
 * setting it through that property first and then through the prototype's setter makes the
 * dispatched event look like a change to React, whatever the node shows just now.
 */
export function restoreField({ field, value, touched }: EarlyField): void {
  if (touched || !field.isConnected || field.disabled) return;
  if (typeof value === "boolean") {
    if (!(field instanceof HTMLInputElement)) return;
    // React listens to the click for boxes; a click flips it, so first set the opposite.
    field.checked = !value;
    field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  field.value = value === "" ? " " : "";
  setValue?.call(field, value);
  const type = field instanceof HTMLSelectElement ? "change" : "input";
  field.dispatchEvent(new Event(type, { bubbles: true }));
}

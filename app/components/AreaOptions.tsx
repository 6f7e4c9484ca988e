// [Ours] The Karachi areas a text field offers as the customer types (`<input list>`): a native
// datalist, so a phone shows its own search-as-you-type list and it works before, and without,
// JavaScript. Each option shows the district too, to tell similar names apart; Firefox shows only
// an option's text, so the text repeats the name.
import type { KarachiArea } from "#shared/areas.ts";

export function AreaOptions({ id, areas }: { id: string; areas: readonly KarachiArea[] }) {
  return (
    <datalist id={id}>
      {areas.map((area) => (
        <option key={area.name} value={area.name}>
          {`${area.name} · ${area.district}`}
        </option>
      ))}
    </datalist>
  );
}

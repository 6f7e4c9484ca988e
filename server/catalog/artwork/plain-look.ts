// A look in one fixed, neutral colourway: what remains of a drawing when colour is taken away.
// The contact sheet (scripts/artwork-sheet.ts --plain) and the test that no two demo products are
// drawn alike compare drawings through it.
import type { ShoeLook } from "./types.ts";

export function plainLook(look: ShoeLook): ShoeLook {
  return { ...look, upper: "#8a6e55", sole: "#3a3430", accent: "#d8c8a8", background: "#eeeeee" };
}

// One shoe of any shape, drawn as a side view with the toe to the right and the ground at y = 720,
// within about x 160..940 and y 360..722 of a 1000-wide frame.
import { shoeDefs } from "./palette.ts";
import { khussa, peshawari } from "./shapes-chappal.ts";
import { loafer, oxford } from "./shapes-dress.ts";
import { heel, pump, wedge } from "./shapes-heels.ts";
import { runner } from "./shapes-runners.ts";
import { kolhapuri, sandal, slipper } from "./shapes-sandals.ts";
import { sneaker } from "./shapes-sneakers.ts";
import type { ShoeLook, ShoeShape } from "./types.ts";

export type { ShoeLook, ShoeShape } from "./types.ts";

const DRAWERS: Record<ShoeShape, (look: ShoeLook, id: string) => string> = {
  sneaker,
  runner,
  oxford,
  loafer,
  sandal,
  slipper,
  peshawari,
  khussa,
  kolhapuri,
  pump,
  heel,
  wedge,
};

/** The point a close-up (angle 3) zooms in on: the most characteristic detail of each shape. */
export const DETAIL_FOCUS: Record<ShoeShape, [number, number]> = {
  sneaker: [560, 520],
  runner: [560, 560],
  oxford: [560, 560],
  loafer: [600, 600],
  sandal: [620, 620],
  slipper: [640, 620],
  peshawari: [640, 610],
  khussa: [700, 600],
  kolhapuri: [680, 640],
  pump: [640, 600],
  heel: [330, 560],
  wedge: [420, 600],
};

/** SVG markup of one shoe; `id` keeps its gradient and pattern ids unique within a picture. */
export function drawShoe(look: ShoeLook, id: string): string {
  return `${shoeDefs(look, id)}${DRAWERS[look.shape](look, id)}`;
}

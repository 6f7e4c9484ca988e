// Pieces several shoe drawings share: laces, buckles, arched straps, and lifting an upper onto a
// taller sole.
import { darken, lighten, luminance, patternOver, stitch } from "./palette.ts";
import type { ShoeLook } from "./types.ts";

/** Eyelets with a crossing lace at each point. */
export function laces(look: ShoeLook, points: readonly [number, number][], size = 1): string {
  const lace = luminance(look.upper) > 0.7 ? darken(look.upper, 0.4) : lighten(look.sole, 0.45);
  return points
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${7 * size}" fill="${darken(look.upper, 0.45)}" stroke="${lighten(look.accent, 0.2)}" stroke-width="2"/>
<path d="M${x - 12 * size},${y + 15 * size} L${x + 12 * size},${y - 15 * size}" stroke="${lace}" stroke-width="${9 * size}" stroke-linecap="round"/>`,
    )
    .join("");
}

/** Evenly spaced points from (x1, y1) to (x2, y2), both ends included. */
export function along(x1: number, y1: number, x2: number, y2: number, count: number): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0 : i / (count - 1);
    return [Math.round(x1 + (x2 - x1) * t), Math.round(y1 + (y2 - y1) * t)];
  });
}

export function buckle(x: number, y: number, colour: string, scale = 1): string {
  const w = 28 * scale;
  const h = 36 * scale;
  return `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${6 * scale}" fill="none" stroke="${colour}" stroke-width="${6 * scale}"/>
<path d="M${x},${y - h / 2 + 2} L${x},${y + h / 2 - 2}" stroke="${darken(colour, 0.3)}" stroke-width="${4 * scale}"/>`;
}

/** A strap arching over the foot from x1 to x2 on the footbed at y, with its shadowed inside. */
export function arch(
  look: ShoeLook,
  id: string,
  x1: number,
  x2: number,
  y: number,
  top: number,
  width: number,
): string {
  const mid = (x1 + x2) / 2;
  const outer = `M${x1},${y} Q${x1 + 8},${top} ${mid},${top} Q${x2 - 8},${top} ${x2},${y}`;
  const inner = `L${x2 - width},${y} Q${x2 - width - 6},${top + width} ${mid},${top + width} Q${x1 + width + 6},${top + width} ${x1 + width},${y} Z`;
  return `<path d="M${x1 + width},${y} Q${x1 + width + 6},${top + width} ${mid},${top + width} Q${x2 - width - 6},${top + width} ${x2 - width},${y} Z" fill="${darken(look.upper, 0.55)}"/>
<path d="${outer} ${inner}" fill="url(#${id}-up)"/>${patternOver(look, id, `${outer} ${inner}`)}
${stitch(`M${x1 + 8},${y - 4} Q${x1 + 14},${top + 8} ${mid},${top + 8} Q${x2 - 14},${top + 8} ${x2 - 8},${y - 4}`, lighten(look.upper, 0.4), 2.2)}`;
}

/** A band of the upper's leather from one point to another, `width` wide, with a stitched edge. */
export function band(look: ShoeLook, id: string, d: string, width: number, stitched = true): string {
  return `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.25)}" stroke-width="${width + 4}" stroke-linecap="round"/>
<path d="${d}" fill="none" stroke="url(#${id}-up)" stroke-width="${width}" stroke-linecap="round"/>
${look.pattern && look.pattern !== "plain" ? `<path d="${d}" fill="none" stroke="url(#${id}-pt)" stroke-width="${width - 6}"/>` : ""}
${stitched ? stitch(d, lighten(look.upper, 0.4), 2) : ""}`;
}

/** Draws `markup` raised by `dy` pixels, for an upper standing on a taller sole. */
export function lifted(markup: string, dy: number): string {
  return dy === 0 ? markup : `<g transform="translate(0,${-dy})">${markup}</g>`;
}

/** A zigzag tread along the bottom of a sole, from x1 to x2. */
export function tread(x1: number, x2: number, y: number, depth: number, step: number, colour: string): string {
  let d = `M${x1},${y}`;
  for (let x = x1, up = true; x < x2; x += step / 2, up = !up)
    d += ` L${Math.min(x2, x + step / 2)},${up ? y - depth : y}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="4" stroke-linejoin="round"/>`;
}

/** Square lugs hanging under a sole from x1 to x2: a hiking or commando sole's grip. */
export function lugs(x1: number, x2: number, y: number, colour: string, size = 16): string {
  const out: string[] = [];
  for (let x = x1; x + size <= x2; x += size * 1.5) {
    out.push(`<rect x="${x}" y="${y}" width="${size}" height="${size * 0.75}" rx="3" fill="${colour}"/>`);
  }
  return out.join("");
}

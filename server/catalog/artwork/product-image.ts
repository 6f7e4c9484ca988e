// The four 1000×1000 pictures of a demo product: side view, mirrored three-quarter view,
// the pair, and a close-up of the shoe's most characteristic detail.
import { darken, lighten } from "./palette.ts";
import { DETAIL_FOCUS, drawShoe } from "./shoe-shapes.ts";
import type { ShoeLook } from "./types.ts";

export type { ShoeLook } from "./types.ts";

/**
 * The floor shadow's soft edge, as a radial gradient. It was a Gaussian blur of an ellipse, which
 * looks the same and made librsvg render a picture's variants 7-13% slower (docs/benchmarks.md,
 * "The drawings' shadow"); in Chromium the difference was too small to measure.
 */
export const SHADOW_DEFS = `<radialGradient id="soft"><stop offset="0.55" stop-color="#000"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

/** A soft shadow under a shoe standing on y = 720, and the darker line where its sole meets the floor. */
export function floorShadow(cx = 530, rx = 380, opacity = 0.3): string {
  return `<ellipse cx="${cx}" cy="722" rx="${rx + 20}" ry="40" fill="url(#soft)" opacity="${opacity}"/>
<ellipse cx="${cx}" cy="721" rx="${rx * 0.88}" ry="7" fill="#000" opacity="${opacity * 0.8}"/>`;
}

function background(colour: string): string {
  return `<defs><radialGradient id="bg" cx="0.5" cy="0.42" r="0.75">
<stop offset="0" stop-color="${lighten(colour, 0.55)}"/><stop offset="0.7" stop-color="${lighten(colour, 0.1)}"/>
<stop offset="1" stop-color="${darken(colour, 0.08)}"/></radialGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(colour, 0.06)}" stop-opacity="0"/>
<stop offset="1" stop-color="${darken(colour, 0.12)}" stop-opacity="0.6"/></linearGradient>${SHADOW_DEFS}</defs>
<rect width="1000" height="1000" fill="url(#bg)"/><rect y="700" width="1000" height="300" fill="url(#floor)"/>`;
}

/** Scales a drawing about the shoe's centre (530, 560) to fill the frame around (500, 520). */
function fitFrame(inner: string, scale: number): string {
  return `<g transform="translate(${500 - 530 * scale},${520 - 560 * scale}) scale(${scale})">${inner}</g>`;
}

function view(look: ShoeLook, angle: 0 | 1 | 2 | 3): string {
  switch (angle) {
    case 0:
      return fitFrame(`${floorShadow()}${drawShoe(look, "a")}`, 1.15);
    case 1:
      return fitFrame(
        `${floorShadow(540, 370)}<g transform="translate(1060,0) scale(-1,1) rotate(-5 190 720)">${drawShoe(look, "a")}</g>`,
        1.12,
      );
    case 2:
      return `<g transform="translate(200,-48) scale(0.9)"><g transform="translate(1000,0) scale(-1,1)">${floorShadow()}${drawShoe(look, "b")}</g></g>
<g transform="translate(-112,116) scale(0.95)">${floorShadow()}${drawShoe(look, "a")}</g>`;
    case 3: {
      const [fx, fy] = DETAIL_FOCUS[look.shape];
      const s = 1.9;
      return `<g transform="translate(${500 - fx * s},${520 - fy * s}) scale(${s})">${floorShadow()}${drawShoe(look, "a")}</g>`;
    }
  }
}

/** A 1000×1000 SVG picture of the shoe seen from one of four angles (0 side, 1 three-quarter, 2 pair, 3 detail). */
export function drawProductImage(look: ShoeLook, angle: 0 | 1 | 2 | 3): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
${background(look.background)}${view(look, angle)}</svg>`;
}

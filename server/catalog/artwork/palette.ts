// Colour helpers and shared SVG fragments for the generated shop artwork.
import type { ShoeLook } from "./types.ts";

export const FONT_FAMILY = "Noto Sans, DejaVu Sans, sans-serif";

function parse(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.padEnd(6, "0").slice(0, 6);
  const n = Number.parseInt(full, 16);
  return Number.isNaN(n) ? [128, 128, 128] : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return toHex(x.map((v, i) => v + ((y[i] ?? v) - v) * t));
}

export const lighten = (hex: string, t: number): string => mix(hex, "#ffffff", t);
export const darken = (hex: string, t: number): string => mix(hex, "#000000", t);

/** Perceived brightness, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Escapes text for use inside SVG markup. */
export function esc(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** Vertical gradient used for leather, canvas and soles: light on top, darker below. */
export function vGradient(id: string, colour: string, light = 0.22, dark = 0.18): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${lighten(colour, light)}"/><stop offset="0.55" stop-color="${colour}"/>
<stop offset="1" stop-color="${darken(colour, dark)}"/></linearGradient>`;
}

/** Gradients, soft-shadow filter and surface pattern of one drawn shoe; ids start with `id`. */
export function shoeDefs(look: ShoeLook, id: string): string {
  const dotColour = luminance(look.upper) > 0.5 ? darken(look.upper, 0.35) : darken(look.upper, 0.55);
  const patterns: Record<string, string> = {
    embroidery: `<pattern id="${id}-pt" width="64" height="64" patternUnits="userSpaceOnUse">
<g fill="${look.accent}"><circle cx="32" cy="22" r="6"/><circle cx="32" cy="42" r="6"/><circle cx="22" cy="32" r="6"/>
<circle cx="42" cy="32" r="6"/></g><circle cx="32" cy="32" r="5" fill="${lighten(look.accent, 0.5)}"/>
<g fill="${lighten(look.accent, 0.3)}"><circle cx="0" cy="0" r="3"/><circle cx="64" cy="0" r="3"/><circle cx="0" cy="64" r="3"/>
<circle cx="64" cy="64" r="3"/></g></pattern>`,
    perforated: `<pattern id="${id}-pt" width="20" height="20" patternUnits="userSpaceOnUse">
<circle cx="10" cy="10" r="2.6" fill="${dotColour}" opacity="0.75"/></pattern>`,
    stripes: `<pattern id="${id}-pt" width="44" height="44" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
<rect width="14" height="44" fill="${look.accent}" opacity="0.55"/></pattern>`,
    mesh: `<pattern id="${id}-pt" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="14" height="14" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="2.2" opacity="0.55"/></pattern>`,
    tilla: `<pattern id="${id}-pt" width="48" height="40" patternUnits="userSpaceOnUse">
<path d="M0,20 q12,-16 24,0 t24,0 M0,40 q12,-16 24,0 t24,0" fill="none" stroke="${look.accent}" stroke-width="3.2"/>
<circle cx="12" cy="8" r="3" fill="${lighten(look.accent, 0.3)}"/><circle cx="36" cy="30" r="3" fill="${lighten(look.accent, 0.3)}"/></pattern>`,
    mirror: `<pattern id="${id}-pt" width="56" height="56" patternUnits="userSpaceOnUse">
<circle cx="28" cy="28" r="11" fill="#e4ebf0" stroke="${look.accent}" stroke-width="4"/><circle cx="25" cy="25" r="4" fill="#ffffff"/>
<g fill="${lighten(look.accent, 0.2)}"><circle cx="0" cy="0" r="5"/><circle cx="56" cy="0" r="5"/><circle cx="0" cy="56" r="5"/><circle cx="56" cy="56" r="5"/></g></pattern>`,
    pearls: `<pattern id="${id}-pt" width="30" height="30" patternUnits="userSpaceOnUse">
<circle cx="15" cy="15" r="6" fill="#fbf8f0" stroke="${darken("#fbf8f0", 0.25)}" stroke-width="1.5"/><circle cx="13" cy="13" r="2" fill="#ffffff"/></pattern>`,
    gota: `<pattern id="${id}-pt" width="40" height="44" patternUnits="userSpaceOnUse">
<rect y="14" width="40" height="14" fill="${look.accent}"/><path d="M0,14 l5,-5 l5,5 l5,-5 l5,5 l5,-5 l5,5 l5,-5 l5,5" fill="${look.accent}"/>
<path d="M0,21 L40,21" stroke="${lighten(look.accent, 0.45)}" stroke-width="2" stroke-dasharray="4 4"/></pattern>`,
  };
  return `<defs>${vGradient(`${id}-up`, look.upper)}${vGradient(`${id}-so`, look.sole, 0.12, 0.25)}
${vGradient(`${id}-ac`, look.accent, 0.25, 0.2)}
<radialGradient id="${id}-hl" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
${patterns[look.pattern ?? "plain"] ?? ""}</defs>`;
}

/** Paints the surface pattern (if any) over a closed upper path. */
export function patternOver(look: ShoeLook, id: string, d: string, opacity = 1): string {
  if (!look.pattern || look.pattern === "plain") return "";
  return `<path d="${d}" fill="url(#${id}-pt)" opacity="${opacity}"/>`;
}

/** A dashed stitch line. */
export function stitch(d: string, colour: string, width = 3): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="9 7" stroke-linecap="round" opacity="0.8"/>`;
}

/** A soft oval highlight, the sheen of polished leather. */
export function sheen(id: string, cx: number, cy: number, rx: number, ry: number, rotate = 0): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${id}-hl)" transform="rotate(${rotate} ${cx} ${cy})"/>`;
}

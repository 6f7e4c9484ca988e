// Site pictures: the home cover (1600×700) and the Women / Men banner (1600×600).
import { darken, FONT_FAMILY, lighten } from "./palette.ts";
import { floorShadow, SHADOW_DEFS } from "./product-image.ts";
import { drawShoe } from "./shoe-shapes.ts";
import type { ShoeLook } from "./types.ts";

/** A shoe standing at (cx, groundY) at the given scale, facing right unless mirrored. */
function placed(look: ShoeLook, id: string, cx: number, groundY: number, scale: number, mirror = false): string {
  const flip = mirror ? "translate(1060,0) scale(-1,1)" : "";
  return `<g transform="translate(${cx - 530 * scale},${groundY - 720 * scale}) scale(${scale})">${floorShadow(530, 360, 0.35)}<g transform="${flip}">${drawShoe(look, id)}</g></g>`;
}

/** A round display plinth whose top is at (cx, top). */
function plinth(cx: number, top: number, width: number, bottom: number, colour: string): string {
  const rx = width / 2;
  return `<rect x="${cx - rx}" y="${top}" width="${width}" height="${bottom - top}" fill="${darken(colour, 0.08)}"/>
<rect x="${cx - rx}" y="${top}" width="${rx * 0.5}" height="${bottom - top}" fill="${lighten(colour, 0.12)}" opacity="0.6"/>
<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${rx * 0.16}" fill="${lighten(colour, 0.18)}"/>`;
}

const look = (shape: ShoeLook["shape"], upper: string, sole: string, accent: string, pattern?: ShoeLook["pattern"]) =>
  ({ shape, upper, sole, accent, background: "#ffffff", pattern }) satisfies ShoeLook;

export function drawHomeCover(): string {
  const shoes = [
    { l: look("khussa", "#7d1d3f", "#c9a070", "#e3b949", "embroidery"), x: 230, top: 560, w: 300, s: 0.38 },
    { l: look("peshawari", "#8a4b22", "#3a2414", "#c9a064"), x: 530, top: 470, w: 320, s: 0.42 },
    { l: look("heel", "#b3263d", "#2a1416", "#d9b24a"), x: 810, top: 400, w: 300, s: 0.46 },
    { l: look("sneaker", "#f6efe3", "#ffffff", "#c8553d"), x: 1090, top: 480, w: 320, s: 0.42 },
    {
      l: { ...look("loafer", "#5b2f17", "#24150c", "#d4af37"), style: "horsebit" as const },
      x: 1370,
      top: 570,
      w: 300,
      s: 0.38,
    },
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700" viewBox="0 0 1600 700">
<defs>${SHADOW_DEFS}<linearGradient id="cover-bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#f7e3c8"/><stop offset="0.55" stop-color="#efc59a"/><stop offset="1" stop-color="#d98e5f"/></linearGradient>
<radialGradient id="cover-glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#fff6e8" stop-opacity="0.9"/>
<stop offset="1" stop-color="#fff6e8" stop-opacity="0"/></radialGradient></defs>
<rect width="1600" height="700" fill="url(#cover-bg)"/>
<circle cx="1380" cy="120" r="260" fill="#e9a46f" opacity="0.35"/><circle cx="180" cy="640" r="300" fill="#f3d2a6" opacity="0.5"/>
<path d="M0,110 Q400,40 800,120 T1600,90" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35"/>
<rect width="1600" height="700" fill="url(#cover-glow)"/>
<rect y="640" width="1600" height="60" fill="#c9784c" opacity="0.55"/>
${shoes.map((s, i) => plinth(s.x, s.top, s.w, 700, ["#f4dcc0", "#ecc9a2", "#f6e3cd", "#ecc9a2", "#f4dcc0"][i] ?? "#f4dcc0")).join("")}
${shoes.map((s, i) => placed(s.l, `c${i}`, s.x, s.top + 12, s.s, i > 2)).join("")}
</svg>`;
}

export function drawGenderBanner(): string {
  const women = [
    placed(look("heel", "#8c1c3a", "#2a1416", "#d9b24a"), "w2", 420, 420, 0.36, true),
    placed(look("pump", "#d8a7b1", "#3a2a2c", "#d8a7b1"), "w0", 210, 548, 0.4),
    placed(look("khussa", "#1f5f5b", "#c9a070", "#e3b949", "embroidery"), "w1", 580, 566, 0.4, true),
  ];
  const men = [
    placed(look("runner", "#25303e", "#f2f2f2", "#ff7a3d", "mesh"), "m2", 1200, 420, 0.36, true),
    placed(look("oxford", "#5a3219", "#24150c", "#c08a4a"), "m0", 1010, 548, 0.4),
    placed(look("peshawari", "#2f2a26", "#3a2414", "#c9a064"), "m1", 1390, 566, 0.4, true),
  ];
  const word = (x: number, text: string, colour: string) =>
    `<text x="${x}" y="140" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="96" font-weight="700" letter-spacing="6" fill="${colour}">${text}</text>
<rect x="${x - 50}" y="166" width="100" height="6" rx="3" fill="${colour}" opacity="0.6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
<defs>${SHADOW_DEFS}<linearGradient id="bw" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbe9ec"/><stop offset="1" stop-color="#efc7cf"/></linearGradient>
<linearGradient id="bm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e5ecf3"/><stop offset="1" stop-color="#b9c8d8"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#bw)"/><rect x="800" width="800" height="600" fill="url(#bm)"/>
<rect x="0" y="520" width="800" height="80" fill="#e2b2bd" opacity="0.5"/><rect x="800" y="520" width="800" height="80" fill="#a6b8cc" opacity="0.5"/>
<rect x="797" width="6" height="600" fill="#ffffff" opacity="0.8"/>
${word(400, "Women", "#7a2540")}${word(1200, "Men", "#1f3b57")}
${women.join("")}${men.join("")}
</svg>`;
}

// Side views (toe to the right, ground at y = 720) of Oxfords, Derbies and loafers. The toe's
// profile, the sole's build and each style's seams and hardware are drawn from the look.
import { darken, lighten, luminance, patternOver, sheen, stitch } from "./palette.ts";
import { lifted, lugs } from "./parts.ts";
import { type ShoeBase, type ShoeLook, type ShoeToe, styleOf } from "./types.ts";

/** Where the toe ends and the curve that reaches it from the vamp at (x, y). */
function toeProfile(toe: ShoeToe, from: [number, number]): { d: string; tip: number } {
  const [x, y] = from;
  switch (toe) {
    case "almond":
      return { d: `${x + 20},${y + 10} Q${x + 118},${y + 36} ${x + 122},690`, tip: x + 122 };
    case "square":
      return { d: `${x + 20},${y + 2} Q${x + 92},${y + 10} ${x + 100},${y + 36} L${x + 104},690`, tip: x + 104 };
    case "pointed":
      return { d: `${x + 40},${y + 22} Q${x + 130},${y + 58} ${x + 144},690`, tip: x + 144 };
    default:
      return { d: `${x},${y} Q${x + 94},${y + 34} ${x + 100},690`, tip: x + 100 };
  }
}

/** The sole under a dress shoe whose toe ends at `tip`, and how far it raises the upper. */
function dressSole(look: ShoeLook, id: string, base: ShoeBase, tip: number): { markup: string; lift: number } {
  const heel = `<path d="M186,700 L300,700 L296,720 L192,720 Z" fill="${darken(look.sole, 0.2)}"/>
<path d="M190,710 L298,710" stroke="${lighten(look.sole, 0.2)}" stroke-width="2"/>`;
  switch (base) {
    case "lug":
      return {
        lift: 14,
        markup: `<path d="M176,670 L${tip - 30},670 Q${tip + 10},672 ${tip + 10},690 Q${tip + 6},708 ${tip - 30},708 L184,708 Q174,706 174,690 Z" fill="url(#${id}-so)"/>
${stitch(`M186,680 L${tip - 20},680`, lighten(look.sole, 0.35), 2.5)}${lugs(186, tip - 20, 704, darken(look.sole, 0.35), 20)}`,
      };
    case "boat":
      return {
        lift: 8,
        markup: `<path d="M178,674 L${tip - 30},674 Q${tip + 8},676 ${tip + 8},694 Q${tip + 4},720 ${tip - 30},720 L186,720 Q174,718 174,696 Z" fill="url(#${id}-so)"/>
${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<path d="M${210 + i * ((tip - 260) / 8)},704 q10,-8 20,0 t20,0" fill="none" stroke="${darken(look.sole, 0.3)}" stroke-width="3"/>`).join("")}
<path d="M176,690 L${tip + 4},690" stroke="${darken(look.sole, 0.15)}" stroke-width="3"/>`,
      };
    case "pebble":
      return {
        lift: 0,
        markup: `<path d="M182,688 L${tip - 30},690 Q${tip - 4},692 ${tip},688 Q${tip + 6},704 ${tip - 24},712 L190,712 Z" fill="url(#${id}-so)"/>
${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((i) => `<circle cx="${196 + i * ((tip - 230) / 14)}" cy="714" r="7" fill="${darken(look.sole, 0.25)}"/>`).join("")}
${[0, 1, 2].map((i) => `<circle cx="${192 + i * 4}" cy="${676 - i * 18}" r="7" fill="${darken(look.sole, 0.25)}"/>`).join("")}`,
      };
    default:
      return {
        lift: 0,
        markup: `<path d="M182,684 L300,684 Q450,690 560,700 L${tip - 38},702 Q${tip - 6},700 ${tip},688 Q${tip + 6},704 ${tip - 20},714 L560,714 Q450,704 300,700 L182,700 Z" fill="url(#${id}-so)"/>${heel}`,
      };
  }
}

function holes(look: ShoeLook, d: string): string {
  return `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.5)}" stroke-width="5" stroke-dasharray="0.1 13" stroke-linecap="round"/>`;
}

function seam(look: ShoeLook, d: string, perforated: boolean): string {
  return `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>${perforated ? holes(look, d) : stitch(d, lighten(look.upper, 0.3), 2)}`;
}

/**
 * A wingtip's toe cap: a second layer of leather, a shade darker, whose punched seam points back
 * from the top of the toe and sweeps along the side to end near the sole at `end`.
 */
function wingCap(look: ShoeLook, id: string, upper: string, dx: number, end: number): string {
  const wing = `M${766 + dx},604 Q${736 + dx},640 ${680 + dx / 2},648 Q${end + 90},654 ${end + 30},664 Q${end},674 ${end - 10},690`;
  return `<clipPath id="${id}-cap"><path d="${upper}"/></clipPath>
<g clip-path="url(#${id}-cap)"><path d="${wing} L${960 + dx},700 L${960 + dx},560 L${766 + dx},560 Z" fill="${luminance(look.upper) < 0.2 ? "#ffffff" : "#000000"}" opacity="${luminance(look.upper) < 0.2 ? 0.1 : 0.16}" />
${seam(look, wing, true)}</g>`;
}

function oxfordLacing(look: ShoeLook, open: boolean): string {
  const facing = open
    ? `<path d="M440,452 L540,436 L584,526 L480,548 Z" fill="${darken(look.upper, 0.4)}"/>
<path d="M426,464 L520,446 Q556,500 566,540 Q520,620 452,690 L430,690 Q500,610 520,548 Z" fill="${darken(look.upper, 0.05)}" opacity="0.9"/>
<path d="M426,464 L520,446 Q556,500 566,540 Q520,620 452,690" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>`
    : `<path d="M428,462 L514,444 L566,520 L474,530 Z" fill="${darken(look.upper, 0.25)}"/>`;
  const lace = open ? 30 : 26;
  return `${facing}${[0, 1, 2, 3]
    .map(
      (i) =>
        `<path d="M${454 + i * lace},${526 - i * 2} L${472 + i * lace},${460 - i * 4}" stroke="${darken(look.upper, 0.6)}" stroke-width="6" stroke-linecap="round"/>`,
    )
    .join("")}`;
}

export function oxford(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const toe = toeProfile(look.toe ?? "round", [830, 624]);
  const dx = toe.tip - 904;
  const upper = `M190,690 C176,620 178,520 198,462 Q206,440 230,442 L330,458 Q396,470 438,462 L470,440 Q530,480 610,530 Q730,596 ${toe.d} Z`;
  const perforated = look.pattern === "perforated";
  const quarter = seam(look, "M198,540 Q330,560 474,545", perforated && style !== "wholecut");
  const cap = seam(look, `M${770 + dx},612 Q${746 + dx},650 ${760 + dx},690`, perforated);
  const medallion = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<circle cx="${850 + dx + Math.cos(i) * 14}" cy="${662 + Math.sin(i) * 10}" r="3" fill="${darken(look.upper, 0.5)}"/>`,
    )
    .join("");
  const details: Record<string, string> = {
    "cap-toe": `${cap}${quarter}${oxfordLacing(look, false)}`,
    wingtip: `${wingCap(look, id, upper, dx, 500)}${quarter}${medallion}${oxfordLacing(look, false)}`,
    derby: `${quarter}${oxfordLacing(look, true)}`,
    "brogue-derby": `${wingCap(look, id, upper, dx, 440)}${seam(look, "M198,540 Q330,560 430,548", true)}${medallion}${oxfordLacing(look, true)}`,
    wholecut: `<path d="M228,446 Q246,560 232,690" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="2.5"/>
${oxfordLacing(look, false)}${sheen(id, 640 + dx / 2, 580, 120, 14, 22)}`,
  };
  const sole = dressSole(look, id, look.base ?? "leather", toe.tip);
  const body = `<path d="${upper}" fill="url(#${id}-up)"/>${style === "wholecut" ? "" : `<path d="M470,442 Q524,580 480,690" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>`}
${details[style] ?? ""}
<path d="M230,444 L330,460 Q396,472 438,464" fill="none" stroke="${darken(look.upper, 0.4)}" stroke-width="7" stroke-linecap="round"/>
${sheen(id, 800 + dx, 630, 80, 16, 16)}${sheen(id, 250, 540, 30, 70, 0)}`;
  return `<g>${lifted(body, sole.lift)}${sole.markup}</g>`;
}

function horsebit(x: number, y: number, colour: string, slim: boolean): string {
  if (slim) {
    return `<path d="M${x - 34},${y} L${x + 34},${y + 4}" stroke="${colour}" stroke-width="7" stroke-linecap="round"/>
<circle cx="${x - 36}" cy="${y}" r="7" fill="${colour}"/><circle cx="${x + 36}" cy="${y + 4}" r="7" fill="${colour}"/>`;
  }
  return `<g fill="none" stroke="${colour}" stroke-width="7"><ellipse cx="${x - 20}" cy="${y}" rx="16" ry="10"/><ellipse cx="${x + 16}" cy="${y + 4}" rx="16" ry="10"/></g>
<path d="M${x - 4},${y - 2} L${x + 2},${y + 6}" stroke="${darken(colour, 0.3)}" stroke-width="6"/>`;
}

export function loafer(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const toe = toeProfile(look.toe ?? "round", [800, 606]);
  const dx = toe.tip - 900;
  const upper = `M190,690 C176,630 180,560 198,512 Q208,494 232,496 L420,524 Q470,528 520,522 Q660,552 ${toe.d} Z`;
  const metal = luminance(look.accent) > 0.45 ? look.accent : "#c9a227";
  const apron = `<path d="M520,528 Q560,598 700,600 Q800,604 ${870 + dx},648" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="6" stroke-linecap="round"/>
${stitch(`M536,542 Q572,586 700,588 Q796,592 ${862 + dx},634`, lighten(look.upper, 0.35), 2.5)}`;
  const mocStitch = `<path d="M520,528 Q560,598 700,600 Q800,604 ${870 + dx},648" fill="none" stroke="${lighten(look.upper, 0.25)}" stroke-width="10" stroke-dasharray="3 9" stroke-linecap="round"/>`;
  const saddle = `<path d="M500,528 Q548,532 592,544 L584,624 Q540,618 494,610 Z" fill="${darken(look.upper, 0.18)}"/>`;
  const collarLace = `<path d="M236,512 Q330,530 430,538 Q480,540 520,534" fill="none" stroke="${lighten(look.upper, 0.35)}" stroke-width="6"/>`;
  const details: Record<string, string> = {
    penny: `${apron}${saddle}<path d="M514,564 Q544,568 570,574" stroke="${darken(look.upper, 0.6)}" stroke-width="9" stroke-linecap="round"/>`,
    horsebit: `${apron}${horsebit(544, 592, metal, false)}`,
    bit: `${apron}${horsebit(552, 586, metal, true)}`,
    plain: `<path d="M520,526 Q600,548 680,566" fill="none" stroke="${darken(look.upper, 0.25)}" stroke-width="3"/>`,
    smoking: `<path d="M236,498 Q330,500 520,524 Q660,552 700,560" fill="none" stroke="${look.accent}" stroke-width="9" stroke-linecap="round"/>
<g fill="${look.accent}"><path d="M600,580 q16,-26 32,0 q-16,26 -32,0 Z"/><circle cx="616" cy="560" r="6"/><circle cx="616" cy="600" r="6"/>
<circle cx="590" cy="580" r="5"/><circle cx="642" cy="580" r="5"/></g>`,
    moccasin: `${mocStitch}${collarLace}
<path d="M430,538 Q420,580 400,600 M430,538 Q446,584 440,610" fill="none" stroke="${lighten(look.upper, 0.35)}" stroke-width="5" stroke-linecap="round"/>
<circle cx="400" cy="604" r="7" fill="${lighten(look.upper, 0.35)}"/><circle cx="440" cy="614" r="7" fill="${lighten(look.upper, 0.35)}"/>`,
    boat: `${mocStitch}${collarLace}
<circle cx="540" cy="546" r="7" fill="${darken(look.upper, 0.5)}" stroke="${metal}" stroke-width="3"/><circle cx="584" cy="556" r="7" fill="${darken(look.upper, 0.5)}" stroke="${metal}" stroke-width="3"/>
<path d="M520,536 Q560,520 600,548 M536,560 Q566,600 520,618 M580,566 Q600,600 614,622" fill="none" stroke="${lighten(look.upper, 0.35)}" stroke-width="6" stroke-linecap="round"/>`,
    driver: `${mocStitch}<path d="M540,560 Q580,570 620,586" stroke="${darken(look.upper, 0.3)}" stroke-width="12" stroke-linecap="round"/>
<circle cx="540" cy="560" r="6" fill="${metal}"/><circle cx="620" cy="586" r="6" fill="${metal}"/>`,
  };
  const sole = dressSole(
    look,
    id,
    look.base ?? (style === "boat" ? "boat" : style === "driver" ? "pebble" : "leather"),
    toe.tip,
  );
  const body = `<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.8)}
<path d="M216,498 Q330,500 520,524 Q420,542 222,522 Z" fill="${darken(look.upper, 0.55)}"/>
${details[style] ?? ""}
<path d="M198,522 Q300,540 430,540" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>
${sheen(id, 780 + dx, 630, 80, 16, 16)}${sheen(id, 240, 580, 24, 56, 0)}`;
  return `<g>${lifted(body, sole.lift)}${sole.markup}</g>`;
}

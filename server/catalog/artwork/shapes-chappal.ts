// Side views (toe to the right, ground at y = 720) of Peshawari chappals and khussas. A chappal is
// its front (crossed straps, Kaptaan vamp, Norozi straps, closed, T-strap or a ladies' cut), its
// toe, its sole (layered leather, tyre rubber, thin or stacked) and its stitching; a khussa is its
// toe, an open or closed back and its embroidery.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import { band, buckle, lifted, tread } from "./parts.ts";
import { type ShoeBase, type ShoeLook, type ShoeStitch, styleOf } from "./types.ts";

function chappalSole(look: ShoeLook, id: string, base: ShoeBase, pointed: boolean): { markup: string; lift: number } {
  const top = base === "thin" ? 684 : base === "stacked" ? 640 : 652;
  const front = pointed ? `Q902,${top - 2} 918,${top - 28} Q926,${top - 2} 910,690` : `Q900,${top + 2} 904,686`;
  const outline = `M176,${top} L862,${top} ${front} Q894,722 852,722 L200,722 Q170,720 170,690 Q170,${top + 4} 176,${top} Z`;
  const layers =
    base === "layered"
      ? `<path d="M174,676 L896,676 M172,698 L902,698" stroke="${darken(look.sole, 0.35)}" stroke-width="3"/>`
      : base === "stacked"
        ? `<path d="M174,664 L896,664 M172,684 L900,684 M172,702 L904,702" stroke="${darken(look.sole, 0.35)}" stroke-width="3"/>
<path d="M176,690 L330,690 L326,722 L200,722 Q174,720 172,700 Z" fill="${darken(look.sole, 0.3)}"/>`
        : base === "tyre"
          ? `<path d="M172,694 L904,694 L900,722 L200,722 Q172,720 172,700 Z" fill="${darken(look.sole, 0.55)}"/>${tread(180, 896, 720, 12, 24, darken(look.sole, 0.75))}`
          : "";
  const edge =
    base === "tyre" ? "" : `<path d="M176,712 L890,712" stroke="${darken(look.sole, 0.5)}" stroke-width="8"/>`;
  return {
    lift: 652 - top,
    markup: `<path d="${outline}" fill="url(#${id}-so)"/>${layers}
${stitch(`M180,${top + 12} L900,${top + 12}`, lighten(look.sole, 0.4), 2.5)}${edge}`,
  };
}

/** Stitching along a strap, as the look's stitch style asks. */
function seams(look: ShoeLook, kind: ShoeStitch, d: string, offset = 10): string {
  if (kind === "contrast") {
    return `<path d="${d}" fill="none" stroke="${look.accent}" stroke-width="4.5" stroke-dasharray="12 7" stroke-linecap="round"/>`;
  }
  const line = stitch(d, lighten(look.upper, 0.4), 2.4);
  return kind === "double" ? `${line}<g transform="translate(0,${offset})">${line}</g>` : line;
}

function chappalFront(look: ShoeLook, id: string, style: string, kind: ShoeStitch): string {
  const shade = darken(look.upper, 0.55);
  const frontHole = "M580,656 Q590,590 676,586 Q770,590 790,656 Z";
  const front = `M528,656 Q536,548 668,538 Q800,544 850,656 L790,656 Q770,590 676,586 Q590,590 580,656 Z`;
  const frontPiece = `<path d="${frontHole}" fill="${shade}"/><path d="${front}" fill="url(#${id}-up)"/>${patternOver(look, id, front)}
${seams(look, kind, "M540,650 Q548,560 668,550 Q790,556 836,650")}`;
  const cross = "M470,656 Q500,570 610,534 L640,556 Q548,596 516,656 Z";
  switch (style) {
    case "kaptaan": {
      const vamp = "M470,656 Q486,552 650,534 Q800,540 852,656 Z";
      return `<path d="${vamp}" fill="url(#${id}-up)"/>${patternOver(look, id, vamp)}
<path d="M560,560 Q640,546 700,548" fill="none" stroke="${darken(look.upper, 0.5)}" stroke-width="5" stroke-dasharray="0.1 14" stroke-linecap="round"/>
${seams(look, kind, "M486,650 Q500,566 650,548 Q790,552 838,650")}
<path d="M720,548 Q700,600 716,656" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>
${seams(look, kind, "M734,552 Q716,600 730,650", 0)}`;
    }
    case "norozi":
      return `<path d="${frontHole}" fill="${shade}"/>
${[0, 1, 2].map((i) => band(look, id, `M${470 + i * 40},656 Q${500 + i * 40},${586 - i * 10} ${600 + i * 40},${546 - i * 4}`, 16, false)).join("")}
<path d="M600,656 Q610,560 690,552 Q800,556 850,656 L800,656 Q780,600 696,598 Q630,600 640,656 Z" fill="url(#${id}-up)"/>
${seams(look, kind, "M616,650 Q626,568 692,564 Q790,568 834,650", 8)}`;
    case "closed": {
      const vamp = "M462,656 Q476,552 640,532 Q800,536 852,656 Z";
      return `<path d="${vamp}" fill="url(#${id}-up)"/>${patternOver(look, id, vamp)}
<path d="M480,640 Q540,560 660,540 M560,548 Q720,552 820,640" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="20" stroke-linecap="round"/>
${seams(look, kind, "M480,640 Q540,560 660,540")}${seams(look, kind, "M560,548 Q720,552 820,640")}`;
    }
    case "t-strap":
      return `${frontPiece}${band(look, id, "M496,656 Q500,596 530,566 Q590,536 668,540", 30, false)}
${seams(look, kind, "M496,650 Q500,596 530,566 Q590,536 660,540", 0)}
<circle cx="530" cy="566" r="12" fill="${look.accent}"/>`;
    case "ladies":
      return `<path d="M600,656 Q610,580 690,574 Q790,578 830,656 Z" fill="${shade}"/>
<path d="M560,656 Q570,566 690,558 Q800,562 846,656 L818,656 Q786,590 692,586 Q612,590 600,656 Z" fill="url(#${id}-up)"/>
${band(look, id, "M500,656 Q530,590 620,560", 16, false)}
${seams(look, kind, "M572,650 Q582,574 690,568 Q796,572 834,650", 0)}`;
    default:
      return `<path d="${cross}" fill="url(#${id}-up)"/>${patternOver(look, id, cross)}${frontPiece}
${seams(look, kind, "M482,650 Q510,580 608,546")}`;
  }
}

export function peshawari(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const kind = look.stitch ?? "single";
  const pointed = (look.toe ?? "pointed") === "pointed";
  const ladies = style === "ladies";
  const sole = chappalSole(look, id, look.base ?? (ladies ? "thin" : "layered"), pointed);
  const nose = pointed
    ? `<path d="M812,600 Q880,610 906,644 L850,656 Z" fill="${darken(look.upper, 0.15)}"/>`
    : `<path d="M812,606 Q870,614 880,656 L840,656 Z" fill="${darken(look.upper, 0.15)}"/>`;
  const heelStrap = ladies
    ? `<path d="M316,604 Q370,556 430,540 L436,556 Q384,572 340,612 Z" fill="url(#${id}-up)"/>${buckle(346, 594, look.accent, 0.7)}`
    : `<path d="M306,604 Q366,538 440,516 L452,540 Q384,566 338,612 Z" fill="url(#${id}-up)"/>${buckle(340, 592, look.accent)}`;
  const body = `<path d="M186,656 Q176,602 198,586 Q250,580 336,598 Q356,626 354,656 Z" fill="url(#${id}-up)"/>
${seams(look, kind, "M196,600 Q250,594 330,610")}
${heelStrap}${chappalFront(look, id, style, kind)}${nose}${sheen(id, 680, 556, 70, 10, 0)}`;
  return `<g>${lifted(body, sole.lift)}${sole.markup}</g>`;
}

const KHUSSA_TOES = {
  curled: "Q760,576 840,610 Q890,626 914,600 Q924,634 900,660 Q880,684 860,704",
  pointed: "Q770,578 850,616 Q906,640 944,662 Q900,690 860,704",
  round: "Q790,580 852,622 Q892,650 884,682 Q874,702 846,704",
} as const;

/** The khussa's central motif, matching its embroidery. */
function khussaMotif(look: ShoeLook, x: number): string {
  const gold = look.accent;
  switch (look.pattern) {
    case "tilla":
      return `<path d="M${x - 40},640 q20,-50 40,-10 q20,40 40,-10 M${x - 30},660 q30,20 60,0" fill="none" stroke="${gold}" stroke-width="8" stroke-linecap="round"/>
<circle cx="${x}" cy="612" r="10" fill="${lighten(gold, 0.4)}"/>`;
    case "mirror":
      return [-40, 0, 40]
        .map(
          (dx) =>
            `<circle cx="${x + dx}" cy="${630 - Math.abs(dx) / 4}" r="16" fill="#e8eef2" stroke="${gold}" stroke-width="5"/>`,
        )
        .join("");
    case "pearls":
      return [0, 1, 2, 3, 4, 5, 6, 7]
        .map(
          (i) =>
            `<circle cx="${x + Math.cos((i * Math.PI) / 4) * 28}" cy="${628 + Math.sin((i * Math.PI) / 4) * 22}" r="7" fill="#fbf8f0" stroke="#d6cdbb" stroke-width="1.5"/>`,
        )
        .join("");
    case "gota":
      return `<path d="M${x - 60},610 L${x + 60},600 M${x - 60},650 L${x + 70},644" stroke="${gold}" stroke-width="14"/>`;
    default:
      return `<g fill="${gold}"><circle cx="${x}" cy="628" r="22"/><circle cx="${x - 36}" cy="628" r="12"/><circle cx="${x + 36}" cy="628" r="12"/>
<circle cx="${x}" cy="592" r="12"/><circle cx="${x}" cy="664" r="12"/></g><circle cx="${x}" cy="628" r="9" fill="${lighten(gold, 0.6)}"/>`;
  }
}

export function khussa(look: ShoeLook, id: string): string {
  const gold = look.accent;
  // The look's schema allows a khussa only these toes.
  const toe = look.toe && Object.hasOwn(KHUSSA_TOES, look.toe) ? (look.toe as keyof typeof KHUSSA_TOES) : "curled";
  const mule = styleOf(look) === "mule";
  const upper = mule
    ? `M420,704 Q430,640 480,602 Q560,580 640,574 ${KHUSSA_TOES[toe]} Z`
    : `M190,704 C182,660 186,620 200,600 Q214,588 236,592 Q380,616 480,602 Q560,580 640,574 ${KHUSSA_TOES[toe]} Z`;
  const topLine = mule
    ? `<path d="M420,704 Q430,640 480,602 Q560,582 640,576" fill="none" stroke="${gold}" stroke-width="10" stroke-linecap="round"/>`
    : `<path d="M236,594 Q380,618 480,604 Q560,582 640,576" fill="none" stroke="${gold}" stroke-width="10" stroke-linecap="round"/>
<path d="M240,612 Q380,634 480,620 Q560,600 640,594" fill="none" stroke="${lighten(gold, 0.3)}" stroke-width="5" stroke-dasharray="0.1 12" stroke-linecap="round"/>`;
  const opening = mule
    ? `<path d="M190,700 Q188,684 200,680 L430,690 L426,704 Z" fill="${darken(look.sole, 0.1)}"/>
<path d="M430,700 Q440,650 482,612 Q460,660 462,700 Z" fill="${darken(look.upper, 0.5)}"/>`
    : `<path d="M236,594 Q380,618 480,604 Q380,632 240,618 Z" fill="${darken(look.upper, 0.5)}"/>`;
  const curl =
    toe === "curled"
      ? `<path d="M912,602 Q944,560 928,530 Q914,510 896,528" fill="none" stroke="${look.upper}" stroke-width="14" stroke-linecap="round"/>
<circle cx="898" cy="530" r="9" fill="${gold}"/>`
      : toe === "pointed"
        ? `<circle cx="944" cy="662" r="8" fill="${gold}"/>`
        : "";
  const tip = toe === "pointed" ? 944 : toe === "round" ? 884 : 904;
  return `<g>${opening}
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.85)}
${curl}${topLine}${khussaMotif(look, mule ? 700 : 690)}
<path d="M${mule ? 500 : 300},660 Q380,640 460,660 Q540,640 600,660 M760,620 Q820,640 ${tip - 30},640" fill="none" stroke="${gold}" stroke-width="4" stroke-dasharray="14 6"/>
<path d="M186,700 L856,700 Q${tip - 20},694 ${tip},664 L${tip + 6},674 Q${tip - 14},712 856,716 L190,716 Z" fill="url(#${id}-so)"/>
<path d="M186,716 L860,716" stroke="${darken(look.sole, 0.35)}" stroke-width="6"/>
${sheen(id, 600, 610, 80, 12, -6)}
</g>`;
}

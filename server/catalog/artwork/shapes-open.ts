// Side views (toe to the right, ground at y = 720) of flat open shoes and slip-ons:
// sandals, slides, Peshawari chappals, khussas and Kolhapuris.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import type { ShoeLook } from "./types.ts";

/** A strap arching over the foot from x1 to x2 on the footbed at y, with its shadowed inside. */
function arch(look: ShoeLook, id: string, x1: number, x2: number, y: number, top: number, width: number): string {
  const mid = (x1 + x2) / 2;
  const outer = `M${x1},${y} Q${x1 + 8},${top} ${mid},${top} Q${x2 - 8},${top} ${x2},${y}`;
  const inner = `L${x2 - width},${y} Q${x2 - width - 6},${top + width} ${mid},${top + width} Q${x1 + width + 6},${top + width} ${x1 + width},${y} Z`;
  return `<path d="M${x1 + width},${y} Q${x1 + width + 6},${top + width} ${mid},${top + width} Q${x2 - width - 6},${top + width} ${x2 - width},${y} Z" fill="${darken(look.upper, 0.55)}"/>
<path d="${outer} ${inner}" fill="url(#${id}-up)"/>${patternOver(look, id, `${outer} ${inner}`)}
${stitch(`M${x1 + 8},${y - 4} Q${x1 + 14},${top + 8} ${mid},${top + 8} Q${x2 - 14},${top + 8} ${x2 - 8},${y - 4}`, lighten(look.upper, 0.4), 2.2)}`;
}

function buckle(x: number, y: number, colour: string): string {
  return `<rect x="${x - 14}" y="${y - 18}" width="28" height="36" rx="6" fill="none" stroke="${colour}" stroke-width="6"/>
<path d="M${x},${y - 16} L${x},${y + 16}" stroke="${darken(colour, 0.3)}" stroke-width="4"/>`;
}

export function sandal(look: ShoeLook, id: string): string {
  return `<g>
<path d="M300,672 Q260,610 236,560 L270,548 Q300,610 336,672 Z" fill="url(#${id}-up)"/>
<path d="M214,560 Q300,520 420,548 L412,574 Q300,552 224,588 Z" fill="url(#${id}-up)"/>${buckle(300, 548, look.accent)}
${arch(look, id, 410, 620, 672, 540, 40)}${arch(look, id, 620, 840, 672, 588, 42)}
<path d="M172,660 L860,660 Q896,664 894,690 Q890,720 856,720 L196,720 Q168,718 168,692 Q168,662 172,660 Z" fill="url(#${id}-so)"/>
<path d="M176,660 L860,660 Q888,662 892,676 L174,676 Z" fill="${lighten(look.sole, 0.25)}"/>
${stitch("M184,684 L880,684", darken(look.sole, 0.35), 2.5)}
<path d="M178,708 L880,708" stroke="${darken(look.sole, 0.4)}" stroke-width="6"/>
</g>`;
}

export function slipper(look: ShoeLook, id: string): string {
  const strap = "M470,660 Q480,548 630,540 Q780,546 800,664 Z";
  return `<g>
<path d="M520,664 Q540,600 630,596 Q730,600 754,664 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="${strap} M520,664 Q540,600 630,596 Q730,600 754,664 Z" fill="url(#${id}-up)" fill-rule="evenodd"/>
${patternOver(look, id, strap, 0.9)}
<path d="M560,566 Q630,556 700,566" fill="none" stroke="${look.accent}" stroke-width="14" stroke-linecap="round"/>
<path d="M172,640 Q260,630 340,650 Q480,676 640,664 Q800,656 862,664 Q898,670 896,694 Q892,722 856,722 L200,722 Q166,720 166,684 Q166,646 172,640 Z" fill="url(#${id}-so)"/>
<path d="M172,640 Q260,630 340,650 Q480,676 640,664 Q800,656 862,664" fill="none" stroke="${lighten(look.sole, 0.35)}" stroke-width="8"/>
<path d="M176,706 L884,706" stroke="${darken(look.sole, 0.3)}" stroke-width="5"/>
${sheen(id, 640, 560, 60, 10, 0)}
</g>`;
}

export function peshawari(look: ShoeLook, id: string): string {
  const front = "M528,656 Q536,548 668,538 Q800,544 850,656 L790,656 Q770,590 676,586 Q590,590 580,656 Z";
  const cross = "M470,656 Q500,570 610,534 L640,556 Q548,596 516,656 Z";
  const line = lighten(look.upper, 0.4);
  return `<g>
<path d="M580,656 Q590,590 676,586 Q770,590 790,656 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="M186,656 Q176,602 198,586 Q250,580 336,598 Q356,626 354,656 Z" fill="url(#${id}-up)"/>
${stitch("M196,600 Q250,594 330,610", line, 2.2)}
<path d="M306,604 Q366,538 440,516 L452,540 Q384,566 338,612 Z" fill="url(#${id}-up)"/>${buckle(340, 592, look.accent)}
<path d="${cross}" fill="url(#${id}-up)"/>${patternOver(look, id, cross)}
<path d="${front}" fill="url(#${id}-up)"/>${patternOver(look, id, front)}
${stitch("M540,650 Q548,560 668,550 Q790,556 836,650", line, 2.4)}
${stitch("M482,650 Q510,580 608,546", line, 2.2)}
<path d="M812,600 Q880,610 906,644 L850,656 Z" fill="${darken(look.upper, 0.15)}"/>
<path d="M176,652 L862,652 Q902,650 918,624 Q926,650 910,690 Q894,722 852,722 L200,722 Q170,720 170,690 Q170,656 176,652 Z" fill="url(#${id}-so)"/>
<path d="M174,676 L896,676 M172,698 L902,698" stroke="${darken(look.sole, 0.35)}" stroke-width="3"/>
${stitch("M180,664 L900,662", lighten(look.sole, 0.4), 2.5)}
<path d="M176,712 L890,712" stroke="${darken(look.sole, 0.5)}" stroke-width="8"/>
${sheen(id, 680, 556, 70, 10, 0)}
</g>`;
}

export function khussa(look: ShoeLook, id: string): string {
  const upper =
    "M190,704 C182,660 186,620 200,600 Q214,588 236,592 Q380,616 480,602 Q560,580 640,574 Q760,576 840,610 Q890,626 914,600 Q924,634 900,660 Q880,684 860,704 Z";
  const gold = look.accent;
  return `<g>
<path d="M236,594 Q380,618 480,604 Q380,632 240,618 Z" fill="${darken(look.upper, 0.5)}"/>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.85)}
<path d="M912,602 Q944,560 928,530 Q914,510 896,528" fill="none" stroke="${look.upper}" stroke-width="14" stroke-linecap="round"/>
<circle cx="898" cy="530" r="9" fill="${gold}"/>
<path d="M236,594 Q380,618 480,604 Q560,582 640,576" fill="none" stroke="${gold}" stroke-width="10" stroke-linecap="round"/>
<path d="M240,612 Q380,634 480,620 Q560,600 640,594" fill="none" stroke="${lighten(gold, 0.3)}" stroke-width="5" stroke-dasharray="0.1 12" stroke-linecap="round"/>
<g fill="${gold}"><circle cx="690" cy="628" r="22"/><circle cx="654" cy="628" r="12"/><circle cx="726" cy="628" r="12"/>
<circle cx="690" cy="592" r="12"/><circle cx="690" cy="664" r="12"/></g><circle cx="690" cy="628" r="9" fill="${lighten(gold, 0.6)}"/>
<path d="M760,620 Q820,640 880,630 M300,660 Q380,640 460,660 Q540,640 600,660" fill="none" stroke="${gold}" stroke-width="4" stroke-dasharray="14 6"/>
<path d="M186,700 L856,700 Q884,694 904,664 L910,674 Q890,712 856,716 L190,716 Z" fill="url(#${id}-so)"/>
<path d="M186,716 L860,716" stroke="${darken(look.sole, 0.35)}" stroke-width="6"/>
${sheen(id, 600, 610, 80, 12, -6)}
</g>`;
}

export function kolhapuri(look: ShoeLook, id: string): string {
  const braid = lighten(look.accent, 0.1);
  return `<g>
<path d="M200,694 Q196,650 222,640 L246,694 Z M330,694 Q330,654 306,640 L290,694 Z" fill="url(#${id}-up)"/>
${arch(look, id, 500, 770, 692, 588, 44)}
<path d="M516,650 Q560,606 636,600 Q712,606 752,650" fill="none" stroke="${braid}" stroke-width="8" stroke-dasharray="10 8"/>
<path d="M700,604 Q790,620 836,680" fill="none" stroke="${look.upper}" stroke-width="12" stroke-linecap="round"/>
<circle cx="838" cy="684" r="12" fill="none" stroke="${look.accent}" stroke-width="6"/>
<circle cx="636" cy="594" r="14" fill="${look.accent}"/><circle cx="636" cy="594" r="6" fill="${darken(look.accent, 0.4)}"/>
<path d="M174,688 L868,688 Q904,690 902,704 Q898,722 866,722 L196,722 Q170,722 170,704 Q170,690 174,688 Z" fill="url(#${id}-so)"/>
${stitch("M184,700 L886,700", darken(look.sole, 0.35), 2.5)}
</g>`;
}

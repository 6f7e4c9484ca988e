// Side views (toe to the right, ground at y = 720) of flat open shoes: sandals, slides and
// Kolhapuris, each style with its own straps, closures and sole.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import { arch, band, buckle, lugs } from "./parts.ts";
import { type ShoeLook, styleOf } from "./types.ts";

/** A flat sole whose footbed is at `top`. */
function flatSole(look: ShoeLook, id: string, top: number, grip = false): string {
  return `<path d="M172,${top} L860,${top} Q896,${top + 4} 894,${(top + 720) / 2} Q890,720 856,720 L196,720 Q168,718 168,${(top + 720) / 2} Q168,${top + 2} 172,${top} Z" fill="url(#${id}-so)"/>
<path d="M176,${top} L860,${top} Q888,${top + 2} 892,${top + 14} L174,${top + 14} Z" fill="${lighten(look.sole, 0.25)}"/>
${stitch(`M184,${top + 24} L880,${top + 24}`, darken(look.sole, 0.35), 2.5)}
${grip ? lugs(188, 870, 712, darken(look.sole, 0.5), 22) : `<path d="M178,708 L880,708" stroke="${darken(look.sole, 0.4)}" stroke-width="6"/>`}`;
}

/** The strap round the back of the heel and the ankle strap over it, buckled at the side. */
function heelStrap(look: ShoeLook, id: string, top: number, width = 26, high = false): string {
  const ankle = high ? 500 : 548;
  return `<path d="M${300},${top + 12} Q260,${top - 50} 236,${ankle + 12} L${236 + width + 8},${ankle} Q300,${top - 50} ${336},${top + 12} Z" fill="url(#${id}-up)"/>
<path d="M214,${ankle + 12} Q300,${ankle - 28} 420,${ankle} L412,${ankle + width} Q300,${ankle + 4} 224,${ankle + 40} Z" fill="url(#${id}-up)"/>${buckle(300, ankle, look.accent, width / 26)}`;
}

export function sandal(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  switch (style) {
    case "velcro":
      return `<g>${heelStrap(look, id, 650, 34)}
${arch(look, id, 420, 620, 660, 540, 56)}${arch(look, id, 620, 840, 660, 584, 56)}
<rect x="470" y="538" width="60" height="40" rx="8" fill="${look.accent}" opacity="0.85"/><rect x="690" y="582" width="60" height="40" rx="8" fill="${look.accent}" opacity="0.85"/>
${flatSole(look, id, 648)}</g>`;
    case "sport":
      return `<g><path d="M196,640 Q196,560 236,540 L300,540 Q290,600 300,640 Z" fill="url(#${id}-up)"/>
<path d="M214,560 Q300,520 420,548 L416,566 Q300,544 224,582 Z" fill="url(#${id}-up)"/>
<rect x="380" y="536" width="30" height="26" rx="4" fill="${darken(look.accent, 0.2)}"/>
${[
  [400, 540, 550],
  [540, 690, 580],
  [690, 850, 612],
]
  .map(([a = 0, b = 0, top = 0]) => arch(look, id, a, b, 650, top, 24))
  .join("")}
${[475, 615, 770].map((x, i) => `<rect x="${x - 14}" y="${[540, 570, 602][i]}" width="28" height="22" rx="4" fill="${look.accent}"/>`).join("")}
${flatSole(look, id, 640, true)}</g>`;
    case "buckle":
      return `<g>${heelStrap(look, id, 660)}
${arch(look, id, 420, 700, 672, 540, 70)}${arch(look, id, 720, 850, 672, 612, 30)}
${buckle(560, 556, look.accent, 1.6)}
${flatSole(look, id, 660)}</g>`;
    case "slim":
      return `<g>${heelStrap(look, id, 680, 14, true)}
<path d="M420,512 Q520,580 560,680" fill="none" stroke="url(#${id}-up)" stroke-width="14" stroke-linecap="round"/>
${arch(look, id, 700, 850, 686, 628, 16)}${arch(look, id, 500, 660, 686, 586, 14)}
<path d="M174,684 L860,684 Q892,688 890,704 Q886,720 856,720 L196,720 Q170,718 170,702 Q170,686 174,684 Z" fill="url(#${id}-so)"/>
<path d="M178,714 L880,714" stroke="${darken(look.sole, 0.4)}" stroke-width="4"/></g>`;
    default:
      return `<g>${heelStrap(look, id, 660)}
${band(look, id, "M450,660 Q540,586 700,566", 40)}${band(look, id, "M560,574 Q720,578 806,660", 40)}
<circle cx="630" cy="572" r="12" fill="${look.accent}"/>
${flatSole(look, id, 660)}</g>`;
  }
}

export function slipper(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const contoured = (
    top: number,
  ) => `<path d="M172,${top} Q260,${top - 10} 340,${top + 10} Q480,${top + 36} 640,${top + 24} Q800,${top + 16} 862,${top + 24} Q898,${top + 30} 896,694 Q892,722 856,722 L200,722 Q166,720 166,684 Q166,${top + 6} 172,${top} Z" fill="url(#${id}-so)"/>
<path d="M172,${top} Q260,${top - 10} 340,${top + 10} Q480,${top + 36} 640,${top + 24} Q800,${top + 16} 862,${top + 24}" fill="none" stroke="${lighten(look.sole, 0.35)}" stroke-width="8"/>
<path d="M176,706 L884,706" stroke="${darken(look.sole, 0.3)}" stroke-width="5"/>`;
  const wide = "M470,660 Q480,548 630,540 Q780,546 800,664 Z";
  const hole = "M520,664 Q540,600 630,596 Q730,600 754,664 Z";
  const moulded = `<path d="${hole}" fill="${darken(look.upper, 0.55)}"/>
<path d="${wide} ${hole}" fill="url(#${id}-up)" fill-rule="evenodd"/>${patternOver(look, id, wide, 0.9)}`;
  switch (style) {
    case "two-strap":
      return `<g>${arch(look, id, 420, 600, 662, 566, 44)}${arch(look, id, 610, 800, 662, 578, 44)}
${buckle(470, 586, look.accent, 0.9)}${buckle(664, 598, look.accent, 0.9)}
<path d="M172,650 L860,650 Q896,654 894,686 Q890,720 856,720 L196,720 Q168,718 168,686 Q168,652 172,650 Z" fill="url(#${id}-so)"/>
<path d="M176,650 Q520,642 860,650 L860,664 Q520,656 176,664 Z" fill="${lighten(look.sole, 0.4)}"/>
<path d="M178,690 L884,690" stroke="${darken(look.sole, 0.3)}" stroke-width="4"/></g>`;
    case "home": {
      const cover = "M440,672 Q452,560 600,548 Q760,546 850,600 Q890,626 884,672 Z";
      return `<g><path d="${cover}" fill="url(#${id}-up)"/>${patternOver(look, id, cover, 0.9)}
<path d="M440,672 Q452,560 600,548" fill="none" stroke="${lighten(look.upper, 0.3)}" stroke-width="22" stroke-linecap="round"/>
${stitch("M470,664 Q486,580 610,570 Q750,570 840,614", lighten(look.upper, 0.35), 2.5)}
<path d="M176,664 L870,664 Q896,668 894,692 Q890,720 856,720 L196,720 Q168,718 168,692 Q168,666 176,664 Z" fill="url(#${id}-so)"/>
<path d="M180,664 L870,664" stroke="${lighten(look.sole, 0.4)}" stroke-width="10" stroke-linecap="round"/>
${sheen(id, 700, 580, 70, 12, 8)}</g>`;
    }
    case "sport":
      return `<g>${moulded}
${[0, 1, 2].map((i) => `<path d="M${540 + i * 50},${652 - i * 2} L${570 + i * 50},550" stroke="${look.accent}" stroke-width="16"/>`).join("")}
${contoured(632)}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${230 + i * 80},690 l30,0" stroke="${darken(look.sole, 0.2)}" stroke-width="4"/>`).join("")}
${sheen(id, 640, 560, 60, 10, 0)}</g>`;
    case "thin":
      return `<g>${arch(look, id, 520, 790, 676, 574, 30)}
<path d="M174,670 L860,670 Q894,674 892,696 Q888,720 856,720 L196,720 Q170,718 170,696 Q170,672 174,670 Z" fill="url(#${id}-so)"/>
<path d="M176,670 L860,670 L860,680 L176,680 Z" fill="${lighten(look.sole, 0.3)}"/></g>`;
    case "cross":
      return `<g>${band(look, id, "M470,652 Q560,560 730,560", 46)}${band(look, id, "M560,564 Q720,560 800,652", 46)}
${contoured(640)}</g>`;
    default:
      return `<g>${moulded}
<path d="M560,566 Q630,556 700,566" fill="none" stroke="${look.accent}" stroke-width="14" stroke-linecap="round"/>
${contoured(640)}${sheen(id, 640, 560, 60, 10, 0)}</g>`;
  }
}

export function kolhapuri(look: ShoeLook, id: string): string {
  const braid = lighten(look.accent, 0.1);
  const sole = `<path d="M174,688 L868,688 Q904,690 902,704 Q898,722 866,722 L196,722 Q170,722 170,704 Q170,690 174,688 Z" fill="url(#${id}-so)"/>
${stitch("M184,700 L886,700", darken(look.sole, 0.35), 2.5)}`;
  const heelFlaps = `<path d="M200,694 Q196,650 222,640 L246,694 Z M330,694 Q330,654 306,640 L290,694 Z" fill="url(#${id}-up)"/>`;
  const toeLoop = `<path d="M700,604 Q790,620 836,680" fill="none" stroke="${look.upper}" stroke-width="12" stroke-linecap="round"/>
<circle cx="838" cy="684" r="12" fill="none" stroke="${look.accent}" stroke-width="6"/>`;
  if (styleOf(look) === "t-strap") {
    return `<g>${heelFlaps}
${arch(look, id, 470, 640, 692, 600, 30)}${arch(look, id, 640, 790, 692, 630, 26)}
<path d="M560,604 Q700,600 836,680" fill="none" stroke="${look.upper}" stroke-width="20" stroke-linecap="round"/>
<path d="M560,604 Q700,600 836,680" fill="none" stroke="${braid}" stroke-width="6" stroke-dasharray="8 6"/>
<circle cx="838" cy="684" r="12" fill="none" stroke="${look.accent}" stroke-width="6"/>
${[0, 1, 2].map((i) => `<circle cx="${620 + i * 70}" cy="${606 + i * 18}" r="9" fill="${look.accent}"/>`).join("")}
${sole}</g>`;
  }
  return `<g>${heelFlaps}
${arch(look, id, 500, 770, 692, 588, 44)}
<path d="M516,650 Q560,606 636,600 Q712,606 752,650" fill="none" stroke="${braid}" stroke-width="8" stroke-dasharray="10 8"/>
${toeLoop}
<circle cx="636" cy="594" r="14" fill="${look.accent}"/><circle cx="636" cy="594" r="6" fill="${darken(look.accent, 0.4)}"/>
${sole}</g>`;
}

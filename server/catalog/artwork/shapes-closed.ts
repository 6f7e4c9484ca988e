// Side views (toe to the right, ground at y = 720) of closed shoes: sneakers, runners, Oxfords, loafers.
import { darken, lighten, luminance, patternOver, sheen, stitch } from "./palette.ts";
import type { ShoeLook } from "./types.ts";

function laces(look: ShoeLook, points: readonly [number, number][]): string {
  const lace = luminance(look.upper) > 0.7 ? darken(look.upper, 0.4) : lighten(look.sole, 0.45);
  return points
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="7" fill="${darken(look.upper, 0.45)}" stroke="${lighten(look.accent, 0.2)}" stroke-width="2"/>
<path d="M${x - 12},${y + 15} L${x + 12},${y - 15}" stroke="${lace}" stroke-width="9" stroke-linecap="round"/>`,
    )
    .join("");
}

export function sneaker(look: ShoeLook, id: string): string {
  const upper =
    "M182,652 C166,580 170,480 196,420 Q208,394 240,396 L312,404 Q356,426 396,416 L428,368 Q452,346 474,366 L540,440 Q620,508 720,540 Q836,572 868,626 Q878,650 860,656 Z";
  return `<g>
<path d="${upper}" fill="url(#${id}-up)"/>${look.pattern === "stripes" ? "" : patternOver(look, id, upper)}
<path d="M430,372 Q450,350 470,366 L458,392 Z" fill="url(#${id}-ac)"/>
<path d="M182,652 C168,590 172,500 192,446 L262,440 Q302,550 316,656 Z" fill="url(#${id}-ac)"/>
${stitch("M272,448 Q310,552 324,652", darken(look.upper, 0.25), 2.2)}
${
  look.pattern === "stripes"
    ? [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${400 + i * 52},648 L${432 + i * 52},648 L${540 + i * 44},${470 + i * 28} L${514 + i * 44},${454 + i * 28} Z" fill="${look.accent}"/>`,
        )
        .join("")
    : `<path d="M336,618 Q480,604 566,496 L608,518 Q520,644 326,652 Z" fill="${look.accent}" opacity="0.9"/>`
}
<path d="M756,552 Q846,580 868,626 Q876,652 850,656 L734,656 Q722,596 756,552 Z" fill="${darken(look.upper, 0.08)}"/>
${stitch("M762,566 Q738,606 744,648", darken(look.upper, 0.3), 2.2)}
<path d="M432,372 L614,514" stroke="${darken(look.upper, 0.12)}" stroke-width="38" stroke-linecap="round"/>
${laces(look, [
  [452, 392],
  [490, 422],
  [528, 452],
  [566, 482],
  [602, 508],
])}
<path d="M240,398 L312,406 Q356,428 396,418" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="12" stroke-linecap="round"/>
<path d="M170,640 L836,640 Q888,644 888,676 Q886,704 852,706 L196,706 Q164,704 164,676 Q164,642 170,640 Z" fill="url(#${id}-so)"/>
<path d="M176,700 L862,700 Q874,704 866,714 Q858,721 840,721 L198,721 Q178,721 174,710 Z" fill="${darken(look.sole, 0.35)}"/>
${stitch("M184,656 L858,656", darken(look.sole, 0.2), 2.5)}
<path d="M182,676 L870,676" stroke="${look.accent}" stroke-width="5" opacity="0.7"/>
${sheen(id, 720, 570, 90, 18, 18)}
</g>`;
}

export function runner(look: ShoeLook, id: string): string {
  const upper =
    "M192,606 C176,540 184,470 208,430 Q220,402 254,408 L320,430 Q372,448 410,436 L442,404 Q462,390 480,408 L540,470 Q630,530 730,556 Q840,584 870,628 Q880,646 862,650 L240,626 Z";
  return `<g>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper)}
<path d="M214,426 Q220,380 248,384 L266,412 Z" fill="url(#${id}-ac)"/>
<path d="M300,600 Q420,560 520,480 L560,500 Q470,600 320,626 Z" fill="url(#${id}-ac)" opacity="0.95"/>
<path d="M390,610 Q500,590 600,520 L622,534 Q530,614 400,630 Z" fill="${lighten(look.accent, 0.35)}" opacity="0.9"/>
<path d="M440,410 L606,530" stroke="${darken(look.upper, 0.15)}" stroke-width="30" stroke-linecap="round"/>
${laces(look, [
  [460, 428],
  [496, 454],
  [532, 480],
  [568, 506],
])}
<path d="M254,410 L320,432 Q372,450 410,438" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="14" stroke-linecap="round"/>
<path d="M178,600 Q230,590 300,606 Q500,640 700,640 L850,640 Q896,646 894,680 Q890,712 850,714 L210,714 Q170,712 168,670 Q166,612 178,600 Z" fill="url(#${id}-so)"/>
<path d="M200,668 Q330,640 460,672 Q590,700 720,670 Q800,652 870,668" fill="none" stroke="${look.accent}" stroke-width="9" stroke-linecap="round"/>
<path d="M180,704 L866,704 Q880,708 872,716 Q864,722 846,722 L204,722 Q184,722 180,712 Z" fill="${darken(look.sole, 0.45)}"/>
${sheen(id, 700, 580, 80, 16, 16)}
</g>`;
}

export function oxford(look: ShoeLook, id: string): string {
  const upper =
    "M190,690 C176,620 178,520 198,462 Q206,440 230,442 L330,458 Q396,470 438,462 L470,440 Q530,480 610,530 Q730,596 830,624 Q902,646 904,690 Z";
  const brogue = look.pattern === "perforated";
  const holes = (d: string) =>
    `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.5)}" stroke-width="5" stroke-dasharray="0.1 13" stroke-linecap="round"/>`;
  return `<g>
<path d="${upper}" fill="url(#${id}-up)"/>
<path d="M770,612 Q746,650 760,690" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>
${stitch("M782,616 Q760,652 772,690", lighten(look.upper, 0.3), 2.2)}
<path d="M470,442 Q524,580 480,690" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>
<path d="M198,540 Q330,560 474,545" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="3"/>
${stitch("M204,552 Q330,572 478,558", lighten(look.upper, 0.25), 2)}
${brogue ? holes("M760,604 Q738,650 750,688") + holes("M458,450 Q510,590 468,688") + holes("M210,530 Q330,548 462,534") : ""}
<path d="M428,462 L514,444 L566,520 L474,530 Z" fill="${darken(look.upper, 0.25)}"/>
${[0, 1, 2, 3]
  .map(
    (i) =>
      `<path d="M${454 + i * 26},${526 - i * 2} L${472 + i * 26},${460 - i * 4}" stroke="${darken(look.upper, 0.6)}" stroke-width="6" stroke-linecap="round"/>`,
  )
  .join("")}
<path d="M230,444 L330,460 Q396,472 438,464" fill="none" stroke="${darken(look.upper, 0.4)}" stroke-width="7" stroke-linecap="round"/>
<path d="M182,684 L300,684 Q450,690 560,700 L866,702 Q898,700 904,688 Q910,704 884,714 L560,714 Q450,704 300,700 L182,700 Z" fill="url(#${id}-so)"/>
<path d="M186,700 L300,700 L296,720 L192,720 Z" fill="${darken(look.sole, 0.2)}"/>
<path d="M190,710 L298,710" stroke="${lighten(look.sole, 0.2)}" stroke-width="2"/>
${sheen(id, 800, 630, 80, 16, 16)}${sheen(id, 250, 540, 30, 70, 0)}
</g>`;
}

export function loafer(look: ShoeLook, id: string): string {
  const upper =
    "M190,690 C176,630 180,560 198,512 Q208,494 232,496 L420,524 Q470,528 520,522 Q660,552 800,606 Q894,640 900,690 Z";
  return `<g>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.8)}
<path d="M216,498 Q330,500 520,524 Q420,542 222,522 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="M520,528 Q560,598 700,600 Q800,604 870,648" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="6" stroke-linecap="round"/>
${stitch("M536,542 Q572,586 700,588 Q796,592 862,634", lighten(look.upper, 0.35), 2.5)}
<path d="M500,528 Q548,532 592,544 L584,624 Q540,618 494,610 Z" fill="${darken(look.upper, 0.18)}"/>
<path d="M514,564 Q544,568 570,574" stroke="${darken(look.upper, 0.6)}" stroke-width="9" stroke-linecap="round"/>
${
  luminance(look.accent) > 0.45
    ? `<g fill="none" stroke="${look.accent}" stroke-width="7"><ellipse cx="524" cy="592" rx="16" ry="10"/><ellipse cx="560" cy="596" rx="16" ry="10"/></g>`
    : ""
}
<path d="M198,522 Q300,540 430,540" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="3"/>
<path d="M182,684 L300,684 Q450,690 560,700 L866,702 Q896,700 902,688 Q908,704 882,714 L560,714 Q450,704 300,700 L182,700 Z" fill="url(#${id}-so)"/>
<path d="M186,700 L292,700 L290,720 L192,720 Z" fill="${darken(look.sole, 0.2)}"/>
${sheen(id, 780, 630, 80, 16, 16)}${sheen(id, 240, 580, 24, 56, 0)}
</g>`;
}

// Side views (toe to the right, ground at y = 720) of sneakers and runners. Each style is its own
// cut (overlays, lacing, collar), each base its own sole, so two products of one kind differ in
// more than colour.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import { along, laces, lifted, tread } from "./parts.ts";
import { type ShoeBase, type ShoeLook, styleOf } from "./types.ts";

const SNEAKER_BASE: Record<string, ShoeBase> = {
  court: "cupsole",
  canvas: "vulcanised",
  retro: "cupsole",
  sleek: "cupsole",
  chunky: "chunky",
  trainer: "herringbone",
  tennis: "herringbone",
};

/** A sneaker's sole and how far it raises the upper. */
function sneakerSole(look: ShoeLook, id: string, base: ShoeBase): { markup: string; lift: number } {
  const bottom = `<path d="M176,706 L862,706 Q874,708 866,716 Q858,721 840,721 L198,721 Q178,721 174,712 Z" fill="${darken(look.sole, 0.35)}"/>`;
  switch (base) {
    case "vulcanised":
      return {
        lift: -6,
        markup: `<path d="M172,650 L850,650 Q892,652 892,686 Q890,718 852,719 L196,719 Q166,718 166,686 Q166,652 172,650 Z" fill="url(#${id}-so)"/>
<path d="M752,650 Q870,646 890,680 Q892,716 852,719 L752,719 Q736,690 752,650 Z" fill="${lighten(look.sole, 0.2)}"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${772 + i * 18},${664 + (i > 3 ? (i - 3) * 4 : 0)} l0,12" stroke="${darken(look.sole, 0.25)}" stroke-width="3"/>`).join("")}
<path d="M170,692 L888,692" stroke="${look.accent}" stroke-width="6"/>
<path d="M168,710 L886,710" stroke="${darken(look.sole, 0.3)}" stroke-width="4"/>`,
      };
    case "chunky":
      return {
        lift: 38,
        markup: `<path d="M166,606 Q240,590 330,608 Q430,626 530,604 Q630,588 730,608 Q820,624 876,604 Q906,634 904,680 Q900,721 856,721 L200,721 Q162,718 160,676 Q158,620 166,606 Z" fill="url(#${id}-so)"/>
<path d="M164,648 Q260,632 360,652 Q470,670 580,646 Q700,626 900,652" fill="none" stroke="${darken(look.sole, 0.18)}" stroke-width="5"/>
<path d="M170,678 Q300,664 420,684 Q560,700 700,678 Q800,664 900,684" fill="none" stroke="${look.accent}" stroke-width="8" stroke-linecap="round"/>
${bottom}`,
      };
    default:
      return {
        lift: 0,
        markup: `<path d="M170,640 L836,640 Q888,644 888,676 Q886,704 852,706 L196,706 Q164,704 164,676 Q164,642 170,640 Z" fill="url(#${id}-so)"/>
${bottom}
${stitch("M184,656 L858,656", darken(look.sole, 0.2), 2.5)}
<path d="M182,676 L870,676" stroke="${look.accent}" stroke-width="5" opacity="0.7"/>
${base === "herringbone" ? tread(182, 864, 720, 10, 20, darken(look.sole, 0.55)) : ""}`,
      };
  }
}

const SNEAKER_UPPER =
  "M182,652 C166,580 170,480 196,420 Q208,394 240,396 L312,404 Q356,426 396,416 L428,368 Q452,346 474,366 L540,440 Q620,508 720,540 Q836,572 868,626 Q878,650 860,656 Z";
const SLEEK_UPPER =
  "M182,652 C170,592 174,506 196,452 Q208,430 240,432 L316,438 Q360,456 400,448 L432,412 Q454,396 474,410 L540,470 Q630,530 730,556 Q840,584 870,630 Q878,650 860,656 Z";

function sneakerOverlays(look: ShoeLook, id: string, style: string): string {
  const line = darken(look.upper, 0.3);
  const eyestay = `<path d="M432,372 L614,514" stroke="${darken(look.upper, 0.12)}" stroke-width="38" stroke-linecap="round"/>`;
  const collar = `<path d="M240,398 L312,406 Q356,428 396,418" fill="none" stroke="${line}" stroke-width="12" stroke-linecap="round"/>`;
  const tongue = `<path d="M430,372 Q450,350 470,366 L458,392 Z" fill="url(#${id}-ac)"/>`;
  const toeCap = `<path d="M756,552 Q846,580 868,626 Q876,652 850,656 L734,656 Q722,596 756,552 Z" fill="${darken(look.upper, 0.08)}"/>
${stitch("M762,566 Q738,606 744,648", line, 2.2)}`;
  const heelCounter = `<path d="M182,652 C168,590 172,500 192,446 L262,440 Q302,550 316,656 Z" fill="url(#${id}-ac)"/>
${stitch("M272,448 Q310,552 324,652", darken(look.upper, 0.25), 2.2)}`;
  const fiveLaces = laces(look, along(452, 392, 602, 508, 5));
  switch (style) {
    case "canvas":
      return `${stitch("M200,640 Q180,520 204,430", line, 2.2)}${stitch("M730,548 Q700,600 712,648", line, 2.2)}
<path d="M432,372 L614,514" stroke="${darken(look.upper, 0.1)}" stroke-width="30" stroke-linecap="round"/>
${stitch("M420,388 L600,530", line, 2)}${laces(look, along(450, 390, 604, 508, 7), 0.7)}
<path d="M232,400 L312,408 Q356,428 396,418" fill="none" stroke="${line}" stroke-width="6" stroke-linecap="round"/>
<rect x="196" y="560" width="34" height="22" rx="3" fill="${lighten(look.accent, 0.1)}" stroke="${darken(look.accent, 0.3)}" stroke-width="2"/>`;
    case "retro":
      return `${tongue}${heelCounter.replace(`url(#${id}-ac)`, darken(look.upper, 0.18))}${toeCap}
${[0, 1, 2].map((i) => `<path d="M${400 + i * 52},648 L${432 + i * 52},648 L${540 + i * 44},${470 + i * 28} L${514 + i * 44},${454 + i * 28} Z" fill="${look.accent}"/>`).join("")}
${eyestay}${fiveLaces}${collar}`;
    case "sleek":
      return `${stitch("M196,640 L850,640", line, 2)}
<path d="M436,416 L604,530" stroke="${darken(look.upper, 0.08)}" stroke-width="26" stroke-linecap="round"/>
${laces(look, along(456, 430, 590, 522, 4), 0.8)}
<path d="M240,434 L316,440 Q360,458 400,450" fill="none" stroke="${line}" stroke-width="8" stroke-linecap="round"/>
<rect x="202" y="520" width="10" height="60" rx="5" fill="${look.accent}"/>`;
    case "chunky":
      return `<path d="M186,600 Q320,540 440,600 Q560,640 700,580 Q800,560 866,620 L860,656 L182,652 Z" fill="url(#${id}-ac)"/>
<path d="M420,380 L640,520 Q600,560 520,540 L400,440 Z" fill="${darken(look.upper, 0.15)}"/>
<path d="M182,600 C170,520 180,450 204,416 L270,430 Q250,520 286,600 Z" fill="${darken(look.upper, 0.2)}"/>
${stitch("M196,592 Q320,536 440,592 Q560,632 700,572 Q800,552 858,608", lighten(look.upper, 0.3), 2)}
${tongue}${eyestay}${fiveLaces}
<path d="M230,394 Q300,380 396,414" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="22" stroke-linecap="round"/>`;
    case "trainer":
      return `${heelCounter}${toeCap}${tongue}${eyestay}${fiveLaces}${collar}
<path d="M440,652 L520,430 L640,500 L570,654 Z" fill="url(#${id}-ac)"/>
${stitch("M456,640 L526,446 M560,640 L626,506", lighten(look.accent, 0.35), 2)}
<rect x="590" y="520" width="26" height="50" rx="6" fill="${darken(look.accent, 0.3)}" transform="rotate(24 603 545)"/>`;
    case "tennis":
      return `<path d="M182,652 C168,600 170,560 178,540 Q420,600 700,560 Q820,560 868,626 Q878,650 860,656 Z" fill="${darken(look.upper, 0.06)}"/>
${stitch("M184,556 Q420,612 700,572 Q810,572 858,620", darken(look.upper, 0.3), 2)}
<path d="M196,420 Q208,394 240,396 L262,400 Q246,470 250,540 L188,530 Q180,470 196,420 Z" fill="url(#${id}-ac)"/>
${[0, 1, 2, 3]
  .flatMap((r) =>
    [0, 1, 2, 3, 4].map(
      (c) =>
        `<circle cx="${720 + c * 26 + r * 8}" cy="${568 + r * 16 + c * 4}" r="3.2" fill="${darken(look.upper, 0.4)}"/>`,
    ),
  )
  .join("")}
${tongue}${eyestay}${fiveLaces}${collar}`;
    default:
      return `${tongue}${heelCounter}
<path d="M336,618 Q480,604 566,496 L608,518 Q520,644 326,652 Z" fill="${look.accent}" opacity="0.9"/>
${toeCap}${eyestay}${fiveLaces}${collar}`;
  }
}

export function sneaker(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const upper = style === "sleek" ? SLEEK_UPPER : SNEAKER_UPPER;
  const sole = sneakerSole(look, id, look.base ?? SNEAKER_BASE[style] ?? "cupsole");
  const body = `<path d="${upper}" fill="url(#${id}-up)"/>${look.pattern === "stripes" ? "" : patternOver(look, id, upper)}
${sneakerOverlays(look, id, style)}${sheen(id, 720, 570, 90, 18, 18)}`;
  return `<g>${lifted(body, sole.lift)}${sole.markup}</g>`;
}

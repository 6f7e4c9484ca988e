// Side views (toe to the right, ground at y = 720) of running and walking shoes, one cut per style:
// racer, cushioned, trail, marathon, walker, sprint, knit sock, laceless slip-on and chunky.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import { along, laces, lifted, lugs } from "./parts.ts";
import { type ShoeLook, styleOf } from "./types.ts";

const UPPER =
  "M192,606 C176,540 184,470 208,430 Q220,402 254,408 L320,430 Q372,448 410,436 L442,404 Q462,390 480,408 L540,470 Q630,530 730,556 Q840,584 870,628 Q880,646 862,650 L240,626 Z";
/** A knit sock collar that hugs the ankle, with no separate tongue. */
const SOCK_UPPER =
  "M192,606 C176,540 180,450 200,390 Q214,360 250,366 Q330,380 400,372 Q450,366 480,400 L540,470 Q630,530 730,556 Q840,584 870,628 Q880,646 862,650 L240,626 Z";
const LOW_UPPER =
  "M192,606 C180,556 186,496 208,458 Q220,436 254,440 L320,456 Q372,470 410,460 L442,432 Q462,420 480,436 L540,488 Q630,540 730,562 Q840,588 870,628 Q880,646 862,650 L240,626 Z";

interface Sole {
  markup: string;
  /** How far the upper is raised (its bottom edge at y 650 - lift). */
  lift: number;
  /** Degrees the upper turns about its toe: a rocker sole lifts the heel. */
  tilt?: number;
}

function foam(look: ShoeLook, id: string, top: number, heelTop = top): string {
  return `<path d="M178,${heelTop} Q230,${heelTop - 10} 300,${heelTop + 6} Q500,${top + 40} 700,${top + 40} L850,${top + 40} Q896,${top + 46} 894,680 Q890,712 850,714 L210,714 Q170,712 168,670 Q166,${heelTop + 12} 178,${heelTop} Z" fill="url(#${id}-so)"/>
<path d="M180,704 L866,704 Q880,708 872,716 Q864,722 846,722 L204,722 Q184,722 180,712 Z" fill="${darken(look.sole, 0.45)}"/>`;
}

function runnerSole(look: ShoeLook, id: string, style: string): Sole {
  const wave = `<path d="M200,668 Q330,640 460,672 Q590,700 720,670 Q800,652 870,668" fill="none" stroke="${look.accent}" stroke-width="9" stroke-linecap="round"/>`;
  switch (style) {
    case "cushion":
      return {
        lift: 26,
        markup: `${foam(look, id, 574)}
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="${250 + i * 92}" cy="668" rx="38" ry="20" fill="${darken(look.sole, 0.06)}" stroke="${darken(look.sole, 0.14)}" stroke-width="2.5"/>`).join("")}`,
      };
    case "trail":
      return {
        lift: 4,
        markup: `${foam(look, id, 596)}<path d="M186,684 L880,684" stroke="${look.accent}" stroke-width="7"/>
${lugs(188, 870, 712, darken(look.sole, 0.55), 22)}`,
      };
    case "marathon":
      return {
        lift: 0,
        tilt: 4,
        markup: `<path d="M176,548 Q240,532 320,556 Q520,616 720,632 L852,638 Q898,646 894,680 Q890,712 850,714 L210,714 Q168,712 166,660 Q164,560 176,548 Z" fill="url(#${id}-so)"/>
<path d="M186,636 Q420,650 600,668 Q760,680 884,674" fill="none" stroke="${look.accent}" stroke-width="7"/>
<path d="M180,704 L866,704 Q880,708 872,716 Q864,722 846,722 L204,722 Q184,722 180,712 Z" fill="${darken(look.sole, 0.45)}"/>`,
      };
    case "walker":
      return {
        lift: 0,
        markup: `${foam(look, id, 600)}${stitch("M186,640 L880,646", darken(look.sole, 0.25), 2.5)}
<path d="M182,686 L884,686" stroke="${darken(look.sole, 0.2)}" stroke-width="4"/>`,
      };
    case "sprint":
      return {
        lift: -8,
        tilt: -2,
        markup: `<path d="M180,620 Q260,612 340,626 Q520,650 700,646 L850,644 Q890,648 892,676 Q888,700 852,702 L210,702 Q176,700 174,668 Q172,628 180,620 Z" fill="url(#${id}-so)"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${560 + i * 52},702 l10,18 l12,-18 Z" fill="${darken(look.sole, 0.5)}"/>`).join("")}
<path d="M200,702 L420,702 L414,716 L206,716 Z" fill="${darken(look.sole, 0.45)}"/>`,
      };
    case "knit":
    case "slip-on":
      return {
        lift: -4,
        markup: `${foam(look, id, 608)}<path d="M184,668 L884,668" stroke="${darken(look.sole, 0.18)}" stroke-width="4"/>`,
      };
    case "chunky":
      return {
        lift: 40,
        markup: `<path d="M166,596 Q240,580 330,598 Q430,616 530,594 Q630,578 730,598 Q820,614 880,596 Q908,628 904,680 Q900,721 856,721 L200,721 Q162,718 160,676 Q158,612 166,596 Z" fill="url(#${id}-so)"/>
<path d="M164,640 Q260,624 360,644 Q470,662 580,638 Q700,618 902,644" fill="none" stroke="${darken(look.sole, 0.2)}" stroke-width="5"/>
<path d="M170,674 Q300,660 420,680 Q560,696 700,674 Q800,660 902,680" fill="none" stroke="${look.accent}" stroke-width="9"/>
<path d="M180,706 L878,706 Q880,720 856,721 L200,721 Q180,720 180,706 Z" fill="${darken(look.sole, 0.45)}"/>`,
      };
    default:
      return { lift: 0, markup: `${foam(look, id, 600)}${wave}` };
  }
}

function ribs(look: ShoeLook, id: string, from: number, to: number): string {
  const lines: string[] = [];
  for (let y = from; y <= to; y += 16) {
    lines.push(
      `<path d="M190,${y} Q520,${y + 24} 880,${y + 60}" fill="none" stroke="${darken(look.upper, 0.22)}" stroke-width="3" opacity="0.7"/>`,
    );
  }
  return `<g clip-path="url(#${id}-clip)">${lines.join("")}</g>`;
}

function runnerOverlays(look: ShoeLook, id: string, style: string): string {
  const collar = (d = "M254,410 L320,432 Q372,450 410,438") =>
    `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.35)}" stroke-width="14" stroke-linecap="round"/>`;
  const eyestay = `<path d="M440,410 L606,530" stroke="${darken(look.upper, 0.15)}" stroke-width="30" stroke-linecap="round"/>`;
  const fourLaces = laces(look, along(460, 428, 568, 506, 4));
  const heelTab = `<path d="M214,426 Q220,380 248,384 L266,412 Z" fill="url(#${id}-ac)"/>`;
  switch (style) {
    case "cushion":
      return `${heelTab}<path d="M196,590 Q360,560 500,600 Q640,630 800,600 L862,650 L240,626 Z" fill="url(#${id}-ac)" opacity="0.9"/>
${eyestay}${fourLaces}${collar()}`;
    case "trail":
      return `<path d="M772,566 Q850,586 870,628 Q880,646 862,650 L760,646 Q744,600 772,566 Z" fill="${darken(look.sole, 0.3)}"/>
${[0, 1, 2].map((i) => `<path d="M${330 + i * 90},630 L${470 + i * 40},${440 + i * 30}" stroke="${look.accent}" stroke-width="16" stroke-linecap="round"/>`).join("")}
<path d="M204,470 Q212,430 250,420 L300,436 Q280,520 290,610 L196,600 Z" fill="${darken(look.upper, 0.25)}"/>
${eyestay}${laces(look, along(458, 426, 600, 528, 5))}${collar()}`;
    case "marathon":
      return `<path d="M196,420 Q196,380 222,384 L232,420 Z" fill="none" stroke="${look.accent}" stroke-width="8"/>
<path d="M196,520 Q240,500 300,520 L300,560 Q240,540 196,560 Z" fill="${lighten(look.accent, 0.5)}" opacity="0.9"/>
<path d="M320,610 Q480,560 600,500" fill="none" stroke="${look.accent}" stroke-width="18" stroke-linecap="round"/>
${eyestay}${fourLaces}${collar()}`;
    case "walker":
      return `<path d="M196,610 C184,560 186,500 204,460 L320,480 Q340,560 330,618 Z" fill="${darken(look.upper, 0.12)}"/>
${stitch("M212,470 L318,490 Q336,560 326,612", lighten(look.upper, 0.3), 2.2)}
<path d="M740,560 Q850,586 872,630 L866,650 L720,646 Q712,600 740,560 Z" fill="${darken(look.upper, 0.12)}"/>
${stitch("M746,574 Q724,610 730,644", lighten(look.upper, 0.3), 2.2)}
${eyestay}${laces(look, along(458, 426, 600, 528, 5))}
<path d="M236,404 Q320,420 410,430" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="26" stroke-linecap="round"/>`;
    case "sprint":
      return `<path d="M208,460 Q200,420 220,416 L236,456 Z" fill="none" stroke="${look.accent}" stroke-width="7"/>
<path d="M230,620 Q420,600 640,520 L680,540 Q460,640 240,640 Z" fill="url(#${id}-ac)"/>
<path d="M442,436 L600,540" stroke="${darken(look.upper, 0.15)}" stroke-width="24" stroke-linecap="round"/>
${laces(look, along(460, 452, 580, 532, 4), 0.8)}${collar("M254,442 L320,458 Q372,472 410,462")}`;
    case "knit":
      return `${ribs(look, id, 380, 620)}
<path d="M200,392 Q214,362 250,368 Q330,382 400,374 Q450,368 478,398" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="10" stroke-linecap="round"/>
<path d="M452,420 L606,530" stroke="${darken(look.upper, 0.12)}" stroke-width="24" stroke-linecap="round"/>
${laces(look, along(468, 436, 580, 516, 4), 0.8)}`;
    case "slip-on":
      return `${ribs(look, id, 420, 620)}
<path d="M428,424 L470,560 L520,450" fill="${darken(look.upper, 0.3)}" stroke="${darken(look.upper, 0.45)}" stroke-width="4"/>
${[0, 1, 2, 3].map((i) => `<path d="M${440 + i * 10},${440 + i * 30} L${510 - i * 10},${462 + i * 24}" stroke="${darken(look.upper, 0.5)}" stroke-width="2"/>`).join("")}
<path d="M210,432 Q200,386 228,384 L240,428" fill="none" stroke="${look.accent}" stroke-width="8" stroke-linecap="round"/>
<path d="M470,404 Q520,470 560,500 Q640,520 700,540" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="4"/>
${stitch("M462,414 Q512,480 552,510 Q636,532 696,552", lighten(look.upper, 0.3), 2)}
${collar()}`;
    case "chunky":
      return `<path d="M190,580 Q320,530 440,590 Q560,630 700,570 Q800,550 870,620 L862,650 L240,626 Z" fill="url(#${id}-ac)"/>
<path d="M440,410 L660,540 Q610,580 520,556 L410,460 Z" fill="${darken(look.upper, 0.18)}"/>
<path d="M200,560 C186,490 196,440 220,414 L290,436 Q266,500 300,570 Z" fill="${darken(look.upper, 0.22)}"/>
${stitch("M200,572 Q320,522 440,582 Q560,622 700,562 Q800,542 862,610", lighten(look.upper, 0.3), 2)}
${eyestay}${fourLaces}${collar()}`;
    default:
      return `${heelTab}
<path d="M300,600 Q420,560 520,480 L560,500 Q470,600 320,626 Z" fill="url(#${id}-ac)" opacity="0.95"/>
<path d="M390,610 Q500,590 600,520 L622,534 Q530,614 400,630 Z" fill="${lighten(look.accent, 0.35)}" opacity="0.9"/>
${eyestay}${fourLaces}${collar()}`;
  }
}

export function runner(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const upper = style === "knit" ? SOCK_UPPER : style === "sprint" ? LOW_UPPER : UPPER;
  const sole = runnerSole(look, id, style);
  const body = `<defs><clipPath id="${id}-clip"><path d="${upper}"/></clipPath></defs>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper)}
${runnerOverlays(look, id, style)}${sheen(id, 700, 580, 80, 16, 16)}`;
  const turned = sole.tilt ? `<g transform="rotate(${sole.tilt} 870 650)">${body}</g>` : body;
  return `<g>${lifted(turned, sole.lift)}${sole.markup}</g>`;
}

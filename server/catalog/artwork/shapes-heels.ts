// Side views (toe to the right, ground at y = 720) of raised women's shoes: court pumps (their
// heel and toe drawn from the look), strappy heeled sandals and wedges.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import { arch } from "./parts.ts";
import { type ShoeLook, styleOf } from "./types.ts";

/** Heel pieces drawn under the highest seat (y 520); lower seats squash them towards the ground. */
const PUMP_HEELS = {
  tapered: "M190,520 L292,560 Q268,620 256,720 L228,720 Q222,620 188,540 Z",
  stiletto: "M194,520 L284,556 Q250,604 246,720 L236,720 Q232,610 194,540 Z",
  block: "M192,520 L292,558 L286,720 L216,720 Q214,620 192,540 Z",
  kitten: "M196,520 L276,550 Q236,600 252,720 L240,720 Q226,610 200,542 Z",
} as const;

/** How far each heel lowers the pump from its highest (0) to its lowest (1) body. */
const PUMP_DROP: Record<keyof typeof PUMP_HEELS, number> = { stiletto: 0, block: 0.12, tapered: 0.42, kitten: 1 };

/** The pump's body at its highest and lowest; the same commands, so any height between is a blend. */
const PUMP_BODY = {
  seat: [
    "M188,506 C178,470 182,430 196,404 Q208,396 222,402 Q340,476 520,560 Q620,572 760,606",
    "M190,600 C182,570 186,540 198,520 Q210,514 222,518 Q340,572 520,604 Q620,608 760,626",
  ],
  back: ["L600,706 Q470,690 350,610 Q260,550 188,506 Z", "L600,706 Q470,696 350,660 Q260,630 190,600 Z"],
  sole: ["M186,504 Q260,548 356,612 Q470,690 600,704", "M188,598 Q260,626 356,656 Q470,694 600,704"],
  soleBack: ["L600,718 Q460,706 350,626 Q260,564 186,518 Z", "L600,718 Q460,708 350,672 Q260,640 188,612 Z"],
  lining: ["M222,404 Q340,478 520,562 Q380,516 226,440 Z", "M222,518 Q340,574 520,606 Q380,580 226,548 Z"],
  collar: ["M222,404 Q340,478 520,562", "M222,518 Q340,572 520,604"],
} as const;

/** The path with every number t of the way from `high` to `low`. */
function blend([high, low]: readonly [string, string], t: number): string {
  const lows = low.match(/-?\d+(\.\d+)?/g) ?? [];
  let i = 0;
  return high.replace(/-?\d+(\.\d+)?/g, (n) => {
    const target = Number(lows[i++] ?? n);
    return String(Math.round(Number(n) + (target - Number(n)) * t));
  });
}

export function pump(look: ShoeLook, id: string): string {
  // The look's schema allows a pump only these heels and toes.
  const heel = look.heel && Object.hasOwn(PUMP_HEELS, look.heel) ? (look.heel as keyof typeof PUMP_HEELS) : "tapered";
  const drop = PUMP_DROP[heel];
  const round = look.toe === "round";
  const toe = round ? "Q880,630 898,676 Q902,704 870,706" : "Q900,640 916,704";
  const soleToe = round ? "L860,706 Q900,704 900,690 Q904,716 870,718" : "L880,706 Q916,704 918,698 Q922,716 890,718";
  const upper = `${blend(PUMP_BODY.seat, drop)} ${toe} ${blend(PUMP_BODY.back, drop)}`;
  const sole = `${blend(PUMP_BODY.sole, drop)} ${soleToe} ${blend(PUMP_BODY.soleBack, drop)}`;
  // The heel's top meets the seat: squash it about the ground from y 520 to the seat's height.
  const squash = (720 - (520 + 90 * drop)) / 200;
  const foot = heel === "block" ? [216, 286] : [226, 258];
  return `<g>
<g transform="translate(0,720) scale(1,${squash.toFixed(3)}) translate(0,-720)"><path d="${PUMP_HEELS[heel]}" fill="url(#${id}-ac)"/></g>
<path d="M${foot[0]},712 L${foot[1]},712 L${foot[1]},720 L${foot[0]},720 Z" fill="${darken(look.sole, 0.5)}"/>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.9)}
<path d="${blend(PUMP_BODY.lining, drop)}" fill="${lighten(look.sole, 0.3)}"/>
<path d="${blend(PUMP_BODY.collar, drop)}" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="4"/>
<path d="${sole}" fill="url(#${id}-so)"/>
${sheen(id, 780, 636 + 14 * drop, 90, 16, 14)}${sheen(id, 260, 470 + 90 * drop, 30, 50, -30)}
</g>`;
}

function strap(look: ShoeLook, id: string, d: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="${width + 4}" stroke-linecap="round"/>
<path d="${d}" fill="none" stroke="url(#${id}-up)" stroke-width="${width}" stroke-linecap="round"/>`;
}

export function heel(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const heelPiece =
    look.heel === "block"
      ? `<path d="M192,452 L296,488 L290,720 L226,720 Q222,560 190,476 Z" fill="url(#${id}-ac)"/>`
      : `<path d="M192,452 L296,488 Q260,570 250,720 L240,720 Q230,584 190,476 Z" fill="url(#${id}-ac)"/>`;
  const counter = "M184,444 C176,410 180,380 194,356 L250,360 Q256,410 300,478 Q240,462 184,444 Z";
  const ankle = `<path d="M190,356 Q260,324 352,330 L354,354 Q268,352 200,382 Z" fill="url(#${id}-up)"/>
<rect x="330" y="326" width="26" height="32" rx="5" fill="none" stroke="${look.accent}" stroke-width="5"/>`;
  const toeBand = `<path d="M660,700 Q690,612 780,610 Q880,622 896,700 L860,702 Q846,648 784,644 Q716,648 700,702 Z" fill="url(#${id}-up)"/>
<path d="M700,702 Q716,648 784,644 Q846,648 860,702 Z" fill="${darken(look.upper, 0.55)}"/>`;
  const fronts: Record<string, string> = {
    "ankle-strap": `<path d="${counter}" fill="url(#${id}-up)"/>${patternOver(look, id, counter)}${ankle}
<path d="M250,362 Q330,420 400,560 L380,574 Q320,470 252,400 Z" fill="url(#${id}-up)"/>${toeBand}
<path d="M560,676 Q590,600 680,600 L690,626 Q620,632 596,688 Z" fill="url(#${id}-up)"/>
${stitch("M670,694 Q700,622 780,620 Q870,630 884,694", lighten(look.upper, 0.4), 2)}`,
    strappy: `${ankle}${strap(look, id, "M200,372 Q230,420 300,470", 12)}
${[0, 1, 2, 3].map((i) => strap(look, id, `M${540 + i * 84},${680 - i * 6} Q${580 + i * 84},${600 + i * 6} ${640 + i * 84},${610 + i * 8}`, 14)).join("")}
${[0, 1, 2, 3].map((i) => `<circle cx="${640 + i * 84}" cy="${610 + i * 8}" r="6" fill="${look.accent}"/>`).join("")}`,
    barely: `${strap(look, id, "M196,372 Q260,340 350,342", 10)}${strap(look, id, "M196,372 Q210,420 250,460", 10)}
${arch(look, id, 730, 890, 702, 636, 14)}
<rect x="338" y="332" width="18" height="22" rx="4" fill="none" stroke="${look.accent}" stroke-width="4"/>`,
    cross: `<path d="${counter}" fill="url(#${id}-up)"/>${ankle}
${strap(look, id, "M600,690 Q680,600 820,640", 22)}${strap(look, id, "M700,614 Q800,620 880,700", 22)}
<circle cx="760" cy="618" r="9" fill="${look.accent}"/>`,
  };
  return `<g>
${heelPiece}
<path d="M${look.heel === "block" ? 226 : 238},712 L${look.heel === "block" ? 290 : 252},712 L${look.heel === "block" ? 290 : 252},720 L${look.heel === "block" ? 226 : 238},720 Z" fill="${darken(look.sole, 0.5)}"/>
<path d="M186,440 Q280,480 380,560 Q480,660 620,700 L880,704 Q914,702 916,696 Q920,714 888,716 L620,716 Q470,676 372,574 Q280,494 186,456 Z" fill="url(#${id}-so)"/>
<path d="M186,440 Q280,480 380,560 Q480,660 620,700 L880,704" fill="none" stroke="${lighten(look.sole, 0.3)}" stroke-width="5"/>
${fronts[style] ?? ""}
${sheen(id, 780, 622, 50, 8, 6)}
</g>`;
}

export function wedge(look: ShoeLook, id: string): string {
  const style = styleOf(look);
  const front = "M620,700 Q640,600 760,596 Q880,606 900,700 L860,700 Q846,640 762,636 Q680,640 664,700 Z";
  const platform = style === "platform";
  const base = platform
    ? "M186,500 Q300,540 420,600 Q520,650 640,660 L880,660 Q912,664 910,692 Q906,720 876,720 L190,720 Q180,610 186,500 Z"
    : "M186,500 Q300,540 420,600 Q520,660 640,700 L900,704 Q910,712 900,720 L190,720 Q180,610 186,500 Z";
  const texture =
    style === "cork"
      ? Array.from(
          { length: 90 },
          (_, i) =>
            `<circle cx="${190 + ((i * 37) % 700)}" cy="${500 + ((i * 53) % 220)}" r="${2 + (i % 3)}" fill="${darken(look.sole, 0.3)}"/>`,
        ).join("")
      : style === "espadrille"
        ? Array.from(
            { length: 34 },
            (_, i) =>
              `<path d="M${200 + i * 22},720 L${210 + i * 22},500" stroke="${darken(look.sole, 0.18)}" stroke-width="3"/>`,
          ).join("")
        : `<path d="M190,640 Q400,650 880,676" fill="none" stroke="${lighten(look.sole, 0.3)}" stroke-width="6"/>`;
  const lift = platform ? 40 : 0;
  const straps: Record<string, string> = {
    espadrille: `<path d="M664,700 Q680,640 762,636 Q846,640 860,700 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="${front}" fill="url(#${id}-up)"/>${patternOver(look, id, front)}
<path d="M470,640 Q520,560 620,560 L640,590 Q560,596 520,660 Z" fill="url(#${id}-up)"/>
${stitch("M634,694 Q650,614 760,608 Q870,616 886,694", lighten(look.upper, 0.4), 2)}`,
    platform: `<g transform="translate(0,${-lift})">${strap(look, id, "M560,690 Q660,580 800,600", 30)}${strap(look, id, "M640,600 Q780,590 880,700", 30)}</g>`,
    cork: arch(look, id, 640, 900, 702, 616, 34),
  };
  return `<g>
<clipPath id="${id}-wedge"><path d="${base}"/></clipPath>
<path d="${base}" fill="url(#${id}-so)"/><g clip-path="url(#${id}-wedge)">${texture}</g>
<path d="M186,500 Q300,540 420,600 Q520,${platform ? 646 : 660} 640,${platform ? 656 : 700} L900,${platform ? 660 : 704} L900,${platform ? 648 : 690} L640,${platform ? 644 : 686} Q520,${platform ? 636 : 648} 420,586 Q300,526 186,486 Z" fill="${darken(look.sole, 0.35)}"/>
<path d="M190,490 C184,450 190,420 206,400 L300,420 Q330,470 360,560 Q270,516 190,490 Z" fill="url(#${id}-up)"/>
<path d="M200,404 Q290,370 380,384 L380,410 Q300,400 208,430 Z" fill="url(#${id}-up)"/>
<rect x="360" y="380" width="26" height="34" rx="5" fill="none" stroke="${look.accent}" stroke-width="5"/>
${straps[style] ?? ""}
${sheen(id, 760, 612 - lift, 60, 9, 4)}
</g>`;
}

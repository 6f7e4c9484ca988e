// Side views (toe to the right, ground at y = 720) of raised women's shoes: pumps, stilettos, wedges.
import { darken, lighten, patternOver, sheen, stitch } from "./palette.ts";
import type { ShoeLook } from "./types.ts";

export function pump(look: ShoeLook, id: string): string {
  const upper =
    "M188,506 C178,470 182,430 196,404 Q208,396 222,402 Q340,476 520,560 Q620,572 760,606 Q900,640 916,704 L600,706 Q470,690 350,610 Q260,550 188,506 Z";
  return `<g>
<path d="M190,520 L292,560 Q268,620 256,720 L228,720 Q222,620 188,540 Z" fill="url(#${id}-ac)"/>
<path d="M226,712 L258,712 L256,720 L226,720 Z" fill="${darken(look.sole, 0.5)}"/>
<path d="${upper}" fill="url(#${id}-up)"/>${patternOver(look, id, upper, 0.9)}
<path d="M222,404 Q340,478 520,562 Q380,516 226,440 Z" fill="${lighten(look.sole, 0.3)}"/>
<path d="M222,404 Q340,478 520,562" fill="none" stroke="${darken(look.upper, 0.3)}" stroke-width="4"/>
<path d="M186,504 Q260,548 356,612 Q470,690 600,704 L880,706 Q916,704 918,698 Q922,716 890,718 L600,718 Q460,706 350,626 Q260,564 186,518 Z" fill="url(#${id}-so)"/>
${sheen(id, 780, 636, 90, 16, 14)}${sheen(id, 260, 470, 30, 50, -30)}
</g>`;
}

export function heel(look: ShoeLook, id: string): string {
  const counter = "M184,444 C176,410 180,380 194,356 L250,360 Q256,410 300,478 Q240,462 184,444 Z";
  const strap = "M190,356 Q260,324 352,330 L354,354 Q268,352 200,382 Z";
  return `<g>
<path d="M192,452 L296,488 Q260,570 250,720 L240,720 Q230,584 190,476 Z" fill="url(#${id}-ac)"/>
<path d="M238,712 L252,712 L252,720 L238,720 Z" fill="${darken(look.sole, 0.5)}"/>
<path d="M186,440 Q280,480 380,560 Q480,660 620,700 L880,704 Q914,702 916,696 Q920,714 888,716 L620,716 Q470,676 372,574 Q280,494 186,456 Z" fill="url(#${id}-so)"/>
<path d="M186,440 Q280,480 380,560 Q480,660 620,700 L880,704" fill="none" stroke="${lighten(look.sole, 0.3)}" stroke-width="5"/>
<path d="${counter}" fill="url(#${id}-up)"/>${patternOver(look, id, counter)}
<path d="${strap}" fill="url(#${id}-up)"/>
<rect x="330" y="326" width="26" height="32" rx="5" fill="none" stroke="${look.accent}" stroke-width="5"/>
<path d="M250,362 Q330,420 400,560 L380,574 Q320,470 252,400 Z" fill="url(#${id}-up)"/>
<path d="M660,700 Q690,612 780,610 Q880,622 896,700 L860,702 Q846,648 784,644 Q716,648 700,702 Z" fill="url(#${id}-up)"/>
<path d="M700,702 Q716,648 784,644 Q846,648 860,702 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="M560,676 Q590,600 680,600 L690,626 Q620,632 596,688 Z" fill="url(#${id}-up)"/>
${stitch("M670,694 Q700,622 780,620 Q870,630 884,694", lighten(look.upper, 0.4), 2)}
${sheen(id, 780, 622, 50, 8, 6)}
</g>`;
}

export function wedge(look: ShoeLook, id: string): string {
  const rope = darken(look.sole, 0.18);
  const front = "M620,700 Q640,600 760,596 Q880,606 900,700 L860,700 Q846,640 762,636 Q680,640 664,700 Z";
  return `<g>
<path d="M186,500 Q300,540 420,600 Q520,660 640,700 L900,704 Q910,712 900,720 L190,720 Q180,610 186,500 Z" fill="url(#${id}-so)"/>
${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
  .map(
    (i) =>
      `<path d="M${200 + i * 22},${716} L${210 + i * 22},${Math.min(700, 520 + i * 18)}" stroke="${rope}" stroke-width="3"/>`,
  )
  .join("")}
<path d="M186,500 Q300,540 420,600 Q520,660 640,700 L900,704 L900,690 L640,686 Q520,648 420,586 Q300,526 186,486 Z" fill="${darken(look.sole, 0.35)}"/>
<path d="M664,700 Q680,640 762,636 Q846,640 860,700 Z" fill="${darken(look.upper, 0.55)}"/>
<path d="${front}" fill="url(#${id}-up)"/>${patternOver(look, id, front)}
<path d="M190,490 C184,450 190,420 206,400 L300,420 Q330,470 360,560 Q270,516 190,490 Z" fill="url(#${id}-up)"/>
<path d="M200,404 Q290,370 380,384 L380,410 Q300,400 208,430 Z" fill="url(#${id}-up)"/>
<rect x="360" y="380" width="26" height="34" rx="5" fill="none" stroke="${look.accent}" stroke-width="5"/>
<path d="M470,640 Q520,560 620,560 L640,590 Q560,596 520,660 Z" fill="url(#${id}-up)"/>
${stitch("M634,694 Q650,614 760,608 Q870,616 886,694", lighten(look.upper, 0.4), 2)}
${sheen(id, 760, 612, 60, 9, 4)}
</g>`;
}

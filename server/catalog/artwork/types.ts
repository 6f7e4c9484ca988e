// What a generated shoe picture looks like: its silhouette, the details that tell one product from
// another of the same kind, and its colourway. The demo catalogue's data files are checked against
// `shoeLookSchema`, so a look only names details its shape's drawing knows how to draw.
import { z } from "zod";

/**
 * Each shape's styles (its cut: lacing, straps, overlays), the first being its default. The other
 * details each shape can take: toe, base (sole build), heel and stitching; a shape without a list
 * for a detail ignores it, so the schema refuses it there.
 */
export const SHAPE_OPTIONS = {
  sneaker: {
    styles: ["court", "canvas", "retro", "sleek", "chunky", "trainer", "tennis"],
    bases: ["cupsole", "vulcanised", "chunky", "herringbone"],
  },
  runner: { styles: ["racer", "cushion", "trail", "marathon", "walker", "sprint", "knit", "slip-on", "chunky"] },
  oxford: {
    styles: ["cap-toe", "wingtip", "derby", "brogue-derby", "wholecut"],
    toes: ["round", "almond", "square"],
    bases: ["leather", "lug"],
  },
  loafer: {
    styles: ["penny", "horsebit", "bit", "plain", "smoking", "moccasin", "boat", "driver"],
    toes: ["round", "almond", "square", "pointed"],
    bases: ["leather", "lug", "boat", "pebble"],
  },
  sandal: { styles: ["cross", "velcro", "sport", "buckle", "slim"] },
  slipper: { styles: ["pool", "two-strap", "home", "sport", "thin", "cross"] },
  peshawari: {
    styles: ["crossed", "kaptaan", "norozi", "closed", "t-strap", "ladies"],
    toes: ["pointed", "round"],
    bases: ["layered", "tyre", "thin", "stacked"],
    stitches: ["single", "double", "contrast"],
  },
  khussa: { styles: ["closed", "mule"], toes: ["curled", "pointed", "round"] },
  kolhapuri: { styles: ["classic", "t-strap"] },
  pump: {
    styles: ["court"],
    toes: ["pointed", "round"],
    heels: ["stiletto", "tapered", "block", "kitten"],
  },
  heel: { styles: ["ankle-strap", "strappy", "barely", "cross"], heels: ["stiletto", "block"] },
  wedge: { styles: ["espadrille", "platform", "cork"] },
} as const satisfies Record<string, ShapeOptions>;

interface ShapeOptions {
  styles: readonly string[];
  toes?: readonly string[];
  bases?: readonly string[];
  heels?: readonly string[];
  stitches?: readonly string[];
}
type Detail = keyof ShapeOptions;

export type ShoeShape = keyof typeof SHAPE_OPTIONS;
export const SHOE_SHAPES = Object.keys(SHAPE_OPTIONS) as ShoeShape[];

/** Surface ornament painted over the upper. */
export const SHOE_PATTERNS = [
  "plain",
  "embroidery",
  "perforated",
  "stripes",
  "mesh",
  "tilla",
  "mirror",
  "pearls",
  "gota",
] as const;

type Union<K extends string> = {
  [S in ShoeShape]: (typeof SHAPE_OPTIONS)[S] extends Record<K, readonly (infer T)[]> ? T : never;
}[ShoeShape];
export type ShoeStyle = Union<"styles">;
export type ShoeToe = Union<"toes">;
export type ShoeBase = Union<"bases">;
export type ShoeStitch = Union<"stitches">;

const allOf = <K extends Detail>(key: K) =>
  [...new Set(Object.values(SHAPE_OPTIONS as Record<string, ShapeOptions>).flatMap((o) => o[key] ?? []))] as [
    Union<K>,
    ...Union<K>[],
  ];

/** The look's field for each detail a shape may list. */
const DETAIL_FIELDS = { styles: "style", toes: "toe", bases: "base", heels: "heel", stitches: "stitch" } as const;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, "a colour is written #rrggbb");

export const shoeLookSchema = z
  .object({
    shape: z.enum(SHOE_SHAPES as [ShoeShape, ...ShoeShape[]]),
    style: z.enum(allOf("styles")).optional(),
    toe: z.enum(allOf("toes")).optional(),
    base: z.enum(allOf("bases")).optional(),
    heel: z.enum(allOf("heels")).optional(),
    stitch: z.enum(allOf("stitches")).optional(),
    pattern: z.enum(SHOE_PATTERNS).optional(),
    upper: hex,
    sole: hex,
    accent: hex,
    background: hex,
  })
  .strict()
  .superRefine((look, ctx) => {
    const options: ShapeOptions = SHAPE_OPTIONS[look.shape];
    for (const [list, detail] of Object.entries(DETAIL_FIELDS) as [Detail, (typeof DETAIL_FIELDS)[Detail]][]) {
      const value = look[detail];
      const allowed = options[list];
      if (value === undefined || allowed?.includes(value)) continue;
      ctx.addIssue({
        code: "custom",
        path: [detail],
        message: allowed
          ? `a ${look.shape} takes ${detail} ${allowed.join(", ")}, not ${value}`
          : `a ${look.shape} has no ${detail}`,
      });
    }
  });

export type ShoeLook = z.infer<typeof shoeLookSchema>;

/** The look's style, or its shape's first (default) style. */
export function styleOf(look: ShoeLook): ShoeStyle {
  return look.style ?? SHAPE_OPTIONS[look.shape].styles[0];
}

// What a generated shoe picture looks like: its silhouette and colourway.

export type ShoeShape =
  | "sneaker"
  | "runner"
  | "oxford"
  | "loafer"
  | "sandal"
  | "slipper"
  | "peshawari"
  | "khussa"
  | "kolhapuri"
  | "pump"
  | "heel"
  | "wedge";

export type ShoePattern = "plain" | "embroidery" | "perforated" | "stripes" | "mesh";

export interface ShoeLook {
  shape: ShoeShape;
  /** Hex colours. */
  upper: string;
  sole: string;
  accent: string;
  background: string;
  pattern?: ShoePattern;
}

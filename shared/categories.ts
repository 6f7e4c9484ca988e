// The ten categories of docs/product.md section 7 and the navigation built from them.
// A category's page path is the lowercase gender path plus the hyphenated name,
// exactly as the spec writes it (so '&' stays in the path).

export const GENDERS = ["men", "women"] as const;
export type Gender = (typeof GENDERS)[number];

export const CATEGORY_SLUGS = [
  "men-sneakers-casual-shoes",
  "men-formal-shoes",
  "men-sports-shoes",
  "men-sandals-slippers",
  "men-peshawari-chappal",
  "women-pumps-khusa",
  "women-heels-sandals",
  "women-loafers",
  "women-sneakers-casual-shoes",
  "women-slippers-chappal",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface Category {
  slug: CategorySlug;
  gender: Gender;
  name: string;
  /** Page path, e.g. /men/sneakers-&-casual-shoes */
  path: string;
}

function category(slug: CategorySlug, gender: Gender, name: string): Category {
  return { slug, gender, name, path: `/${gender}/${name.toLowerCase().replaceAll(" ", "-")}` };
}

/** In the order of the navigation dropdowns (docs/product.md section 2). */
export const CATEGORIES: readonly Category[] = [
  category("men-sneakers-casual-shoes", "men", "Sneakers & Casual Shoes"),
  category("men-formal-shoes", "men", "Formal Shoes"),
  category("men-sports-shoes", "men", "Sports Shoes"),
  category("men-sandals-slippers", "men", "Sandals & Slippers"),
  category("men-peshawari-chappal", "men", "Peshawari Chappal"),
  category("women-pumps-khusa", "women", "Pumps & Khusa"),
  category("women-heels-sandals", "women", "Heels & Sandals"),
  category("women-loafers", "women", "Loafers"),
  category("women-sneakers-casual-shoes", "women", "Sneakers & Casual Shoes"),
  category("women-slippers-chappal", "women", "Slippers & Chappal"),
];

/** Section order of the overview pages, which differs from the dropdown order. */
export const OVERVIEW_SECTIONS: Record<Gender, readonly CategorySlug[]> = {
  men: [
    "men-sneakers-casual-shoes",
    "men-sports-shoes",
    "men-formal-shoes",
    "men-sandals-slippers",
    "men-peshawari-chappal",
  ],
  women: [
    "women-pumps-khusa",
    "women-heels-sandals",
    "women-slippers-chappal",
    "women-sneakers-casual-shoes",
    "women-loafers",
  ],
};

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));
const byPath = new Map(CATEGORIES.map((c) => [c.path, c]));

export function isCategorySlug(value: string): value is CategorySlug {
  return bySlug.has(value as CategorySlug);
}

export function categoryBySlug(slug: CategorySlug): Category {
  const found = bySlug.get(slug);
  if (!found) throw new Error(`Unknown category ${slug}`);
  return found;
}

/** Finds the category of a page path such as /women/heels-&-sandals (decoded). */
export function categoryByPath(path: string): Category | undefined {
  return byPath.get(path);
}

export function categoriesOf(gender: Gender): Category[] {
  return CATEGORIES.filter((c) => c.gender === gender);
}

export const GENDER_LABEL: Record<Gender, string> = { men: "Men", women: "Women" };

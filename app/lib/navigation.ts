// Navigation of docs/product.md section 2, built from the category list.
import { CATEGORIES, type Gender } from "#shared/categories.ts";

export interface NavItem {
  label: string;
  to: string;
}

/** The 'All' entry of each dropdown: /men/All and /women/all, as the spec writes them. */
export const ALL_PATH: Record<Gender, string> = { men: "/men/All", women: "/women/all" };

export function dropdownItems(gender: Gender): NavItem[] {
  return [
    { label: "All", to: ALL_PATH[gender] },
    ...CATEGORIES.filter((c) => c.gender === gender).map((c) => ({ label: c.name, to: c.path })),
  ];
}

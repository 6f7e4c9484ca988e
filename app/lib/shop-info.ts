// The shop's contact details as the root loader hands them to every page.
import { useRouteLoaderData } from "react-router";

export interface ShopInfo {
  phone: string;
  email: string;
  instagram: string;
}

const NONE: ShopInfo = { phone: "", email: "", instagram: "" };

export function useShopInfo(): ShopInfo {
  const root = useRouteLoaderData("root") as { shop?: ShopInfo } | undefined;
  return root?.shop ?? NONE;
}

import { LogIn } from "lucide-react";
import { useLocation } from "react-router";
import { SHOP_NAME } from "#shared/shop.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { isCurrentPage } from "../../lib/light-links.ts";
import { dropdownItems } from "../../lib/navigation.ts";
import { LightLink } from "../LightLink.tsx";
import { HeaderSearch } from "../search/HeaderSearch.tsx";
import { LogoutButton } from "./LogoutButton.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { NavDropdown } from "./NavDropdown.tsx";

export function SiteHeader() {
  const { isAuthenticated, user } = useAuth();
  // One reading of the address marks the open page on every link of the header and its menus: the
  // links are light links (decision 051), not <NavLink>s that each read it and build a URL.
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-4 sm:px-4">
        <MobileMenu pathname={pathname} />
        <LightLink
          to="/"
          className="mr-auto min-w-0 text-base font-extrabold leading-tight tracking-tight text-brand-700 sm:text-lg md:mr-6 md:whitespace-nowrap"
        >
          {SHOP_NAME}
        </LightLink>
        <div className="hidden items-center gap-5 md:flex md:flex-1">
          <LightLink to="/" current={isCurrentPage(pathname, "/", true)} className="nav-link">
            Home
          </LightLink>
          <NavDropdown label="Men" to="/men" items={dropdownItems("men")} pathname={pathname} />
          <NavDropdown label="Women" to="/women" items={dropdownItems("women")} pathname={pathname} />
          <LightLink to="/contact" current={isCurrentPage(pathname, "/contact")} className="nav-link">
            Contact
          </LightLink>
        </div>
        {user?.role === "admin" ? (
          <LightLink to="/admin" current={isCurrentPage(pathname, "/admin")} className="nav-link hidden md:inline">
            Admin
          </LightLink>
        ) : null}
        <HeaderSearch />
        {/* The cart is the floating link (FloatingLinks.tsx, docs/product.md section 2): one cart icon, not two. */}
        {isAuthenticated ? (
          <LogoutButton />
        ) : (
          <LightLink to="/login" className="icon-button gap-1.5 sm:px-3">
            <LogIn aria-hidden="true" className="size-5" />
            <span className="sr-only text-sm font-medium sm:not-sr-only">Login</span>
          </LightLink>
        )}
      </nav>
    </header>
  );
}

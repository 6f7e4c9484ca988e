// A navigation dropdown: opens on click, Enter or Space, closes on Escape, on a click
// elsewhere and when focus leaves it.
import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { isCurrentPage } from "../../lib/light-links.ts";
import type { NavItem } from "../../lib/navigation.ts";
import { HydrateLater } from "../HydrateLater.tsx";
import { LightLink } from "../LightLink.tsx";

export function NavDropdown({
  label,
  to,
  items,
  pathname,
}: {
  label: string;
  to: string;
  items: NavItem[];
  /** The open page's path, which marks its link. */
  pathname: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the button is the control; hover and Escape only help
    <div
      ref={root}
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          root.current?.querySelector("button")?.focus();
        }
      }}
    >
      <div className="flex items-center">
        <LightLink to={to} current={isCurrentPage(pathname, to)} className="nav-link">
          {label}
        </LightLink>
        <button
          type="button"
          className="rounded p-1 text-stone-600 hover:text-brand-700"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={`${label} categories`}
          // A pointer has already opened it on hover, so a click keeps it open; keys toggle.
          onClick={(event) => setOpen((v) => (event.detail === 0 ? !v : true))}
        >
          <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      </div>
      {/* Out of sight until opened: its links hydrate in a task of their own (decision 049). */}
      <HydrateLater>
        <ul
          id={menuId}
          hidden={!open}
          className="absolute left-0 top-full z-40 min-w-56 rounded-lg border border-stone-200 bg-white py-2 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.to}>
              <LightLink
                to={item.to}
                current={isCurrentPage(pathname, item.to)}
                className="block px-4 py-2 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                onClick={() => setOpen(false)}
              >
                {item.label}
              </LightLink>
            </li>
          ))}
        </ul>
      </HydrateLater>
    </div>
  );
}

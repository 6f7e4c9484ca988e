// The phone menu: a sheet with Home, expandable Men and Women sections, Contact (and Admin for admins). A native
// <dialog>, shown as a popover where the browser has them (showSheetHoldingPage, decision 055): the
// browser puts it on top and closes it on Escape, the page behind is inert from the next task, and
// Tab stays on its own controls. The <dialog> covers the screen (its dimmed part closes it on a tap);
// the white panel is inside it. A browser without popovers opens it as the modal it was.
import { ChevronDown, Menu, X } from "lucide-react";
import { useRef, useState } from "react";
import { GENDER_LABEL, type Gender } from "#shared/categories.ts";
import { useAuth } from "../../lib/auth-store.ts";
import { isCurrentPage } from "../../lib/light-links.ts";
import { closeSheet, showSheetHoldingPage } from "../../lib/modal.ts";
import { dropdownItems } from "../../lib/navigation.ts";
import { HydrateLater } from "../HydrateLater.tsx";
import { LightLink } from "../LightLink.tsx";

/** `pathname`: the open page's path, which marks its link. */
export function MobileMenu({ pathname }: { pathname: string }) {
  const isAdmin = useAuth().user?.role === "admin";
  const dialog = useRef<HTMLDialogElement>(null);
  const [expanded, setExpanded] = useState<Gender | null>(null);
  const close = () => closeSheet(dialog.current);
  const link = "block rounded-md px-3 py-3 text-base font-medium text-stone-800 hover:bg-brand-50";

  return (
    <>
      <button
        type="button"
        className="icon-button md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={(event) => showSheetHoldingPage(dialog.current, event.currentTarget)}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {/* A tap on the dimmed part lands on the dialog element itself and closes it; Escape is native. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape, natively */}
      <dialog
        ref={dialog}
        popover="auto"
        aria-modal="true"
        aria-labelledby="mobile-menu-title"
        onClose={() => setExpanded(null)}
        onToggle={(event) => {
          if (event.newState === "closed") setExpanded(null);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="m-0 size-full max-h-none max-w-none bg-black/40 p-0 backdrop:bg-transparent [&:popover-open]:block"
      >
        <div className="h-dvh w-80 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="mobile-menu-title" className="text-lg font-bold">
              Menu
            </h2>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={close}>
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          {/* Out of sight until opened: its links hydrate in a task of their own (decision 049). */}
          <HydrateLater>
            <ul className="space-y-1">
              <li>
                <LightLink to="/" current={isCurrentPage(pathname, "/", true)} className={link} onClick={close}>
                  Home
                </LightLink>
              </li>
              {(["men", "women"] as const).map((gender) => (
                <li key={gender}>
                  <button
                    type="button"
                    className={`${link} flex w-full items-center justify-between`}
                    aria-expanded={expanded === gender}
                    aria-controls={`mobile-${gender}`}
                    onClick={() => setExpanded(expanded === gender ? null : gender)}
                  >
                    {GENDER_LABEL[gender]}
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-5 transition-transform ${expanded === gender ? "rotate-180" : ""}`}
                    />
                  </button>
                  <ul
                    id={`mobile-${gender}`}
                    hidden={expanded !== gender}
                    className="ml-3 border-l border-stone-200 pl-2"
                  >
                    {dropdownItems(gender).map((item) => (
                      <li key={item.to}>
                        <LightLink
                          to={item.to}
                          current={isCurrentPage(pathname, item.to)}
                          className="block px-3 py-2 text-stone-700 hover:text-brand-700"
                          onClick={close}
                        >
                          {item.label}
                        </LightLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
              <li>
                <LightLink to="/contact" current={isCurrentPage(pathname, "/contact")} className={link} onClick={close}>
                  Contact
                </LightLink>
              </li>
              {/* The footer's name for it (docs/product.md section 2): a phone reaches its orders without scrolling down. */}
              <li>
                <LightLink
                  to="/TrackOrder"
                  current={isCurrentPage(pathname, "/TrackOrder")}
                  className={link}
                  onClick={close}
                >
                  Track Your Order
                </LightLink>
              </li>
              {isAdmin ? (
                <li>
                  <LightLink to="/admin" current={isCurrentPage(pathname, "/admin")} className={link} onClick={close}>
                    Admin
                  </LightLink>
                </li>
              ) : null}
            </ul>
          </HydrateLater>
        </div>
      </dialog>
    </>
  );
}

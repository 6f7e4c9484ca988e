// The phone menu: a sheet with Home, expandable Men and Women sections, and Contact.
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronDown, Menu, X } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { GENDER_LABEL, type Gender } from "#shared/categories.ts";
import { dropdownItems } from "../../lib/navigation.ts";

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<Gender | null>(null);
  const close = () => setOpen(false);
  const link = "block rounded-md px-3 py-3 text-base font-medium text-stone-800 hover:bg-brand-50";

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="icon-button md:hidden" aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Browse the shop by section.</Dialog.Description>
          <ul className="space-y-1">
            <li>
              <NavLink to="/" end className={link} onClick={close}>
                Home
              </NavLink>
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
                      <NavLink
                        to={item.to}
                        className="block px-3 py-2 text-stone-700 hover:text-brand-700"
                        onClick={close}
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={link} onClick={close}>
                Contact
              </NavLink>
            </li>
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Mail, MessageCircle, Phone } from "lucide-react";
import { categoriesOf } from "#shared/categories.ts";
import { COPYRIGHT_YEAR, FOOTER_LINKS, instagramUrl, SHOP_NAME, whatsappUrl } from "#shared/shop.ts";
import type { ShopInfo } from "../../lib/shop-info.ts";
import { InstagramIcon } from "../icons/InstagramIcon.tsx";
import { LightLink } from "../LightLink.tsx";

export function SiteFooter({ shop, roomForFloatingLinks }: { shop: ShopInfo; roomForFloatingLinks: boolean }) {
  return (
    // `grow`: the footer, not the page above it, takes the room a short page leaves. A phone paints a
    // page before it has parsed all of it, and a footer pushed to the window's end then climbed as the
    // rest of it arrived (Track Your Order's by 260-440 px in 3 loads of 10 at 4x CPU; decision 054).
    <footer className="mt-16 grow bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="text-lg font-bold text-white">
            {SHOP_NAME}
          </h2>
          <p className="mt-2 text-sm text-stone-300">Men's and women's footwear, delivered free across Karachi.</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`tel:${shop.phone.replace(/\s/g, "")}`} className="footer-link inline-flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4" /> {shop.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${shop.email}`} className="footer-link inline-flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4" /> {shop.email}
              </a>
            </li>
          </ul>
          <div className="mt-4 flex gap-3">
            <a
              href={whatsappUrl(shop.phone)}
              className="footer-icon"
              aria-label="Chat with us on WhatsApp"
              rel="noopener"
            >
              <MessageCircle aria-hidden="true" className="size-5" />
            </a>
            <a
              href={instagramUrl(shop.instagram)}
              className="footer-icon"
              aria-label="Message us on Instagram"
              rel="noopener"
            >
              <InstagramIcon className="size-5" />
            </a>
            <a href={`mailto:${shop.email}`} className="footer-icon" aria-label="E-mail us">
              <Mail aria-hidden="true" className="size-5" />
            </a>
          </div>
        </section>
        <FooterList title="Shop" links={FOOTER_LINKS.map((l) => ({ label: l.label, to: l.to }))} />
        <FooterList title="Men" links={categoriesOf("men").map((c) => ({ label: c.name, to: c.path }))} />
        <FooterList title="Women" links={categoriesOf("women").map((c) => ({ label: c.name, to: c.path }))} />
      </div>
      <p
        className={`border-t border-stone-700 pt-4 text-center text-sm text-stone-400 ${roomForFloatingLinks ? "pb-20" : "pb-4"}`}
      >
        {`© ${COPYRIGHT_YEAR} ${SHOP_NAME}. All rights reserved.`}
      </p>
    </footer>
  );
}

function FooterList({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  const id = `footer-links-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <LightLink to={link.to} className="footer-link">
              {link.label}
            </LightLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

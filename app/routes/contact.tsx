import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown, Mail, MessageCircle } from "lucide-react";
import { instagramUrl, whatsappUrl } from "#shared/shop.ts";
import { InstagramIcon } from "../components/icons/InstagramIcon.tsx";
import { pageMeta, publicUrlOf } from "../lib/seo.ts";
import { useShopInfo } from "../lib/shop-info.ts";
import type { Route } from "./+types/contact.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description: "Contact the shop by WhatsApp, Instagram direct message or e-mail. Answers to common questions.",
    publicUrl: publicUrlOf(matches),
    path: "/contact",
  });
}

const FAQS = [
  {
    id: "refund",
    question: "Refund Policy",
    answer:
      "We do not give cash refunds; we exchange only. Returns are sent at the customer's own cost. If there is a problem with your order, send us photos of it on WhatsApp and we will arrange an exchange.",
  },
  {
    id: "contact",
    question: "How to Contact Us",
    answer: "Message us on WhatsApp, send a direct message on Instagram, or e-mail us. We answer online 7 days a week.",
  },
  {
    id: "delivery",
    question: "Do You Deliver All Over Pakistan",
    answer: "Not yet: we deliver in Karachi only, free of charge, with cash on delivery.",
  },
];

export default function Contact() {
  const shop = useShopInfo();
  const channels = [
    { label: "WhatsApp", detail: shop.phone, href: whatsappUrl(shop.phone), Icon: MessageCircle },
    {
      label: "Instagram direct message",
      detail: `@${shop.instagram}`,
      href: instagramUrl(shop.instagram),
      Icon: InstagramIcon,
    },
    { label: "E-mail", detail: shop.email, href: `mailto:${shop.email}`, Icon: Mail },
  ];
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title">Contact Us</h1>
      <p className="mt-2 text-stone-700">We are online 7 days a week. Pick the way that suits you.</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        {channels.map(({ label, detail, href, Icon }) => (
          <li key={label}>
            <a
              href={href}
              rel="noopener"
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-stone-200 p-5 text-center hover:border-brand-700 hover:bg-brand-50"
            >
              <Icon aria-hidden="true" className="size-8 text-brand-700" />
              <span className="font-semibold">{label}</span>
              <span className="break-all text-sm text-stone-600">{detail}</span>
            </a>
          </li>
        ))}
      </ul>
      <h2 className="mt-12 text-xl font-bold">Frequently Asked Questions</h2>
      {/* One item open at a time; clicking the open one closes it. */}
      <Accordion.Root
        type="single"
        collapsible
        className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200"
      >
        {FAQS.map((faq) => (
          <Accordion.Item key={faq.id} value={faq.id}>
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-stone-50">
                {faq.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-stone-700">{faq.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  );
}

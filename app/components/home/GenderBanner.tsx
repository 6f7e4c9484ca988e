import { LightLink } from "../LightLink.tsx";
import { SitePicture } from "../SitePicture.tsx";

/**
 * The Women / Men banner: one picture, each half a link to its overview. On a phone the picture is too
 * short to carry the buttons without hiding its shoes, so they sit under it, each under its half.
 */
export function GenderBanner() {
  return (
    <section aria-label="Shop women or men" className="page">
      <div className="relative overflow-hidden rounded-2xl">
        <SitePicture name="banner" sizes="(min-width: 1280px) 1248px, 100vw" className="h-auto w-full" />
        <div className="grid grid-cols-2 md:absolute md:inset-0">
          <LightLink to="/women" className="flex items-end justify-center bg-rose-50 py-3 md:bg-transparent md:pb-8">
            <span className="button-primary">Shop Women</span>
          </LightLink>
          <LightLink to="/men" className="flex items-end justify-center bg-slate-100 py-3 md:bg-transparent md:pb-8">
            <span className="button-primary">Shop Men</span>
          </LightLink>
        </div>
      </div>
    </section>
  );
}

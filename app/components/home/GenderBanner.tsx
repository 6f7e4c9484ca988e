import { Link } from "react-router";
import { SitePicture } from "../SitePicture.tsx";

/** The Women / Men banner: one picture, each half a link to its overview. */
export function GenderBanner() {
  return (
    <section aria-label="Shop women or men" className="page">
      <div className="relative overflow-hidden rounded-2xl">
        <SitePicture name="banner" sizes="(min-width: 1280px) 1248px, 100vw" className="h-auto w-full" />
        <div className="absolute inset-0 grid grid-cols-2">
          <Link to="/women" className="flex items-end justify-center pb-4 md:pb-8">
            <span className="button-primary">Shop Women</span>
          </Link>
          <Link to="/men" className="flex items-end justify-center pb-4 md:pb-8">
            <span className="button-primary">Shop Men</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

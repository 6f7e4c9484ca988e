// The parameters an advert or a shared post adds to a link: Facebook's `fbclid` (a new value on every
// click), Google's click ids, Instagram's share id and the `utm_` campaign tags. The shop reads none
// of them, so a page's HTML is the same with or without them (tests/page-cache.test.ts renders every
// kind of page with a parameter it does not read, and compares). Keeping pages by the address
// without them makes a sale post's clicks served from the page cache instead of each one rendered
// (issue 35). The browser's address bar keeps them, for any tool of the owner's that reads them there.

const TRACKING =
  /^(?:utm_[a-z]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|ttclid|twclid|igshid|li_fat_id|mc_cid|mc_eid)$/i;

const nameOf = (pair: string) => {
  const raw = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
};

/**
 * `url` (a path or a whole address) without the tracking parameters, everything else exactly as
 * written: the same order and the same encoding, so an address without them is its own key.
 */
export function withoutTracking(url: string): string {
  const question = url.indexOf("?");
  if (question < 0) return url;
  const pairs = url.slice(question + 1).split("&");
  const kept = pairs.filter((pair) => !TRACKING.test(nameOf(pair)));
  if (kept.length === pairs.length) return url;
  const path = url.slice(0, question);
  return kept.length > 0 ? `${path}?${kept.join("&")}` : path;
}

// How long a customer's photo may take to arrive (issue 46, docs/decisions/030-photos-shrunk-on-the-phone.md).
// Every other body must arrive within CLIENT_TIMEOUT_SECONDS (30 s); a photo's gets its own budget,
// sized so that the largest photo the route takes arrives over a slow phone link: the phone shrinks
// photos to about 300 KB (4 s on that link), but a browser that cannot shrink sends the camera's file.
import { EXCHANGE_PHOTO_MAX_BYTES } from "#shared/exchanges.ts";

/**
 * Lighthouse's mobile "Slow 4G" upload (its mobileSlow4G: 750 kbit/s × 0.9 = 675 kbit/s, kbit being
 * 1024 bits, as Chrome's "Slow 4G" throttles it), in bytes a second: 86,400.
 */
export const SLOW_4G_UPLOAD_BYTES_PER_SECOND = (675 * 1024) / 8;

/** Room for TCP and TLS framing, a lost packet sent again, a slower moment: a fifth more. */
const MARGIN = 1.2;

/**
 * The photo route's default budget, in seconds: a 10 MB photo (the route's limit) over Slow 4G
 * takes 10,485,760 / 86,400 = 121 s; with the margin 146 s, rounded up to 150 s.
 */
export const DEFAULT_PHOTO_UPLOAD_SECONDS =
  Math.ceil(((EXCHANGE_PHOTO_MAX_BYTES / SLOW_4G_UPLOAD_BYTES_PER_SECOND) * MARGIN) / 10) * 10;

// Pictures the page shows from the browser's own bytes (a chosen file, a private photo fetched with
// the token) as data: URLs: the Content-Security-Policy lets pictures come from the shop and data:
// only, so a blob: (object) URL would be blocked.

/** A transparent pixel, shown while a picture is read or when it cannot be. */
export const PLACEHOLDER_PICTURE = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : PLACEHOLDER_PICTURE);
    reader.onerror = () => resolve(PLACEHOLDER_PICTURE);
    reader.readAsDataURL(blob);
  });
}

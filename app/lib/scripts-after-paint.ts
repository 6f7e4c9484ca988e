// The app's scripts wait for the page's largest pictures to be painted (issue 17). The server's
// HTML is the whole page, so on a phone's slow link the pictures the shopper came for should not
// share the connection with the scripts that only take the page over. The server writes React
// Router's module preloads and its module script in an inert form
// (app/lib/scripts-after-paint.server.ts); SCRIPTS_AFTER_PAINT, inline in the head, turns them
// back once every `fetchpriority="high"` picture has decoded and a frame has been drawn, or after
// HOLD_AT_MOST_MS whatever happens, so a picture that never arrives never keeps the page dead.

/** What the server writes instead of `rel="modulepreload"` and `type="module"`. */
export const HELD_PRELOAD_REL = "modulepreload-after-paint";
export const HELD_SCRIPT_TYPE = "module-after-paint";
const HOLD_AT_MOST_MS = 3_000;

// Plain ES2017 (it runs as it is, before any bundle), kept small: it is in every page.
export const SCRIPTS_AFTER_PAINT = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]');
    for (var i = 0; i < links.length; i++) links[i].rel = "modulepreload";
    var held = document.querySelectorAll('script[type="${HELD_SCRIPT_TYPE}"]');
    for (var j = 0; j < held.length; j++) {
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = held[j].nonce;
      script.textContent = held[j].textContent;
      held[j].replaceWith(script);
    }
  }
  function whenPicturesPainted() {
    var pictures = document.querySelectorAll('img[fetchpriority="high"]');
    var decoded = [];
    for (var i = 0; i < pictures.length; i++) decoded.push(pictures[i].decode().catch(function () {}));
    Promise.all(decoded).then(function () {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    });
    setTimeout(start, ${HOLD_AT_MOST_MS});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenPicturesPainted);
  else whenPicturesPainted();
})();`;

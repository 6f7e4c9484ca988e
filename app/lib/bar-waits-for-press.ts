// The floating links' bar (app/components/layout/FloatingLinks.tsx) steps aside while a field that
// brings up the phone's keyboard has focus (`data-typing` on <html>, set below; app.css). A press moves the focus at its start
// (mousedown; a tap sends its mousedown too), so the bar came back in the middle of the very press
// that took the focus away, over the lower part of the button pressed: the press ended on the bar,
// and the browser sends a press that starts on one element and ends on another to their common
// ancestor, the page's <body>. Nothing was sent and nothing was shown (issue 46: 'Ask for the
// exchange' at a phone's bottom edge, by mouse and by tap). So a press that begins while the bar is
// away keeps it away (`data-press-holds-bar` on <html>, app.css) until the press has ended: its click,
// or its cancel when it turns into a scroll, a drag or a long press. Nothing then moves under the
// finger or the pointer between the start of a press and its end.
//
// Plain ES2017 (it runs as it is, before any bundle, so presses before hydration keep it too), kept
// small: it is in every page. A hold that no end ever releases only keeps the bar away until the
// next press, which looks again.
export const BAR_WAITS_FOR_PRESS_SCRIPT = `(function () {
  var root = document.documentElement, mark = "data-press-holds-bar";
  function release() { root.removeAttribute(mark); }
  addEventListener("pointerdown", function (event) {
    release();
    if (!event.isPrimary || event.button !== 0) return;
    var bar = document.querySelector(".floating-links");
    if (bar && getComputedStyle(bar).display === "none") root.setAttribute(mark, "");
  }, true);
  ["click", "pointercancel", "contextmenu", "dragstart"].forEach(function (type) {
    addEventListener(type, release, true);
  });
  function typing(field) {
    return !!field && (field.tagName === "TEXTAREA" || (field.tagName === "INPUT" && !/^(checkbox|radio|file)$/.test(field.type)));
  }
  addEventListener("focusin", function (event) {
    if (typing(event.target)) root.setAttribute("data-typing", "");
    else root.removeAttribute("data-typing");
  }, true);
  addEventListener("focusout", function (event) {
    if (!typing(event.relatedTarget)) root.removeAttribute("data-typing");
  }, true);
})();`;

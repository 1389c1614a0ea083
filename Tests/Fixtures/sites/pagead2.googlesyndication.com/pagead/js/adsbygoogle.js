/* Fixture stand-in for Google AdSense's adsbygoogle.js (limot tests; not Google's code).
 * If this script ever runs in a page served by limot, the filter missed it.
 * It then does what the real one does in spirit: it inserts more ad and
 * tracker requests at run time, which only the proxy's Content-Security-Policy
 * can stop. Tests count the hits on these hosts:
 *   - an <img> from ad.doubleclick.net            (image)
 *   - an <iframe> from googleads.g.doubleclick.net (child document)
 *   - a fetch() to www.google-analytics.com        (fetch)
 *   - a navigator.sendBeacon() to www.google-analytics.com (ping)
 */
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.setAttribute("data-adsbygoogle", "ran");

  function fill(ins, index) {
    if (ins.getAttribute("data-adsbygoogle-status")) { return; }
    ins.setAttribute("data-adsbygoogle-status", "done");
    var client = ins.getAttribute("data-ad-client") || "";
    var slot = ins.getAttribute("data-ad-slot") || "";
    var frame = doc.createElement("iframe");
    frame.id = "aswift_" + index;
    frame.name = "aswift_" + index;
    frame.width = "728";
    frame.height = "90";
    frame.setAttribute("frameborder", "0");
    frame.src = "https://googleads.g.doubleclick.net/pagead/ads?client=" + encodeURIComponent(client) +
      "&slotname=" + encodeURIComponent(slot) + "&output=html&correlator=" + Date.now();
    ins.appendChild(frame);
  }

  var slots = doc.querySelectorAll("ins.adsbygoogle");
  for (var i = 0; i < slots.length; i++) { fill(slots[i], i); }

  // An impression pixel and a loose banner, as auto ads add them.
  var pixel = doc.createElement("img");
  pixel.src = "https://ad.doubleclick.net/ddm/ad/N7284.loghatnameh/B2345679.300x250.png?ord=" + Date.now();
  pixel.width = 300;
  pixel.height = 250;
  pixel.alt = "";
  pixel.className = "google-auto-placed";
  (doc.body || doc.documentElement).appendChild(pixel);

  // Report the page view.
  var report = "https://www.google-analytics.com/g/collect?v=2&tid=G-LGH4T7N2M8&en=ad_impression&dl=" +
    encodeURIComponent(location.href);
  if (window.fetch) {
    window.fetch(report, { method: "POST", mode: "no-cors", keepalive: true, credentials: "include" })
      .catch(function () {});
  }
  if (navigator.sendBeacon) {
    try { navigator.sendBeacon(report + "&beacon=1"); } catch (e) {}
  }

  // Later pushes (the inline `(adsbygoogle = window.adsbygoogle || []).push({})`) fill new slots.
  var queue = window.adsbygoogle || [];
  window.adsbygoogle = {
    loaded: true,
    push: function () {
      var all = doc.querySelectorAll("ins.adsbygoogle");
      for (var j = 0; j < all.length; j++) { fill(all[j], j); }
    }
  };
  for (var k = 0; k < queue.length; k++) { window.adsbygoogle.push(queue[k]); }
})();

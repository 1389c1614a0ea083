/* Fixture stand-in for Google Publisher Tag gpt.js (limot tests; not Google's code).
 * If it runs, googletag.display(id) fills the slot's div with an ad iframe
 * from securepubads.g.doubleclick.net, unless the page already has one. */
(function () {
  "use strict";
  document.documentElement.setAttribute("data-gpt", "ran");
  var slots = {};
  var pubads = {
    enableSingleRequest: function () { return pubads; },
    setTargeting: function () { return pubads; }
  };
  var queue = (window.googletag && window.googletag.cmd) || [];
  var googletag = window.googletag = window.googletag || {};
  googletag.apiReady = true;
  googletag.pubads = function () { return pubads; };
  googletag.enableServices = function () {};
  googletag.defineSlot = function (unit, size, id) {
    var slot = { unit: unit, size: size, id: id, addService: function () { return slot; } };
    slots[id] = slot;
    return slot;
  };
  googletag.display = function (id) {
    var div = document.getElementById(id);
    var slot = slots[id];
    if (!div || !slot || div.querySelector("iframe")) { return; }
    var frame = document.createElement("iframe");
    frame.id = "google_ads_iframe_" + slot.unit + "_0";
    frame.width = String(slot.size[0]);
    frame.height = String(slot.size[1]);
    frame.src = "https://securepubads.g.doubleclick.net/gampad/ads?iu=" + encodeURIComponent(slot.unit) +
      "&sz=" + slot.size.join("x") + "&output=html&correlator=" + Date.now();
    div.appendChild(frame);
  };
  googletag.cmd = { push: function (f) { f(); } };
  for (var i = 0; i < queue.length; i++) { queue[i](); }
})();

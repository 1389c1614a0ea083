/* Fixture stand-in for Google's analytics.js (limot tests; not Google's code).
 * If it runs, it replays the `ga` command queue; each `send` becomes an image
 * request to /collect (the classic tracking pixel). */
(function () {
  "use strict";
  document.documentElement.setAttribute("data-analytics", "ran");
  var queued = (window.ga && window.ga.q) || [];
  var tracker = "";
  function ga(command, a, b) {
    if (command === "create") { tracker = a; return; }
    if (command === "send") {
      var img = new Image(1, 1);
      img.src = "https://www.google-analytics.com/collect?v=1&tid=" + encodeURIComponent(tracker) +
        "&t=" + encodeURIComponent(a || "pageview") + "&dl=" + encodeURIComponent(location.href) +
        "&z=" + Date.now();
    }
  }
  ga.loaded = true;
  window.ga = ga;
  for (var i = 0; i < queued.length; i++) { ga.apply(null, queued[i]); }
})();

/* loghatnameh.de – site script (first party, harmless; fixture for limot's tests) */
(function () {
  "use strict";
  var root = document.documentElement;
  root.setAttribute("data-site-js", "ran");

  // Focus the search field on the home page, unless the visitor is already typing elsewhere.
  var q = document.getElementById("q");
  if (q && document.body.classList.contains("home") && document.activeElement === document.body) {
    q.focus();
  }

  // Show or hide the example sentences of a result list.
  var buttons = document.querySelectorAll(".toggle-examples");
  Array.prototype.forEach.call(buttons, function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var list = document.getElementById(button.getAttribute("aria-controls"));
      if (!list) { return; }
      var hidden = list.classList.toggle("hide-examples");
      button.setAttribute("aria-expanded", hidden ? "false" : "true");
      button.textContent = hidden ? "Beispiele einblenden" : "Beispiele ausblenden";
    });
  });

  // The status line in the footer says that the site's own script ran.
  var status = document.querySelector(".js-status");
  if (status) { status.textContent = "JavaScript aktiv · جاوااسکریپت فعال است"; }
})();

/* Lazy ad loading, as real sites do it: the first-party script itself adds ad
 * and tracker tags after the page has loaded, where no filter of the page's
 * markup can see them. Through limot, the Content-Security-Policy must stop
 * every one of these (the fixture ad hosts count what reaches them). */
window.addEventListener("load", function () {
  "use strict";
  var script = document.createElement("script");
  script.src = "https://securepubads.g.doubleclick.net/tag/js/gpt.js?lazy=1";
  document.head.appendChild(script);
  var pixel = new Image();
  pixel.src = "https://ad.doubleclick.net/ddm/activity/src=1;type=lazy;cat=pixel";
  var frame = document.createElement("iframe");
  frame.src = "https://googleads.g.doubleclick.net/pagead/ads?lazy=1";
  document.body.appendChild(frame);
  if (window.fetch) {
    window.fetch("https://www.google-analytics.com/g/collect?lazy=1", { mode: "no-cors" }).catch(function () {});
  }
  if (navigator.sendBeacon) {
    try { navigator.sendBeacon("https://www.google-analytics.com/g/collect?beacon=1", "x"); } catch (e) {}
  }
  document.documentElement.setAttribute("data-lazy-ads", "tried");
});

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

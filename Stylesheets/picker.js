// limot's element picker: the bar's "hide this" (README, "Hiding what you
// pick"). A click on the bar's link starts it: the element under the pointer
// is outlined, a click picks it and proposes a css-display-none selector for
// it, with the number of elements of this page it matches; "wider" takes the
// parent, "narrower" goes back toward the element clicked, "same kind" the
// siblings that share its class; Escape cancels.
//
// It saves nothing. "Save…" opens limot's confirmation page (/_limot/hide)
// as a window of its own, which shows the rule, checks it as `limot rules
// check` does and has the Save button (a POST with the session's token,
// which is never on a site's page). Until then the page only previews: the
// matched elements are hidden here, until a reload. The confirmation page
// says "saved" over a BroadcastChannel, and the panel says so too.
//
// Its UI is in a closed shadow root, so the site's CSS does not restyle it;
// it reacts only to the reader's own input (isTrusted), so a site's script
// cannot drive it. Without JavaScript the link leads to /_limot/picker,
// which says that the picker needs it and offers the rules page's form.
//
// Proposed selectors are stable: an id or class names the site authored,
// tag names under the nearest such ancestor where the element has none;
// never nth-child chains, never names that look generated (long digit or
// hex runs, CSS-in-JS hashes such as css-1x2y3z, sc-bdVaJa or jss12).
// Lines that start with // are left out when served.
(function () {
"use strict";
var channelName = "limot-hide";
// On limot's confirmation page after a save: tell the picker's page.
var saved = document.getElementById("limot-hide-saved");
if (saved && window.BroadcastChannel) new BroadcastChannel(channelName).postMessage({ selector: saved.dataset.selector, host: saved.dataset.host });
var link = document.querySelector("#limot-bar a.limot-hide"), bar = document.getElementById("limot-bar");
if (!link || !document.documentElement.attachShadow || !window.CSS || !CSS.escape) return;
var page = new URL(link.href).searchParams.get("page") || "", host = "";
try { host = new URL(page).hostname; } catch (e) { return; }
// A name a site's build tool made, not its authors: it changes with each build.
function looksGenerated(name) {
  if (!name || name.length > 40 || /^limot-/.test(name)) return true;
  if (/^((css|sc|jsx|emotion|styled|svelte|astro)-|jss\d|makeStyles-)/i.test(name)) return true;
  if (/\d{4,}/.test(name)) return true;
  if ((name.match(/[0-9a-f]{6,}/gi) || []).some(function (run) { return /\d/.test(run) && /[a-f]/i.test(run); })) return true;
  return /[a-z]/.test(name) && /[A-Z]/.test(name) && (name.match(/\d/g) || []).length >= 2;
}
function classes(element) {
  return Array.prototype.filter.call(element.classList, function (name) { return !looksGenerated(name); });
}
// The element's own stable part: its id when unique, else its authored classes, else "".
function own(element) {
  var id = element.id;
  if (id && !looksGenerated(id) && document.querySelectorAll("#" + CSS.escape(id)).length === 1) return "#" + CSS.escape(id);
  return classes(element).map(function (name) { return "." + CSS.escape(name); }).join("");
}
function pickable(element) {
  return element && element.nodeType === 1 && element !== document.body && element !== document.documentElement &&
    element !== ui && !(bar && bar.contains(element)) && element.localName !== "head";
}
// The element's selector: its own part, or tag names up to the nearest ancestor with one.
function propose(element) {
  var parts = [], current = element;
  while (pickable(current)) {
    var mine = own(current);
    parts.unshift(mine || current.localName);
    if (mine) return parts.join(" > ");
    current = current.parentElement;
  }
  return ["body"].concat(parts).join(" > ");
}
// Its siblings of the same kind: the class most of them share, else the tag.
function sameKind(element) {
  var parent = element.parentElement, siblings = parent ? Array.prototype.filter.call(parent.children, function (other) { return other !== element; }) : [];
  var best = "", most = 0;
  classes(element).forEach(function (name) {
    var shared = siblings.filter(function (other) { return other.classList.contains(name); }).length;
    if (shared > most) { best = name; most = shared; }
  });
  var kind = best ? "." + CSS.escape(best) : element.localName;
  if (!best && !siblings.some(function (other) { return other.localName === element.localName; })) return null;
  return (pickable(parent) ? propose(parent) : "body") + " > " + kind;
}
function count(selector) {
  try { return document.querySelectorAll(selector).length; } catch (e) { return -1; }
}
// ---- the UI -----------------------------------------------------------------
var ui = null, root, panel, hoverBox, boxes, state = null, hovered = null, channel = null, frame = 0;
var style = ":host{all:initial!important;position:fixed!important;inset:0!important;z-index:2147483647!important;pointer-events:none!important}" +
  "*{box-sizing:border-box}.box{position:fixed;pointer-events:none;border:2px solid #e8590c;background:rgba(232,89,12,.18);box-shadow:0 0 0 1px #fff;border-radius:2px}" +
  ".hover{border-color:#1d5bbf;background:rgba(29,91,191,.15)}" +
  ".panel{pointer-events:auto;position:fixed;left:50%;transform:translateX(-50%);bottom:64px;width:min(36rem,calc(100vw - 16px));" +
  "font:14px/1.45 system-ui,sans-serif;direction:ltr;text-align:left;padding:12px 14px;border-radius:10px;" +
  "background:var(--bg);color:var(--text);border:1px solid var(--edge);box-shadow:0 6px 24px rgba(0,0,0,.35)}" +
  ".panel{--bg:#f3f4f6;--text:#1c2026;--edge:#6f7885;--accent:#1d5bbf;--on-accent:#fff;--code:#fff;--focus:#0b57d0}" +
  ".dark{--bg:#23272e;--text:#eef0f3;--edge:#8a939f;--accent:#8cb4ff;--on-accent:#0e1726;--code:#15171a;--focus:#ffcf5c}" +
  "@media (max-width:560px){.panel{bottom:112px}}" +
  "p{margin:0 0 8px}code{display:block;font:13px/1.4 ui-monospace,monospace;padding:6px 8px;border-radius:6px;background:var(--code);border:1px solid var(--edge);overflow-wrap:anywhere;direction:ltr;unicode-bidi:isolate}" +
  ".row{display:flex;flex-wrap:wrap;gap:6px}button{font:inherit;padding:5px 12px;border-radius:7px;border:1px solid var(--edge);background:transparent;color:var(--text);cursor:pointer}" +
  "button:disabled{opacity:.45;cursor:default}button.save{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}" +
  "button:focus-visible{outline:3px solid var(--focus);outline-offset:1px}kbd{font:inherit;font-weight:600}";
function dark() {
  var theme = bar && bar.dataset.theme;
  return theme ? theme === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
}
function element(name, text, className) {
  var made = document.createElement(name);
  if (text) made.textContent = text;
  if (className) made.className = className;
  return made;
}
function button(label, key, action, className) {
  var made = element("button", label, className);
  made.type = "button";
  made.title = label + " (" + key + ")";
  made.addEventListener("click", function (event) { if (event.isTrusted) action(); });
  return made;
}
function open() {
  if (ui) return;
  ui = document.createElement("limot-picker");
  root = ui.attachShadow({ mode: "closed" });
  root.appendChild(element("style", style));
  hoverBox = root.appendChild(element("div", "", "box hover"));
  hoverBox.hidden = true;
  boxes = root.appendChild(element("div"));
  panel = root.appendChild(element("div", "", "panel" + (dark() ? " dark" : "")));
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", "Hide this: pick an element");
  document.documentElement.appendChild(ui);
  state = null;
  render();
  ["mousemove", "mouseover"].forEach(function (type) { window.addEventListener(type, hover, true); });
  ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "dblclick", "contextmenu"].forEach(function (type) { window.addEventListener(type, swallow, true); });
  window.addEventListener("keydown", key, true);
  window.addEventListener("scroll", redraw, true);
  window.addEventListener("resize", redraw);
}
function close() {
  if (!ui) return;
  ["mousemove", "mouseover"].forEach(function (type) { window.removeEventListener(type, hover, true); });
  ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "dblclick", "contextmenu"].forEach(function (type) { window.removeEventListener(type, swallow, true); });
  window.removeEventListener("keydown", key, true);
  window.removeEventListener("scroll", redraw, true);
  window.removeEventListener("resize", redraw);
  ui.remove();
  ui = null;
  state = null;
}
function ours(target) { return target === ui || (bar && bar.contains(target)); }
function hover(event) {
  if (!event.isTrusted || (state && state.previewed)) return;
  hovered = ours(event.target) || !pickable(event.target) ? null : event.target;
  redraw();
}
// The page gets no click while picking: a link would leave, a script would act.
function swallow(event) {
  if (ours(event.target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (event.type === "click" && event.isTrusted && !(state && state.previewed) && pickable(event.target)) pick(event.target);
}
function pick(target) {
  state = { chain: [target], level: 0, kind: false, previewed: false };
  hovered = null;
  render();
}
function current() { return state.chain[state.level]; }
function selector() { return state.kind ? sameKind(current()) || propose(current()) : propose(current()); }
function wider() {
  var parent = current().parentElement;
  if (state.level + 1 < state.chain.length) state.level += 1;
  else if (pickable(parent)) { state.chain.push(parent); state.level += 1; } else return;
  state.kind = false;
  render();
}
function narrower() {
  if (state.kind) state.kind = false;
  else if (state.level > 0) state.level -= 1;
  else return;
  render();
}
function toggleKind() {
  if (!sameKind(current())) return;
  state.kind = !state.kind;
  render();
}
// Hides the matches here at once and opens limot's page that saves the rule.
function save() {
  var chosen = selector(), sheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(chosen + "{display:none!important}");
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  } catch (e) {
    document.querySelectorAll(chosen).forEach(function (match) { match.style.setProperty("display", "none", "important"); });
  }
  state.previewed = true;
  state.saved = chosen;
  if (window.BroadcastChannel && !channel) {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = function (message) {
      if (ui && state && message.data && message.data.selector === state.saved && message.data.host === host) { state.confirmed = true; render(); }
    };
  }
  window.open("/_limot/hide?page=" + encodeURIComponent(page) + "&selector=" + encodeURIComponent(chosen) + "&count=" + count(chosen),
              "_blank", "popup,width=720,height=780");
  render();
}
function key(event) {
  if (!event.isTrusted) return;
  var name = event.key;
  if (name === "Escape") { close(); } else if (state && !state.previewed && name === "Enter") { save(); }
  else if (state && !state.previewed && (name === "w" || name === "n" || name === "s")) { ({ w: wider, n: narrower, s: toggleKind })[name](); }
  else return;
  event.preventDefault();
  event.stopImmediatePropagation();
}
function render() {
  panel.textContent = "";
  // For the reader's eyes (and the browser tests): where the picker is and what it proposes, outside the closed root.
  ui.setAttribute("data-state", !state ? "picking" : !state.previewed ? "proposed" : state.confirmed ? "saved" : "previewed");
  ui.removeAttribute("data-selector");
  ui.removeAttribute("data-count");
  if (!state) {
    panel.appendChild(element("p", "Hide this: click the element to hide. Esc cancels."));
    panel.appendChild(element("div", "", "row")).appendChild(button("Cancel", "Esc", close));
  } else if (state.previewed) {
    panel.appendChild(element("p", state.confirmed
      ? "Saved: hidden on every page of " + host + "."
      : "Hidden on this page until you reload. Save it in limot's window to hide it on every page of " + host + "."));
    panel.appendChild(element("code", state.saved));
    panel.appendChild(element("div", "", "row")).appendChild(button("Close", "Esc", close));
  } else {
    var chosen = selector(), matches = count(chosen);
    ui.setAttribute("data-selector", chosen);
    ui.setAttribute("data-count", String(matches));
    panel.appendChild(element("p", "Hide " + (matches === 1 ? "1 element" : matches + " elements") + " on this page with:"));
    panel.appendChild(element("code", chosen));
    var row = panel.appendChild(element("div", "", "row"));
    var widen = row.appendChild(button("Wider", "w", wider));
    var narrow = row.appendChild(button("Narrower", "n", narrower));
    var kind = row.appendChild(button(state.kind ? "Only this one" : "Same kind", "s", toggleKind));
    widen.disabled = !pickable(current().parentElement) && state.level + 1 >= state.chain.length;
    narrow.disabled = state.level === 0 && !state.kind;
    kind.disabled = !sameKind(current());
    row.appendChild(button("Save…", "Enter", save, "save"));
    row.appendChild(button("Cancel", "Esc", close));
  }
  redraw();
}
function place(box, target) {
  var rect = target.getBoundingClientRect();
  box.style.left = rect.left + "px";
  box.style.top = rect.top + "px";
  box.style.width = rect.width + "px";
  box.style.height = rect.height + "px";
}
function redraw() {
  if (!ui || frame) return;
  frame = requestAnimationFrame(function () {
    frame = 0;
    if (!ui) return;
    hoverBox.hidden = !hovered || !!state;
    if (hovered && !state) place(hoverBox, hovered);
    boxes.textContent = "";
    if (!state || state.previewed) return;
    var matches = [];
    try { matches = Array.prototype.slice.call(document.querySelectorAll(selector()), 0, 200); } catch (e) { /* none */ }
    matches.forEach(function (match) { place(boxes.appendChild(element("div", "", "box")), match); });
  });
}
link.addEventListener("click", function (event) {
  event.preventDefault();
  if (event.isTrusted) { if (ui) close(); else open(); }
});
})();

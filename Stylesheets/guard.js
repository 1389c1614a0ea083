// limot's guard: the first script of every page the proxy serves (README,
// "Nothing leaves the proxy"). The proxy rewrites what a page's markup
// loads; this catches what scripts build at run time, before the browser
// connects: every URL a script gives an element, an HTML string, a window
// or a navigation goes to the proxy instead, where the rules decide it with
// its resource type. The Content-Security-Policy stops the rest; this covers
// what it cannot (frames, connection hints, navigations, speculation rules).
// Lines that start with // are left out when served.
(function () {
"use strict";
var me = document.currentScript, site = me.dataset.site, nonce = me.nonce, self = me.src;
var proxy = location.origin, mark = Symbol.for("limot.guard"), slice = Array.prototype.slice;
// A URL as the proxy serves it: `type` a WebKit resource type, "" a navigation
// (a site page at the root, another site through /_limot/leave).
function map(value, type) {
  var text = String(value), url;
  try { url = new URL(text, /^\s*[\\\/]{2}/.test(text) ? site : document.baseURI); } catch (e) { return text; }
  if (type && url.origin === proxy && url.pathname === "/_limot/leave") return map(url.searchParams.get("to") || "", type);
  if (!/^https?:$/.test(url.protocol) || url.origin === proxy) return text;
  if (type) return "/_limot/sub/" + type + "/" + url.protocol.slice(0, -1) + "/" + url.host + url.pathname + url.search + url.hash;
  if (url.origin !== site) return "/_limot/leave?to=" + encodeURIComponent(url.href);
  var path = url.pathname + url.search;
  return (/^\/_limot([\/?]|$)/.test(path) ? "/_limot/doc" : "") + path + url.hash;
}
// srcset candidates ("a.png 2x, b.png 3x") or a list of URLs (ping).
function mapList(value, type, comma) {
  return String(value).split(comma ? "," : /(?=\s)/).map(function (part) {
    return part.replace(/^(\s*)(\S+)/, function (all, space, url) { return space + map(url, type); });
  }).join(comma ? "," : "");
}
var as = { script: "script", style: "style-sheet", font: "font", image: "image", fetch: "fetch", audio: "media", video: "media", track: "media" };
function linkType(element) {
  var rel = " " + (element.getAttribute("rel") || "").toLowerCase().replace(/\s+/g, " ") + " ";
  if (/ stylesheet /.test(rel)) return "style-sheet";
  if (/icon /.test(rel)) return "image";
  if (/ (preload|prefetch|modulepreload) /.test(rel)) return as[(element.getAttribute("as") || "").toLowerCase().trim()] || (/modulepreload/.test(rel) ? "script" : "other");
  return / (preconnect|dns-prefetch|prerender|manifest) /.test(rel) ? "other" : "";
}
// Element -> attribute -> resource type ("," srcset, " " a list; numbers: see fix).
// Forms are the policy's (form-action) and the navigate event's: a GET form
// replaces its action's query, so its action is left as written.
var image = { src: "image", srcset: "image,", "data-src": "image" }, frame = { src: "child-document", srcdoc: 4 };
var anchor = { href: "", ping: "ping " }, svg = { href: "image", "xlink:href": "image" };
var table = {
  img: image, image: svg, use: svg, feimage: svg, input: { src: "image" }, source: { src: "media", srcset: "image," },
  iframe: frame, frame: frame, object: { data: "other" }, embed: { src: "other" }, script: { src: "script", href: "script", "xlink:href": "script", type: 5 },
  video: { src: "media", poster: "image" }, audio: { src: "media" }, track: { src: "media" }, a: anchor, area: anchor,
  link: { href: 1, imagesrcset: "image," }, meta: { content: 2 }, base: { href: 3 }
};
// What an attribute's value must be instead; undefined: as it is, null: removed.
function fix(element, name, value) {
  var type = (table[element.localName] || {})[name = String(name).toLowerCase()];
  if (type === undefined || value == null) return undefined;
  value = String(value);
  switch (type) {
    case 1: type = linkType(element); break;
    case 2:
      if (!/refresh/i.test(element.getAttribute("http-equiv") || "")) return undefined;
      return value.replace(/^([^;,]*[;,]\s*(?:url\s*=\s*)?['"]?)([^'"]+)/i, function (all, head, url) { return head + map(url.trim(), ""); });
    case 3: return null;
    case 4: return value.indexOf(self) < 0 ? '<script src="' + self + '" nonce="' + nonce + '" data-site="' + site + '"></' + "script>" + cleanHTML(value, document) : undefined;
    case 5: return /speculationrules/i.test(value) ? "limot/blocked" : undefined;
  }
  var last = type.slice(-1);
  return last === "," || last === " " ? mapList(value, type.slice(0, -1), last === ",") : map(value, type);
}
var setAttribute = Element.prototype.setAttribute, removeAttribute = Element.prototype.removeAttribute;
function set(element, name, value) {
  var fixed = fix(element, name, value);
  return fixed === null ? removeAttribute.call(element, name) : setAttribute.call(element, name, fixed === undefined ? value : fixed);
}
// Every element of a tree about to enter a document.
function clean(node) {
  if (node && (node.nodeType === 1 || node.nodeType === 11)) {
    var all = slice.call(node.querySelectorAll("*"));
    if (node.nodeType === 1) all.unshift(node);
    all.forEach(function (element) {
      slice.call(element.attributes).forEach(function (attribute) {
        var fixed = fix(element, attribute.name, attribute.value);
        if (fixed !== undefined && fixed !== attribute.value) set(element, attribute.name, attribute.value);
      });
    });
  }
  return node;
}
// An HTML string: read where nothing loads (a template), cleaned, written
// back. A string that names no absolute URL and has no character reference
// cannot name another host, and is passed as it is (document.write may give
// half an element).
var innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
function cleanHTML(html, doc) {
  html = String(html);
  if (!/[\\\/]{2}|&|\\\/|\/\\/.test(html)) return html;
  var template = doc.createElement("template");
  innerHTML.set.call(template, html);
  clean(template.content);
  return innerHTML.get.call(template);
}
function install(win) {
  try { if (!win || win[mark]) return; win[mark] = 1; } catch (e) { return; }
  var E = win.Element.prototype;
  function wrap(proto, name, how) { if (proto && proto[name]) proto[name] = how(proto[name]); }
  function setter(proto, name, how) {
    var d = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (d && d.set) { d.set = how(d.set); Object.defineProperty(proto, name, d); }
  }
  function framesIn(node) {
    if (node && node.querySelectorAll) slice.call(node.querySelectorAll("iframe,frame")).forEach(function (f) { install(f.contentWindow); });
  }
  E.setAttribute = function (name, value) { set(this, name, value); };
  wrap(E, "setAttributeNS", function (old) { return function (ns, name, value) { var f = fix(this, String(name).replace(/^xlink:/, ""), value); return old.call(this, ns, name, f == null ? value : f); }; });
  wrap(E, "setAttributeNode", function (old) { return function (a) { var r = old.call(this, a); set(this, a.name, a.value); return r; }; });
  setter(win.Attr.prototype, "value", function (s) { return function (v) { var f = this.ownerElement && fix(this.ownerElement, this.name, v); s.call(this, f == null ? v : f); }; });
  // Reflected properties (img.src, a.href, iframe.srcdoc …) are their attributes;
  // a link's rel, a meta's http-equiv or a script's type change what those mean.
  ["HTMLImageElement", "HTMLSourceElement", "HTMLInputElement", "HTMLIFrameElement", "HTMLFrameElement", "HTMLObjectElement", "HTMLEmbedElement",
   "HTMLScriptElement", "HTMLMediaElement", "HTMLVideoElement", "HTMLTrackElement", "HTMLAnchorElement", "HTMLAreaElement", "HTMLFormElement",
   "HTMLButtonElement", "HTMLLinkElement", "HTMLMetaElement", "HTMLBaseElement"].forEach(function (name) {
    var proto = win[name] && win[name].prototype;
    ["src", "srcset", "href", "data", "poster", "ping", "action", "formAction", "content", "imageSrcset", "srcdoc", "type"].forEach(function (property) {
      setter(proto, property, function () { return function (v) { set(this, property.toLowerCase(), v); }; });
    });
    ["rel", "as", "httpEquiv", "protocol", "host", "hostname", "port", "pathname", "search", "username", "password"].forEach(function (property) {
      setter(proto, property, function (s) { return function (v) { s.call(this, v); clean(this); }; });
    });
  });
  // Trees entering a document, and HTML strings.
  ["appendChild", "insertBefore", "replaceChild"].forEach(function (name) {
    wrap(win.Node.prototype, name, function (old) { return function (node) { clean(node); var r = old.apply(this, arguments); framesIn(this); return r; }; });
  });
  [E, win.DocumentFragment.prototype, win.Document.prototype, win.CharacterData.prototype].forEach(function (proto) {
    ["append", "prepend", "before", "after", "replaceWith", "replaceChildren"].forEach(function (name) {
      wrap(proto, name, function (old) { return function () { var r = old.apply(this, slice.call(arguments).map(clean)); framesIn(this.parentNode || this); return r; }; });
    });
  });
  wrap(E, "insertAdjacentElement", function (old) { return function (where, node) { var r = old.call(this, where, clean(node)); framesIn(this.parentNode || this); return r; }; });
  [E, win.ShadowRoot && win.ShadowRoot.prototype].forEach(function (proto) {
    ["innerHTML", "outerHTML"].forEach(function (name) {
      setter(proto, name, function (s) { return function (v) { var parent = this.parentNode; s.call(this, cleanHTML(v, win.document)); framesIn(name === "outerHTML" ? parent : this); }; });
    });
    wrap(proto, "setHTMLUnsafe", function (old) { return function (v) { old.call(this, cleanHTML(v, win.document)); framesIn(this); }; });
  });
  wrap(E, "insertAdjacentHTML", function (old) { return function (where, v) { old.call(this, where, cleanHTML(v, win.document)); framesIn(this.parentNode || this); }; });
  ["write", "writeln"].forEach(function (name) {
    wrap(win.Document.prototype, name, function (old) { return function () { return old.call(this, cleanHTML(slice.call(arguments).join(""), this)); }; });
  });
  wrap(win.Range && win.Range.prototype, "createContextualFragment", function (old) { return function (v) { return clean(old.call(this, cleanHTML(v, win.document))); }; });
  // Same-origin frames and windows get the guard as well.
  [win.HTMLIFrameElement, win.HTMLFrameElement, win.HTMLObjectElement].forEach(function (C) {
    ["contentWindow", "contentDocument"].forEach(function (name) {
      var d = C && Object.getOwnPropertyDescriptor(C.prototype, name);
      if (d) Object.defineProperty(C.prototype, name, { configurable: true, get: function () { var v = d.get.call(this); install(name === "contentWindow" ? v : v && v.defaultView); return v; } });
    });
  });
  new win.MutationObserver(function () { framesIn(win.document); }).observe(win.document, { childList: true, subtree: true });
  wrap(win, "open", function (old) { return function (url) { var args = slice.call(arguments); if (url) args[0] = map(url, ""); var w = old.apply(this, args); install(w); return w; }; });
  // This window's navigations (location, links, forms, refresh) to another site.
  if (win.navigation) win.navigation.addEventListener("navigate", function (event) {
    var to = event.destination.url;
    if (event.defaultPrevented || !event.cancelable || !/^https?:/i.test(to) || new URL(to).origin === proxy) return;
    event.preventDefault();
    // Not from inside the event: a navigation started there undoes the cancel.
    win.setTimeout(function () { win.location.assign(map(to, "")); });
  });
  // A link activated, also into a new window: the rules decide where it leads.
  win.addEventListener("click", function (event) { var a = event.target.closest && event.target.closest("a[href],area[href]"); if (a) clean(a); }, true);
  // Requests of scripts (fetch, XHR, beacons, event streams) through the proxy too.
  wrap(win, "fetch", function (old) { return function (input, init) { return old.call(this, typeof input === "string" || input instanceof win.URL ? map(input, "fetch") : input, init); }; });
  wrap(win.XMLHttpRequest.prototype, "open", function (old) { return function (method, url) { var args = slice.call(arguments); args[1] = map(url, "fetch"); return old.apply(this, args); }; });
  wrap(win.Navigator.prototype, "sendBeacon", function (old) { return function (url, data) { return old.call(this, map(url, "ping"), data); }; });
  wrap(win, "EventSource", function (Old) { function Source(url, init) { return new Old(map(url, "fetch"), init); } Source.prototype = Old.prototype; return Source; });
  // No STUN or TURN servers: WebRTC would reach them directly.
  wrap(win, "RTCPeerConnection", function (Old) { return function (config) { return new Old(Object.assign({}, config, { iceServers: [] })); }; });
}
install(window);
})();

/* Leak families, for limot's real-browser tests (Tests/ProxyTests/Browser).
 *
 * A first-party script, as sites ship them, that tries one family of ways a
 * page can make the browser connect to another host (?f=FAMILY). Every URL
 * is built from pieces at run time, so no filter of the markup or of an
 * inline script can see it: only limot's guard and the CSP stand between.
 * Straight from the fixture server (no limot) each family does connect,
 * which is the tests' positive control. When done it sets data-tried on
 * <html>; a navigation family has done its part when the page is left. */
(function () {
  "use strict";
  var family = new URLSearchParams(location.search).get("f") || "";
  function host(parts) { return parts.join("."); }
  var ads = "https://" + host(["googleads", "g", "doubleclick", "net"]);
  var syndication = "https://" + host(["pagead2", "googlesyndication", "com"]);
  var click = "https://" + host(["adservice", "google", "com"]) + "/ddm/clk?family=" + family;
  var pixel = "https://" + host(["ad", "doubleclick", "net"]);
  var tracker = "https://" + host(["www", "google-analytics", "com"]);
  var nonce = document.currentScript && document.currentScript.nonce;
  function el(name, attributes) {
    var e = document.createElement(name);
    Object.keys(attributes || {}).forEach(function (k) { e.setAttribute(k, attributes[k]); });
    return e;
  }
  function done() { document.documentElement.setAttribute("data-tried", family); }
  function onBody(f) { if (document.body) f(); else document.addEventListener("DOMContentLoaded", f); }

  var families = {
    frames: function () {
      var frame = document.createElement("iframe");
      frame.src = ads + "/pagead/ads?family=frames";
      document.body.appendChild(frame);
      document.body.appendChild(el("frame", { src: pixel + "/frame" }));
      var object = document.createElement("object");
      object.data = syndication + "/object.html";
      document.body.appendChild(object);
      document.body.insertAdjacentHTML("beforeend", "<embed src=\"" + tracker + "/embed.html\">");
    },
    images: function () {
      new Image().src = pixel + "/ddm/activity/img=1";
      var picture = document.createElement("picture");
      picture.innerHTML = "<source srcset=\"" + pixel + "/picture.png 1x\"><img alt=\"\">";
      document.body.appendChild(picture);
      var img = document.createElement("img");
      img.srcset = tracker + "/srcset.png 2x";
      document.body.appendChild(img);
      document.head.appendChild(el("base", { href: syndication + "/base/" }));
      document.body.appendChild(el("img", { src: "relative-to-base.png" }));
    },
    scripts: function () {
      var script = document.createElement("script");
      script.nonce = nonce;
      script.src = syndication + "/pagead/js/adsbygoogle.js?family=scripts";
      document.head.appendChild(script);
      import(pixel + "/module.js").catch(function () {});
    },
    links: function () {
      [["preconnect", ads], ["dns-prefetch", pixel], ["prefetch", tracker + "/prefetch"], ["preload", syndication + "/preload.js", "script"],
       ["modulepreload", pixel + "/modulepreload.js"], ["prerender", click], ["stylesheet", tracker + "/style.css"], ["icon", ads + "/icon.png"]]
        .forEach(function (l) {
          var link = document.createElement("link");
          link.rel = l[0];
          link.href = l[1];
          if (l[2]) link.as = l[2];
          document.head.appendChild(link);
        });
    },
    write: function () {
      document.write("<iframe src=\"" + ads + "/pagead/ads?family=write\"></iframe>");
      document.write("<link rel=\"preconnect\" href=\"" + syndication + "\">");
      document.write("<script src=\"" + pixel + "/written.js\"></" + "script>");
    },
    network: function () {
      fetch(tracker + "/g/collect?family=fetch", { mode: "no-cors" }).catch(function () {});
      var xhr = new XMLHttpRequest();
      try { xhr.open("GET", tracker + "/xhr"); xhr.send(); } catch (e) {}
      try { navigator.sendBeacon(tracker + "/beacon", "x"); } catch (e) {}
      try { new WebSocket("wss://" + host(["ads", "ws", "doubleclick", "net"]) + "/socket"); } catch (e) {}
      try { new EventSource(pixel + "/events"); } catch (e) {}
    },
    workers: function () {
      var code = "fetch('" + tracker + "/worker-fetch', {mode: 'no-cors'}).catch(function () {}); try { importScripts('" + pixel + "/imported.js'); } catch (e) {}";
      try { new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" }))); } catch (e) {}
      try { new Worker(syndication + "/worker.js"); } catch (e) {}
      try { new SharedWorker(URL.createObjectURL(new Blob([code], { type: "text/javascript" }))); } catch (e) {}
    },
    ping: function () {
      var a = document.createElement("a");
      a.href = "#pinged";
      a.ping = tracker + "/ping";
      a.textContent = "ping";
      document.body.appendChild(a);
      a.click();
    },
    speculation: function () {
      var rules = document.createElement("script");
      rules.type = "speculationrules";
      rules.nonce = nonce;
      rules.textContent = JSON.stringify({ prefetch: [{ source: "list", urls: [ads + "/prefetched"] }], prerender: [{ source: "list", urls: [click] }] });
      document.head.appendChild(rules);
    },
    css: function () {
      document.body.style.backgroundImage = "url(" + pixel + "/bg.png)";
      var style = document.createElement("style");
      style.textContent = "@import url(" + tracker + "/imported.css); h1 { background: url(" + ads + "/h1.png) } @font-face { font-family: x; src: url(" + syndication + "/font.woff2) } p { font-family: x }";
      document.head.appendChild(style);
    },
    "nav-location": function () { location.href = click; },
    "nav-assign": function () { location.assign(click); },
    "nav-replace": function () { location.replace(click); },
    "nav-history": function () { navigation.navigate(click); },
    "nav-open": function () { window.open(click, "_blank"); },
    "nav-anchor": function () { var a = document.getElementById("plain"); a.href = click; a.target = "_blank"; a.click(); },
    "nav-form": function () {
      var form = document.createElement("form");
      form.method = "get";
      form.action = click;
      document.body.appendChild(form);
      form.submit();
    },
    "nav-refresh": function () { document.head.appendChild(el("meta", { "http-equiv": "refresh", content: "0; url=" + click })); }
  };
  var run = families[family];
  if (!run) return;
  if (family === "write") { run(); done(); return; }
  onBody(function () { try { run(); } finally { done(); } });
})();

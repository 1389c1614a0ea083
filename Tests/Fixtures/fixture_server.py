#!/usr/bin/env python3
"""Loopback fixture server for limot's tests (Python 3.11, standard library only).

It stands in for www.loghatnameh.de, the ad and tracker hosts, and for every
misbehaving server the HTTP client must survive. Tests reach it by mapping real
host names to it (curl's --connect-to, limot's `--connect-to`), so the Host
header decides which site answers.

Usage
-----
    python3 fixture_server.py --sites DIR [--port 0] [--tls-cert PEM --tls-key PEM]
                              [--parent-watch] [--verbose]

Listens on 127.0.0.1 (port 0 = any free port) and prints exactly one line on
stdout once it accepts connections:

    {"port": N}                      plain HTTP
    {"port": N, "plain_port": M}     with --tls-cert/--tls-key: N speaks HTTPS
                                     (HTTP/1.1 only, ALPN "http/1.1"), M serves
                                     the same sites and counters over plain HTTP

then serves until SIGTERM or SIGINT (exit status 0). With --parent-watch it also
exits when its stdin reaches end of file, so a crashed test run leaves no server
behind. HTTP/1.1 with keep-alive; idle connections close after 60 s. Nothing a
client does (garbage, resets, half requests, TLS failures) stops the server.

Sites
-----
Virtual hosts by the Host header (lower-cased, port stripped):

    GET /PATH             DIR/<host>/PATH (the query string is ignored); "/" and
                          directories serve index.html. Content-Type from
                          DIR/content-types.json ({"<host>/<path>": "type"}, for
                          files whose real URLs have no extension), else by
                          extension (.html "text/html; charset=utf-8", .css
                          "text/css", .js "application/javascript", .json, .svg,
                          .png, .jpg, .gif, .webp, .ico, .woff, .woff2, .txt,
                          .xml), else application/octet-stream. A sidecar file
                          PATH.headers ("Name: value" lines, '#' comments;
                          "Status: N" sets the status) adds or replaces response
                          headers, and "Delay: S" holds the whole answer back
                          for S seconds (a slow site; the wait ends when the
                          server stops); *.headers files are never served.
                          Anything else: an HTML 404 page.
    GET /search?q=WORD    DIR/<host>/search/<WORD>.html (WORD percent-decoded as
                          UTF-8, exactly as given), else DIR/<host>/search/_none.html,
                          else 404.
    GET /woerterbuch/suche?begriff=WORD
                          the same from DIR/<host>/woerterbuch-suche/ (the site
                          variant neu.loghatnameh.de, whose search moved).

Every answer carries "Access-Control-Allow-Origin: *", as the real hosts
do (the site loads its webfont and some scripts in CORS mode).

Every request whose path does not start with /_fixture/ counts as a hit for
its host. Every request except the three control endpoints below is recorded
(the last 500).

Control endpoints (any host)
----------------------------
    GET  /_fixture/hits       {"<host>": count, ...}
    GET  /_fixture/requests   [{"host", "method", "path", "headers": {lower-case
                              name: value, repeated ones joined by ", "},
                              "header_list": [[name, value], ...], "body"}, ...]
                              oldest first; path includes the query; body is
                              the request body as UTF-8 (invalid bytes replaced)
    POST /_fixture/reset      clears hits and recorded requests

Behaviour endpoints (any host, any method unless noted)
------------------------------------------------------
    /_fixture/echo                 200 JSON {"method", "path", "host", "headers",
                                   "header_list", "body", "body_length", "client_port"}
                                   (as above; client_port tells connections apart)
    /_fixture/redirect?to=URL&status=302
                                   redirect (status 3xx, default 302) to URL as given
    /_fixture/status?code=N        status N (200-599) with body "status N\\n"
                                   (none for 204 and 304)
    /_fixture/slow?seconds=S       headers at once (Content-Length 10), the body
                                   "slow body\\n" after S seconds
    /_fixture/stall                reads the request, never answers; holds the
                                   connection until the client closes it or the
                                   server stops
    /_fixture/reset-connection     closes the connection with a TCP reset, no answer
    /_fixture/gzip                 Content-Encoding: gzip of GZIP_TEXT (below)
    /_fixture/gzip-broken          Content-Encoding: gzip, a gzip header followed
                                   by bytes that are not valid deflate data
    /_fixture/gzip-bomb?mb=N       Content-Encoding: gzip of N MiB of zero bytes
                                   (default 1024), chunked, compressed as it is sent
    /_fixture/big?mb=N[&chunked=1] N MiB (default 64) of "x", with Content-Length,
                                   or chunked without it
    /_fixture/charset?cs=CS&where=header|meta|http-equiv|bom|none
                                   CHARSET_PAGE (below) encoded in CS (default
                                   windows-1256; characters CS cannot encode become
                                   &#NNNN; references). The charset is declared in
                                   the Content-Type header, a <meta charset>, a
                                   <meta http-equiv="Content-Type">, only by a byte
                                   order mark (utf-8, utf-16le, utf-16be), or not
                                   at all ("Content-Type: text/html")
    /_fixture/bytes?hex=HEX&type=T the bytes HEX (hex digits) with Content-Type T
                                   (default application/octet-stream)
    /_fixture/set-cookie?NAME=VALUE[&NAME2=VALUE2...]
                                   one "Set-Cookie: NAME=VALUE; Domain=<host>; Path=/;
                                   Secure; HttpOnly" per pair; body: JSON list of names
    /_fixture/huge-headers?kb=N    about N KiB (default 128) of response headers
                                   (X-Fixture-Filler-I, 1000 bytes each), body "ok\\n"
    /_fixture/cache?cc=CC&etag=E&lm=L&expires=X&vary=V&type=T&status=N&body=B
                                   an answer for HTTP cache tests, with each header
                                   only when its parameter is given: Cache-Control CC,
                                   ETag E (quote it yourself), Last-Modified at Unix
                                   time L (fixed, so that it stays the same between
                                   requests), Expires X seconds before now (X may be
                                   negative: in the future), Vary V; Content-Type T
                                   (default "text/html; charset=utf-8"), status N
                                   (default 200). When If-None-Match matches E, or
                                   If-Modified-Since is at or after the
                                   Last-Modified: 304 with the same headers, no body.
                                   Otherwise the body is B (default "cached page")
                                   followed by " #K" (K counts this URL's full
                                   answers, from 1) and, with V, " VALUE" for each
                                   named request header's value

Subscription lists (for the rule-list subscription tests; kept apart from the above)
-----------------------------------------------------------------------------------
    PUT /_fixture/list?path=P&mode=M   body: a rule list; from now on GET P on any
                                       host answers with it (P wins over the site
                                       folders). mode ok (default): 200 with an
                                       ETag of the body and a Last-Modified of the
                                       PUT, or 304 when If-None-Match matches the
                                       ETag (or, without If-None-Match,
                                       If-Modified-Since is the Last-Modified);
                                       mode error: 500; mode
                                       truncated: a Content-Length twice the
                                       body's, half the body, then the connection
                                       closes. Answers {"ok": true}.

Redirect cycles (for the redirect-cycle tests; kept apart from the above)
-------------------------------------------------------------------------
    /_fixture/redirect-cycle/N/I   302 to /_fixture/redirect-cycle/N/((I+1) mod N):
                                   N hops that lead back to the first; N=1 is
                                   a page that redirects to itself

GZIP_TEXT is "gzip fixture: Straße خانه\\n" repeated 100 times (UTF-8).
CHARSET_PAGE is, before encoding:

    <!DOCTYPE html>
    <html><head>{declaration}<title>charset fixture</title></head>
    <body><p lang="fa">خانه</p><p lang="de">Straße</p><p lang="de">Brücke</p></body></html>

(one newline after each line), where {declaration} is the meta tag for
where=meta or where=http-equiv and empty otherwise. In windows-1256 "خانه"
and "ü" are single bytes but "ß" is not encodable, so "Straße" arrives as
"Stra&#223;e"; in windows-1252 it is the other way round for "خانه".
"""

import argparse
import collections
import email.utils
import gzip
import hashlib
import http.server
import json
import os
import re
import select
import signal
import socket
import socketserver
import ssl
import struct
import sys
import threading
import time
import zlib
from urllib.parse import parse_qs, parse_qsl, unquote, urlsplit

GZIP_TEXT = "gzip fixture: Straße خانه\n" * 100
CHARSET_TEMPLATE = (
    "<!DOCTYPE html>\n"
    "<html><head>{declaration}<title>charset fixture</title></head>\n"
    '<body><p lang="fa">خانه</p><p lang="de">Straße</p><p lang="de">Brücke</p></body></html>\n'
)
MAX_REQUEST_BODY = 64 << 20
MAX_RECORDED = 500
CONTROL_PATHS = {"/_fixture/hits", "/_fixture/requests", "/_fixture/reset"}
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css",
    ".js": "application/javascript",
    ".mjs": "application/javascript",
    ".json": "application/json",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
}
HOST_PATTERN = re.compile(r"^[a-z0-9_-][a-z0-9._-]*$")
# Search pages: path -> (the query parameter that carries the word, the
# site's folder of result pages). neu.loghatnameh.de is the dictionary after
# a redesign moved its search: only its home page's form says where.
SEARCH_ROUTES = {
    "/search": ("q", "search"),
    "/woerterbuch/suche": ("begriff", "woerterbuch-suche"),
}
BOMS = {"utf-8": b"\xef\xbb\xbf", "utf-16le": b"\xff\xfe", "utf-16be": b"\xfe\xff"}

STOP = threading.Event()


class Recorder:
    """Hits per host and the recent requests, shared by all connections."""

    def __init__(self):
        self.lock = threading.Lock()
        self.hits = collections.Counter()
        self.requests = collections.deque(maxlen=MAX_RECORDED)
        self.full_answers = collections.Counter()

    def count_full_answer(self, key):
        """Counts a full answer of /_fixture/cache for `key`; returns the count."""
        with self.lock:
            self.full_answers[key] += 1
            return self.full_answers[key]

    def record(self, entry, count_hit):
        with self.lock:
            self.requests.append(entry)
            if count_hit:
                self.hits[entry["host"]] += 1

    def snapshot(self):
        with self.lock:
            return dict(self.hits), list(self.requests)

    def reset(self):
        with self.lock:
            self.hits.clear()
            self.requests.clear()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "limot-fixture/1"
    # Answer even unparsable request lines with a status line (not HTTP/0.9's bare body).
    default_request_version = "HTTP/1.1"
    timeout = 60  # idle keep-alive connections
    # Headers and body go out in separate writes: with Nagle's algorithm the
    # body would wait for the client's delayed ACK (40 ms on Linux) on every
    # keep-alive answer, which capped the load tests at about 20 answers per
    # connection and second.
    disable_nagle_algorithm = True

    # -- plumbing ---------------------------------------------------------

    def handle(self):
        try:
            super().handle()
        except (OSError, ssl.SSLError, ValueError):
            self.close_connection = True

    def version_string(self):
        return self.server_version

    def send_header(self, keyword, value):
        if keyword.lower() == "access-control-allow-origin":
            self._sent_cors = True
        super().send_header(keyword, value)

    def end_headers(self):
        if not getattr(self, "_sent_cors", False):
            super().send_header("Access-Control-Allow-Origin", "*")
        self._sent_cors = False
        super().end_headers()

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("fixture: %s %s\n" % (self.address_string(), format % args))

    def __getattr__(self, name):
        # do_GET, do_POST, do_WHATEVER: every method goes through one handler.
        if name.startswith("do_"):
            return self.handle_request
        raise AttributeError(name)

    def host(self):
        host = (self.headers.get("Host") or "").strip().lower()
        if host.startswith("["):
            end = host.find("]")
            return host[: end + 1] if end > 0 else host
        return host.rsplit(":", 1)[0] if ":" in host else host

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            body = bytearray()
            while True:
                line = self.rfile.readline(65537)
                size = int(line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass
                    return bytes(body)
                if len(body) + size > MAX_REQUEST_BODY:
                    raise ValueError("request body too large")
                body += self.rfile.read(size)
                self.rfile.readline(3)
        length = self.headers.get("Content-Length")
        if not length:
            return b""
        length = int(length)
        if length < 0 or length > MAX_REQUEST_BODY:
            raise ValueError("bad Content-Length")
        return self.rfile.read(length)

    def header_views(self):
        pairs = [[name, value] for name, value in self.headers.items()]
        joined = {}
        for name, value in pairs:
            key = name.lower()
            joined[key] = joined[key] + ", " + value if key in joined else value
        return joined, pairs

    def reply(self, status, body=b"", content_type="text/plain; charset=utf-8", headers=()):
        self.send_response(status)
        names = {name.lower() for name, _ in headers}
        if content_type and "content-type" not in names:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if status not in (204, 304) and "content-length" not in names:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and status not in (204, 304):
            self.wfile.write(body)

    def reply_json(self, value, status=200):
        self.reply(status, json.dumps(value, ensure_ascii=False).encode(), "application/json")

    def reply_chunked(self, status, chunks, headers):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if self.command == "HEAD":
            return
        for chunk in chunks:
            if STOP.is_set():
                self.close_connection = True
                return
            if chunk:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")

    def not_found(self, host, path):
        page = (
            '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>404 Not Found</title></head>\n'
            "<body><h1>Not Found</h1><p>%s%s</p></body></html>\n" % (host, path)
        )
        self.reply(404, page.encode(), "text/html; charset=utf-8")

    # -- dispatch ---------------------------------------------------------

    def handle_request(self):
        host = self.host()
        target = urlsplit(self.path)
        if not host and target.netloc:
            host = target.netloc.lower().rsplit(":", 1)[0]
        path, query = target.path or "/", target.query
        try:
            body = self.read_body()
        except (ValueError, OSError):
            self.close_connection = True
            self.reply(400, b"bad request body\n", headers=[("Connection", "close")])
            return
        if path not in CONTROL_PATHS:
            fields, pairs = self.header_views()
            entry = {
                "host": host,
                "method": self.command,
                "path": path + ("?" + query if query else ""),
                "headers": fields,
                "header_list": pairs,
                "body": body.decode("utf-8", "replace"),
            }
            self.server.recorder.record(entry, count_hit=not path.startswith("/_fixture/"))
        try:
            if path.startswith("/_fixture/"):
                self.fixture(host, path, query, body)
            elif SubscriptionLists.serves(path):
                SubscriptionLists.answer(self, path)
            elif path in SEARCH_ROUTES and self.command in ("GET", "HEAD"):
                self.search(host, query, *SEARCH_ROUTES[path])
            else:
                self.static(host, path)
        except (OSError, ssl.SSLError):
            self.close_connection = True
        except Exception as error:  # a bug here must not take the server down
            self.close_connection = True
            sys.stderr.write("fixture: error handling %s %s: %r\n" % (self.command, self.path, error))
            try:
                self.reply(500, b"fixture server error\n", headers=[("Connection", "close")])
            except OSError:
                pass

    # -- sites --------------------------------------------------------------

    def site_dir(self, host):
        if not HOST_PATTERN.match(host) or ".." in host:
            return None
        return os.path.join(self.server.sites, host)

    def static(self, host, path):
        site = self.site_dir(host)
        parts = [part for part in unquote(path, errors="replace").split("/") if part not in ("", ".")]
        if site is None or any(part == ".." or "\0" in part or "\\" in part for part in parts):
            return self.not_found(host, path)
        file = os.path.join(site, *parts)
        if os.path.isdir(file):
            file = os.path.join(file, "index.html")
        if file.endswith(".headers") or not os.path.isfile(file):
            return self.not_found(host, path)
        self.send_file(file)

    def search(self, host, query, parameter, folder):
        site = self.site_dir(host)
        if site is None:
            return self.not_found(host, "/search")
        word = parse_qs(query, keep_blank_values=True).get(parameter, [""])[0]
        candidates = []
        if word and word not in (".", "..") and not any(c in word for c in "/\\\0"):
            candidates.append(os.path.join(site, folder, word + ".html"))
        candidates.append(os.path.join(site, folder, "_none.html"))
        for file in candidates:
            if os.path.isfile(file):
                return self.send_file(file)
        self.not_found(host, "/search?" + query)

    def send_file(self, file):
        with open(file, "rb") as handle:
            data = handle.read()
        status = 200
        delay = 0.0
        listed = self.server.content_types.get(os.path.relpath(file, self.server.sites).replace(os.sep, "/"))
        headers = {"Content-Type": listed or CONTENT_TYPES.get(os.path.splitext(file)[1].lower(), "application/octet-stream")}
        sidecar = file + ".headers"
        if os.path.isfile(sidecar):
            with open(sidecar, encoding="utf-8") as handle:
                for line in handle:
                    line = line.strip()
                    if not line or line.startswith("#") or ":" not in line:
                        continue
                    name, value = (part.strip() for part in line.split(":", 1))
                    if name.lower() == "status":
                        status = int(value)
                        continue
                    if name.lower() == "delay":
                        delay = float(value)
                        continue
                    headers = {k: v for k, v in headers.items() if k.lower() != name.lower()}
                    headers[name] = value
        content_type = headers.pop("Content-Type", None)
        if delay > 0 and STOP.wait(delay):
            self.close_connection = True
            return
        self.reply(status, data, content_type, list(headers.items()))

    # -- behaviour endpoints ----------------------------------------------------

    def fixture(self, host, path, query, body):
        params = {key: values[-1] for key, values in parse_qs(query, keep_blank_values=True).items()}
        name = path[len("/_fixture/"):]
        recorder = self.server.recorder
        if name == "hits":
            return self.reply_json(recorder.snapshot()[0])
        if name == "requests":
            return self.reply_json(recorder.snapshot()[1])
        if name == "reset":
            if self.command != "POST":
                return self.reply(405, b"POST /_fixture/reset\n", headers=[("Allow", "POST")])
            recorder.reset()
            return self.reply_json({"ok": True})
        if name == "echo":
            fields, pairs = self.header_views()
            return self.reply_json({
                "method": self.command,
                "path": path + ("?" + query if query else ""),
                "host": host,
                "headers": fields,
                "header_list": pairs,
                "body": body.decode("utf-8", "replace"),
                "body_length": len(body),
                "client_port": self.client_address[1],
            })
        if name == "redirect":
            status = int(params.get("status", "302"))
            if not 300 <= status <= 399:
                return self.reply(400, b"status must be 3xx\n")
            target = params.get("to", "/")
            return self.reply(status, ("redirect to %s\n" % target).encode(), headers=[("Location", target)])
        if name == "status":
            code = int(params.get("code", "200"))
            if not 200 <= code <= 599:
                return self.reply(400, b"code must be 200-599\n")
            return self.reply(code, b"status %d\n" % code)
        if name == "slow":
            return self.slow(float(params.get("seconds", "5")))
        if name == "stall":
            return self.stall()
        if name == "reset-connection":
            return self.reset_connection()
        if name == "gzip":
            return self.reply(200, gzip.compress(GZIP_TEXT.encode()), "text/plain; charset=utf-8",
                              [("Content-Encoding", "gzip")])
        if name == "gzip-broken":
            broken = gzip.compress(b"")[:10] + b"\xff" * 64
            return self.reply(200, broken, "text/plain; charset=utf-8", [("Content-Encoding", "gzip")])
        if name == "gzip-bomb":
            return self.gzip_bomb(int(params.get("mb", "1024")))
        if name == "big":
            return self.big(int(params.get("mb", "64")), params.get("chunked") == "1")
        if name == "charset":
            return self.charset(params.get("cs", "windows-1256"), params.get("where", "header"))
        if name == "bytes":
            return self.reply(200, bytes.fromhex(params.get("hex", "")),
                              params.get("type", "application/octet-stream"))
        if name == "set-cookie":
            pairs = parse_qsl(query, keep_blank_values=True)
            cookies = [("Set-Cookie", "%s=%s; Domain=%s; Path=/; Secure; HttpOnly" % (k, v, host)) for k, v in pairs]
            return self.reply(200, json.dumps([k for k, _ in pairs]).encode(), "application/json", cookies)
        if name == "cache":
            return self.cache_answer(path + "?" + query, params)
        if name == "huge-headers":
            filler = "a" * 980
            headers = [("X-Fixture-Filler-%d" % i, filler) for i in range(int(params.get("kb", "128")))]
            return self.reply(200, b"ok\n", headers=headers)
        if name.startswith("redirect-cycle/"):
            return self.redirect_cycle(name[len("redirect-cycle/"):])
        if name == "list":
            return SubscriptionLists.put(self, params, body)
        self.not_found(host, path)

    def cache_answer(self, key, params):
        now = time.time()
        headers = []
        if "cc" in params:
            headers.append(("Cache-Control", params["cc"]))
        if "etag" in params:
            headers.append(("ETag", params["etag"]))
        modified = None
        if "lm" in params:
            modified = int(float(params["lm"]))
            headers.append(("Last-Modified", email.utils.formatdate(modified, usegmt=True)))
        if "expires" in params:
            headers.append(("Expires", email.utils.formatdate(now - float(params["expires"]), usegmt=True)))
        if "vary" in params:
            headers.append(("Vary", params["vary"]))
        headers.append(("Date", email.utils.formatdate(now, usegmt=True)))
        content_type = params.get("type", "text/html; charset=utf-8")
        match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        not_modified = False
        if match is not None and "etag" in params:
            not_modified = any(tag.strip().removeprefix("W/") == params["etag"].removeprefix("W/")
                               for tag in match.split(","))
        elif since is not None and modified is not None:
            try:
                not_modified = email.utils.parsedate_to_datetime(since).timestamp() >= modified
            except (TypeError, ValueError):
                not_modified = False
        if not_modified:
            self.send_response(304)
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            return
        count = self.server.recorder.count_full_answer(key)
        text = "%s #%d" % (params.get("body", "cached page"), count)
        for name in params.get("vary", "").split(","):
            if name.strip():
                text += " " + (self.headers.get(name.strip()) or "-")
        self.reply(int(params.get("status", "200")), text.encode(), content_type, headers)

    def slow(self, seconds):
        body = b"slow body\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.flush()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if STOP.is_set():
                self.close_connection = True
                return
            time.sleep(min(0.05, max(0.0, deadline - time.monotonic())))
        if self.command != "HEAD":
            self.wfile.write(body)

    def stall(self):
        self.close_connection = True
        connection = self.connection
        while not STOP.is_set():
            readable, _, _ = select.select([connection], [], [], 0.25)
            if not readable:
                continue
            try:
                if not connection.recv(65536):
                    return  # the client went away
            except ssl.SSLWantReadError:
                continue
            except (OSError, ssl.SSLError):
                return

    def reset_connection(self):
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def gzip_bomb(self, megabytes):
        def chunks():
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            for _ in range(megabytes):
                yield compressor.compress(zeros)
            yield compressor.flush()

        self.reply_chunked(200, chunks(), [("Content-Type", "text/plain"), ("Content-Encoding", "gzip")])

    def big(self, megabytes, chunked):
        block = b"x" * (64 << 10)
        blocks = (block for _ in range(megabytes * 16))
        if chunked:
            return self.reply_chunked(200, blocks, [("Content-Type", "text/plain")])
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(megabytes << 20))
        self.end_headers()
        if self.command == "HEAD":
            return
        for data in blocks:
            if STOP.is_set():
                self.close_connection = True
                return
            self.wfile.write(data)

    def charset(self, charset, where):
        charset = charset.lower()
        declaration = {
            "meta": '<meta charset="%s">' % charset,
            "http-equiv": '<meta http-equiv="Content-Type" content="text/html; charset=%s">' % charset,
        }.get(where, "")
        page = CHARSET_TEMPLATE.format(declaration=declaration)
        try:
            codec = {"utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}.get(charset, charset)
            data = page.encode(codec, errors="xmlcharrefreplace")
        except LookupError:
            return self.reply(400, b"unknown charset\n")
        if where == "bom":
            if charset not in BOMS:
                return self.reply(400, b"where=bom needs utf-8, utf-16le or utf-16be\n")
            data = BOMS[charset] + data
        content_type = "text/html; charset=%s" % charset if where == "header" else "text/html"
        self.reply(200, data, content_type)

    # -- redirect cycles ----------------------------------------------------------

    def redirect_cycle(self, rest):
        hops, _, index = rest.partition("/")
        if not (hops.isdigit() and index.isdigit() and 0 <= int(index) < int(hops)):
            return self.reply(400, b"redirect-cycle/N/I needs 0 <= I < N\n")
        target = "/_fixture/redirect-cycle/%s/%d" % (hops, (int(index) + 1) % int(hops))
        return self.reply(302, ("redirect to %s\n" % target).encode(), headers=[("Location", target)])


class SubscriptionLists:
    """Rule lists at paths a test chooses (PUT /_fixture/list), for limot's
    subscription tests: conditional requests, failures."""

    lock = threading.Lock()
    lists = {}  # path -> {"body", "mode", "etag", "last_modified"}

    @classmethod
    def serves(cls, path):
        with cls.lock:
            return path in cls.lists

    @classmethod
    def put(cls, handler, params, body):
        if handler.command != "PUT" or not params.get("path", "").startswith("/"):
            return handler.reply(400, b"PUT /_fixture/list?path=/P&mode=ok|error|truncated\n")
        entry = {
            "body": body,
            "mode": params.get("mode", "ok"),
            "etag": '"%s"' % hashlib.sha1(body).hexdigest()[:16],
            "last_modified": email.utils.formatdate(time.time(), usegmt=True),
        }
        with cls.lock:
            cls.lists[params["path"]] = entry
        handler.reply_json({"ok": True})

    @classmethod
    def answer(cls, handler, path):
        with cls.lock:
            entry = dict(cls.lists[path])
        if entry["mode"] == "error":
            return handler.reply(500, b"list server error\n")
        if entry["mode"] == "truncated":
            handler.send_response(200)
            handler.send_header("Content-Type", "text/plain; charset=utf-8")
            handler.send_header("Content-Length", str(2 * len(entry["body"])))
            handler.end_headers()
            handler.wfile.write(entry["body"][: len(entry["body"]) // 2])
            handler.close_connection = True
            return
        validators = [("ETag", entry["etag"]), ("Last-Modified", entry["last_modified"])]
        # As RFC 9110 says: If-Modified-Since only when If-None-Match is absent.
        if_none_match = handler.headers.get("If-None-Match")
        if if_none_match == entry["etag"] if if_none_match is not None else handler.headers.get("If-Modified-Since") == entry["last_modified"]:
            return handler.reply(304, headers=validators)
        content_type = "application/json" if path.endswith(".json") else "text/plain; charset=utf-8"
        handler.reply(200, entry["body"], content_type, validators)


class FixtureHTTPServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, port, sites, recorder, verbose, tls_context=None):
        self.sites = sites
        self.content_types = load_content_types(sites)
        self.recorder = recorder
        self.verbose = verbose
        self.tls_context = tls_context
        super().__init__(("127.0.0.1", port), Handler)

    def finish_request(self, request, client_address):
        if self.tls_context is None:
            return super().finish_request(request, client_address)
        # The handshake runs here, on the connection's own thread, so that a
        # client that never completes it cannot block accepting others.
        try:
            request.settimeout(10)
            secure = self.tls_context.wrap_socket(request, server_side=True)
            secure.settimeout(None)
        except (OSError, ssl.SSLError):
            return
        try:
            super().finish_request(secure, client_address)
        finally:
            try:
                secure.close()
            except OSError:
                pass

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def load_content_types(sites):
    """DIR/content-types.json: {"<host>/<path>": "media type"}; keys without a '/' are comments."""
    try:
        with open(os.path.join(sites, "content-types.json"), encoding="utf-8") as handle:
            table = json.load(handle)
    except FileNotFoundError:
        return {}
    return {key: value for key, value in table.items() if "/" in key and isinstance(value, str)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sites", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "sites"))
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--parent-watch", action="store_true", help="exit when stdin reaches end of file")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")

    recorder = Recorder()
    sites = os.path.abspath(args.sites)
    servers = []
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        context.set_alpn_protocols(["http/1.1"])
        servers.append(FixtureHTTPServer(args.port, sites, recorder, args.verbose, context))
        servers.append(FixtureHTTPServer(0, sites, recorder, args.verbose))
        announcement = {"port": servers[0].server_address[1], "plain_port": servers[1].server_address[1]}
    else:
        servers.append(FixtureHTTPServer(args.port, sites, recorder, args.verbose))
        announcement = {"port": servers[0].server_address[1]}

    signal.signal(signal.SIGTERM, lambda *_: STOP.set())
    signal.signal(signal.SIGINT, lambda *_: STOP.set())
    # A parent may spawn us from a thread that blocks signals (Swift's and
    # Dispatch's worker threads do); the mask is inherited, so undo it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if args.parent_watch:
        def watch():
            try:
                while os.read(0, 4096):
                    pass
            except OSError:
                pass
            STOP.set()
        threading.Thread(target=watch, daemon=True).start()

    threads = [threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
               for server in servers]
    for thread in threads:
        thread.start()
    print(json.dumps(announcement), flush=True)
    while not STOP.wait(0.5):
        pass
    # Close the listening sockets and leave at once: connection threads are
    # daemons, and waiting for them (or for interpreter shutdown) only delays
    # the test that stops the server.
    for server in servers:
        server.socket.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()

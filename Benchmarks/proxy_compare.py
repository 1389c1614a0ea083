#!/usr/bin/env python3
"""limot serve beside nginx and Privoxy, measured in one run with wrk.

Starts, all on loopback:
  * nginx serving a 60 KB dictionary-like page (German/Persian entries, ads,
    trackers, scripts, images) -- the upstream, and the "direct" baseline;
  * Privoxy with Debian's default configuration (its default actions and
    filters), and Privoxy forwarding only (no actions, no filters);
  * limot serve with the shipped rules, theme and bar, pointed at nginx with
    --connect-to (the same upstream bytes every time).
Then runs `wrk -t2 -c16 -d10s --latency` against each and prints requests per
second, p50 and p99 latency, and limot's ratios to the others, plus limot's
resident memory before and after the run.

Usage: python3 Benchmarks/proxy_compare.py [--duration 10] [--connections 16]
       [--limot PATH] (default: .build/release/limot, built if missing)
Needs: nginx, privoxy, wrk (Debian packages nginx-light privoxy wrk).
"""
import argparse
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = "www.loghatnameh.de"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def dictionary_page(target_bytes=60_000):
    """A result page like the dictionary's: a table of entries with ads."""
    random.seed(7)
    german = ["Haus", "Buch", "gehen", "Straße", "Baum", "Wasser", "Freund", "Schule", "Arbeit", "Stadt"]
    persian = ["خانه", "کتاب", "رفتن", "خیابان", "درخت", "آب", "دوست", "مدرسه", "کار", "شهر"]
    head = """<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Haus - Wörterbuch Deutsch Persisch</title>
<link rel="stylesheet" href="/css/site.css"><link rel="icon" href="/favicon.png">
<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234"></script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
</head><body><header><img src="/img/logo.svg" alt="loghatnameh"><form action="/search" method="get"><input name="q" value="Haus"><button>Suchen</button></form></header>
<ins class="adsbygoogle" style="display:block" data-ad-client="ca-pub-1234" data-ad-slot="1"></ins><script>(adsbygoogle=window.adsbygoogle||[]).push({});</script>
<main><table class="results">
"""
    rows = []
    size = len(head.encode())
    i = 0
    while size < target_bytes:
        g, p = german[i % len(german)], persian[i % len(persian)]
        row = (f'<tr><td class="de"><a href="/search?q={g}">{g}</a> <span class="gram">das, -er</span></td>'
               f'<td class="fa" dir="rtl" lang="fa">{p}‌ها، {p}</td><td><img src="/img/speaker.png" alt=""></td></tr>\n')
        if i % 25 == 12:
            row += '<tr><td colspan="3"><div class="ad-wrapper"><iframe src="https://googleads.g.doubleclick.net/pagead/ads?client=ca-pub-1234" width="728" height="90"></iframe></div></td></tr>\n'
        rows.append(row)
        size += len(row.encode())
        i += 1
    tail = """</table></main><img src="https://www.google-analytics.com/collect?v=1&tid=UA-1" width="1" height="1" alt="">
<footer><a href="/impressum">Impressum</a> <a href="https://example.org/">Partner</a></footer></body></html>
"""
    return head + "".join(rows) + tail


def run_wrk(port, path, duration, connections, absolute=None):
    args = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency"]
    script = None
    if absolute:
        script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
        script.write(f'wrk.path = "{absolute}"\nwrk.headers["Host"] = "{SITE}"\n')
        script.close()
        args += ["-s", script.name]
    args.append(f"http://127.0.0.1:{port}{path}")
    out = subprocess.run(args, capture_output=True, text=True).stdout
    if script:
        os.unlink(script.name)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    def latency(pct):
        m = re.search(rf"\s{pct}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {"rate": rate, "p50": latency(50), "p99": latency(99),
            "non2xx": int(errors.group(1)) if errors else 0,
            "socket": socket_errors.group(1) if socket_errors else ""}


def check_answers(nginx_port, limot_port, privoxy_port, path, absolute):
    """Each server answers the page with 200 before it is measured."""
    import urllib.request
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    via_privoxy = urllib.request.build_opener(urllib.request.ProxyHandler({"http": f"http://127.0.0.1:{privoxy_port}"}))
    for name, opener, url in [("nginx", direct, f"http://127.0.0.1:{nginx_port}{path}"),
                              ("limot", direct, f"http://127.0.0.1:{limot_port}{path}"),
                              ("Privoxy", via_privoxy, absolute)]:
        try:
            with opener.open(url, timeout=10) as response:
                body = response.read()
                print(f"{name}: {response.status}, {len(body)} bytes")
        except Exception as error:  # urllib raises for non-2xx
            raise SystemExit(f"{name} does not serve the page: {error}")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--limot", default=os.path.join(ROOT, ".build/release/limot"))
    options = parser.parse_args()
    for tool in ["nginx", "privoxy", "wrk"]:
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            raise SystemExit(f"{tool} is missing: apt-get install nginx-light privoxy wrk")
    if not os.path.exists(options.limot):
        subprocess.run(["swift", "build", "-c", "release", "--product", "limot"], cwd=ROOT, check=True)

    work = tempfile.mkdtemp(prefix="limot-bench-")
    os.chmod(work, 0o755)  # nginx's workers run as another user
    processes = []
    try:
        docroot = os.path.join(work, "site")
        os.makedirs(os.path.join(docroot, "search"))
        page = dictionary_page()
        with open(os.path.join(docroot, "search", "Haus.html"), "w") as f:
            f.write(page)
        nginx_port, privoxy_port, forward_port, limot_port = (free_port() for _ in range(4))
        with open(os.path.join(work, "nginx.conf"), "w") as f:
            f.write(f"""daemon off; worker_processes 1; pid {work}/nginx.pid; error_log {work}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; keepalive_requests 100000; types {{ text/html html; }}
  server {{ listen 127.0.0.1:{nginx_port}; root {docroot};
    location = /search {{ default_type "text/html; charset=utf-8"; try_files /search/$arg_q.html =404; }} }} }}
""")
        processes.append(subprocess.Popen(["nginx", "-c", os.path.join(work, "nginx.conf")], stderr=subprocess.DEVNULL))
        # Privoxy: Debian's configuration, only the listen address and paths changed.
        base = open("/etc/privoxy/config").read()
        base = re.sub(r"(?m)^(listen-address|logdir|logfile|confdir).*$", "", base)
        for name, port, filtered in [("privoxy", privoxy_port, True), ("forward", forward_port, False)]:
            text = base if filtered else re.sub(r"(?m)^(actionsfile|filterfile).*$", "", base)
            # confdir first: the actions and filter files are read relative to it.
            text = f"confdir /etc/privoxy\nlogdir {work}\n" + text + f"\nlisten-address 127.0.0.1:{port}\n"
            path = os.path.join(work, f"{name}.conf")
            with open(path, "w") as f:
                f.write(text)
            processes.append(subprocess.Popen(["privoxy", "--no-daemon", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        limot = subprocess.Popen(
            [options.limot, "serve", "--port", str(limot_port), "--home", f"http://{SITE}/",
             "--connect-to", f"{SITE}:80:127.0.0.1:{nginx_port}", "--theme", "dark", "--log-level", "warning"],
            cwd=ROOT, stdout=subprocess.DEVNULL)
        processes.append(limot)
        for port in [nginx_port, privoxy_port, forward_port, limot_port]:
            wait_for_port(port)
        url_path = "/search?q=Haus"
        # Privoxy is a forward proxy: it gets the absolute URL, naming nginx
        # by address (it has no --connect-to).
        privoxy_absolute = f"http://127.0.0.1:{nginx_port}{url_path}"
        check_answers(nginx_port, limot_port, privoxy_port, url_path, privoxy_absolute)
        rss_before = rss_mib(limot.pid)
        results = {}
        warm = lambda port, **kw: run_wrk(port, url_path, 2, options.connections, **kw)
        for name, port, kw in [("nginx direct", nginx_port, {}),
                               ("Privoxy, default filters", privoxy_port, {"absolute": privoxy_absolute}),
                               ("Privoxy, forwarding only", forward_port, {"absolute": privoxy_absolute}),
                               ("limot, full filtering", limot_port, {})]:
            warm(port, **kw)
            results[name] = run_wrk(port, url_path, options.duration, options.connections, **kw)
        rss_after = rss_mib(limot.pid)
        print(f"page: {len(page.encode()) // 1024} KB; wrk -t2 -c{options.connections} -d{options.duration}s, one run, this machine")
        print(f"{'':28} {'req/s':>10} {'p50 ms':>9} {'p99 ms':>9} {'non-2xx':>8}")
        for name, r in results.items():
            print(f"{name:28} {r['rate']:10.0f} {r['p50']:9.2f} {r['p99']:9.2f} {r['non2xx']:8d} {r['socket']}")
        mine = results["limot, full filtering"]
        print("limot ÷ others (throughput; higher is better for limot):")
        for name, r in results.items():
            if r is not mine:
                print(f"  vs {name:26} {mine['rate'] / r['rate']:6.2f}x")
        print(f"limot resident memory: {rss_before:.0f} MiB before, {rss_after:.0f} MiB after")
    finally:
        for p in processes:
            p.send_signal(signal.SIGTERM)
        for p in processes:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

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
second, p50 and p99 latency, and limot's ratios to the others; for limot
also the CPU time its process used per request (user + system, from
/proc: less at the mercy of the machine's load than the rate), its
threads' context switches per request (work handed between threads) and its
resident memory, sampled four times a second during its run. The load
average is printed before and after. With --baseline PATH another limot
(say, main's build) is measured beside it in the same run, for before and
after figures from the same machine and moment; with --rounds N every
server is measured N times, in turn, and the medians are printed. With
--mallocs (root; Linux perf) each limot's calls to malloc per request are
counted in a short extra run with a uprobe on libc's malloc (the probe
slows the process, so the measured runs go without it).

By default every answer is a page never seen before, as in real reading (one
new word after another): every request names a new address
(`/search?q=Haus&n=...`, a different `n` each time, for every server), and
nginx sends it with `Cache-Control: no-store` and a different comment before
`</body>` (`sub_filter` with `$request_id`), so no cache and no memo of a
sanitized form, by address or by bytes, can answer it. With --same-page, nginx
sends the same bytes every time (no Cache-Control): limot then fetches each
request again but may find the sanitized form it remembered for those bytes.

With --cached, the HTTP cache instead (issue 6: "a cached page is served in
under 1 ms at the median through the proxy"): nginx sends the page with
`Cache-Control: max-age=3600` and an ETag, limot answers it from its cache
after one warm-up request, and beside it, in the same run, are measured:
nginx direct, Privoxy forwarding only (no cache: what a reader would
otherwise put in front of the site), limot on the same page with
`Cache-Control: max-age=0` (stored, but revalidated with the site on every
request: a 304, then the kept sanitized form) and with `no-store` (fetched
every time), and limot on the same cached bytes at an address that is no
result page (/lesen/Haus.html: no lookup for the notebook). (--no-history
is not measured: it keeps no new cache copies, so it fetches every time.) wrk
sends no cookie, so every request is a new session's page view. Each at 16
connections and at one (the latency one reader sees), in --rounds rounds
(every server once per round, in turn), medians printed. nginx logs the
requests that carry a User-Agent (limot's and the checks', never wrk's),
and the script fails unless nginx saw no request for the cached page
during the runs (only before them: the checks and the warm-up).

Every limot gets a temporary --data-dir.

Usage: python3 Benchmarks/proxy_compare.py [--same-page | --cached] [--rounds 1]
       [--duration 10] [--connections 16] [--baseline PATH] [--mallocs]
       [--limot PATH] (default: .build/release/limot, built if missing)
Needs: nginx, privoxy, wrk (Debian packages nginx-light privoxy wrk);
--mallocs also perf (linux-perf) and root.
"""
import argparse
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = "www.loghatnameh.de"
# Set for unique pages: every wrk request then names a new address too.
DISTINCT_ADDRESSES = False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_site(prefix):
    """A temporary folder with nginx's document root in it, the dictionary
    page at search/Haus.html: (folder, document root, page)."""
    work = tempfile.mkdtemp(prefix=prefix)
    os.chmod(work, 0o755)  # nginx's workers run as another user
    docroot = os.path.join(work, "site")
    os.makedirs(os.path.join(docroot, "search"))
    page = dictionary_page()
    with open(os.path.join(docroot, "search", "Haus.html"), "w") as f:
        f.write(page)
    return work, docroot, page


def stop(processes, timeout=5):
    """SIGTERM to every process, then each waited for (killed after `timeout` s)."""
    for p in processes:
        p.send_signal(signal.SIGTERM)
    for p in processes:
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()


def wait_for_port(port, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def dictionary_page(target_bytes=60_000, images_each_new=False):
    """A result page like the dictionary's: a table of entries with ads.
    With images_each_new, each entry's speaker image has an address of its
    own (`/img/speaker/N.png`), so that every image is a URL the page has
    not named before: the cost of a first decision (rules, the proxy
    address), which the shared icon pays once a page."""
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
        speaker = f"/img/speaker/{i}.png" if images_each_new else "/img/speaker.png"
        row = (f'<tr><td class="de"><a href="/search?q={g}">{g}</a> <span class="gram">das, -er</span></td>'
               f'<td class="fa" dir="rtl" lang="fa">{p}‌ها، {p}</td><td><img src="{speaker}" alt=""></td></tr>\n')
        if i % 25 == 12:
            row += '<tr><td colspan="3"><div class="ad-wrapper"><iframe src="https://googleads.g.doubleclick.net/pagead/ads?client=ca-pub-1234" width="728" height="90"></iframe></div></td></tr>\n'
        rows.append(row)
        size += len(row.encode())
        i += 1
    tail = """</table></main><img src="https://www.google-analytics.com/collect?v=1&tid=UA-1" width="1" height="1" alt="">
<footer><a href="/impressum">Impressum</a> <a href="https://example.org/">Partner</a></footer></body></html>
"""
    return head + "".join(rows) + tail


def distinct_requests_script(path):
    """wrk script that asks for a different address every time: `path` with
    `&n=RUN-THREAD-COUNT` appended (RUN differs from one wrk run to the next),
    as a reader asks for one new word after another. nginx's try_files reads
    only `q`, so the page is the same; whatever a proxy keeps by address
    (its memo of pages, its history) sees a new one each time."""
    run = os.urandom(4).hex()
    return (f'local threads = 0\n'
            f'function setup(thread) threads = threads + 1; thread:set("thread_number", threads) end\n'
            f'local count = 0\n'
            f'request = function()\n'
            f'  count = count + 1\n'
            f'  return wrk.format(nil, "{path}&n={run}-" .. thread_number .. "-" .. count)\n'
            f'end\n')


def run_wrk(port, path, duration, connections, absolute=None):
    # wrk needs at least as many connections as threads.
    args = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{duration}s", "--latency"]
    script = None
    if absolute or DISTINCT_ADDRESSES:
        script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
        if absolute:
            script.write(f'wrk.path = "{absolute}"\nwrk.headers["Host"] = "{SITE}"\n')
        if DISTINCT_ADDRESSES:
            script.write(distinct_requests_script(absolute or path))
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
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return {"rate": rate, "p50": latency(50), "p99": latency(99), "requests": requests,
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


def cpu_seconds(pid):
    """User + system CPU time the process (all its threads) has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def context_switches(pid):
    """Context switches of all the process's threads so far (voluntary and
    involuntary): how often work is handed from thread to thread."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                total += sum(int(line.split()[1]) for line in f if "ctxt_switches:" in line)
        except OSError:  # a thread that ended meanwhile
            pass
    return total


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


class MemorySampler:
    """Samples a process's VmRSS four times a second while in a `with`."""
    def __init__(self, pid):
        self.pid, self.samples, self.stop = pid, [], threading.Event()

    def __enter__(self):
        def sample():
            while not self.stop.is_set():
                self.samples.append(rss_mib(self.pid))
                self.stop.wait(0.25)
        self.thread = threading.Thread(target=sample, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def run_limot(pid, port, path, duration, connections):
    """run_wrk against a limot, with its CPU time per request and its
    resident memory during the run (MiB: first, lowest and highest sample)."""
    cpu, switches = cpu_seconds(pid), context_switches(pid)
    with MemorySampler(pid) as memory:
        result = run_wrk(port, path, duration, connections)
    result["cpu_ms"] = (cpu_seconds(pid) - cpu) * 1000 / max(1, result["requests"])
    result["switches"] = (context_switches(pid) - switches) / max(1, result["requests"])
    result["rss"] = (memory.samples[0], min(memory.samples), max(memory.samples))
    return result


def mallocs_per_request(pid, port, path, connections, duration=3):
    """Calls to libc's malloc per request, counted by a uprobe (perf) over a
    short wrk run of its own: the probe slows the process, so the measured
    runs go without it."""
    libc = "/lib/x86_64-linux-gnu/libc.so.6"
    listed = subprocess.run(["perf", "probe", "-l"], capture_output=True, text=True).stdout
    if "probe_libc:malloc" not in listed:
        added = subprocess.run(["perf", "probe", "-x", libc, "malloc"], capture_output=True, text=True)
        if added.returncode != 0:
            raise SystemExit(f"--mallocs needs perf and root: perf probe failed: {added.stderr.strip()}")
    counts = tempfile.NamedTemporaryFile(suffix=".txt", delete=False)
    counts.close()
    perf = subprocess.Popen(["perf", "stat", "-x", ",", "-e", "probe_libc:malloc", "-p", str(pid), "-o", counts.name],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    result = run_wrk(port, path, duration, connections)
    time.sleep(0.2)
    perf.send_signal(signal.SIGINT)
    perf.wait()
    with open(counts.name) as f:
        line = next(line for line in f if "probe_libc:malloc" in line)
    os.unlink(counts.name)
    return int(line.split(",")[0]) / max(1, result["requests"])


def start_nginx(work, docroot, port, processes, cached_mode=False, unique_pages=False):
    """nginx on `port` serving /search?q=WORD from docroot/search/WORD.html.

    In the cache mode the answer's Cache-Control depends on the word (see
    CACHE_CONTROL), nginx sends its ETag and Last-Modified as for any
    static file, and requests with a User-Agent (limot's, not wrk's) are
    logged, to count what limot asked the site for."""
    logging = "access_log off;"
    headers = ""
    other = ""
    if unique_pages:
        headers = ('add_header Cache-Control "no-store"; sub_filter_once on; '
                   "sub_filter '</body>' '<!-- $request_id --></body>';")
    if cached_mode:
        cases = "".join(f' "{word}" "{value}";' for word, value in CACHE_CONTROL.items())
        logging = (f'log_format counted "$status $request_uri"; '
                   f'map $http_user_agent $counted {{ "" 0; default 1; }} '
                   f'map $arg_q $cache_control {{ default "";{cases} }} '
                   f'access_log {work}/upstream.log counted buffer=32k flush=1s if=$counted;')
        headers = "add_header Cache-Control $cache_control;"
        # The same page at an address that is not a result page (/search?q=):
        # limot keeps no lookup in its notebook for it.
        other = 'location /lesen/ { default_type "text/html; charset=utf-8"; add_header Cache-Control "max-age=3600"; }'
    with open(os.path.join(work, "nginx.conf"), "w") as f:
        f.write(f"""daemon off; worker_processes 1; pid {work}/nginx.pid; error_log {work}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{ {logging} keepalive_requests 100000; types {{ text/html html; }}
  server {{ listen 127.0.0.1:{port}; root {docroot};
    location = /search {{ default_type "text/html; charset=utf-8"; {headers} try_files /search/$arg_q.html =404; }} {other} }} }}
""")
    processes.append(subprocess.Popen(["nginx", "-c", os.path.join(work, "nginx.conf")], stderr=subprocess.DEVNULL))


def start_privoxy(work, instances, processes):
    """Privoxy with Debian's configuration, only the listen address and paths
    changed; `instances` are (name, port, filtered): unfiltered ones have
    no actions and no filters (forwarding only)."""
    base = open("/etc/privoxy/config").read()
    base = re.sub(r"(?m)^(listen-address|logdir|logfile|confdir).*$", "", base)
    for name, port, filtered in instances:
        text = base if filtered else re.sub(r"(?m)^(actionsfile|filterfile).*$", "", base)
        # confdir first: the actions and filter files are read relative to it.
        text = f"confdir /etc/privoxy\nlogdir {work}\n" + text + f"\nlisten-address 127.0.0.1:{port}\n"
        path = os.path.join(work, f"{name}.conf")
        with open(path, "w") as f:
            f.write(text)
        processes.append(subprocess.Popen(["privoxy", "--no-daemon", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))


def start_limot(options, work, name, port, nginx_port, processes, extra=(), binary=None):
    """limot serve on `port` with the shipped rules, dark theme and bar, a
    data directory of its own in `work`, and the site at nginx."""
    data = os.path.join(work, f"data-{name}")
    limot = subprocess.Popen(
        [binary or options.limot, "serve", "--port", str(port), "--home", f"http://{SITE}/",
         "--connect-to", f"{SITE}:80:127.0.0.1:{nginx_port}", "--theme", "dark", "--log-level", "warning",
         "--data-dir", data, *extra],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    processes.append(limot)
    return limot


def filtering_comparison(options, work, docroot, page, processes):
    """The default mode: limot beside nginx and Privoxy with and without
    filters, on unique pages (or the same page with --same-page); with
    --baseline, another limot beside it."""
    global DISTINCT_ADDRESSES
    unique = not options.same_page
    DISTINCT_ADDRESSES = unique
    nginx_port, privoxy_port, forward_port = (free_port() for _ in range(3))
    start_nginx(work, docroot, nginx_port, processes, unique_pages=unique)
    start_privoxy(work, [("privoxy", privoxy_port, True), ("forward", forward_port, False)], processes)
    limots = {"limot, full filtering": options.limot}
    if options.baseline:
        limots["limot (baseline), full filtering"] = options.baseline
    started = {}
    for index, (name, binary) in enumerate(limots.items()):
        port = free_port()
        started[name] = (start_limot(options, work, f"limot{index}", port, nginx_port, processes, binary=binary), port)
    for port in [nginx_port, privoxy_port, forward_port] + [port for _, port in started.values()]:
        wait_for_port(port)
    url_path = "/search?q=Haus"
    # Privoxy is a forward proxy: it gets the absolute URL, naming nginx
    # by address (it has no --connect-to).
    privoxy_absolute = f"http://127.0.0.1:{nginx_port}{url_path}"
    for name, (_, port) in started.items():
        check_answers(nginx_port, port, privoxy_port, url_path, privoxy_absolute)
    if unique:
        first, second = (fetch_once(nginx_port, url_path)[1] for _ in range(2))
        if first == second:
            raise SystemExit("nginx sent the same bytes twice: its sub_filter did not make each page unique")
        for name, (_, port) in started.items():
            marks = [re.findall(rb"<!-- ([0-9a-f]{32}) -->", fetch_once(port, url_path)[1]) for _ in range(2)]
            if len(marks[0]) != 1 or marks[0] == marks[1]:
                raise SystemExit(f"{name}'s pages do not carry nginx's unique comment each: {marks}")
    rss_before = {name: rss_mib(process.pid) for name, (process, _) in started.items()}
    load_before = load_average()
    rows = [("nginx direct", nginx_port, {}),
            ("Privoxy, default filters", privoxy_port, {"absolute": privoxy_absolute}),
            ("Privoxy, forwarding only", forward_port, {"absolute": privoxy_absolute})]
    measured = {name: [] for name, *_ in rows + [(name, None) for name in started]}
    for round_ in range(options.rounds):
        for name, port, kw in rows:
            run_wrk(port, url_path, 2, options.connections, **kw)  # warm
            measured[name].append(run_wrk(port, url_path, options.duration, options.connections, **kw))
        for name, (process, port) in started.items():
            run_wrk(port, url_path, 2, options.connections)  # warm
            measured[name].append(run_limot(process.pid, port, url_path, options.duration, options.connections))
        if options.rounds > 1:
            print(f"round {round_ + 1}: " + ", ".join(f"{name} {runs[-1]['rate']:.0f} req/s" for name, runs in measured.items()), flush=True)
    load_after = load_average()
    median = lambda runs, key: statistics.median(r[key] for r in runs)
    kind = ("unique pages (no-store, a different comment in each)" if unique
            else "the same page every time (same bytes, no Cache-Control)")
    print(f"page: {len(page.encode()) // 1024} KB, {kind}; wrk -t2 -c{options.connections} -d{options.duration}s, "
          f"{options.rounds} round(s){', medians' if options.rounds > 1 else ''}; this machine, "
          f"load average {load_before} before, {load_after} after")
    print(f"{'':34} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8} {'CPU ms/req':>11} {'switches/req':>12}")
    for name, runs in measured.items():
        cpu = f"{median(runs, 'cpu_ms'):11.3f} {median(runs, 'switches'):12.2f}" if "cpu_ms" in runs[0] else ""
        print(f"{name:34} {median(runs, 'rate'):8.0f} {median(runs, 'p50'):8.2f} {median(runs, 'p99'):8.2f} "
              f"{sum(r['non2xx'] for r in runs):8d} {cpu} {' '.join(r['socket'] for r in runs if r['socket'])}")
    for mine in started:
        print(f"{mine} ÷ others (throughput, medians of per-round ratios; higher is better for limot):")
        for name, runs in measured.items():
            if name != mine:
                ratio = statistics.median(m["rate"] / t["rate"] for m, t in zip(measured[mine], runs))
                print(f"  vs {name:34} {ratio:6.2f}x")
    for name, (process, port) in started.items():
        first, low, high = (f(r["rss"][i] for r in measured[name]) for i, f in [(0, min), (1, min), (2, max)])
        print(f"{name}: resident memory {rss_before[name]:.0f} MiB at start; during its runs {low:.0f}–{high:.0f} MiB "
              f"(sampled 4×/s), {rss_mib(process.pid):.0f} MiB after")
    if options.mallocs:
        for name, (process, port) in started.items():
            print(f"{name}: {mallocs_per_request(process.pid, port, url_path, options.connections):.0f} mallocs per request "
                  "(perf uprobe on libc malloc, a 3 s run of its own)")


# The cache mode's pages: the same bytes under three words, each answered
# with its own Cache-Control (nginx adds its ETag and Last-Modified to all).
CACHED_WORD, REVALIDATED_WORD, UNCACHEABLE_WORD = "Haus", "Hausaufgabe", "Haustier"
CACHE_CONTROL = {CACHED_WORD: "max-age=3600", REVALIDATED_WORD: "max-age=0", UNCACHEABLE_WORD: "no-store"}
# The same bytes again at an address that is no result page.
OTHER_PAGE = "/lesen/Haus.html"
GOAL_MS = 1.0


def upstream_requests(work):
    """What nginx logged (requests with a User-Agent): {(status, uri): count}."""
    time.sleep(1.5)  # the log's buffer is flushed every second
    counts = {}
    try:
        with open(os.path.join(work, "upstream.log")) as f:
            for line in f:
                status, uri = line.split(" ", 1)
                key = (int(status), uri.strip())
                counts[key] = counts.get(key, 0) + 1
    except FileNotFoundError:
        pass
    return counts


def count_for(counts, word, status=None):
    path = word if word.startswith("/") else f"/search?q={word}"
    return sum(n for (s, uri), n in counts.items() if uri == path and (status is None or s == status))


def fetch_once(port, path):
    import urllib.request
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        return response.status, response.read()


def cache_comparison(options, work, docroot, page, processes):
    """The cache mode (see the module's docstring)."""
    os.makedirs(os.path.join(docroot, "lesen"))
    for name in [f"search/{word}.html" for word in CACHE_CONTROL] + [OTHER_PAGE.lstrip("/")]:
        with open(os.path.join(docroot, name), "w") as f:
            f.write(page)
    nginx_port, forward_port, limot_port = (free_port() for _ in range(3))
    start_nginx(work, docroot, nginx_port, processes, cached_mode=True)
    start_privoxy(work, [("forward", forward_port, False)], processes)
    limot = start_limot(options, work, "limot", limot_port, nginx_port, processes)
    for port in [nginx_port, forward_port, limot_port]:
        wait_for_port(port)
    cached, revalidated, uncacheable = (f"/search?q={word}" for word in (CACHED_WORD, REVALIDATED_WORD, UNCACHEABLE_WORD))
    absolute = f"http://127.0.0.1:{nginx_port}{cached}"
    check_answers(nginx_port, limot_port, forward_port, cached, absolute)
    # The warm-up: each limot asks the site for each page once.
    for port in [limot_port]:
        for path in [cached, revalidated, uncacheable, OTHER_PAGE]:
            status, body = fetch_once(port, path)
            if status != 200 or b"<table" not in body:
                raise SystemExit(f"limot on port {port} does not serve {path}: {status}, {len(body)} bytes")
    # Before the runs nginx has seen the checks' requests (direct, through
    # Privoxy, through limot) and the warm-ups; during them, for the cached
    # page, none.
    after_warmup = upstream_requests(work)
    cached_size = len(fetch_once(limot_port, cached)[1])

    rows = [("nginx direct", nginx_port, cached, {}),
            ("Privoxy, forwarding only", forward_port, cached, {"absolute": absolute}),
            ("limot, cached", limot_port, cached, {}),
            ("limot, cached, not a result page", limot_port, OTHER_PAGE, {}),
            ("limot, max-age=0 (304)", limot_port, revalidated, {}),
            ("limot, no-store", limot_port, uncacheable, {})]
    levels = sorted({options.connections, 1}, reverse=True)
    measured = {(c, name): [] for c in levels for name, *_ in rows}
    rss_before = rss_mib(limot.pid)
    load_before = load_average()
    for round_ in range(options.rounds):
        for connections in levels:
            for name, port, path, kw in rows:
                run_wrk(port, path, 2, connections, **kw)  # warm
                result = run_wrk(port, path, options.duration, connections, **kw)
                measured[(connections, name)].append(result)
                print(f"round {round_ + 1}, -c{connections}: {name:33} {result['rate']:8.0f} req/s "
                      f"p50 {result['p50']:7.3f} ms p99 {result['p99']:7.3f} ms"
                      + (f" non-2xx {result['non2xx']}" if result['non2xx'] else "")
                      + (f" socket errors {result['socket']}" if result['socket'] else ""), flush=True)
    rss_after = rss_mib(limot.pid)
    after_runs = upstream_requests(work)

    print()
    print(f"page: {len(page.encode()) // 1024} KB from nginx, {cached_size // 1024} KB from limot (sanitized, bar);"
          f" wrk -d{options.duration}s, {options.rounds} round(s), medians; this machine,"
          f" load average {load_before} before, {load_average()} after")
    median = lambda values: statistics.median(values)
    summary = {}
    for connections in levels:
        print(f"\n-c{connections} (wrk -t{min(2, connections)})")
        print(f"{'':34} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
        for name, *_ in rows:
            runs = measured[(connections, name)]
            summary[(connections, name)] = row = {key: median([r[key] for r in runs]) for key in ("rate", "p50", "p99")}
            print(f"{name:34} {row['rate']:9.0f} {row['p50']:8.3f} {row['p99']:8.3f} {sum(r['non2xx'] for r in runs):8d}")
        mine = measured[(connections, "limot, cached")]
        verdict = "met" if summary[(connections, "limot, cached")]["p50"] < GOAL_MS else "MISSED"
        print(f"limot cached p50 {summary[(connections, 'limot, cached')]['p50']:.3f} ms against the goal of < {GOAL_MS:g} ms: {verdict}")
        print("limot cached against (medians of per-round ratios; p50 ratio above 1: limot slower)")
        for peer in ["nginx direct", "Privoxy, forwarding only", "limot, max-age=0 (304)", "limot, no-store",
                     "limot, cached, not a result page"]:
            theirs = measured[(connections, peer)]
            p50 = median([m["p50"] / t["p50"] for m, t in zip(mine, theirs)])
            p99 = median([m["p99"] / t["p99"] for m, t in zip(mine, theirs)])
            rate = median([m["rate"] / t["rate"] for m, t in zip(mine, theirs)])
            print(f"  × {peer:33} p50 {p50:6.2f}x  p99 {p99:6.2f}x  req/s {rate:6.2f}x")

    # Did limot answer the cached page from its cache? Only the warm-up's
    # requests (one per limot) reached nginx for it.
    print()
    for word, label in [(CACHED_WORD, "cached page (max-age=3600)"), (OTHER_PAGE, "cached page that is no result page"),
                        (REVALIDATED_WORD, "max-age=0 page"), (UNCACHEABLE_WORD, "no-store page")]:
        during = {s: count_for(after_runs, word, s) - count_for(after_warmup, word, s) for s in (200, 304)}
        print(f"nginx saw for the {label}: {count_for(after_warmup, word)} request(s) before the runs (checks, warm-ups), then "
              f"{during[200]} × 200 and {during[304]} × 304 during the runs")
    for word in [CACHED_WORD, OTHER_PAGE]:
        if count_for(after_runs, word) != count_for(after_warmup, word):
            raise SystemExit(f"limot asked nginx for {word} during the runs: it was not answered from the cache")
    print("limot answered the cached pages from its cache: nginx saw no request for them after the warm-up")
    print(f"limot resident memory: {rss_before:.0f} MiB before, {rss_after:.0f} MiB after;"
          f" its data directory: {sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(os.path.join(work, 'data-limot')) for f in fs) // 1024} KB")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--limot", default=os.path.join(ROOT, ".build/release/limot"))
    parser.add_argument("--cached", action="store_true", help="measure the HTTP cache (see above)")
    parser.add_argument("--same-page", action="store_true",
                        help="the same bytes on every request instead of a page never seen before (see above)")
    parser.add_argument("--rounds", type=int, default=1, help="measure every server this many times, in turn (medians printed)")
    parser.add_argument("--baseline", help="another limot binary (main's, say) measured beside --limot in the same run (not with --cached)")
    parser.add_argument("--mallocs", action="store_true", help="count limot's mallocs per request (perf uprobe; root; not with --cached)")
    options = parser.parse_args()
    if options.cached and (options.baseline or options.mallocs):
        parser.error("--baseline and --mallocs measure the unique or same-page mode, not --cached")
    for tool in ["nginx", "privoxy", "wrk"]:
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            raise SystemExit(f"{tool} is missing: apt-get install nginx-light privoxy wrk")
    if not os.path.exists(options.limot):
        subprocess.run(["swift", "build", "-c", "release", "--product", "limot"], cwd=ROOT, check=True)

    work, docroot, page = make_site("limot-bench-")
    processes = []
    try:
        if options.cached:
            cache_comparison(options, work, docroot, page, processes)
        else:
            filtering_comparison(options, work, docroot, page, processes)
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

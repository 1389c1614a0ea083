#!/usr/bin/env python3
"""Instructions a request at a new address, counted by callgrind.

Timings on this shared two-core machine move by more than most changes; a
count of instructions does not. This starts nginx with proxy_compare.py's
unique pages (no-store, a different comment in each) and `limot serve`
under `valgrind --tool=callgrind --separate-threads=yes`, sends --warm
requests, zeroes the counters, sends --requests more, one at a time, each
at a new address (/search?q=Haus&n=K) on one kept-alive connection, and
dumps the profile. With --revalidated, every request is instead the same
page sent with `max-age=0` (proxy_compare.py's cache mode): kept in limot's
HTTP cache, and validated with nginx on every view (a 304), as a site
that sends `no-cache` or `max-age=0` with an ETag is.
It prints the instructions a request: all threads, and the threads that did the
request's work (the event loops, curl's and the history's: every thread
with at least 1% of the total), so that a timer firing in the background
shows as the difference between the two.

Read the profile with `callgrind_annotate --inclusive=yes OUT.PID.1-NN`
(one file a thread, NN its number). Give it a copy of the binary without
debug information (`objcopy --strip-debug`): valgrind 3.19 cannot read
what Swift writes there. The function names stay. Keep the copy inside
the checkout (.build/limot-nodebug): limot finds its shipped site
profile from where its binary is.

Usage: python3 Benchmarks/profile_request.py --limot PATH --out /tmp/cg/req
       [--requests 100] [--warm 20] [--revalidated]
Needs: valgrind, nginx (Debian packages valgrind nginx-light).
"""
import argparse
import glob
import http.client
import os
import re
import shutil
import subprocess
import time

import proxy_compare as bench


def fetch(connection, port, path, mark):
    """One request on the kept-alive connection, as a browser and wrk send them;
    the answer must hold `mark` (a bit of the sanitized page)."""
    connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 200 or mark not in body:
        raise SystemExit(f"{path}: status {response.status}, {len(body)} bytes: not the sanitized page")
    return body


def thread_totals(out):
    """{file: instructions} for every thread's dump of the last dump."""
    totals = {}
    for path in sorted(glob.glob(f"{out}.*")):
        with open(path) as f:
            text = f.read()
        found = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
        if found:
            totals[path] = int(found.group(1))
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limot", required=True, help="the limot binary to profile")
    parser.add_argument("--out", required=True, help="callgrind's output file prefix (OUT.PID-THREAD files)")
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--warm", type=int, default=20)
    parser.add_argument("--revalidated", action="store_true",
                        help="the same max-age=0 page every time (a 304 from nginx), not a new address")
    options = parser.parse_args()
    for tool in ["valgrind", "callgrind_control", "nginx"]:
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            raise SystemExit(f"{tool} is missing: apt-get install valgrind nginx-light")
    os.makedirs(os.path.dirname(os.path.abspath(options.out)), exist_ok=True)
    for old in glob.glob(f"{options.out}.*"):
        os.unlink(old)

    work, docroot, _ = bench.make_site("limot-profile-")
    processes = []
    try:
        nginx_port, port = bench.free_port(), bench.free_port()
        if options.revalidated:
            shutil.copy(os.path.join(docroot, "search", "Haus.html"),
                        os.path.join(docroot, "search", f"{bench.REVALIDATED_WORD}.html"))
            bench.start_nginx(work, docroot, nginx_port, processes, cached_mode=True)
        else:
            bench.start_nginx(work, docroot, nginx_port, processes, unique_pages=True)
        limot = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--separate-threads=yes",
             f"--callgrind-out-file={options.out}.%p",
             options.limot, "serve", "--port", str(port), "--home", f"http://{bench.SITE}/",
             "--connect-to", f"{bench.SITE}:80:127.0.0.1:{nginx_port}", "--theme", "dark",
             "--log-level", "warning", "--data-dir", os.path.join(work, "data")],
            cwd=bench.ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(limot)
        bench.wait_for_port(nginx_port)
        # Under valgrind limot takes seconds to listen; say at once if it stopped.
        for _ in range(120):
            if limot.poll() is not None:
                raise SystemExit(f"{options.limot} stopped at start (status {limot.returncode}); "
                                 "is it inside the checkout? Run it with `serve` to see why")
            try:
                bench.wait_for_port(port, timeout=1)
                break
            except SystemExit:
                continue
        else:
            raise SystemExit(f"limot does not listen on 127.0.0.1:{port} after 120 s")
        run = os.urandom(4).hex()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        if options.revalidated:
            kind = "the same page, revalidated (max-age=0, a 304 from nginx)"
            path, mark = (lambda _: f"/search?q={bench.REVALIDATED_WORD}"), b"<table"
        else:
            kind = "each at a new address"
            path, mark = (lambda k: f"/search?q=Haus&n={run}-{k}"), b"<!-- "
        for k in range(options.warm):
            fetch(connection, port, path(f"warm-{k}"), mark)
        time.sleep(1.5)  # the history's batch is written
        subprocess.run(["callgrind_control", "-z", str(limot.pid)], check=True, capture_output=True)
        for k in range(options.requests):
            fetch(connection, port, path(k), mark)
        time.sleep(1.5)
        subprocess.run(["callgrind_control", "-d", str(limot.pid)], check=True, capture_output=True)
        totals = thread_totals(f"{options.out}.{limot.pid}")
        # The dump after zeroing is numbered .1 for each thread: OUT.PID.1-THREAD.
        dumped = {path: count for path, count in totals.items() if re.search(r"\.1-\d+$", path)}
        if not dumped:
            raise SystemExit(f"no dump found at {options.out}.{limot.pid}.1-*: {sorted(totals)}")
        everything = sum(dumped.values())
        working = {path: count for path, count in dumped.items() if count >= everything / 100}
        print(f"{options.requests} requests, {kind} ({options.warm} before them not counted)")
        print(f"instructions a request, all threads:     {everything / options.requests:12,.0f}")
        print(f"instructions a request, working threads: {sum(working.values()) / options.requests:12,.0f}")
        for path, count in sorted(working.items(), key=lambda item: -item[1]):
            print(f"  {path}: {count / options.requests:12,.0f}")
    finally:
        bench.stop(processes, timeout=30)  # callgrind writes its last dump on the way out
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Time to first answer and resident memory of `limot serve` with EasyList + EasyPrivacy (issue 18).

Starts `limot serve --rules easylist.txt --rules easyprivacy.txt` (from ../shared/data) against
the loopback fixture site (Tests/Fixtures, reached through --connect-to as in the tests), and
measures from the process's start until its first answer to `GET /` (the dictionary's home page,
fetched, filtered by the rules and served), then reads VmRSS from /proc. The first run has an
empty data directory (the lists are converted and compiled, and the compiled rules written to
<data-dir>/rules-cache/); the later runs start from that cache. Prints each run, the medians, the
cache file's size, and the same for the shipped rules.

    python3 Benchmarks/serve_cold_start.py [--binary .build/release/limot] [--runs 5]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from lookup_cold_start import ROOT, plain_http_profile, start_fixtures

SHARED = os.path.join(os.path.dirname(ROOT), "shared", "data")
LISTS = [os.path.join(SHARED, name) for name in ("easylist.txt", "easyprivacy.txt")]


def resident_mib(pid):
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def one_start(binary, arguments):
    """Seconds from start to the first answer, resident MiB then, and the start line."""
    start = time.perf_counter()
    process = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning"] + arguments,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        if not line:
            sys.exit(f"limot serve stopped: {process.stderr.read()}")
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                    response.read()
                break
            except OSError:
                time.sleep(0.002)
        elapsed = time.perf_counter() - start
        return elapsed * 1000, resident_mib(process.pid), line.strip()
    finally:
        process.terminate()
        process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/limot"))
    parser.add_argument("--runs", type=int, default=5, help="starts from the cache (after the first)")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no limot binary at {args.binary}: run `swift build -c release` first, or pass --binary")
    for path in LISTS:
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: the benchmark reads ../shared/data beside the repository")
    data = tempfile.mkdtemp(prefix="limot-serve-start-")
    server, port = start_fixtures()
    try:
        common = ["--data-dir", data, "--site", plain_http_profile(data), "--connect-to", f"www.loghatnameh.de:80:127.0.0.1:{port}"]
        rules = [argument for path in LISTS for argument in ("--rules", path)]
        first = one_start(args.binary, rules + common)
        later = [one_start(args.binary, rules + common) for _ in range(args.runs)]
        shipped = [one_start(args.binary, common) for _ in range(args.runs)]
        cache = os.path.join(data, "rules-cache")
        cache_bytes = sum(os.path.getsize(os.path.join(cache, name)) for name in os.listdir(cache))
    finally:
        server.terminate()
        shutil.rmtree(data, ignore_errors=True)
    print("limot serve, process start to the first answer to GET / (the home page, filtered)\n")
    print(f"{'run':44} {'first answer':>14} {'VmRSS':>10}")
    print(f"{'EasyList + EasyPrivacy, first run (no cache)':44} {first[0]:11.0f} ms {first[1]:6.1f} MiB")
    for index, (ms, rss, _) in enumerate(later, 2):
        print(f"{f'EasyList + EasyPrivacy, run {index} (cache)':44} {ms:11.0f} ms {rss:6.1f} MiB")
    print(f"{'EasyList + EasyPrivacy from the cache, median':44} {statistics.median(r[0] for r in later):11.0f} ms "
          f"{statistics.median(r[1] for r in later):6.1f} MiB")
    print(f"{'shipped rules, median':44} {statistics.median(r[0] for r in shipped):11.0f} ms "
          f"{statistics.median(r[1] for r in shipped):6.1f} MiB")
    print(f"\ncache on disk: {cache_bytes / 1_048_576:.1f} MiB in rules-cache/")
    print(f"first run's line:  {first[2]}\nsecond run's line: {later[0][2]}")


if __name__ == "__main__":
    main()

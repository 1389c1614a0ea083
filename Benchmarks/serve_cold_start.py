#!/usr/bin/env python3
"""Time to first answer and resident memory of `limot serve` with EasyList + EasyPrivacy (issue 18).

Starts `limot serve --rules easylist.txt --rules easyprivacy.txt` (from ../shared/data) against
the loopback fixture site (Tests/Fixtures, reached through --connect-to as in the tests), and
measures from the process's start until its first answer to `GET /` (the dictionary's home page,
fetched, filtered by the rules and served), then reads VmRSS from /proc. The first run has an
empty data directory (the lists are converted and compiled, and the compiled rules written to
<data-dir>/rules-cache/); the later runs start from that cache. Prints each run, the medians, the
cache file's size, and the same for the shipped rules.

Beside it, in the same run, the peer: adblock-rust (Python `adblock` 0.6.0, as
Benchmarks/compare_adblock.py uses it) loading the same two lists from its own serialized
form (`Engine.serialize()`, written once; each run is a fresh Python process that reads the
file, calls `Engine.deserialize()` and answers one request), with the time that takes and the
resident memory it adds to the process (VmRSS after minus VmRSS once `adblock` is imported).

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


def resident_mib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def one_start(binary, arguments):
    """Milliseconds from start to the first answer, resident MiB then (VmRSS, and of it RssAnon and RssFile:
    the compiled rule cache's tables are read in place from the mapped file, so its pages a decision
    touched count as RssFile), the start line, and the CPU milliseconds (user + system, every thread)
    the process used until it exited on SIGTERM right after that answer: on a loaded machine the
    wall-clock time mostly measures the wait for a core, the CPU time far less."""
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
        parts = (resident_mib(process.pid, "RssAnon"), resident_mib(process.pid, "RssFile"))
        rss = resident_mib(process.pid)
        process.terminate()
        _, _, usage = os.wait4(process.pid, 0)
        process.returncode = 0
        return elapsed * 1000, rss, line.strip(), parts, (usage.ru_utime + usage.ru_stime) * 1000
    finally:
        if process.returncode is None:
            process.terminate()
            process.wait()


def adblock_serialize(path):
    """Compiles the two lists into adblock-rust once and writes its serialized engine to `path`."""
    import adblock
    filters = adblock.FilterSet()
    for name in LISTS:
        with open(name, encoding="utf-8") as f:
            filters.add_filter_list(f.read())
    with open(path, "wb") as f:
        f.write(adblock.Engine(filters, optimize=True).serialize())


def adblock_load(path):
    """In a fresh process: adblock-rust's load from its serialized form, to its first answer; prints JSON."""
    import adblock
    before = resident_mib(os.getpid())
    start = time.perf_counter()
    with open(path, "rb") as f:
        serialized = f.read()
    engine = adblock.Engine(adblock.FilterSet(), optimize=True)
    engine.deserialize(serialized)
    del serialized
    engine.check_network_urls("https://www.loghatnameh.de/", "https://www.loghatnameh.de/", "document")
    elapsed = time.perf_counter() - start
    after = resident_mib(os.getpid())
    print(json.dumps({"ms": elapsed * 1000, "added_mib": after - before, "rss_mib": after}))


def adblock_peer(data, runs):
    """adblock-rust's load from its serialized form, `runs` times: [(ms, added MiB, VmRSS MiB)], file bytes."""
    path = os.path.join(data, "adblock-engine.dat")
    subprocess.run([sys.executable, __file__, "--adblock-serialize", path], check=True)
    results = []
    for _ in range(runs):
        run = subprocess.run([sys.executable, __file__, "--adblock-load", path], check=True, capture_output=True, text=True)
        figures = json.loads(run.stdout)
        results.append((figures["ms"], figures["added_mib"], figures["rss_mib"]))
    return results, os.path.getsize(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/limot"))
    parser.add_argument("--runs", type=int, default=5, help="starts from the cache (after the first)")
    parser.add_argument("--adblock-serialize", metavar="PATH", help=argparse.SUPPRESS)
    parser.add_argument("--adblock-load", metavar="PATH", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.adblock_serialize:
        return adblock_serialize(args.adblock_serialize)
    if args.adblock_load:
        return adblock_load(args.adblock_load)
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
        peer, peer_bytes = adblock_peer(data, args.runs)
    finally:
        server.terminate()
        shutil.rmtree(data, ignore_errors=True)
    print("limot serve, process start to the first answer to GET / (the home page, filtered)")
    print("load average (1, 5, 15 min) at the end: %.2f %.2f %.2f\n" % os.getloadavg())
    print(f"{'run':44} {'first answer':>14} {'CPU':>9} {'VmRSS':>10} {'RssAnon':>10} {'RssFile':>10}")

    def row(label, ms, rss, parts, cpu):
        print(f"{label:44} {ms:11.0f} ms {cpu:6.0f} ms {rss:6.1f} MiB {parts[0]:6.1f} MiB {parts[1]:6.1f} MiB")
    row("EasyList + EasyPrivacy, first run (no cache)", first[0], first[1], first[3], first[4])
    for index, (ms, rss, _, parts, cpu) in enumerate(later, 2):
        row(f"EasyList + EasyPrivacy, run {index} (cache)", ms, rss, parts, cpu)
    for label, runs in (("EasyList + EasyPrivacy from the cache, median", later), ("shipped rules, median", shipped)):
        row(label, statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            (statistics.median(r[3][0] for r in runs), statistics.median(r[3][1] for r in runs)),
            statistics.median(r[4] for r in runs))
    print(f"\nadblock-rust 0.6.0, the same lists from Engine.deserialize() to its first answer, fresh process each run\n")
    print(f"{'run':44} {'load':>14} {'added':>10} {'VmRSS':>10}")
    for index, (ms, added, rss) in enumerate(peer, 1):
        print(f"{f'adblock-rust, run {index}':44} {ms:11.0f} ms {added:6.1f} MiB {rss:6.1f} MiB")
    print(f"{'adblock-rust, median':44} {statistics.median(r[0] for r in peer):11.0f} ms "
          f"{statistics.median(r[1] for r in peer):6.1f} MiB {statistics.median(r[2] for r in peer):6.1f} MiB")
    print(f"\ncache on disk: {cache_bytes / 1_048_576:.1f} MiB in rules-cache/ (adblock-rust's serialized engine: "
          f"{peer_bytes / 1_048_576:.1f} MiB)")
    print(f"first run's line:  {first[2]}\nsecond run's line: {later[0][2]}")


if __name__ == "__main__":
    main()

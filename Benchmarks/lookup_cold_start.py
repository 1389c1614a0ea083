#!/usr/bin/env python3
"""Cold start of `limot lookup --offline WORD` (issue 5's goal: under 100 ms).

Fills a fresh notebook with a few words looked up on the loopback fixture
site (Tests/Fixtures, reached through --connect-to as in the tests), then
times whole runs of `limot lookup --offline WORD`, process start to exit,
beside peers measured in the same run: `/bin/true` (the cost of starting any
process) and `sqlite3 DB 'PRAGMA user_version'` (starting a program that opens
the same SQLite database). Prints medians and p95, and ratios.

    python3 Benchmarks/lookup_cold_start.py [--binary .build/release/limot] [--runs 50]
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ["Haus", "Buch", "gehen", "خانه"]


def start_fixtures():
    server = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "Tests/Fixtures/fixture_server.py"), "--sites",
         os.path.join(ROOT, "Tests/Fixtures/sites"), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = json.loads(server.stdout.readline())["port"]
    return server, port


def plain_http_profile(directory):
    """The shipped profile, but over http (the fixture server speaks plain HTTP here)."""
    with open(os.path.join(ROOT, "Rules/sites/loghatnameh.de.json"), encoding="utf-8") as f:
        profile = json.load(f)
    for key in ("home", "search"):
        profile[key] = profile[key].replace("https://", "http://")
    profile.pop("rules", None)
    profile.pop("stylesheets", None)
    path = os.path.join(directory, "profile.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(profile, f, ensure_ascii=False)
    return path


def timed(command, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append((time.perf_counter() - start) * 1000)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/limot"))
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no limot binary at {args.binary}: run `swift build -c release` first, or pass --binary")
    if not shutil.which("sqlite3"):
        sys.exit("the sqlite3 command (Debian package sqlite3) is needed for the peer measurement")
    data = tempfile.mkdtemp(prefix="limot-cold-start-")
    server, port = start_fixtures()
    try:
        profile = plain_http_profile(data)
        common = ["--data-dir", data, "--site", profile]
        for word in WORDS:
            subprocess.run([args.binary, "lookup", word, "--json", "--connect-to", f"www.loghatnameh.de:80:127.0.0.1:{port}"] + common,
                           check=True, stdout=subprocess.DEVNULL)
    finally:
        server.terminate()
    try:
        database = next(os.path.join(data, name) for name in os.listdir(data) if name.endswith((".sqlite3", ".sqlite", ".db")))
        rows = [
            ("limot lookup --offline Haus", timed([args.binary, "lookup", "--offline", "Haus"] + common, args.runs)),
            ("limot lookup --offline Haus --json", timed([args.binary, "lookup", "--offline", "--json", "Haus"] + common, args.runs)),
            ("/bin/true", timed(["/bin/true"], args.runs)),
            ("sqlite3 DB 'PRAGMA user_version'", timed(["sqlite3", database, "PRAGMA user_version"], args.runs)),
        ]
    finally:
        shutil.rmtree(data, ignore_errors=True)
    print(f"{args.runs} runs each, wall time from process start to exit\n")
    print(f"{'command':40} {'median':>10} {'p95':>10}")
    for name, (median, p95) in rows:
        print(f"{name:40} {median:8.1f} ms {p95:8.1f} ms")
    limot, sqlite = rows[0][1][0], rows[3][1][0]
    print(f"\nlimot's median is {limot / sqlite:.1f}× sqlite3's; goal: under 100 ms ({'met' if limot < 100 else 'NOT met'})")


if __name__ == "__main__":
    main()

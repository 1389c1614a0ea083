#!/usr/bin/env python3
"""Compare limot's rule engine with Brave's adblock-rust (and WebKit's compiler) on real data.

One run measures, on the requests of requests-adblock-rust-matching-test.json (8,222 of its
8,276: the 54 whose URL is a bare "http://" or "https://" have no host, and limot rejects them):

* adblock-rust (PyPI ``adblock`` 0.6.0, installed with pip if missing), in a fresh Python
  process: the time to load easylist.txt + easyprivacy.txt into an Engine, the resident
  memory that adds, and, in a first and a second pass, the time of each
  ``engine.check_network_urls(url, source_url, type)`` call measured with
  ``time.perf_counter_ns`` around the call (so it includes the Python -> Rust call overhead,
  which is measured separately and printed);
* limot: the release binary's ``rules match --stats`` over the same requests written as JSON
  Lines (its own per-decision median/p99/max of a first and a second pass), and
  ``rules compile -o summary.json`` for compile time and memory, on the three
  WKContentRuleList files; and end to end, the wall and CPU time of a whole ``rules match``
  process (start, loading the lists, reading, deciding and printing every request) less that
  of a whole ``rules match`` process over an empty request file (the same start and load),
  per request, with the size of its output (and of the ``--full-lines`` form). That is
  measured in ``--match-runs`` rounds, each a limot pair and then a fresh adblock-rust worker,
  and each round's limot figure is set beside that round's adblock-rust first-pass median
  (and mean): the median of those ratios is the headline, so that the two engines of one
  ratio ran seconds apart, not minutes (runs measured the old way, adblock-rust once after all
  of limot's, gave 0.39x to 0.72x on a quiet machine). limot's in-process decision median is
  set beside adblock-rust's median round. The start
  (the empty file's run) is printed apart, with where the lists came from: after the first
  run, the data directory's compiled rule cache, which ``serve`` reads too;
* WebKit (optional): the compile time of the same three files by WebKitGTK, through
  ``webkit_oracle.py compile-time`` beside this script, when ``/usr/bin/python3`` can load
  ``gi.require_version("WebKit2", "4.1")``.

It prints one table with ratios (limot / peer) and the block-rate agreement: the fraction of
requests where adblock-rust's ``matched`` equals limot's ``blocked``. That figure is only
informative: the lists differ (EasyList/EasyPrivacy as ABP text for adblock-rust, their
top-1M WKContentRuleList conversions plus Brave's iOS list for limot).

Usage (from anywhere)::

    python3 Benchmarks/compare_adblock.py [--limot PATH] [--data DIR]

``--limot`` defaults to ``.build-bench/release/limot`` in the repository, built with
``swift build -c release --scratch-path .build-bench`` if it is not there (or with --build).
``--data`` defaults to ``$LIMOT_SHARED_DATA``, else ``../../shared/data`` relative to this
folder (the workplace's shared/data beside the checkout).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

BENCHMARKS_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCHMARKS_DIR.parent
ADBLOCK_VERSION = "0.6.0"

RULE_FILES = [
    "wkcontentrulelist-brave-ios-block-ads.json",
    "wkcontentrulelist-adguard-easylist-top1m.json",
    "wkcontentrulelist-adguard-easyprivacy-top1m.json",
]
ABP_FILES = ["easylist.txt", "easyprivacy.txt"]
REQUEST_FILE = "requests-adblock-rust-matching-test.json"

# `limot rules match --stats` prints one such line per pass: "decided N requests (first pass): …"
# and "(second pass)" (older builds printed a single line with no pass name).
STATS_LINE = re.compile(
    r"decided (\d+) requests(?: \(([^)]*)\))?: median ([\d.]+) µs, p99 ([\d.]+) µs, max ([\d.]+) µs")
# and where its lists came from: "rules loaded from the cache PATH in 0.052 s (3 lists)" or "rules compiled …".
# and, with --time: "requests: N lines read, decided and written in X ms CPU (…)".
TIME_LINE = re.compile(r"requests: \d+ lines read, decided and written in ([\d.]+) ms CPU")
LOAD_LINE = re.compile(r"^rules (?:loaded from the cache|compiled).*$", re.MULTILINE)


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------

def fail(message: str) -> NoReturn:
    print(f"compare_adblock: error: {message}", file=sys.stderr)
    sys.exit(1)


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile, as limot's --stats computes it (index floor(n * p))."""
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def resident_mib() -> float:
    """This process's resident set size in MiB (Linux /proc/self/statm)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1048576


def resolve_data_dir(given: str | None) -> Path:
    if given:
        data = Path(given)
    elif os.environ.get("LIMOT_SHARED_DATA"):
        data = Path(os.environ["LIMOT_SHARED_DATA"])
    else:
        data = BENCHMARKS_DIR / ".." / ".." / "shared" / "data"
    data = data.resolve()
    missing = [name for name in RULE_FILES + ABP_FILES + [REQUEST_FILE] if not (data / name).is_file()]
    if missing:
        fail(f"{data} lacks {', '.join(missing)}; pass --data DIR or set LIMOT_SHARED_DATA")
    return data


def load_requests(data: Path) -> tuple[list[dict], int]:
    """The corpus's requests, less those whose URL is a bare "http://" or "https://" (no host:
    no URL a browser loads, and limot rejects them); returns them and how many were left out."""
    entries = json.loads((data / REQUEST_FILE).read_text(encoding="utf-8"))
    requests = []
    for number, entry in enumerate(entries):
        if entry["url"] in ("http://", "https://"):
            continue
        kind = entry["type"]
        source = entry.get("sourceUrl") or ""
        requests.append({
            "url": entry["url"],
            "source_url": source,  # as the corpus has it, for adblock-rust
            "adblock_type": kind,
            # limot reads adblock-rust's type names itself; "" is "no known page" (the corpus writes "http://").
            "type": kind,
            "page": "" if source in ("http://", "https://") else source,
        })
    return requests, len(entries) - len(requests)


# ---------------------------------------------------------------------------------------------
# adblock-rust
# ---------------------------------------------------------------------------------------------

def import_adblock():
    """Imports the adblock module, installing the pinned version with pip if it is missing."""
    try:
        return importlib.import_module("adblock")
    except ImportError:
        pass
    print(f"installing adblock=={ADBLOCK_VERSION} with pip ...", file=sys.stderr)
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", f"adblock=={ADBLOCK_VERSION}"])
    if result.returncode != 0:
        fail(f"pip install adblock=={ADBLOCK_VERSION} failed (exit {result.returncode})")
    importlib.invalidate_caches()
    return importlib.import_module("adblock")


class AdblockWorker:
    """adblock-rust in a fresh Python process of its own (so that its memory figure is not
    hidden by heap this process already holds), measured in rounds: for each, the worker loads
    a fresh Engine, says "ready" and waits; once told "go" it times a first and a second pass
    and answers with one JSON line (see adblock_worker). Its first pass thus runs right after
    limot's run of the same round, not a second or minutes later."""

    def __init__(self, data: Path, rounds: int):
        import_adblock()  # install it here, once, if missing
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--data", str(data), "--adblock-worker",
             "--adblock-rounds", str(rounds)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def _line(self) -> str:
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            fail(f"the adblock-rust worker exited {self.process.returncode} (its standard error is above)")
        return line

    def wait_until_ready(self) -> None:
        if self._line().strip() != "ready":
            fail("the adblock-rust worker did not say it was ready")

    def run_round(self) -> dict:
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        return json.loads(self._line())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def adblock_worker(data: Path, rounds: int) -> None:
    """Loads EasyList + EasyPrivacy into a fresh adblock-rust Engine each round, times every
    request once told to, prints one JSON line a round (see AdblockWorker)."""
    adblock = import_adblock()
    requests, _ = load_requests(data)
    first_memory: tuple[float, float] | None = None
    for _ in range(rounds):
        line = adblock_round(adblock, requests, data, first_memory)
        first_memory = first_memory or (line["memory_mib"], line["peak_memory_mib"])
        print(json.dumps(line), flush=True)


def adblock_round(adblock, requests: list[dict], data: Path, first_memory: tuple[float, float] | None) -> dict:
    """One round: load, say ready, wait for go, two timed passes. Memory is measured on the
    first load of the process only (later loads reuse the heap the earlier engines gave back)."""
    texts = [(data / name).read_text(encoding="utf-8") for name in ABP_FILES]
    gc.collect()
    memory_before = resident_mib()
    start = time.perf_counter()
    filter_set = adblock.FilterSet()
    for text in texts:
        filter_set.add_filter_list(text)  # format "standard", all rule types (cosmetic too)
    engine = adblock.Engine(filter_set, optimize=True)
    load_seconds = time.perf_counter() - start
    peak_memory = resident_mib() - memory_before
    del filter_set, texts  # what stays is the engine, as limot keeps its compiled lists
    gc.collect()
    memory = resident_mib() - memory_before
    if first_memory:
        memory, peak_memory = first_memory
    print("ready", flush=True)
    if sys.stdin.readline().strip() != "go":
        sys.exit(0)  # the benchmark stopped

    def timed_pass() -> tuple[list[float], list[bool]]:
        clock = time.perf_counter_ns
        check = engine.check_network_urls
        durations, matched = [], []
        for request in requests:
            url, source, kind = request["url"], request["source_url"], request["adblock_type"]
            begin = clock()
            result = check(url, source, kind)
            end = clock()
            durations.append((end - begin) / 1000)
            matched.append(result.matched)
        return durations, matched

    # Two passes, as limot's `rules match --stats` makes: a first (cold) and a second (warm).
    cold, matched = timed_pass()
    warm, _ = timed_pass()

    # Python's own cost of the same timing around a call with the same arguments into a
    # function that does nothing: the part of each figure that is not adblock-rust.
    def nothing(url, source, kind):
        return None
    clock = time.perf_counter_ns
    overhead = []
    for request in requests:
        url, source, kind = request["url"], request["source_url"], request["adblock_type"]
        begin = clock()
        nothing(url, source, kind)
        end = clock()
        overhead.append((end - begin) / 1000)

    cold.sort()
    warm.sort()
    overhead.sort()
    return {
        "version": getattr(adblock, "__version__", ADBLOCK_VERSION),
        "load_seconds": load_seconds,
        "memory_mib": memory,
        "peak_memory_mib": peak_memory,
        "median_us": percentile(cold, 0.5),
        "mean_us": statistics.fmean(cold),
        "p99_us": percentile(cold, 0.99),
        "max_us": cold[-1],
        "warm_median_us": percentile(warm, 0.5),
        "warm_mean_us": statistics.fmean(warm),
        "warm_p99_us": percentile(warm, 0.99),
        "call_overhead_median_us": percentile(overhead, 0.5),
        "call_overhead_mean_us": statistics.fmean(overhead),
        "call_overhead_p99_us": percentile(overhead, 0.99),
        "matched": matched,
    }


# ---------------------------------------------------------------------------------------------
# limot
# ---------------------------------------------------------------------------------------------

def locate_limot(given: str | None, build: bool) -> Path:
    if given:
        path = Path(given).resolve()
        if not os.access(path, os.X_OK):
            fail(f"--limot {path} is not an executable")
        return path
    path = REPO_DIR / ".build-bench" / "release" / "limot"
    if build or not os.access(path, os.X_OK):
        print("building limot (swift build -c release --scratch-path .build-bench) ...", file=sys.stderr)
        result = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", ".build-bench",
                                 "--product", "limot"], cwd=REPO_DIR)
        if result.returncode != 0 or not os.access(path, os.X_OK):
            fail("building limot failed; pass --limot PATH to use an existing binary")
    return path


def measure_limot_end_to_end(limot: Path, rule_paths: list[str], corpus: Path, workdir: Path, runs: int,
                             data: Path) -> dict:
    """`runs` rounds, each of a whole `rules match` process over an empty request file (the same
    start, load and compile, and no request), one over the corpus (output written to a file) and
    one fresh adblock-rust worker (load and a first and a second pass, see adblock_worker), so
    that a load on the machine, or a change in the CPU's speed, weighs on both engines of a round
    alike; the medians of each, of the differences of each limot pair, of each round's ratio,
    every round's figures, and the size of the output in the default and --full-lines forms."""
    walls, empty_walls, cpus, empty_cpus = [], [], [], []
    loop_cpus: list[float] = []  # the corpus run's own --time figure, where the build has it
    adblock_rounds: list[dict] = []
    output_bytes = 0
    empty_corpus = workdir / "empty.jsonl"
    empty_corpus.write_bytes(b"")
    helped = subprocess.run([str(limot), "rules", "match", "--help"], capture_output=True, text=True).stdout
    timing = ["--time"] if "--time" in helped else []  # builds before it have no --time
    worker = AdblockWorker(data, runs)
    for run in range(runs):
        print(f"  round {run + 1} of {runs}: limot over no request, over the corpus, then adblock-rust ...",
              file=sys.stderr)
        worker.wait_until_ready()  # its engine loaded before limot's runs, its passes right after them
        for source, timings, cpu_times in ((empty_corpus, empty_walls, empty_cpus), (corpus, walls, cpus)):
            output_path = workdir / f"match-{run}.jsonl"
            with output_path.open("wb") as output:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                match = subprocess.run([str(limot), "rules", "match", "--requests", str(source), "--rules", *rule_paths,
                                        *timing], stdout=output, stderr=subprocess.PIPE)
                timings.append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu_times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if match.returncode != 0:
                fail(f"limot rules match exited {match.returncode}:\n{match.stderr.decode()[-2000:]}")
            if source == corpus:
                output_bytes = output_path.stat().st_size
                found = TIME_LINE.search(match.stderr.decode())
                if timing and not found:
                    fail(f"no --time line in limot's standard error:\n{match.stderr.decode()[-2000:]}")
                if found:
                    loop_cpus.append(float(found.group(1)) / 1e3)
            output_path.unlink()
        adblock_rounds.append(worker.run_round())
    worker.close()
    full_path = workdir / "match-full.jsonl"
    with full_path.open("wb") as output:
        full = subprocess.run([str(limot), "rules", "match", "--full-lines", "--requests", str(corpus), "--rules",
                               *rule_paths], stdout=output, stderr=subprocess.PIPE)
    if full.returncode != 0:
        fail(f"limot rules match --full-lines exited {full.returncode}:\n{full.stderr.decode()[-2000:]}")
    full_bytes = full_path.stat().st_size
    full_path.unlink()
    return {"seconds": statistics.median(walls), "seconds_all": walls, "empty_seconds": statistics.median(empty_walls),
            "empty_seconds_all": empty_walls, "cpu_seconds": statistics.median(cpus),
            "empty_cpu_seconds": statistics.median(empty_cpus),
            "pair_seconds": statistics.median(a - b for a, b in zip(walls, empty_walls)),
            "pair_cpu_seconds": statistics.median(a - b for a, b in zip(cpus, empty_cpus)),
            "output_bytes": output_bytes, "full_output_bytes": full_bytes,
            "pair_cpu_seconds_all": [a - b for a, b in zip(cpus, empty_cpus)],
            "pair_seconds_all": [a - b for a, b in zip(walls, empty_walls)],
            "loop_cpu_seconds_all": loop_cpus,
            "adblock_rounds": adblock_rounds}


def measure_limot(limot: Path, data: Path, requests: list[dict], workdir: Path, compile_runs: int,
                  match_runs: int) -> dict:
    rule_paths = [str(data / name) for name in RULE_FILES]
    corpus = workdir / "requests.jsonl"
    with corpus.open("w", encoding="utf-8") as out:
        for request in requests:
            out.write(json.dumps({"url": request["url"], "type": request["type"], "page": request["page"]}) + "\n")

    match = subprocess.run([str(limot), "rules", "match", "--requests", str(corpus), "--rules", *rule_paths, "--stats"],
                           capture_output=True, text=True)
    if match.returncode != 0:
        fail(f"limot rules match exited {match.returncode}:\n{match.stderr[-2000:]}")
    passes = [{"decided": int(m.group(1)), "name": m.group(2) or "one pass", "median_us": float(m.group(3)),
               "p99_us": float(m.group(4)), "max_us": float(m.group(5)), "line": m.group(0)}
              for m in STATS_LINE.finditer(match.stderr)]
    if not passes:
        fail(f"no statistics line in limot's standard error:\n{match.stderr[-2000:]}")
    cold = passes[0]
    warm = passes[1] if len(passes) > 1 else None
    load_line = LOAD_LINE.search(match.stderr)
    blocked = []
    for line in match.stdout.splitlines():
        if line.strip():
            answer = json.loads(line)
            if "url" in answer:  # not a {"stylesheet": N, …} line, which defines a css-display-none set
                blocked.append(bool(answer.get("blocked")))
    if len(blocked) != len(requests):
        fail(f"limot answered {len(blocked)} lines for {len(requests)} requests")

    compiles = []
    for run in range(compile_runs):
        summary_path = workdir / f"summary-{run}.json"
        start = time.perf_counter()
        compiled = subprocess.run([str(limot), "rules", "compile", *rule_paths, "-o", str(summary_path)],
                                  capture_output=True, text=True)
        command_seconds = time.perf_counter() - start
        if compiled.returncode != 0:
            fail(f"limot rules compile exited {compiled.returncode}:\n{compiled.stderr[-2000:]}")
        summary = json.loads(summary_path.read_text(encoding="utf-8"))
        summary["commandSeconds"] = command_seconds
        compiles.append(summary)
    best = min(compiles, key=lambda summary: summary["compileSeconds"])
    end_to_end = measure_limot_end_to_end(limot, rule_paths, corpus, workdir, match_runs, data)
    return {
        "decided": cold["decided"],
        "median_us": cold["median_us"],
        "p99_us": cold["p99_us"],
        "max_us": cold["max_us"],
        "warm_median_us": warm["median_us"] if warm else None,
        "warm_p99_us": warm["p99_us"] if warm else None,
        "stats_lines": [entry["line"] for entry in passes],
        "load_line": load_line.group(0) if load_line else "(this build does not say where its lists came from)",
        "compile_seconds": best["compileSeconds"],
        "compile_seconds_all": [summary["compileSeconds"] for summary in compiles],
        # The whole command: process start, reading and parsing the JSON, compiling, the summary.
        "command_seconds": min(summary["commandSeconds"] for summary in compiles),
        "memory_mib": best["memoryMiB"],
        "rules": best.get("rules"),
        "blocked": blocked,
        "end_to_end_seconds": end_to_end["seconds"],
        "end_to_end_seconds_all": end_to_end["seconds_all"],
        "empty_match_seconds": end_to_end["empty_seconds"],
        "empty_match_seconds_all": end_to_end["empty_seconds_all"],
        "end_to_end_cpu_seconds": end_to_end["cpu_seconds"],
        "empty_match_cpu_seconds": end_to_end["empty_cpu_seconds"],
        "pair_seconds": end_to_end["pair_seconds"],
        "pair_cpu_seconds": end_to_end["pair_cpu_seconds"],
        "output_bytes": end_to_end["output_bytes"],
        "full_output_bytes": end_to_end["full_output_bytes"],
        "pair_cpu_seconds_all": end_to_end["pair_cpu_seconds_all"],
        "pair_seconds_all": end_to_end["pair_seconds_all"],
        "adblock_rounds": end_to_end["adblock_rounds"],
        "loop_cpu_seconds_all": end_to_end["loop_cpu_seconds_all"],
    }


# ---------------------------------------------------------------------------------------------
# WebKit (optional)
# ---------------------------------------------------------------------------------------------

def measure_webkit(data: Path) -> tuple[dict | None, str]:
    """WebKit's compile time for the three lists, or None and why it was skipped."""
    oracle = BENCHMARKS_DIR / "webkit_oracle.py"
    system_python = "/usr/bin/python3"
    if not oracle.is_file():
        return None, f"skipped: {oracle} is not there"
    if not os.access(system_python, os.X_OK):
        return None, f"skipped: {system_python} is not there"
    probe = subprocess.run([system_python, "-c", 'import gi; gi.require_version("WebKit2", "4.1"); '
                            "from gi.repository import WebKit2"], capture_output=True, text=True)
    if probe.returncode != 0:
        return None, ("skipped: /usr/bin/python3 cannot load WebKit2 4.1 "
                      "(Debian packages python3-gi and gir1.2-webkit2-4.1)")
    files = [str(data / name) for name in RULE_FILES]
    try:
        run = subprocess.run([system_python, str(oracle), "compile-time", *files],
                             capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "failed: webkit_oracle.py compile-time took over 600 s"
    total = re.search(r"^total: ([\d.]+) s", run.stdout, re.MULTILINE)
    if run.returncode != 0 or not total:
        detail = (run.stdout + run.stderr).strip().splitlines()[-5:]
        return None, f"failed (exit {run.returncode}): " + " | ".join(detail)
    per_file = [line for line in run.stdout.splitlines() if line.startswith(str(data))]
    return {"compile_seconds": float(total.group(1)), "detail": per_file}, "ok"


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------

def ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or theirs is None or theirs <= 0:
        return "n/a"
    return f"{ours / theirs:.2f}×"


def print_report(requests: list[dict], hostless: int, adblock: dict, limot: dict, webkit: dict | None, webkit_note: str,
                 limot_path: Path) -> None:
    def cell(value, unit, digits=2):
        return "n/a" if value is None else f"{value:.{digits}f} {unit}"

    rows = [
        ("limot (3 WKContentRuleLists)",
         f"{cell(limot['compile_seconds'], 's', 3)} ({limot['command_seconds']:.3f} s with parsing)",
         cell(limot["memory_mib"], "MiB", 1),
         cell(limot["median_us"], "µs"), cell(limot["p99_us"], "µs"),
         cell(limot["warm_median_us"], "µs"), cell(limot["warm_p99_us"], "µs")),
        (f"adblock-rust {adblock['version']} (EasyList+EasyPrivacy)", cell(adblock["load_seconds"], "s", 3),
         cell(adblock["memory_mib"], "MiB", 1), cell(adblock["median_us"], "µs"), cell(adblock["p99_us"], "µs"),
         cell(adblock["warm_median_us"], "µs"), cell(adblock["warm_p99_us"], "µs")),
        ("WebKit (3 WKContentRuleLists)", cell(webkit["compile_seconds"] if webkit else None, "s", 3),
         "n/a", "n/a", "n/a", "n/a", "n/a"),
    ]
    header = ("engine", "compile", "memory", "decide median", "decide p99", "warm median", "warm p99")
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]
    line = "  ".join("{:<%d}" % widths[0] if i == 0 else "{:>%d}" % widths[i] for i in range(len(header)))
    print(f"\n{len(requests)} requests from {REQUEST_FILE} ({hostless} more have a bare \"http://\" or "
          f"\"https://\" as URL and are left out); limot binary {limot_path}\n")
    print(line.format(*header))
    print(line.format(*("-" * width for width in widths)))
    for row in rows:
        print(line.format(*row))

    print("\nratios (limot / peer):")
    print(f"  compile: limot's is {ratio(limot['compile_seconds'], adblock['load_seconds'])} adblock-rust's load time"
          + (f", {ratio(limot['compile_seconds'], webkit['compile_seconds'])} WebKit's" if webkit else "")
          + f"; with parsing (the whole `rules compile` command) "
          f"{ratio(limot['command_seconds'], adblock['load_seconds'])} adblock-rust's"
          + (f", {ratio(limot['command_seconds'], webkit['compile_seconds'])} WebKit's" if webkit else ""))
    print(f"  memory:  limot's is {ratio(limot['memory_mib'], adblock['memory_mib'])} adblock-rust's")
    print(f"  decide (first pass): limot median is {ratio(limot['median_us'], adblock['median_us'])} adblock-rust's, "
          f"p99 {ratio(limot['p99_us'], adblock['p99_us'])}")
    if limot["warm_median_us"] is not None:
        print(f"  decide (second pass): limot median is {ratio(limot['warm_median_us'], adblock['warm_median_us'])} "
              f"adblock-rust's, p99 {ratio(limot['warm_p99_us'], adblock['warm_p99_us'])}")
    requests_count = len(requests)
    whole_us = limot["end_to_end_seconds"] / requests_count * 1e6
    beyond_us = limot["pair_seconds"] / requests_count * 1e6
    cpu_us = limot["pair_cpu_seconds"] / requests_count * 1e6
    distinct = len({(request["url"], request["type"], request["page"]) for request in requests})
    runs = len(limot["end_to_end_seconds_all"])
    print(f"  end to end, start and load excluded: limot {beyond_us:.2f} µs wall and {cpu_us:.2f} µs CPU a request, "
          f"{ratio(beyond_us, adblock['median_us'])} and {ratio(cpu_us, adblock['median_us'])} adblock-rust's "
          f"{adblock['median_us']:.2f} µs (first-pass median through Python, its median round); in process (decide only, "
          f"--stats) limot's first-pass median is {limot['median_us']:.2f} µs, "
          f"{ratio(limot['median_us'], adblock['median_us'])}")
    print(f"    (a whole `rules match` process over the corpus, median {limot['end_to_end_seconds']:.3f} s "
          f"({whole_us:.2f} µs a request), less one over an empty request file, median "
          f"{limot['empty_match_seconds']:.3f} s: start, load and compile; the median of {runs} such pairs run in "
          f"turns, wall {', '.join(f'{a - b:.3f}' for a, b in zip(limot['end_to_end_seconds_all'], limot['empty_match_seconds_all']))} s; "
          f"CPU is user + system. Output {limot['output_bytes']:,} bytes, "
          f"{limot['output_bytes'] / requests_count:.0f} a request ({limot['full_output_bytes']:,} with --full-lines). "
          f"The corpus repeats requests ({distinct:,} distinct of {requests_count:,}); every request is decided)")
    print(f"  start, apart from the requests: a whole `rules match` over an empty request file, median "
          f"{limot['empty_match_seconds'] * 1e3:.0f} ms wall and {limot['empty_match_cpu_seconds'] * 1e3:.0f} ms CPU "
          f"(the corpus's run before these, with --stats: {limot['load_line']})")
    # Each round's own ratio: limot's and adblock-rust's figures taken minutes apart would carry
    # whatever else the machine did in between (seen: 0.39x to 0.72x over six runs).
    rounds = limot["adblock_rounds"]
    pair_cpu = [cpu / requests_count * 1e6 for cpu in limot["pair_cpu_seconds_all"]]
    loop_cpu = [cpu / requests_count * 1e6 for cpu in limot["loop_cpu_seconds_all"]]

    def against(ours: list[float], key: str) -> list[float]:
        return [mine / theirs[key] for mine, theirs in zip(ours, rounds)]

    def spread(ratios: list[float]) -> str:
        return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}× over {len(ratios)} rounds)"

    print("  END TO END, round by round (each round: limot over no request, then over the corpus, then "
          "adblock-rust's first pass on an engine loaded before them), the median of the rounds' ratios:")
    if loop_cpu:
        print(f"    limot's own --time (CPU from after loading the lists to its last line written, over the "
              f"{requests_count:,} lines) is {spread(against(loop_cpu, 'median_us'))} adblock-rust's first-pass median; "
              f"{spread(against(loop_cpu, 'mean_us'))} its first-pass mean")
    print(f"    the corpus run less the empty run, CPU: {spread(against(pair_cpu, 'median_us'))} adblock-rust's "
          f"first-pass median; {spread(against(pair_cpu, 'mean_us'))} its mean (this difference carries two process "
          f"starts and two loads, each varying by milliseconds)")
    print("    rounds (limot --time, limot difference, adblock-rust median / mean, µs a request): " + "; ".join(
        f"{(loop_cpu[index] if loop_cpu else float('nan')):.2f}, {pair_cpu[index]:.2f}, "
        f"{theirs['median_us']:.2f} / {theirs['mean_us']:.2f}" for index, theirs in enumerate(rounds)))
    overhead = adblock["call_overhead_median_us"]
    net_median = adblock["median_us"] - overhead
    net_warm = adblock["warm_median_us"] - overhead
    print(f"  adblock-rust's medians less the Python call overhead ({overhead:.2f} µs) are {net_median:.2f} µs "
          f"(first pass) and {net_warm:.2f} µs (second); limot's are {ratio(limot['median_us'], net_median)} "
          + (f"and {ratio(limot['warm_median_us'], net_warm)} " if limot["warm_median_us"] is not None else "")
          + "those")

    agree = sum(1 for a, b in zip(adblock["matched"], limot["blocked"]) if a == b)
    both = sum(1 for a, b in zip(adblock["matched"], limot["blocked"]) if a and b)
    only_adblock = sum(1 for a, b in zip(adblock["matched"], limot["blocked"]) if a and not b)
    only_limot = sum(1 for a, b in zip(adblock["matched"], limot["blocked"]) if b and not a)
    total = len(requests)
    print(f"\nblock-rate agreement: {agree}/{total} = {agree / total:.1%} of requests "
          f"(adblock-rust blocks {sum(adblock['matched'])}, limot {sum(limot['blocked'])}; "
          f"both {both}, only adblock-rust {only_adblock}, only limot {only_limot}). "
          "Informational: the lists differ.")

    print("\nnotes:")
    print(f"  limot: {' / '.join(limot['stats_lines'])} — the CLI's own timing of each engine.decide call "
          "(--stats; the request, URL parsing included, is built before its clock starts); "
          f"compile is the summary's compileSeconds (building the engine from parsed lists; parsing excluded), "
          f"min of {len(limot['compile_seconds_all'])} `rules compile` runs "
          f"({', '.join(f'{s:.3f}' for s in limot['compile_seconds_all'])} s); 'with parsing' is the wall time "
          f"of the fastest whole command; memory is that run's resident growth "
          f"over loading and compiling ({limot['rules']} rules).")
    print(f"  adblock-rust: perf_counter_ns around each check_network_urls call (URL parsing included), a first "
          f"and a second pass; includes the Python call overhead, median {overhead:.2f} µs / p99 "
          f"{adblock['call_overhead_p99_us']:.2f} µs when timing an empty Python function the same way. "
          f"First-pass max {adblock['max_us']:.2f} µs. "
          "Load = FilterSet + add_filter_list ×2 + Engine(optimize=True) from text in memory, in a fresh "
          f"Python process; memory is its resident growth once the FilterSet is dropped (peak during the load: "
          f"{adblock['peak_memory_mib']:.1f} MiB).")
    if webkit:
        print("  WebKit: webkit_oracle.py compile-time (WebKitGTK, each list compiled and stored separately; "
              "sum of the three):")
        for entry in webkit["detail"]:
            print(f"    {entry}")
    else:
        print(f"  WebKit: {webkit_note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limot", help="the limot binary (default: .build-bench/release/limot, built if missing)")
    parser.add_argument("--data", help="the shared data folder (default: $LIMOT_SHARED_DATA or ../../shared/data)")
    parser.add_argument("--build", action="store_true", help="(re)build the default limot binary first")
    parser.add_argument("--compile-runs", type=int, default=3, help="limot compile runs; the fastest is reported")
    parser.add_argument("--match-runs", type=int, default=9,
                        help="rounds for the end-to-end figure, each a whole `rules match` over no request, one "
                             "over the corpus and a fresh adblock-rust (load and two passes); each round's ratio and "
                             "their median are reported")
    parser.add_argument("--no-webkit", action="store_true", help="skip WebKit's compile time")
    parser.add_argument("--adblock-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--adblock-rounds", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    data = resolve_data_dir(args.data)
    if args.adblock_worker:
        adblock_worker(data, args.adblock_rounds)
        return 0
    limot_path = locate_limot(args.limot, args.build)
    requests, hostless = load_requests(data)
    with tempfile.TemporaryDirectory(prefix="limot-compare-") as workdir:
        limot = measure_limot(limot_path, data, requests, Path(workdir), max(1, args.compile_runs), max(1, args.match_runs))
    # The table's adblock-rust figures are those of its median round (by first-pass median).
    rounds = sorted(limot["adblock_rounds"], key=lambda entry: entry["median_us"])
    adblock = rounds[(len(rounds) - 1) // 2]
    if len(adblock["matched"]) != len(requests):
        fail(f"adblock-rust answered {len(adblock['matched'])} requests of {len(requests)}")
    if args.no_webkit:
        webkit, webkit_note = None, "skipped (--no-webkit)"
    else:
        webkit, webkit_note = measure_webkit(data)
    print_report(requests, hostless, adblock, limot, webkit, webkit_note, limot_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

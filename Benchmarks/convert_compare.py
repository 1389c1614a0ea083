#!/usr/bin/env python3
"""Judge `limot rules convert` against adblock-rust (the reference engine) on real data.

One run:

* converts easylist.txt and easyprivacy.txt (each alone, for the time and the counts, and
  both together into one list, which is what is compared) with ``limot rules convert``;
* compiles the converted list with ``limot rules compile -o`` (compile time, resident memory);
* decides every request of requests-adblock-rust-matching-test.json (url, sourceUrl, type)
  with ``limot rules match --stats`` on the converted list, and with adblock-rust (PyPI
  ``adblock``) loaded with the same two text lists, in a fresh Python process, timing each
  ``check_network_urls`` call;
* prints the agreement on block/allow, and every disagreement grouped by the filter behind
  it (adblock-rust's matched filter or exception, limot's deciding rule traced back to its
  line with ``rules convert --origins``);
* does the same for AdGuard's conversion of the two lists in ../shared/data
  (wkcontentrulelist-adguard-*-top1m.json): rule counts and decisions against both.

Usage::

    python3 Benchmarks/convert_compare.py [--limot PATH] [--data DIR] [--disagreements N]

``--limot`` defaults to ``.build-bench/release/limot`` (built with ``swift build -c release
--scratch-path .build-bench`` when missing, as compare_adblock.py does).
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare_adblock as common  # noqa: E402  (helpers shared with the other comparison)

ABP_FILES = ["easylist.txt", "easyprivacy.txt"]
ADGUARD_FILES = ["wkcontentrulelist-adguard-easylist-top1m.json", "wkcontentrulelist-adguard-easyprivacy-top1m.json"]


def adblock_worker(data: Path) -> None:
    """In a fresh process: adblock-rust's decisions, the filters behind them, and times."""
    adblock = common.import_adblock()
    requests, _ = common.load_requests(data)
    texts = [(data / name).read_text(encoding="utf-8") for name in ABP_FILES]
    start = time.perf_counter()
    filter_set = adblock.FilterSet()
    for text in texts:
        filter_set.add_filter_list(text)
    engine = adblock.Engine(filter_set, optimize=True)
    load_seconds = time.perf_counter() - start
    clock = time.perf_counter_ns
    check = engine.check_network_urls
    results = []
    passes = []
    for _ in range(2):
        durations = []
        for request in requests:
            url, source, kind = request["url"], request["source_url"], request["adblock_type"]
            begin = clock()
            result = check(url, source, kind)
            durations.append((clock() - begin) / 1000)
            if len(passes) == 0:
                results.append({"matched": bool(result.matched), "filter": result.filter, "exception": result.exception,
                                "important": bool(result.important)})
        durations.sort()
        passes.append({"median_us": common.percentile(durations, 0.5), "p99_us": common.percentile(durations, 0.99)})
    # The filters behind each decision: only an engine built with debug=True keeps their text,
    # so a second one answers that (it is not timed).
    debug_set = adblock.FilterSet(debug=True)
    for text in texts:
        debug_set.add_filter_list(text)
    debug_engine = adblock.Engine(debug_set, optimize=False)
    for request, result in zip(requests, results):
        detail = debug_engine.check_network_urls(request["url"], request["source_url"], request["adblock_type"])
        result["filter"], result["exception"] = detail.filter, detail.exception
        # The same request as a browser sends it: a URL always has a path ("https://a.com" is "https://a.com/").
        url = request["url"]
        if "/" not in url.split("://", 1)[-1]:
            result["with_path"] = bool(debug_engine.check_network_urls(url + "/", request["source_url"], request["adblock_type"]).matched)
    # What Python adds to each call: the same timing around a function that does nothing.
    def nothing(url, source, kind):
        return None
    overhead = []
    for request in requests:
        begin = clock()
        nothing(request["url"], request["source_url"], request["adblock_type"])
        overhead.append((clock() - begin) / 1000)
    overhead.sort()
    json.dump({"version": getattr(adblock, "__version__", common.ADBLOCK_VERSION), "load_seconds": load_seconds,
               "passes": passes, "results": results, "call_overhead_median_us": common.percentile(overhead, 0.5)}, sys.stdout)


def run(command: list[str]) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        common.fail(f"{' '.join(command[:3])} … exited {result.returncode}:\n{result.stderr[-3000:]}")
    return result


def limot_match(limot: Path, rules: list[str], corpus: Path) -> dict:
    match = run([str(limot), "rules", "match", "--full-lines", "--requests", str(corpus), "--rules", *rules, "--stats"])
    passes = [{"median_us": float(m.group(3)), "p99_us": float(m.group(4))} for m in common.STATS_LINE.finditer(match.stderr)]
    answers = [json.loads(line) for line in match.stdout.splitlines() if line.strip()]
    return {"passes": passes, "answers": answers}


def convert(limot: Path, data: Path, names: list[str], output: Path, extra: list[str] = ()) -> dict:
    start = time.perf_counter()
    result = run([str(limot), "rules", "convert", *[str(data / name) for name in names], "-o", str(output), *extra])
    wall = time.perf_counter() - start
    head = result.stdout.splitlines()[0]
    seconds = float(head.rsplit(" in ", 1)[1].split()[0])
    rules = int(head.split(" into ")[1].split()[0])
    filters = int(head.split(": ", 1)[1].split()[0])
    return {"seconds": seconds, "wall": wall, "rules": rules, "filters": filters, "summary": result.stdout}


def compile_summary(limot: Path, rules: list[str], workdir: Path, runs: int = 3) -> dict:
    best = None
    for number in range(runs):
        path = workdir / f"compile-{number}.json"
        run([str(limot), "rules", "compile", *rules, "-o", str(path)])
        summary = json.loads(path.read_text())
        if best is None or summary["compileSeconds"] < best["compileSeconds"]:
            best = summary
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limot")
    parser.add_argument("--data")
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--disagreements", type=int, default=60, help="how many disagreement groups to list")
    parser.add_argument("--adblock-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    data = Path(args.data).resolve() if args.data else (common.BENCHMARKS_DIR / ".." / ".." / "shared" / "data").resolve()
    if args.adblock_worker:
        adblock_worker(data)
        return 0
    for name in ABP_FILES + ADGUARD_FILES + [common.REQUEST_FILE]:
        if not (data / name).is_file():
            common.fail(f"{data / name} is missing; pass --data DIR")
    limot = common.locate_limot(args.limot, args.build)
    requests, hostless = common.load_requests(data)

    with tempfile.TemporaryDirectory(prefix="limot-convert-") as temp:
        workdir = Path(temp)
        per_list = {name: convert(limot, data, [name], workdir / (name + ".json")) for name in ABP_FILES}
        combined_path = workdir / "easylist+easyprivacy.json"
        origins_path = workdir / "origins.tsv"
        combined = convert(limot, data, ABP_FILES, combined_path, ["--origins", str(origins_path)])
        origins = {}
        for line in origins_path.read_text().splitlines():
            _, rule, source, number = line.split("\t")
            origins[int(rule)] = (Path(source).name, int(number))
        texts = {name: (data / name).read_text(encoding="utf-8").splitlines() for name in ABP_FILES}
        check = subprocess.run([str(limot), "rules", "check", "-q", str(combined_path)], capture_output=True, text=True)
        compiled = compile_summary(limot, [str(combined_path)], workdir)
        in_memory_start = time.perf_counter()
        run([str(limot), "rules", "compile", *[str(data / name) for name in ABP_FILES], "-o", str(workdir / "in-memory.json")])
        in_memory_seconds = time.perf_counter() - in_memory_start
        in_memory = json.loads((workdir / "in-memory.json").read_text())

        corpus = workdir / "requests.jsonl"
        with corpus.open("w") as out:
            for request in requests:
                out.write(json.dumps({"url": request["url"], "type": request["type"], "page": request["page"]}) + "\n")
        ours = limot_match(limot, [str(combined_path)], corpus)
        adguard = limot_match(limot, [str(data / name) for name in ADGUARD_FILES], corpus)
        adguard_rules = sum(len(json.loads((data / name).read_text())) for name in ADGUARD_FILES)
        worker = subprocess.run([sys.executable, __file__, "--data", str(data), "--adblock-worker"], capture_output=True, text=True)
        if worker.returncode != 0:
            common.fail(f"the adblock-rust worker exited {worker.returncode}:\n{worker.stderr[-2000:]}")
        reference = json.loads(worker.stdout)

    total = len(requests)
    theirs = [r["matched"] for r in reference["results"]]
    mine = [bool(a.get("blocked")) for a in ours["answers"]]
    guard = [bool(a.get("blocked")) for a in adguard["answers"]]
    agree = sum(a == b for a, b in zip(theirs, mine))
    print(f"{total} requests ({hostless} with a bare scheme as URL left out); limot {limot}; adblock-rust {reference['version']}\n")
    print("conversion (limot rules convert):")
    for name, result in per_list.items():
        print(f"  {name:<16} {result['filters']:>6} filters -> {result['rules']:>6} rules in {result['seconds']:.3f} s "
              f"({result['wall']:.3f} s for the whole command)")
    print(f"  both, one list   {combined['filters']:>6} filters -> {combined['rules']:>6} rules in {combined['seconds']:.3f} s "
          f"({combined['wall']:.3f} s for the whole command)")
    print("  " + "\n  ".join(line for line in combined["summary"].splitlines()[1:] if line.startswith("  ") or line.startswith("skipped")))
    errors = [line for line in check.stdout.splitlines() if " error: " in line]
    print(f"\nrules check on the converted list: exit {check.returncode}, {len(errors)} errors; {check.stdout.strip().splitlines()[-1]}")
    print(f"compile (rules compile -o, best of 3): {compiled['rules']} rules in {compiled['compileSeconds']:.3f} s, "
          f"{compiled['memoryMiB']:.1f} MiB resident; host index {compiled['hostIndexedRules']} "
          f"({compiled['nativeHostRules']} by the host alone), word index {compiled['wordIndexedRules']}, "
          f"literal index {compiled['literalIndexedRules']}, RE2 sets {compiled['regexSetPatterns']}, "
          f"own RE2 regexes {compiled['singleRegexes']}")
    print(f"  `rules compile easylist.txt easyprivacy.txt` (converted in memory, two lists): {in_memory['rules']} rules, "
          f"{in_memory_seconds:.3f} s from process start to exit (compile {in_memory['compileSeconds']:.3f} s), "
          f"{in_memory['memoryMiB']:.1f} MiB resident")
    print(f"  adblock-rust load (FilterSet + Engine(optimize=True)): {reference['load_seconds']:.3f} s")

    print("\ndecision time per request (first pass / second pass):")
    for label, passes in (("limot", ours["passes"]), (f"adblock-rust", reference["passes"])):
        print(f"  {label:<13} median {passes[0]['median_us']:.2f} / {passes[1]['median_us']:.2f} µs, "
              f"p99 {passes[0]['p99_us']:.2f} / {passes[1]['p99_us']:.2f} µs")
    print(f"  limot's median is {ours['passes'][0]['median_us'] / reference['passes'][0]['median_us']:.2f}× adblock-rust's "
          f"(first pass), {ours['passes'][1]['median_us'] / reference['passes'][1]['median_us']:.2f}× (second); adblock-rust's "
          f"figures include the Python call, whose own median is {reference['call_overhead_median_us']:.2f} µs "
          f"(limot's median is {ours['passes'][0]['median_us'] / (reference['passes'][0]['median_us'] - reference['call_overhead_median_us']):.2f}× "
          "adblock-rust's without it)")

    only_theirs = [i for i in range(total) if theirs[i] and not mine[i]]
    only_mine = [i for i in range(total) if mine[i] and not theirs[i]]
    print(f"\nagreement with adblock-rust: {agree}/{total} = {agree / total:.2%} "
          f"(adblock-rust blocks {sum(theirs)}, limot {sum(mine)}; only adblock-rust {len(only_theirs)}, only limot {len(only_mine)})")

    def limot_rules(index: int, actions: tuple[str, ...]) -> list[str]:
        found = []
        for reference_ in ours["answers"][index].get("rules", []):
            if reference_.get("action") in actions:
                source, line = origins.get(reference_["rule"], ("?", 0))
                found.append(f"{source}:{line}: {texts.get(source, [''] * (line + 1))[line - 1] if line else '?'}")
        return found

    # Each disagreement is put in a class: the corpus's quirks first, then by filter.
    def explanation(index: int) -> str | None:
        request, result = requests[index], reference["results"][index]
        if "with_path" in result and result["with_path"] == mine[index]:
            return ("the URL has no path: limot reads it as a browser sends it, with \"/\" "
                    "(adblock-rust decides the same once the \"/\" is there)")
        deciding = result["exception"] if theirs[index] is False and result.get("exception") else result["filter"]
        if not request["page"] and deciding and "domain=" in deciding:
            return ("no page (sourceUrl is a bare scheme): adblock-rust then ignores $domain= "
                    "(the filter applies on every site), WebKit's if-domain needs a page")
        if not request["page"] and deciding and "third-party" in deciding:
            return ("no page (sourceUrl is a bare scheme): adblock-rust then ignores $third-party/$~third-party, "
                    "WebKit counts a load without a page as third-party")
        return None

    classes: dict[str, list[int]] = collections.defaultdict(list)
    groups: dict[str, list[int]] = collections.defaultdict(list)
    for index in only_theirs + only_mine:
        reason = explanation(index)
        if reason:
            classes[reason].append(index)
            continue
        result = reference["results"][index]
        if theirs[index]:
            groups[f"blocked only by adblock-rust: {result['filter']}"].append(index)
        else:
            key = " | ".join(limot_rules(index, ("block",))) or "?"
            why = f" (adblock-rust's exception {result['exception']})" if result.get("exception") else ""
            groups[f"blocked only by limot: {key}{why}"].append(index)
    explained = sum(len(indexes) for indexes in classes.values())
    print(f"disagreements explained by the corpus ({explained}):")
    for reason, indexes in sorted(classes.items(), key=lambda item: -len(item[1])):
        example = requests[indexes[0]]
        print(f"  {len(indexes):>4}  {reason}\n        e.g. {example['adblock_type']} {example['url'][:120]} on {example['source_url'][:60]!r}")
        by_filter = collections.Counter()
        for index in indexes:
            result = reference["results"][index]
            side = "adblock-rust blocks" if theirs[index] else "limot blocks"
            deciding = result["filter"] if theirs[index] else (result.get("exception") or result["filter"])
            by_filter[f"{side}; adblock-rust's {'filter' if theirs[index] else 'exception'}: {deciding}"] += 1
        for text, count in by_filter.most_common(args.disagreements):
            print(f"        {count:>4}  {text[:220]}")
    comparable = total - explained
    print(f"agreement on the other requests: {comparable - (len(only_theirs) + len(only_mine) - explained)}/{comparable} = "
          f"{(comparable - (len(only_theirs) + len(only_mine) - explained)) / comparable:.2%}")
    print(f"remaining disagreements by filter ({len(groups)} groups, largest first):")
    for key, indexes in sorted(groups.items(), key=lambda item: -len(item[1]))[:args.disagreements]:
        example = requests[indexes[0]]
        print(f"  {len(indexes):>4}  {key[:400]}\n        e.g. {example['adblock_type']} {example['url'][:150]} on {example['source_url'][:80]!r}")

    guard_agree = sum(a == b for a, b in zip(theirs, guard))
    guard_mine = sum(a == b for a, b in zip(mine, guard))
    print(f"\nAdGuard's conversion ({' + '.join(ADGUARD_FILES)}, pruned to top-1M domains): {adguard_rules} rules "
          f"against limot's {combined['rules']}")
    print(f"  agreement with adblock-rust: {guard_agree}/{total} = {guard_agree / total:.2%} (AdGuard blocks {sum(guard)}); "
          f"with limot's conversion: {guard_mine}/{total} = {guard_mine / total:.2%}")
    print(f"  blocked by limot's conversion only: {sum(1 for a, b in zip(mine, guard) if a and not b)}, "
          f"by AdGuard's only: {sum(1 for a, b in zip(mine, guard) if b and not a)}")
    guard_only = [i for i in range(total) if guard[i] and not mine[i]]
    mine_only = [i for i in range(total) if mine[i] and not guard[i]]
    print(f"  of the {len(mine_only)} blocked by limot's conversion only, adblock-rust blocks "
          f"{sum(theirs[i] for i in mine_only)} (AdGuard's pruned list lacks the filter); of the {len(guard_only)} "
          f"blocked by AdGuard's only, adblock-rust blocks {sum(theirs[i] for i in guard_only)}")
    for label, indexes in (("AdGuard's only", guard_only), ("limot's only", mine_only)):
        rules_by_filter = collections.Counter()
        for index in indexes:
            answer = (adguard if label.startswith("AdGuard") else ours)["answers"][index]
            rules_by_filter[reference["results"][index]["filter"] or "(no adblock-rust filter)"] += 1
        print(f"  blocked by {label}, by adblock-rust's view of the request (top 5):")
        for filter_text, count in rules_by_filter.most_common(5):
            print(f"    {count:>4}  {filter_text[:160]}")
    print(f"  decision time with AdGuard's lists in limot: median {adguard['passes'][0]['median_us']:.2f} µs, "
          f"p99 {adguard['passes'][0]['p99_us']:.2f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())

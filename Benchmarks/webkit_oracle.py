#!/usr/bin/python3
"""Ask WebKit's real content-blocker compiler what it thinks of WKContentRuleList JSON.

limot must accept and reject exactly the rule lists that WebKit does, with the same error
message.  This script is the oracle: it drives WebKitGTK's content-rule-list compiler
(``WebKit2.UserContentFilterStore.save``, i.e. WebKit's ``ContentExtensionParser`` +
``ContentExtensionCompiler``) through PyGObject.

Requirements: the SYSTEM python3 (``/usr/bin/python3``) with the Debian packages
``python3-gi`` and ``gir1.2-webkit2-4.1`` (WebKitGTK 2.50 on Debian 12).  Started by another
python3 (e.g. a pyenv one without ``gi``), the script re-executes itself with
``/usr/bin/python3``.  No display is needed: the store compiles in-process on a WebKit work
queue.

Subcommands
-----------
``build-corpus OUT_CASES.json [--data-dir DIR] [--include-huge] [--include-crashers]``
    Write the probe corpus: a JSON array of ``{"name", "source", "expect", "expect_status"}``.
    ``source`` is the rule-list JSON *text* (a string, so malformed JSON can be expressed).
    ``expect``/``expect_status`` are what the written spec (webkit-content-rules.md) predicts
    (``"ok"`` or an error-enum name; a URLFilterParser status name), or null where the spec
    does not say.  ``record`` ignores them; ``compare`` uses them.
    ``--data-dir`` is where the real WKContentRuleList files live (default: the ``shared/data``
    directory next to the repository checkout); ~100 real url-filters are sampled from them.
    ``--include-huge`` adds the multi-megabyte cases (see OMITTED_CASES_COMMENT) and
    ``--include-crashers`` the inputs that make WebKit abort (see CRASHER_PATTERNS).

``record CASES.json OUT.json [--timeout SECONDS] [-v]``
    Compile every case with WebKit in one process and write OUT.json, an array (same order as
    CASES.json) of ``{"name", "source", "accepted", "message", "parse_status"}``:
    ``message`` is WebKit's error message verbatim (null when accepted) and ``parse_status``
    is the text after ``"Error while parsing PATTERN: "`` that WebKit prints on fd 2 when a
    url-filter/condition regex is rejected (null if nothing was printed).
    Output is deterministic: indent 1, sorted keys, ensure_ascii=False.
    The compiling process is a child worker: if WebKit crashes on a case (it aborts on a few
    inputs) or a compile exceeds ``--timeout``, that case is listed on stdout and left out of
    OUT.json (there is no verdict to record), and a new worker continues with the next case.

``compile-time FILE.json [FILE.json ...] [--repeat N]``
    Compile real rule lists and print the wall time of each compile (save() call to
    completion callback: parse + NFA/DFA build + bytecode + writing the store files) and the
    total.  This is the WebKit peer for limot's compile benchmarks.

``compare CASES.json OUT.json``
    Print every case where WebKit's verdict differs from the spec prediction in CASES.json.

Regenerating the test fixture (from the repository root)::

    python3 Benchmarks/webkit_oracle.py build-corpus /tmp/cases.json
    python3 Benchmarks/webkit_oracle.py record /tmp/cases.json \\
        Tests/ContentRulesTests/Fixtures/webkit-verdicts.json

Notes
-----
* Every compile gets a fresh store directory (removed afterwards), so cases cannot influence
  each other.
* fd 2 is redirected to a temporary file around each save() (from the call until the
  completion callback has run), which captures WebKit's C-level "Error while parsing" log line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

# The huge cases of WebKit's own test suite are not part of the default corpus:
OMITTED_CASES_COMMENT = (
    "WebKit test InvalidJSON cases #28 (150,000 rules -> accepted) and #29 (150,001 rules -> "
    "'Too many rules in JSON array.') are ~8.5 MB each as JSON text, so they cannot be in a "
    "fixture that must stay under ~1 MB: they are left out of the default corpus, and "
    "`build-corpus --include-huge` adds them (named 'huge/...') for a one-off check (both "
    "confirmed with WebKitGTK 2.50).  The default corpus instead has the cheapest input that "
    "reaches JSONTooManyRules: an array of 150,001 zeros (~300 KB).  TEST DeepNFA's patterns "
    "(100,000 x 'A' -> Ok; 2,000,000 x 'A' -> YarrError) only exercise the parser in WebKit's "
    "test; a full compile of a long literal is super-linear in WebKitGTK 2.50 (10,000 x 'A' takes "
    "~35 s, 30,000 x 'A' over 5 minutes), so only the 2,000,000 x 'A' one (fails fast in YARR) "
    "is in --include-huge."
)

# ---------------------------------------------------------------------------------------------
# WebKit's vocabulary (ContentExtensionError.cpp, URLFilterParser.cpp)
# ---------------------------------------------------------------------------------------------

ERRORS = {
    "JSONInvalid": "Failed to parse the JSON String.",
    "JSONTopLevelStructureNotAnArray": "Invalid input, the top level structure is not an array.",
    "JSONInvalidObjectInTopLevelArray": "Invalid object in the top level array.",
    "JSONInvalidRule": "Invalid rule.",
    "JSONContainsNoRules": "Empty extension.",
    "JSONInvalidTrigger": "Invalid trigger object.",
    "JSONInvalidURLFilterInTrigger": "Invalid url-filter object.",
    "JSONInvalidTriggerFlagsArray": "Invalid trigger flags array.",
    "JSONInvalidStringInTriggerFlagsArray": "Invalid string in the trigger flags array.",
    "JSONInvalidConditionList": "Invalid list of if-domain, unless-domain, if-top-url, or unless-top-url conditions.",
    "JSONDomainNotLowerCaseASCII": "Domains must be lower case ASCII. Use punycode to encode non-ASCII characters.",
    "JSONMultipleConditions": "A trigger cannot have more than one condition (if-domain, unless-domain, if-top-url, or unless-top-url)",
    "JSONTooManyRules": "Too many rules in JSON array.",
    "JSONInvalidRequestMethod": 'The request-method string must be "get", "head", "options", "trace", "put", "delete", "post", "patch", or "connect".',
    "JSONInvalidAction": "Invalid action object.",
    "JSONInvalidActionType": "Invalid action type.",
    "JSONInvalidCSSDisplayNoneActionType": "Invalid css-display-none action type. Requires a selector.",
    "JSONInvalidNotification": "A notify action must have a string notification",
    "JSONInvalidRegex": "Invalid or unsupported regular expression.",
    "JSONRedirectMissing": "A redirect action must have a redirect member",
    "JSONRedirectExtensionPathDoesNotStartWithSlash": "A redirect extension path must start with a slash",
    "JSONRedirectURLSchemeInvalid": "A redirect url scheme must be a valid scheme",
    "JSONRedirectToJavaScriptURL": "A redirect url can't have a scheme of javascript",
    "JSONRedirectURLInvalid": "A redirect url must be valid",
    "JSONRedirectInvalidType": 'A redirect must have a member named "extension-path", "regex-substitution", "transform" or "url"',
    "JSONRedirectInvalidPort": "A redirect port must be either empty or a number between 0 and 65535, inclusive",
    "JSONRedirectInvalidQuery": "A redirect query must either be empty or begin with '?'",
    "JSONRedirectInvalidFragment": "A redirect fragment must either be empty or begin with '#'",
    "JSONRemoveParametersNotStringArray": "A remove-parameters value must be an array of strings",
    "JSONAddOrReplaceParametersNotArray": "An add-or-replace-parameters value must be an array",
    "JSONAddOrReplaceParametersKeyValueNotADictionary": "Members of the add-or-replace-parameters array must be a dictionary",
    "JSONAddOrReplaceParametersKeyValueMissingKeyString": "Members of the add-or-replace-parameters array must contain a key that is a string",
    "JSONAddOrReplaceParametersKeyValueMissingValueString": "Members of the add-or-replace-parameters array must contain a value that is a string",
    "JSONModifyHeadersNotArray": "A headers member must be an array",
    "JSONModifyHeadersInfoNotADictionary": "A modify-headers operation must be a dictionary",
    "JSONModifyHeadersMissingOperation": "A modify-headers operation must have an operation",
    "JSONModifyHeadersInvalidOperation": 'A modify-headers operation must have an operation that is either "set", "append", or "remove"',
    "JSONModifyHeadersMissingHeader": "A modify-headers operation must have a header",
    "JSONModifyHeadersMissingValue": 'A modify-headers operation of "set" or "append" must have a value',
    "JSONModifyHeadersInvalidPriority": "A priority must be a positive integer",
    "ErrorWritingSerializedNFA": "Internal I/O error",
}

# URLFilterParser::ParseStatus -> statusString (what follows "Error while parsing PATTERN: ").
STATUSES = {
    "Ok": "Ok",
    "MatchesEverything": "Matches everything.",
    "NonASCII": "Only ASCII characters are supported in pattern.",
    "UnsupportedCharacterClass": "Character class is not supported.",
    "BackReference": "Patterns cannot contain backreferences.",
    "ForwardReference": "Patterns cannot contain forward references.",
    "MisplacedStartOfLine": "Start of line assertion can only appear as the first term in a filter.",
    "WordBoundary": "Word boundaries assertions are not supported yet.",
    "AtomCharacter": "Builtins character class atoms are not supported yet.",
    "Group": "Groups are not supported yet.",
    "Disjunction": "Disjunctions are not supported yet.",
    "MisplacedEndOfLine": "The end of line assertion must be the last term in an expression.",
    "EmptyPattern": "Empty pattern.",
    "YarrError": "Internal error in YARR.",
    "InvalidQuantifier": "Arbitrary atom repetitions are not supported.",
}
ACCEPTING_STATUSES = ("Ok", "MatchesEverything")
PARSE_ERROR_PREFIX = "Error while parsing "

# ---------------------------------------------------------------------------------------------
# Running WebKit
# ---------------------------------------------------------------------------------------------


class WebKitCompiler:
    """Compiles rule-list sources with WebKitGTK's UserContentFilterStore, one at a time."""

    def __init__(self, root: str | None = None) -> None:
        """root: directory for the store directories (default: a new temporary one, removed
        by close())."""
        import gi

        gi.require_version("WebKit2", "4.1")
        from gi.repository import GLib, WebKit2

        self._GLib = GLib
        self._WebKit2 = WebKit2
        self._loop = GLib.MainLoop()
        self._owns_root = root is None
        self._root = tempfile.mkdtemp(prefix="webkit-oracle-") if root is None else root
        self._counter = 0

    def close(self) -> None:
        if self._owns_root:
            shutil.rmtree(self._root, ignore_errors=True)

    def __enter__(self) -> "WebKitCompiler":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def compile(self, source: bytes, capture_stderr: bool = True) -> dict:
        """Compile one source.  Returns {accepted, message, stderr, seconds}."""
        self._counter += 1
        store_dir = os.path.join(self._root, f"store-{self._counter}")
        store = self._WebKit2.UserContentFilterStore.new(store_dir)
        result: dict = {}

        def done(store_, async_result, _data) -> None:
            try:
                store_.save_finish(async_result)
                result["accepted"], result["message"] = True, None
            except self._GLib.Error as error:
                result["accepted"], result["message"] = False, error.message
            result["end"] = time.perf_counter()
            self._loop.quit()

        data = self._GLib.Bytes.new(source)
        saved_fd2 = capture_fd = None
        if capture_stderr:
            sys.stderr.flush()
            capture_path = os.path.join(self._root, f"stderr-{self._counter}")
            capture_fd = os.open(capture_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
            saved_fd2 = os.dup(2)
            os.dup2(capture_fd, 2)
        try:
            start = time.perf_counter()
            store.save(f"case-{self._counter}", data, None, done, None)
            self._loop.run()
        finally:
            if capture_stderr:
                os.dup2(saved_fd2, 2)
                os.close(saved_fd2)
        stderr_text = ""
        if capture_stderr:
            os.lseek(capture_fd, 0, os.SEEK_SET)
            chunks = []
            while chunk := os.read(capture_fd, 1 << 16):
                chunks.append(chunk)
            os.close(capture_fd)
            os.unlink(capture_path)
            stderr_text = b"".join(chunks).decode("utf-8", errors="backslashreplace")
        shutil.rmtree(store_dir, ignore_errors=True)
        result["stderr"] = stderr_text
        result["seconds"] = result.pop("end") - start
        return result


def parse_status_from_stderr(text: str) -> str | None:
    """The status after 'Error while parsing PATTERN: ' in WebKit's log (first one), or None.

    The pattern itself may contain ': ' or newlines, so known status strings are preferred;
    an unknown status falls back to the rest of the line after the last ': '."""
    start = text.find(PARSE_ERROR_PREFIX)
    if start < 0:
        return None
    rest = text[start + len(PARSE_ERROR_PREFIX):]
    best = None
    for status in STATUSES.values():
        index = rest.find(": " + status + "\n")
        if index >= 0 and (best is None or index < best[0]):
            best = (index, status)
    if best is not None:
        return best[1]
    line = rest.split("\n", 1)[0]
    return line.rsplit(": ", 1)[-1] if ": " in line else line


class OracleWorker:
    """A child process (this script's hidden ``_worker`` subcommand) that owns the WebKit store.

    All cases are compiled in this one process.  WebKit aborts (SIGABRT) on a few inputs; if
    the worker dies, or does not answer within `timeout` seconds, the case is reported as
    crashed / timed out and a fresh worker takes the next case.
    Protocol: one JSON line per request ({"source": str}) and per reply (compile() result)."""

    def __init__(self, timeout: float) -> None:
        self._process = None
        self._timeout = timeout
        self._root = tempfile.mkdtemp(prefix="webkit-oracle-")  # outlives killed workers
        self._workers = 0

    def _start(self) -> None:
        import subprocess

        self._workers += 1
        root = os.path.join(self._root, f"worker-{self._workers}")
        os.mkdir(root)
        self._process = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "_worker", root],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, encoding="utf-8",
            errors="surrogatepass")

    def compile(self, source: str) -> dict:
        """compile() result, {"crashed": returncode} if WebKit took the process down, or
        {"timed_out": seconds} if it did not answer in time (the worker is then killed)."""
        import select

        if self._process is None:
            self._start()
        try:
            self._process.stdin.write(json.dumps({"source": source}) + "\n")
            self._process.stdin.flush()
            ready, _, _ = select.select([self._process.stdout], [], [], self._timeout)
            if not ready:
                self._process.kill()
                self._process.wait()
                self._process = None
                return {"timed_out": self._timeout}
            line = self._process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if line:
            return json.loads(line)
        returncode = self._process.wait()
        self._process = None
        return {"crashed": returncode}

    def close(self) -> None:
        if self._process is not None:
            self._process.stdin.close()
            self._process.wait()
            self._process = None
        shutil.rmtree(self._root, ignore_errors=True)


def command_worker(root: str) -> int:
    """Hidden subcommand: serve OracleWorker requests on stdin/stdout, stores under root."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="surrogatepass")
    os.dup2(2, 1)  # anything else written to stdout must not corrupt the protocol
    with WebKitCompiler(root) as compiler:
        for line in sys.stdin:
            source = json.loads(line)["source"]
            verdict = compiler.compile(source.encode("utf-8", errors="surrogatepass"))
            replies.write(json.dumps(verdict) + "\n")
            replies.flush()
    return 0


def describe_crash(returncode: int) -> str:
    if returncode < 0:
        import signal

        try:
            return f"WebKit crashed ({signal.Signals(-returncode).name})"
        except ValueError:
            return f"WebKit crashed (signal {-returncode})"
    return f"WebKit worker exited with status {returncode}"


def command_record(cases_path: str, out_path: str, verbose: bool, timeout: float) -> int:
    cases = json.loads(Path(cases_path).read_text(encoding="utf-8"))
    names = set()
    out = []
    crashed = []
    worker = OracleWorker(timeout)
    try:
        for number, case in enumerate(cases, 1):
            name, source = case["name"], case["source"]
            if name in names:
                raise SystemExit(f"duplicate case name: {name!r}")
            names.add(name)
            verdict = worker.compile(source)
            if "crashed" in verdict or "timed_out" in verdict:
                what = (describe_crash(verdict["crashed"]) if "crashed" in verdict
                        else f"no answer within {verdict['timed_out']:g} s (worker killed)")
                crashed.append((name, what))
                if verbose:
                    print(f"[{number}/{len(cases)}] {name}: {crashed[-1][1]}", file=sys.stderr)
                continue
            out.append({
                "name": name,
                "source": source,
                "accepted": verdict["accepted"],
                "message": verdict["message"],
                "parse_status": parse_status_from_stderr(verdict["stderr"]),
            })
            if verbose:
                print(f"[{number}/{len(cases)}] {name}: "
                      f"{'ok' if verdict['accepted'] else verdict['message']}", file=sys.stderr)
    finally:
        worker.close()
    text = json.dumps(out, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    Path(out_path).write_text(text, encoding="utf-8", errors="surrogatepass")
    accepted = sum(1 for entry in out if entry["accepted"])
    print(f"{len(out)} cases: {accepted} accepted, {len(out) - accepted} rejected -> {out_path}")
    if crashed:
        print(f"{len(crashed)} case(s) crashed WebKit or timed out and are NOT in {out_path}:")
        for name, what in crashed:
            print(f"  {name}: {what}")
    return 0


def command_compile_time(files: list[str], repeat: int) -> int:
    total = 0.0
    failures = 0
    with WebKitCompiler() as compiler:
        for path in files:
            source = Path(path).read_bytes()
            try:
                rules = len(json.loads(source))
            except (ValueError, TypeError):
                rules = "?"
            times = []
            verdict = None
            for _ in range(repeat):
                verdict = compiler.compile(source, capture_stderr=False)
                times.append(verdict["seconds"])
            best = min(times)
            total += best
            status = "ok" if verdict["accepted"] else f"REJECTED: {verdict['message']}"
            detail = "" if repeat == 1 else \
                f"  (min of {repeat}; all: {', '.join(f'{t:.3f}' for t in times)})"
            print(f"{path}: {best:.3f} s, {rules} rules, {len(source)} bytes, {status}{detail}")
            failures += 0 if verdict["accepted"] else 1
    print(f"total: {total:.3f} s for {len(files)} file(s)")
    return 1 if failures else 0


def command_compare(cases_path: str, out_path: str) -> int:
    cases = json.loads(Path(cases_path).read_text(encoding="utf-8"))
    verdicts = {v["name"]: v for v in json.loads(Path(out_path).read_text(encoding="utf-8"))}
    predicted = differing = unpredicted = missing = 0
    for case in cases:
        expect, expect_status = case.get("expect"), case.get("expect_status")
        verdict = verdicts.get(case["name"])
        if verdict is None:
            missing += 1
            continue
        if expect is None:
            unpredicted += 1
            continue
        predicted += 1
        want_accepted = expect == "ok"
        want_message = None if want_accepted else ERRORS[expect]
        want_status = STATUSES[expect_status] if expect_status else None
        differs = (verdict["accepted"] != want_accepted or verdict["message"] != want_message
                   or (expect_status is not None and verdict["parse_status"] != want_status))
        if differs:
            differing += 1
            source = case["source"] if len(case["source"]) < 300 else case["source"][:300] + "..."
            print(f"* {case['name']}\n    source: {source}\n"
                  f"    spec:   {expect}{' / ' + expect_status if expect_status else ''}\n"
                  f"    webkit: {'ok' if verdict['accepted'] else verdict['message']}"
                  f"{' / ' + verdict['parse_status'] if verdict['parse_status'] else ''}")
    print(f"{differing} of {predicted} predicted cases differ from the spec "
          f"({unpredicted} cases without a prediction, {missing} without a verdict)")
    return 0


# ---------------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------------


def dumps(value) -> str:
    """Compact JSON text as a rule-list author would write it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Corpus:
    def __init__(self) -> None:
        self.cases: list[dict] = []
        self._names: set[str] = set()
        self._sources: set[str] = set()

    def add(self, name: str, source, expect: str | None = None, status: str | None = None) -> None:
        """source: JSON text (str) or a Python value serialized with dumps().
        expect: "ok" or an ERRORS key (spec prediction), None = no prediction.
        status: for expect == JSONInvalidRegex, the predicted URLFilterParser status."""
        if name in self._names:
            raise ValueError(f"duplicate case name {name!r}")
        if expect is not None and expect != "ok" and expect not in ERRORS:
            raise ValueError(f"unknown expectation {expect!r} in {name!r}")
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown status {status!r} in {name!r}")
        text = source if isinstance(source, str) else dumps(source)
        if text in self._sources:
            return  # the same input is already in the corpus under another name
        self._names.add(name)
        self._sources.add(text)
        self.cases.append({"name": name, "source": text, "expect": expect, "expect_status": status})

    def add_pattern(self, group: str, pattern: str, status: str | None, label: str | None = None,
                    case_sensitive: bool = False) -> None:
        """One block rule whose url-filter is `pattern`; status = predicted ParseStatus name."""
        source = [rule(pattern, url_filter_is_case_sensitive=True) if case_sensitive else rule(pattern)]
        name = f"url-filter/{group}: {label if label is not None else show(pattern)}"
        if status is None:
            self.add(name, source)
        elif status in ACCEPTING_STATUSES:
            self.add(name, source, "ok")
        else:
            self.add(name, source, "JSONInvalidRegex", status)


def show(text: str, limit: int = 60) -> str:
    """Readable, single-line rendering of a pattern for case names."""
    shown = json.dumps(text, ensure_ascii=False)[1:-1]
    return shown if len(shown) <= limit else shown[:limit] + f"...({len(text)} chars)"


def rule(url_filter="webkit.org", action=None, **trigger_extra) -> dict:
    trigger = {"url-filter": url_filter}
    trigger.update({k.replace("_", "-"): v for k, v in trigger_extra.items()})
    return {"action": action or {"type": "block"}, "trigger": trigger}


def B(extra: str) -> str:
    """WebKit test abbreviation B(x): a block rule on webkit.org plus trigger keys x."""
    return '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org", ' + extra + '}}]'


def BA(extra: str) -> str:
    """WebKit test abbreviation BA(x): a block rule on .* plus trigger keys x."""
    return '[{"action":{"type":"block"},"trigger":{"url-filter":".*", ' + extra + '}}]'


def R(extra: str) -> str:
    return '[{"action":{"type":"redirect",' + extra + '},"trigger":{"url-filter":"webkit.org"}}]'


def M(extra: str) -> str:
    return '[{"action":{"type":"modify-headers",' + extra + '},"trigger":{"url-filter":"webkit.org"}}]'


def add_webkit_test_cases(c: Corpus) -> None:
    """The checkCompilerError cases of WebKit's TEST InvalidJSON (webkit-test-cases.md section 1)."""
    T = [
        (1, "[", "JSONInvalid"),
        (2, "123", "JSONTopLevelStructureNotAnArray"),
        (3, "{}", "JSONTopLevelStructureNotAnArray"),
        (4, "[5]", "JSONInvalidRule"),
        (5, "[]", "JSONContainsNoRules"),
        (6, '[{"action":{"type":"block"},"trigger":5}]', "JSONInvalidTrigger"),
        (7, '[{"action":{"type":"block"},"trigger":{"url-filter":""}}]', "JSONInvalidURLFilterInTrigger"),
        (8, '[{"action":{"type":"block"},"trigger":{"url-filter":{}}}]', "JSONInvalidURLFilterInTrigger"),
        (9, B('"load-type":{}'), "JSONInvalidTriggerFlagsArray"),
        (10, B('"load-type":["invalid"]'), "JSONInvalidStringInTriggerFlagsArray"),
        (11, B('"load-type":[5]'), "JSONInvalidStringInTriggerFlagsArray"),
        (12, B('"load-type":5'), "JSONInvalidTriggerFlagsArray"),
        (13, B('"load-type":"first-party"'), "JSONInvalidTriggerFlagsArray"),
        (14, B('"load-type":null'), "JSONInvalidTriggerFlagsArray"),
        (15, B('"load-type":false'), "JSONInvalidTriggerFlagsArray"),
        (16, B('"resource-type":{}'), "JSONInvalidTriggerFlagsArray"),
        (17, B('"resource-type":["invalid"]'), "JSONInvalidStringInTriggerFlagsArray"),
        (18, B('"resource-type":[5]'), "JSONInvalidStringInTriggerFlagsArray"),
        (19, B('"resource-type":5'), "JSONInvalidTriggerFlagsArray"),
        (20, B('"resource-type":"document"'), "JSONInvalidTriggerFlagsArray"),
        (21, B('"resource-type":null'), "JSONInvalidTriggerFlagsArray"),
        (22, B('"resource-type":false'), "JSONInvalidTriggerFlagsArray"),
        (23, '[{"action":{"type":"notify"},"trigger":{"url-filter":".*"}}]', "JSONInvalidNotification"),
        (24, '[{"action":{"type":"notify","notification":5},"trigger":{"url-filter":".*"}}]', "JSONInvalidNotification"),
        (25, '[{"action":{"type":"notify","notification":[]},"trigger":{"url-filter":".*"}}]', "JSONInvalidNotification"),
        (26, '[{"action":{"type":"notify","notification":"here\'s my notification"},"trigger":{"url-filter":".*"}}]', "ok"),
        (27, '[{"action":{"type":"notify","notification":"\\u1234"},"trigger":{"url-filter":".*"}}]', "ok"),
        # 28 and 29 (150,000 / 150,001 rules): see OMITTED_CASES_COMMENT and add_huge_cases().
        (30, BA('"request-method":"foo"'), "JSONInvalidRequestMethod"),
        (31, BA('"request-method":null'), "JSONInvalidRequestMethod"),
        (32, BA('"request-method":false'), "JSONInvalidRequestMethod"),
        (33, BA('"request-method":1'), "JSONInvalidRequestMethod"),
        (34, BA('"request-method":[]'), "JSONInvalidRequestMethod"),
        (35, BA('"request-method":{}'), "JSONInvalidRequestMethod"),
        (36, B('"if-domain":{}'), "JSONInvalidConditionList"),
        (37, B('"if-domain":[5]'), "JSONInvalidConditionList"),
        (38, B('"if-domain":["a"]'), "ok"),
        (39, B('"if-domain":"a"'), "JSONInvalidConditionList"),
        (40, B('"if-domain":false'), "JSONInvalidConditionList"),
        (41, B('"if-domain":null'), "JSONInvalidConditionList"),
        (42, B('"unless-domain":{}'), "JSONInvalidConditionList"),
        (43, B('"unless-domain":[5]'), "JSONInvalidConditionList"),
        (44, B('"unless-domain":[""]'), "JSONInvalidConditionList"),
        (45, B('"unless-domain":"a"'), "JSONInvalidConditionList"),
        (46, B('"unless-domain":null'), "JSONInvalidConditionList"),
        (47, B('"unless-domain":false'), "JSONInvalidConditionList"),
        (48, B('"unless-domain":["A"]'), "JSONDomainNotLowerCaseASCII"),
        (49, B('"unless-domain":["\\u00DC"]'), "JSONDomainNotLowerCaseASCII"),
        (50, B('"unless-domain":["0"]'), "ok"),
        (51, B('"unless-domain":["a"]'), "ok"),
        (52, B('"if-domain":[],"unless-domain":["a"]'), "JSONInvalidConditionList"),
        (53, B('"unless-domain":[]'), "JSONInvalidConditionList"),
        (54, B('"if-domain":5'), "JSONInvalidConditionList"),
        (55, B('"unless-domain":5'), "JSONInvalidConditionList"),
        (56, B('"if-domain":5,"unless-domain":5'), "JSONInvalidConditionList"),
        (57, B('"if-domain":[]'), "JSONInvalidConditionList"),
        (58, B('"if-domain":["a"],"unless-domain":[]'), "JSONMultipleConditions"),
        (59, '[{"action":5,"trigger":{"url-filter":"webkit.org"}}]', "JSONInvalidAction"),
        (60, '[{"action":{"type":"invalid"},"trigger":{"url-filter":"webkit.org"}}]', "JSONInvalidActionType"),
        (61, '[{"action":{"type":"css-display-none"},"trigger":{"url-filter":"webkit.org"}}]', "JSONInvalidCSSDisplayNoneActionType"),
        (62, '[{"action":{"type":"ignore-previous-rules"},"trigger":{"url-filter":"webkit.org"}},{"action":{"type":"css-display-none","selector":".hidden"},"trigger":{"url-filter":".*"}}]', "ok"),
        (63, BA('"if-domain":["a"]'), "ok"),
        (64, BA('"unless-domain":["a"]'), "ok"),
        (65, '[{"action":{"type":"block"},"trigger":{"url-filter":"["}}]', "JSONInvalidRegex"),
        (66, B('"if-domain":["a"],"unless-domain":["a"]'), "JSONMultipleConditions"),
        (67, B('"if-top-url":["a"],"unless-top-url":[]'), "JSONMultipleConditions"),
        (68, B('"if-frame-url":["a"],"unless-frame-url":[]'), "JSONMultipleConditions"),
        (69, B('"if-top-url":["a"],"if-frame-url":[]'), "JSONMultipleConditions"),
        (70, B('"if-top-url":["a"],"unless-top-url":["a"]'), "JSONMultipleConditions"),
        (71, B('"if-domain":["a"],"if-top-url":["a"]'), "JSONMultipleConditions"),
        (72, B('"if-top-url":[],"unless-domain":["a"]'), "JSONMultipleConditions"),
        (73, B('"if-top-url":["a"],"if-domain":["a"]'), "JSONMultipleConditions"),
        (74, B('"if-ancestor-frame-url":["a"],"if-frame-url":["a"]'), "JSONMultipleConditions"),
        (75, B('"if-ancestor-frame-url":["a"],"unless-frame-url":["a"]'), "JSONMultipleConditions"),
        (76, B('"if-ancestor-frame-url":["a"],"if-domain":["a"]'), "JSONMultipleConditions"),
        (77, B('"if-ancestor-frame-url":["a"],"unless-domain":["a"]'), "JSONMultipleConditions"),
        (78, B('"if-ancestor-frame-url":["a"],"if-top-url":["a"]'), "JSONMultipleConditions"),
        (79, B('"if-ancestor-frame-url":["a"],"unless-top-url":["a"]'), "JSONMultipleConditions"),
        (80, '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-top-url":["a"]}}, {"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-domain":["a"]}}]', "ok"),
        (81, '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-top-url":["a"]}}, {"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","unless-domain":["a"]}}]', "ok"),
        (82, '[{"action":{"type":"block"},"trigger":{"url-filter":"test\\\\.html", "unless-top-url":["["]}}]', "JSONInvalidRegex"),
        (83, '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org", "unexpected-identifier-should-be-ignored":5}}]', "ok"),
        (84, '[{"action":{"type":"redirect"},"trigger":{"url-filter":"webkit.org"}}]', "JSONRedirectMissing"),
        (85, R('"redirect":{}'), "JSONRedirectInvalidType"),
        (86, R('"redirect":{"transform":{"query-transform":{"remove-parameters":5}}}'), "JSONRemoveParametersNotStringArray"),
        (87, R('"redirect":{"transform":{"query-transform":{"remove-parameters":[5]}}}'), "JSONRemoveParametersNotStringArray"),
        (88, R('"redirect":{"transform":{"query-transform":{"add-or-replace-parameters":5}}}'), "JSONAddOrReplaceParametersNotArray"),
        (89, R('"redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[5]}}}'), "JSONAddOrReplaceParametersKeyValueNotADictionary"),
        (90, R('"redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{}]}}}'), "JSONAddOrReplaceParametersKeyValueMissingKeyString"),
        (91, R('"redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"key":5}]}}}'), "JSONAddOrReplaceParametersKeyValueMissingKeyString"),
        (92, R('"redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"key":"k","value":5}]}}}'), "JSONAddOrReplaceParametersKeyValueMissingValueString"),
        (93, R('"redirect":{"url":"https://127..1/"}'), "JSONRedirectURLInvalid"),
        (94, R('"redirect":{"url":"JaVaScRiPt:dostuff"}'), "JSONRedirectToJavaScriptURL"),
        (95, R('"redirect":{"transform":{"port":"not a number"}}'), "JSONRedirectInvalidPort"),
        (96, R('"redirect":{"transform":{"port":"65536"}}'), "JSONRedirectInvalidPort"),
        (97, R('"redirect":{"transform":{"query":"no-question-mark"}}'), "JSONRedirectInvalidQuery"),
        (98, R('"redirect":{"transform":{"fragment":"no-number-sign"}}'), "JSONRedirectInvalidFragment"),
        (99, R('"redirect":{"transform":{"port":"65535"}}'), "ok"),
        (100, R('"redirect":{"transform":{"port":""}}'), "ok"),
        (101, R('"redirect":{"extension-path":"/does/start/with/slash/"}'), "ok"),
        (102, R('"redirect":{"transform":{"scheme":"!@#$%"}}'), "JSONRedirectURLSchemeInvalid"),
        (103, R('"redirect":{"transform":{"scheme":"JaVaScRiPt"}}'), "JSONRedirectToJavaScriptURL"),
        (104, R('"redirect":{"transform":{"scheme":"About"}}'), "ok"),
        (105, M('"priority":2,"request-headers":5'), "JSONModifyHeadersNotArray"),
        (106, M('"priority":2,"request-headers":[5]'), "JSONModifyHeadersInfoNotADictionary"),
        (107, M('"priority":2,"request-headers":[{}]'), "JSONModifyHeadersMissingOperation"),
        (108, M('"priority":2,"request-headers":[{"operation":"remove"}]'), "JSONModifyHeadersMissingHeader"),
        (109, M('"priority":2,"request-headers":[{"operation":"set","header":"testheader"}]'), "JSONModifyHeadersMissingValue"),
        (110, M('"priority":2,"request-headers":[{"operation":"invalid","header":"testheader"}]'), "JSONModifyHeadersInvalidOperation"),
        (111, M('"priority":"","request-headers":[{"operation":"remove","header":"testheader"}]'), "JSONModifyHeadersInvalidPriority"),
        (112, M('"priority":-1,"request-headers":[{"operation":"remove","header":"testheader"}]'), "JSONModifyHeadersInvalidPriority"),
    ]
    for number, source, expect in T:
        label = source if len(source) <= 90 else source[:90] + "..."
        c.add(f"webkit-test/InvalidJSON #{number:03d}: {label}", source, expect)


def add_huge_cases(c: Corpus) -> None:
    """Only with --include-huge: far too large for the fixture (see OMITTED_CASES_COMMENT)."""
    one = '{"action":{"type":"block"},"trigger":{"url-filter":"a"}}'
    c.add("huge/InvalidJSON #028: 150000 rules", "[" + ",".join([one] * 150000) + "]", "ok")
    c.add("huge/InvalidJSON #029: 150001 rules", "[" + ",".join([one] * 150001) + "]", "JSONTooManyRules")
    c.add("huge/150000 x 0 (the first element is checked)", "[" + ",".join(["0"] * 150000) + "]",
          "JSONInvalidRule")
    c.add("huge/2000000 x A url-filter (TEST DeepNFA)", [rule("A" * 2000000)], "JSONInvalidRegex", "YarrError")


# url-filter patterns appearing in the spec and in WebKit's tests, with the status they state.
SPEC_PATTERNS = [
    # TEST ParsingFailures
    ("a*b?.*.?[a-z]?[a-z]*", "MatchesEverything"), ("a*b?.*.?[a-z]?[a-z]+", "Ok"),
    ("a*b?.*.?[a-z]?[a-z]", "Ok"), (".*?a", "Ok"), (".*a", "Ok"), ("(?!)", "Group"), ("(?=)", "Group"),
    ("(?!a)", "Group"), ("(?=a)", "Group"), ("(regex)", "Ok"), ("(regex", "YarrError"),
    ("((regex)", "YarrError"), ("(?:regex)", "Ok"), ("(?:regex", "YarrError"), ("[^.]+", "Ok"),
    ("a++", "YarrError"), ("[a]++", "YarrError"), ("+", "YarrError"), ("[", "YarrError"),
    ("[a}", "YarrError"), ("a]", "Ok"), ("{", "Ok"), ("{[a]", "Ok"), ("{0", "Ok"), ("{0,", "Ok"),
    ("{0,1", "Ok"), ("a{0,1", "Ok"), ("a{a,b}", "Ok"), ("\u00ff", "NonASCII"), ("\\xff", "NonASCII"),
    ("\\x\\r\\n", "Ok"), ("\\b", "WordBoundary"), ("[\\d]", "AtomCharacter"),
    ("\\d\\D\\w\\s\\v\\h\\i\\c", "UnsupportedCharacterClass"), ("this|that", "Disjunction"),
    ("a{0,1}b", "Ok"), ("a{0,2}b", "InvalidQuantifier"), ("$$", "MisplacedEndOfLine"),
    ("a^", "MisplacedStartOfLine"), ("(^)", "MisplacedStartOfLine"), ("(a)\\1", "Ok"),
    ("(<A>a)\\k<A>", "Ok"), ("(?<A>a)\\k<A>", "BackReference"), ("\\1(a)", "Ok"), ("\\8(a)", "Ok"),
    ("\\9(a)", "Ok"), ("\\k<A>(<A>a)", "Ok"), ("\\k<A>(?<A>a)", "YarrError"), ("\\k<A>(a)", "Ok"),
    # TEST PatternMatchingTheEmptyString
    (".*", "MatchesEverything"), ("a*", "MatchesEverything"), (".?", "MatchesEverything"),
    ("a?", "MatchesEverything"), ("[a-z]*", "MatchesEverything"), ("[a-z]?", "MatchesEverything"),
    ("(foobar)*", "MatchesEverything"), ("(foobar)?", "MatchesEverything"), ("(.*)", "MatchesEverything"),
    ("(a*)", "MatchesEverything"), ("(.?)", "MatchesEverything"), ("(a?)", "MatchesEverything"),
    ("([a-z]*)", "MatchesEverything"), ("([a-z]?)", "MatchesEverything"), ("(.)*", "MatchesEverything"),
    ("(.+)*", "MatchesEverything"), ("(.?)*", "MatchesEverything"), ("(.*)*", "MatchesEverything"),
    ("(.+)?", "MatchesEverything"), ("(.?)+", "MatchesEverything"),
    ("((foo)?((.)*)(bar)*)", "MatchesEverything"),
    # "Ok statuses used elsewhere"
    ("foo\\.org", "Ok"), ("ba\\.org", "Ok"), (".*web", "Ok"), ("(.*)web", "Ok"), ("(.)*web", "Ok"),
    ("(.+)*web", "Ok"), ("(.?)*web", "Ok"), ("(.+)?web", "Ok"), ("(.?)+web", "Ok"), ("^.*foo", "Ok"),
    ("bar$", "Ok"), ("^[ab]+bang", "Ok"), ("^foo", "Ok"), ("^.*[a-c]+bar", "Ok"), ("^webkit:", "Ok"),
    ("[a-c]+b+oom", "Ok"), ("A*D", "Ok"), ("A*BA+", "Ok"), ("A*BC", "Ok"), ("A+BBB", "Ok"),
    ("A+CCC", "Ok"), ("A+DDD", "Ok"), ("(((A+)B)C)", "Ok"), ("(((A)B+)C)", "Ok"), ("(((A)B+)C)D", "Ok"),
    ("(((A)B)C+)", "Ok"), ("(((A)B)C)", "Ok"),
    # url-filters of the matching tests (all compile without error there)
    ("webkit.org", "Ok"), ("^z", "Ok"), ("y", "Ok"), ("^c", "Ok"), ("w[0-9]c", "Ok"),
    ("[A-H][a-z]cko", "Ok"), ("[^a]+afoobar", "Ok"), ("^(http://whatwg\\.org/)?webkit\\.org", "Ok"),
    ("^http://webkit\\.org/(foo(bar)*)+", "Ok"), ("^http://webkit\\.org/foo()bar", "Ok"),
    ("^http://webkit\\.org/((me)()(too))", "Ok"), ("^http://webkit\\.org/foo()+bar", "Ok"),
    ("^http://webkit\\.org/(()*()?(target)()+)", "Ok"), (".+", "Ok"), ("^foobar", "Ok"),
    ("foobar$", "Ok"), ("[^y]$", "Ok"), ("https://webkit\\.org/.", "Ok"), ("infix", "Ok"),
    ("^prefix", "Ok"), ("suffix$", "Ok"), ("^http://exact\\.org/$", "Ok"),
    (".*.*(.)*(.*)(.+)*(.?)*infix", "Ok"), ("pre(.?)+(.+)?post", "Ok"), ("prefix", "Ok"),
    ("prefixsuffix", "Ok"), ("bar\\.org", "Ok"), ("^pre1.*post1$", "Ok"), ("^pre2(.*)post2$", "Ok"),
    ("^pre3(.*)?post3$", "Ok"), ("^pre4(.*)+post4$", "Ok"), ("^pre5(.*)*post5$", "Ok"),
    ("^pre6(.)*post6$", "Ok"), ("^pre7(.+)*post7$", "Ok"), ("^pre8(.?)*post8$", "Ok"),
    ("^pre9(.+)?post9$", "Ok"), ("^pre0(.?)+post0$", "Ok"), ("foo.*$", "Ok"), ("bar(.*)$", "Ok"),
    ("foob?a?r?", "Ok"), ("bazo(ok)?a?$", "Ok"), ("cats*$", "Ok"), ("test\\.html", "Ok"),
    ("test_block_load", "Ok"), ("test_block_cookies", "Ok"), ("test_block_load\\.html", "Ok"),
    ("test_block_cookies\\.html", "Ok"), ("test_css\\.html", "Ok"), ("test", "Ok"),
    ("trigger-on-scripts\\.html", "Ok"), ("ignore-previous", "Ok"), ("except-this", "Ok"),
    ("^http://web.*kit.org", "Ok"), ("^http://web.*kit.org/test", "Ok"), ("block_load", "Ok"),
    ("block_cookies", "Ok"), ("ignore1", "Ok"), ("ignore2", "Ok"), ("matches", "Ok"), ("A", "Ok"),
    ("alwaysblock.pdf", "Ok"), ("whatwg.org", "Ok"), ("block_all_types.org", "Ok"),
    ("block_only_images", "Ok"), ("BlockOnlyIfThirdPartyAndScript", "Ok"), ("ignore", "Ok"),
    ("^[a-m]", "Ok"), ("^[c-e]", "Ok"), ("[a-m]", "Ok"), ("[c-e]", "Ok"), ("^[b-d]", "Ok"),
    ("^[e-h]", "Ok"), ("^[a-e]", "Ok"), ("[c-e]+[g-i]+YYY", "Ok"), ("[b-d]+[h-j]+YYY", "Ok"),
    ("^(foo)*[a-m]", "Ok"), ("^(bar)*[c-e]", "Ok"), ("https", "Ok"), ("https://www.webkit.org/", "Ok"),
    ("https://www.apple.com/", "Ok"), ("https://www.example.com/", "Ok"),
    ("^https://www\\.(abc?)\\.xyz\\.com/", "Ok"),
    ("^https://(e)(x)(a)(m)(p)(l)(e)(w)(e)(b)(s)(i)(t)(e)/", "Ok"),
    # examples quoted in the spec text (section 7)
    ("\\.", "Ok"), ("\\/", "Ok"), ("\\r", "Ok"), ("\\n", "Ok"), ("\\t", "Ok"), ("\\x41", "Ok"),
    ("\\u0041", "Ok"), ("\\1", "Ok"), ("\\x", "Ok"), ("\\8", "Ok"), ("\\k<A>", "Ok"),
    ("[\\w]", "AtomCharacter"), ("(?i:a)", "Group"), ("(a$)", "MisplacedEndOfLine"),
    ("$?", "YarrError"), ("a$b", "MisplacedEndOfLine"), ("x*$", "MatchesEverything"),
    ("foob?", "Ok"), ("^a?$", "MatchesEverything"), ("^$", "MatchesEverything"),
    ("^", "MatchesEverything"), ("$", "MatchesEverything"), ("{2}", None), ("{0,2}", None),
    ("{1,3}", None), ("a{2}", "InvalidQuantifier"), ("a{1,3}", "InvalidQuantifier"),
    ("a{1}", "InvalidQuantifier"), ("a{1,1}", "InvalidQuantifier"), ("a{0,}", "MatchesEverything"),
    ("a{1,}", "Ok"), ("a*?", "MatchesEverything"), ("a+?", "Ok"), ("a??", "MatchesEverything"),
    ("\\d", "UnsupportedCharacterClass"), ("\\D", "UnsupportedCharacterClass"),
    ("\\w", "UnsupportedCharacterClass"), ("\\W", "UnsupportedCharacterClass"),
    ("\\s", "UnsupportedCharacterClass"), ("\\S", "UnsupportedCharacterClass"), ("\\B", "WordBoundary"),
    ("(?<=a)", "Group"), ("(?<!a)", "Group"), ("|", "Disjunction"), ("(?<n>a)", "Ok"),
    ("[a-z]", "Ok"), ("[^a]", "Ok"), ("(a)", "Ok"), ("()", "MatchesEverything"),
]
# The 4-letter case-sensitive patterns of TEST StrictPrefixSeparatedMachines* (a sample).
SPEC_CASE_SENSITIVE_PATTERNS = ["AAAA", "ABCA", "ZZZC", "QWEB", "MMMA"]


# Regex-dialect probes: (group, pattern, predicted status or None where the spec does not say).
# Most probes are prefixed with "x" so that a quantified atom does not make the whole pattern
# matches-everything.
DIALECT_PROBES: list[tuple[str, str, str | None]] = []


def _probes(group: str, status: str | None, *patterns: str) -> None:
    DIALECT_PROBES.extend((group, pattern, status) for pattern in patterns)


_IQ, _ME, _Y = "InvalidQuantifier", "MatchesEverything", "YarrError"
# quantifiers: only ?, *, + (and brace forms equal to them) are supported
_probes("quantifier", "Ok", "xa{0,1}", "xa{0,}", "xa{1,}", "xa{00,01}")
_probes("quantifier", _IQ, "xa{0}", "xa{1}", "xa{2}", "xa{0,0}", "xa{0,2}", "xa{1,1}", "xa{2,}")
_probes("quantifier", None, "xa{99999999999}", "xa{0,99999999999}")
_probes("quantifier", _Y, "xa{3,1}")
_probes("quantifier-lazy", "Ok", "xa*?", "xa+?", "xa??", "xa{0,1}?", "xa{1,}?")
_probes("quantifier-lazy", _IQ, "xa{2}?")
_probes("quantifier-possessive", _Y, "xa*+", "xa?+", "xa{0,1}+", "xa**", "xa{1}{2}")
_probes("quantifier-nothing-to-repeat", _Y, "*", "?", "+a", "x(*a)", "x|*")
_probes("quantifier-nothing-to-repeat", None, "{1}", "{0,1}", "x({1})")
_probes("quantifier-matches-everything", _ME, "a{0,1}", "(ab){0,1}", ".{0,}", "x?y?")
_probes("quantifier-group", "Ok", "x(ab){0,1}", "x(ab){1,}", "x.{1,}", "x[ab]{1,}")
_probes("quantifier-group", _IQ, "x(ab){2}", "x(ab){1}", "x[ab]{2}", "x.{2}")
# braces that do not form a quantifier are literals in Legacy (non-unicode) mode
_probes("braces-literal", "Ok", "}", "a}", "{}", "{a}", "a{", "a{,5}", "a{ 1}", "a{1,2,3}", "\\{")
_probes("braces-literal", _IQ, "a{{1}}")
# escapes
_probes("escape-builtin-class", "UnsupportedCharacterClass", "a\\d", "a\\D", "a\\w", "a\\W", "a\\s", "a\\S")
_probes("escape-word-boundary", "WordBoundary", "a\\b", "a\\B", "\\ba")
_probes("escape-word-boundary", _Y, "a\\b+")
_probes("escape", "Ok", "a\\x41", "a\\x4", "a\\xg", "a\\u0041", "a\\0", "a\\1", "a\\8", "a\\400",
        "a\\c", "a\\cA", "a\\v", "a\\n", "a\\t", "a\\k", "a\\k<a>", "a\\p{L}", "a\\/", "a\\.", "a\\$",
        "a\\^", "a\\\\", "a\\|")
_probes("escape", _IQ, "a\\u{41}")
_probes("escape-non-ascii", "NonASCII", "a\\xff", "a\\x80", "a\\u00e9", "a\\377", "a\\uD83D\\uDE00")
_probes("escape", _Y, "a\\", "\\")
# NUL (U+0000), written in several ways.  The spec says nothing; WebKit's interpreter uses NUL as
# its virtual end-of-string character.
_probes("nul", None, "a\\0b", "\\0a", "a\\x00b", "x[\\0]b", "a\\0$", "a\\0+", "a\u0000b", "\u0000",
        "^\u0000")
# character classes
_probes("class", "Ok", "x[a-z]", "x[^a]", "x[a-]", "x[\\]]", "x[[]", "x[\\x41-\\x5a]", "x[\\0]", "x[\\cA]",
        "x[\\c]", "x[|]", "x[--a]", "x[\\b]", "x[\\B]", "x[\\x00-\\x7f]", "x[a[b]c]")
_probes("class", None, "x[]", "x[^]", "x[]]", "x[^]]", "[]", "[^]")
_probes("class-builtin", "AtomCharacter", "x[\\d]", "x[\\w]", "x[\\s]", "x[a-\\d]",
        "x[\\d-z]", "x[^\\d]")
_probes("class", _Y, "x[z-a]", "x[a", "x[a-", "x[\\x5a-\\x41]")
_probes("class-non-ascii", "NonASCII", "x[\\xff]", "x[\u00e9]", "x[\\u0100]", "x[a-\u00e9]")
_probes("class-matches-everything", _ME, "[^a]*", "[^a]?", "[a]*")
# groups
_probes("group", "Ok", "x(?:)", "x()", "x(a)(b)", "x(a)*", "x(a){0,1}", "x(?:a)*", "x(a)\\1", "x(a)\\2",
        "x(?<n>a)*", "(?<a_b$1>c)")
_probes("group-matches-everything", _ME, "(a)*", "(?:)", "(())", "(?:a)?", "()*", "(a?)(b*)")
_probes("group-lookaround", "Group", "x(?=a)", "x(?!a)", "x(?<=a)", "x(?<!a)", "x(?=a)*", "(?=a)x")
_probes("group-modifier", "Group", "x(?i:a)", "x(?-i:a)", "x(?m:a)")
_probes("group", _Y, "x(?i)a", "x(?<n>a)(?<n>b)", "x(?<1>a)", "x(?P<n>a)", "x(?#c)", "x(?<>a)")
_probes("group-backreference", "BackReference", "x(?<a>b)\\k<a>", "(?<a>b)c\\k<a>")
_probes("group-backreference", _Y, "x\\k<a>(?<a>b)")
_probes("group-backreference", None, "x(?<a>b)\\k<b>", "x(?<a>b)\\k", "x(?<a>b)\\1")
_probes("group-nesting", "Ok", "x" + "(" * 50 + "a" + ")" * 50)
_probes("group-nesting", None, "x" + "(" * 300 + "a" + ")" * 300, "x" + "(?:" * 300 + "a" + ")" * 300)
# anchors
_probes("anchor-start", "Ok", "^a", "^(a)", "^a$", "\\^a", "^[^a]")
_probes("anchor-start", _ME, "^.*", "^a*$", "^(a)?$", "^()")
_probes("anchor-start", "MisplacedStartOfLine", "^^a", "^^", "^a^", "(^a)", "x(^a)", "a^b", "(a)^")
_probes("anchor-start", _Y, "^*", "^+", "^?", "^?a", "^{1}")
_probes("anchor-end", "Ok", "a$", "(a)$", "a\\$", "x[$]")
_probes("anchor-end", _ME, ".*$", "^.*$", "a?$", "(a)?$")
_probes("anchor-end", "MisplacedEndOfLine", "a$$", "$a", "(?:a$)", "x$a?", "x$()", "x$^", "^$$")
_probes("anchor-end", _Y, "a$?", "a$*", "a$+", "a${1}", "$*")
_probes("anchor-end", None, "(a$)?", "(a$)*", "x(a$)+", "a$)")
# disjunction everywhere
_probes("disjunction", "Disjunction", "|a", "a|", "x(a|b)", "x(?:a|b)", "^a|b", "a|b$", "x(|)",
        "x(a|b)*")
_probes("disjunction-escaped", "Ok", "x[a|b]", "a\\|b")
# error precedence: the first failing callback wins, but a YARR syntax error anywhere wins over it
_probes("precedence", "Disjunction", "a|\\d", "a|\\b", "a|(?=b)", "a|b{2}")
_probes("precedence", "UnsupportedCharacterClass", "\\d|a", "\\d\\b", "\\da{2}")
_probes("precedence", "WordBoundary", "\\b\\d", "\\b|a")
_probes("precedence", "Group", "(?=a)|b")
_probes("precedence", _IQ, "a{2}|b")
_probes("precedence", "AtomCharacter", "x[\\d]|a", "x[\\d]\\d")
_probes("precedence-non-ascii-first", "NonASCII", "\u00e9|", "(\u00e9", "\u00e9\\d", "a{2}\u00e9")
_probes("precedence-yarr", None, "\\d(", "(\\d", "a|(", "\\xff(", "a$(", "a$|", "$|a", "a$\\d",
        "\\d$$")
# non-ASCII text
_probes("non-ascii", "NonASCII", "\u00e9", "\u65e5\u672c", "\U0001F600", "a\u0080", "\ufeffa", "a\u00a0")
_probes("non-ascii", None, "a\u007f")
# matches-everything shapes vs. patterns that need one character
_probes("matches-everything", _ME, "(.*)+", ".*?", "[^a]*.*", "a?b?c?", "((a)?)?")
_probes("not-matches-everything", "Ok", ".", "..*", "(.)+", " ", "^.", ".$", "%", "#", "\t")
_probes("long", "Ok", "a" * 1000)

# Inputs that make WebKitGTK 2.50 abort (SIGABRT) instead of returning an error: a character-class
# range from an ASCII character to a non-ASCII one written as an escape.  Only with
# --include-crashers (`record` omits crashed cases from its output anyway).
CRASHER_PATTERNS = ["x[a-\\u00e9]", "x[\\x00-\\xff]", "x[^\\x80-\\xff]"]


def add_dialect(c: Corpus, include_crashers: bool) -> None:
    for pattern, status in SPEC_PATTERNS:
        c.add_pattern("spec", pattern, status)
    for pattern in SPEC_CASE_SENSITIVE_PATTERNS:
        c.add_pattern("spec-case-sensitive", pattern, "Ok", case_sensitive=True)
    c.add("url-filter/spec: \"\" (empty)", [rule("")], "JSONInvalidURLFilterInTrigger")
    for group, pattern, status in DIALECT_PROBES:
        c.add_pattern(group, pattern, status)
    if include_crashers:
        for pattern in CRASHER_PATTERNS:
            c.add_pattern("crasher", pattern, "NonASCII")
    # The same pattern in several JSON spellings must give the same verdict.
    c.add("url-filter/json-spelling: \\u0061\\u007c\\u0062 (a|b escaped in JSON)",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"\\u0061\\u007c\\u0062"}}]',
          "JSONInvalidRegex", "Disjunction")
    c.add("url-filter/json-spelling: \\u00e9 (JSON-escaped non-ASCII)",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"\\u00e9"}}]', "JSONInvalidRegex",
          "NonASCII")
    c.add("url-filter/json-spelling: lone surrogate \\ud800",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"a\\ud800"}}]')
    c.add("url-filter/json-spelling: \\/ in JSON is /",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"a\\/b"}}]', "ok")
    c.add("url-filter/json-spelling: escaped NUL \\u0000 then b",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"a\\u0000b"}}]')
    # Case-sensitivity does not change what parses.
    for pattern, status in [("a|b", "Disjunction"), ("[A-Z]+", "Ok"), ("\\d", "UnsupportedCharacterClass")]:
        c.add_pattern("case-sensitive", pattern, status, case_sensitive=True)


def default_data_dir() -> Path:
    """shared/data next to the checkout (…/main/Benchmarks/webkit_oracle.py -> …/shared/data)."""
    here = Path(__file__).resolve()
    return here.parents[2] / "shared" / "data"


REAL_LISTS = {
    "adguard-easylist": "wkcontentrulelist-adguard-easylist-top1m.json",
    "adguard-easyprivacy": "wkcontentrulelist-adguard-easyprivacy-top1m.json",
    "brave-block-ads": "wkcontentrulelist-brave-ios-block-ads.json",
}


def add_realistic(c: Corpus, data_dir: Path, count: int = 100) -> None:
    """`count` distinct real url-filters (evenly spaced over the sorted set) + a few whole rules."""
    lists = {}
    for short, file_name in REAL_LISTS.items():
        path = data_dir / file_name
        if not path.is_file():
            raise SystemExit(f"missing {path}; pass --data-dir (the shared/data directory)")
        lists[short] = json.loads(path.read_text(encoding="utf-8"))
    filters = sorted({r["trigger"]["url-filter"] for rules in lists.values() for r in rules})
    step = len(filters) / count
    for pattern in (filters[int(i * step)] for i in range(count)):
        c.add_pattern("real", pattern, "Ok")
    for short, rules in lists.items():
        c.add(f"real-rules/{short}: first 10 rules", rules[:10], "ok")
        for key in ("if-domain", "unless-domain", "load-context"):
            found = [r for r in rules if key in r["trigger"]]
            if found:
                c.add(f"real-rules/{short}: first rule with {key}", [found[0]], "ok")
        css = [r for r in rules if r["action"]["type"] == "css-display-none"]
        if css:
            c.add(f"real-rules/{short}: first 5 css-display-none rules", css[:5], "ok")


RESOURCE_TYPES = ["document", "top-document", "child-document", "image", "style-sheet", "script",
                  "font", "raw", "websocket", "fetch", "other", "svg-document", "media", "popup",
                  "ping", "csp-report"]
LOAD_TYPES = ["first-party", "third-party"]
LOAD_CONTEXTS = ["top-frame", "child-frame"]
REQUEST_METHODS = ["get", "head", "options", "trace", "put", "delete", "post", "patch", "connect"]
CONDITION_KEYS = ["if-domain", "unless-domain", "if-top-url", "unless-top-url", "if-frame-url",
                  "unless-frame-url", "if-ancestor-frame-url"]
CASE_FLAGS = ["url-filter-is-case-sensitive", "top-url-filter-is-case-sensitive",
              "frame-url-filter-is-case-sensitive"]
# The six JSON types other than the one a field wants (array is tested separately as []).
WRONG_TYPES = [("null", None), ("number", 5), ("string", "x"), ("object", {}), ("bool", True)]


def kw(key: str) -> str:
    """Trigger key -> keyword argument name for rule()."""
    return key.replace("-", "_")


def add_triggers(c: Corpus) -> None:
    # flag arrays
    for key, values in (("resource-type", RESOURCE_TYPES), ("load-type", LOAD_TYPES),
                        ("load-context", LOAD_CONTEXTS)):
        for value in values:
            c.add(f"trigger/{key}: [{value}]", [rule(**{kw(key): [value]})], "ok")
        c.add(f"trigger/{key}: [] (empty array)", [rule(**{kw(key): []})], "ok")
        for type_name, value in WRONG_TYPES:
            c.add(f"trigger/{key} = {type_name}", [rule(**{kw(key): value})], "JSONInvalidTriggerFlagsArray")
    c.add("trigger/resource-type: all values", [rule(resource_type=RESOURCE_TYPES)], "ok")
    c.add("trigger/resource-type: duplicate value", [rule(resource_type=["image", "image"])], "ok")
    c.add("trigger/resource-type: valid then null", [rule(resource_type=["image", None])],
          "JSONInvalidStringInTriggerFlagsArray")
    c.add("trigger/resource-type: nested array", [rule(resource_type=[["image"]])],
          "JSONInvalidStringInTriggerFlagsArray")
    for key, value in (("resource-type", "Image"), ("resource-type", "IMAGE"), ("resource-type", " image"),
                       ("resource-type", ""), ("resource-type", "xmlhttprequest"), ("resource-type", "subdocument"),
                       ("resource-type", "stylesheet"), ("resource-type", "top-frame"),
                       ("load-type", "First-party"), ("load-type", "firstparty"),
                       ("load-context", "top_frame"), ("load-context", "Top-Frame")):
        c.add(f"trigger/{key}: [{show(value)}] (unknown string)", [rule(**{kw(key): [value]})],
              "JSONInvalidStringInTriggerFlagsArray")
    # request-method: one case-insensitive string
    for method in REQUEST_METHODS:
        c.add(f"trigger/request-method: {method}", [rule(request_method=method)], "ok")
    for method in ("GET", "POST", "pAtCh"):
        c.add(f"trigger/request-method: {method} (case-insensitive)", [rule(request_method=method)], "ok")
    for method in ("", " get", "get,post", "g\u0117t"):
        c.add(f"trigger/request-method: {show(method)} (invalid)", [rule(request_method=method)],
              "JSONInvalidRequestMethod")
    c.add("trigger/request-method: [\"get\"] (array)", [rule(request_method=["get"])], "JSONInvalidRequestMethod")
    # url-filter and trigger shape
    for type_name, value in WRONG_TYPES:
        if type_name == "string":
            continue
        c.add(f"trigger/url-filter = {type_name}", [{"action": {"type": "block"}, "trigger": {"url-filter": value}}],
              "JSONInvalidURLFilterInTrigger")
    c.add("trigger/url-filter = array", [{"action": {"type": "block"}, "trigger": {"url-filter": ["a"]}}],
          "JSONInvalidURLFilterInTrigger")
    c.add("trigger/url-filter missing", [{"action": {"type": "block"}, "trigger": {}}],
          "JSONInvalidURLFilterInTrigger")
    c.add("trigger/url-filter missing, other keys present",
          [{"action": {"type": "block"}, "trigger": {"resource-type": ["image"]}}], "JSONInvalidURLFilterInTrigger")
    for type_name, value in (("null", None), ("string", "x"), ("array", [{"url-filter": "a"}])):
        c.add(f"trigger/trigger = {type_name}", [{"action": {"type": "block"}, "trigger": value}], "JSONInvalidTrigger")
    c.add("trigger/trigger missing", [{"action": {"type": "block"}}], "JSONInvalidTrigger")
    # *-case-sensitive flags of every type are fine (wrong types are ignored)
    for flag in CASE_FLAGS:
        for type_name, value in (("true", True), ("false", False), ("string", "true"), ("number", 1),
                                 ("null", None), ("object", {}), ("array", [])):
            if flag != CASE_FLAGS[0] and type_name not in ("string", "number"):
                continue
            c.add(f"trigger/{flag} = {type_name}", [rule(**{kw(flag): value})], "ok")
    c.add("trigger/top-url-filter-is-case-sensitive with if-top-url",
          [rule(if_top_url=["^http://WebKit"], top_url_filter_is_case_sensitive=True)], "ok")
    # unknown keys
    c.add("trigger/unknown key (object)", [rule(unknown={"a": [1, None]})], "ok")
    c.add("trigger/unknown key if-subdomain", [rule(if_subdomain=5)], "ok")
    c.add("trigger/unknown key Resource-Type (keys are case-sensitive)", [rule(**{"Resource_Type": 5})], "ok")
    c.add("trigger/URL-FILTER instead of url-filter (keys are case-sensitive)",
          [{"action": {"type": "block"}, "trigger": {"URL-FILTER": "a"}}], "JSONInvalidURLFilterInTrigger")
    c.add("rule/unknown top-level key", [{"action": {"type": "block"}, "trigger": {"url-filter": "a"}, "x": 5}], "ok")
    c.add("rule/_identifier key (DNR debug only)",
          [{"action": {"type": "block"}, "trigger": {"url-filter": "a"}, "_identifier": "x"}])
    c.add("rule/empty object", [{}], "JSONInvalidTrigger")
    c.add("rule/only trigger", [{"trigger": {"url-filter": "a"}}], "JSONInvalidAction")

    # conditions, each key alone
    for key in CONDITION_KEYS:
        domain = key.endswith("domain")
        c.add(f"condition/{key}: [\"a\"]", [rule(**{kw(key): ["a"]})], "ok")
        c.add(f"condition/{key}: []", [rule(**{kw(key): []})], "JSONInvalidConditionList")
        c.add(f"condition/{key}: [\"a\",\"\"]", [rule(**{kw(key): ["a", ""]})], "JSONInvalidConditionList")
        c.add(f"condition/{key}: [\"A\"] (upper case)", [rule(**{kw(key): ["A"]})],
              "JSONDomainNotLowerCaseASCII" if domain else "ok")
        c.add(f"condition/{key}: [\"\u00e9\"] (non-ASCII)", [rule(**{kw(key): ["\u00e9"]})],
              "JSONDomainNotLowerCaseASCII" if domain else "JSONInvalidRegex", None if domain else "NonASCII")
        c.add(f"condition/{key}: [\"a|b\"]", [rule(**{kw(key): ["a|b"]})], "JSONInvalidRegex", "Disjunction")
        if not domain:  # (if-domain/unless-domain wrong types are WebKit test cases)
            for type_name, value in WRONG_TYPES[:4]:
                c.add(f"condition/{key} = {type_name}", [rule(**{kw(key): value})], "JSONInvalidConditionList")
    # the top-URL and frame-URL condition parsers
    for key in ("if-top-url", "if-frame-url"):
        c.add(f"condition/{key}: [\"a\",5]", [rule(**{kw(key): ["a", 5]})], "JSONInvalidConditionList")
        c.add(f"condition/{key}: with url-filter .* and request-method",
              [rule(".*", request_method="get", **{kw(key): ["a"]})], "ok")
        for pattern, status in ((".*", "MatchesEverything"), ("^", "MatchesEverything"), ("*", "YarrError"),
                                ("\\d", "UnsupportedCharacterClass"), ("a{2}", "InvalidQuantifier"),
                                ("(?=a)", "Group"), ("a$b", "MisplacedEndOfLine"), ("a^", "MisplacedStartOfLine")):
            expect = "ok" if status in ACCEPTING_STATUSES else "JSONInvalidRegex"
            c.add(f"condition/{key}: [{show(pattern)}]", [rule(**{kw(key): [pattern]})], expect,
                  None if expect == "ok" else status)
        c.add(f"condition/{key}: second entry bad regex", [rule(**{kw(key): ["a", "(?=b)"]})],
              "JSONInvalidRegex", "Group")
    c.add("condition/frame-url-filter-is-case-sensitive with if-frame-url",
          [rule(if_frame_url=["WebKit"], frame_url_filter_is_case_sensitive=True)], "ok")
    # conditions in pairs: any two keys -> MultipleConditions, decided in WebKit's fixed key order
    for i, first in enumerate(CONDITION_KEYS):
        for second in CONDITION_KEYS[i + 1:]:
            c.add(f"condition-pair/{first} [a] + {second} [a]",
                  [rule(**{kw(first): ["a"], kw(second): ["a"]})], "JSONMultipleConditions")
    for first, second in (("if-domain", "unless-domain"), ("if-top-url", "if-frame-url"),
                          ("unless-frame-url", "if-ancestor-frame-url")):
        # the later key (in check order) is written first in the text, with a wrong type
        c.add(f"condition-pair/{second} 5 written before {first} [a]",
              '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","'
              + second + '":5,"' + first + '":["a"]}}]', "JSONMultipleConditions")
        c.add(f"condition-pair/{first} 5 + {second} [a] (first key in check order is bad)",
              [rule(**{kw(first): 5, kw(second): ["a"]})], "JSONInvalidConditionList")
    c.add("condition-pair/if-domain [\"A\"] + if-top-url [a]", [rule(if_domain=["A"], if_top_url=["a"])],
          "JSONDomainNotLowerCaseASCII")
    c.add("condition-all-seven", [rule(**{kw(k): ["a"] for k in CONDITION_KEYS})], "JSONMultipleConditions")

    # if-domain strings: escaped as described in spec 2.3, then compiled as regexes
    domains = [
        ("webkit.org", "ok", None), ("*webkit.org", "ok", None), ("*", "ok", None), ("**", "ok", None),
        ("*.", "ok", None), ("*.webkit.org", "ok", None),
        ("Webkit.org", "JSONDomainNotLowerCaseASCII", None), ("*Webkit.org", "JSONDomainNotLowerCaseASCII", None),
        ("\u00fc.de", "JSONDomainNotLowerCaseASCII", None), ("xn--tda.de", "ok", None),
        ("a|b", "JSONInvalidRegex", "Disjunction"), ("a(b", "JSONInvalidRegex", "YarrError"),
        ("a)b", "JSONInvalidRegex", "YarrError"), ("a[b", "ok", None), ("a]b", "ok", None), ("a+b", "ok", None),
        ("a{2}", "ok", None), ("a\\b", "ok", None), ("a\\", "ok", None),
        ("a?b", "ok", None), ("a$b", "ok", None), ("a^b", "JSONInvalidRegex", "MisplacedStartOfLine"),
        ("(a)", "ok", None), ("a(?=b)", "ok", None), ("a/b", "ok", None), ("a:8080", "ok", None), ("[::1]", "ok", None), ("a\u0000b", None, None),
        ("a\\d", None, None),
    ]
    for domain, expect, status in domains:
        c.add(f"domain/if-domain: {show(domain)}", [rule(if_domain=[domain])], expect, status)
    for domain, expect, status in (("*webkit.org", "ok", None), ("WEBKIT.ORG", "JSONDomainNotLowerCaseASCII", None),
                                   ("a|b", "JSONInvalidRegex", "Disjunction")):
        c.add(f"domain/unless-domain: {show(domain)}", [rule(unless_domain=[domain])], expect, status)
    c.add("domain/if-domain: [\"A\", 5] (list shape checked before case)", [rule(if_domain=["A", 5])],
          "JSONInvalidConditionList")
    c.add("domain/if-domain: [\"a|b\", \"A\"] (case error beats later regex error)",
          [rule(if_domain=["a|b", "A"])], "JSONDomainNotLowerCaseASCII")
    c.add("domain/if-domain: 500 domains", [rule(if_domain=[f"d{i}.example" for i in range(500)])], "ok")


def add_actions(c: Corpus) -> None:
    def act(action, url_filter="webkit.org"):
        return [{"action": action, "trigger": {"url-filter": url_filter}}]

    for type_name in ("block", "block-cookies", "ignore-previous-rules", "ignore-following-rules", "make-https"):
        c.add(f"action/type: {type_name}", act({"type": type_name}), "ok")
    c.add("action/type: block with unknown keys", act({"type": "block", "selector": 5, "x": []}), "ok")
    c.add("action/type: css-display-none", act({"type": "css-display-none", "selector": ".ad"}), "ok")
    c.add("action/type: notify", act({"type": "notify", "notification": "n"}), "ok")
    c.add("action/type: redirect", act({"type": "redirect", "redirect": {"url": "https://example.com/"}}), "ok")
    c.add("action/type: modify-headers", act({"type": "modify-headers", "priority": 1,
                                              "request-headers": [{"operation": "remove", "header": "h"}]}), "ok")
    for value in ("Block", "BLOCK", "block ", "", "block-cookie", "allow", "upgrade-scheme"):
        c.add(f"action/type: {show(value)} (unknown)", act({"type": value}), "JSONInvalidActionType")
    for type_name, value in WRONG_TYPES:
        if type_name != "string":
            c.add(f"action/type = {type_name}", act({"type": value}), "JSONInvalidActionType")
    c.add("action/type missing", act({"selector": ".a"}), "JSONInvalidActionType")
    for type_name, value in (("null", None), ("number", 5), ("string", "block"), ("array", [{"type": "block"}])):
        c.add(f"action/action = {type_name}", [{"action": value, "trigger": {"url-filter": "webkit.org"}}],
              "JSONInvalidAction")

    # css-display-none: an unparsable selector silently drops the rule
    selectors = [
        ("#id", "ok"), ("div > p", "ok"), ("a[href*=hsv]", "ok"), ("a:not(b)", "ok"), ("a, b", "ok"),
        ("::before", None), (":has(.a)", None), (":-webkit-any(a, b)", None), (":is(a, b)", None),
        (":nth-child(2n+1)", "ok"), (".\u00e9", None), ("a:-abp-has(b)", None), ("a:contains(x)", None),
        ("", "JSONContainsNoRules"), (" ", "JSONContainsNoRules"), ("!!!", "JSONContainsNoRules"),
        ("a,", "JSONContainsNoRules"), ("a {", "JSONContainsNoRules"), ("a}", None), ("a[", None),
        (":is(a", None), (":unknown-pseudo", None), (".a" + ", .b" * 200, "ok"),
    ]
    for selector, expect in selectors:
        c.add(f"css-display-none/selector: {show(selector)}", act({"type": "css-display-none", "selector": selector}),
              expect)
    for type_name, value in (("null", None), ("number", 5), ("array", [".a"])):
        c.add(f"css-display-none/selector = {type_name}", act({"type": "css-display-none", "selector": value}),
              "JSONInvalidCSSDisplayNoneActionType")
    c.add("css-display-none/invalid selector next to a block rule",
          [rule("a", {"type": "css-display-none", "selector": "!!!"}), rule("b")], "ok")
    c.add("css-display-none/invalid selector with bad regex (rule skipped, regex never compiled)",
          act({"type": "css-display-none", "selector": "!!!"}, "a|b"), "JSONContainsNoRules")
    c.add("css-display-none/invalid selector with bad regex + block rule",
          [rule("a|b", {"type": "css-display-none", "selector": "!!!"}), rule("c")], "ok")
    c.add("css-display-none/valid selector with bad regex",
          act({"type": "css-display-none", "selector": ".a"}, "a|b"), "JSONInvalidRegex", "Disjunction")
    c.add("css-display-none/invalid selector with bad trigger flags",
          [{"action": {"type": "css-display-none", "selector": "!!!"},
            "trigger": {"url-filter": "a", "resource-type": "image"}}], "JSONInvalidTriggerFlagsArray")

    # notify
    for label, value, expect in (("\"\"", "", "ok"), ("non-ASCII", "\u00e9\u65e5", "ok"),
                                 ("null", None, "JSONInvalidNotification"), ("object", {}, "JSONInvalidNotification"),
                                 ("bool", True, "JSONInvalidNotification")):
        c.add(f"notify/notification = {label}", act({"type": "notify", "notification": value}), expect)
    c.add("notify/selector instead of notification", act({"type": "notify", "selector": "x"}),
          "JSONInvalidNotification")

    # redirect
    def red(redirect, url_filter="webkit.org"):
        return act({"type": "redirect", "redirect": redirect}, url_filter)

    for type_name, value in (("null", None), ("string", "https://a/"), ("array", [{"url": "https://a/"}])):
        c.add(f"redirect/redirect = {type_name}", red(value), "JSONRedirectMissing")
    c.add("redirect/only unknown member", red({"URL": "https://a/"}), "JSONRedirectInvalidType")
    QT = "query-transform"
    for label, redirect, expect in [
        ("extension-path /", {"extension-path": "/"}, "ok"),
        ("extension-path x", {"extension-path": "x"}, "JSONRedirectExtensionPathDoesNotStartWithSlash"),
        ("extension-path empty", {"extension-path": ""}, "JSONRedirectExtensionPathDoesNotStartWithSlash"),
        ("extension-path number", {"extension-path": 5}, "JSONRedirectInvalidType"),
        ("extension-path x + url valid", {"extension-path": "x", "url": "https://a/"},
         "JSONRedirectExtensionPathDoesNotStartWithSlash"),
        ("extension-path number + url valid", {"extension-path": 5, "url": "https://a/"}, "ok"),
        ("regex-substitution", {"regex-substitution": "https://\\1/"}, "ok"),
        ("regex-substitution number", {"regex-substitution": 5}, "JSONRedirectInvalidType"),
        ("regex-substitution + url invalid", {"regex-substitution": "x", "url": "::"}, "ok"),
        ("regex-substitution + extension-path x", {"regex-substitution": "x", "extension-path": "x"},
         "JSONRedirectExtensionPathDoesNotStartWithSlash"),
        ("transform {}", {"transform": {}}, "ok"),
        ("transform number", {"transform": 5}, "JSONRedirectInvalidType"),
        ("transform number + url valid", {"transform": 5, "url": "https://a/"}, "ok"),
        ("transform bad port + url valid", {"transform": {"port": "x"}, "url": "https://a/"}, "JSONRedirectInvalidPort"),
        ("transform fragment empty", {"transform": {"fragment": ""}}, "ok"),
        ("transform fragment #x", {"transform": {"fragment": "#x"}}, "ok"),
        ("transform fragment number", {"transform": {"fragment": 5}}, "ok"),
        ("transform host/username/password/path", {"transform": {"host": "a b|c", "username": "u", "password": "p",
                                                                 "path": "p"}}, "ok"),
        ("transform port 0", {"transform": {"port": "0"}}, "ok"),
        ("transform port 0080", {"transform": {"port": "0080"}}, None),
        ("transform port -1", {"transform": {"port": "-1"}}, "JSONRedirectInvalidPort"),
        ("transform port +1", {"transform": {"port": "+1"}}, None),
        ("transform port ' 1'", {"transform": {"port": " 1"}}, None),
        ("transform port 1a", {"transform": {"port": "1a"}}, "JSONRedirectInvalidPort"),
        ("transform port 99999999999", {"transform": {"port": "99999999999"}}, "JSONRedirectInvalidPort"),
        ("transform port number 80", {"transform": {"port": 80}}, "ok"),
        ("transform scheme https", {"transform": {"scheme": "https"}}, "ok"),
        ("transform scheme a+b-c.d", {"transform": {"scheme": "a+b-c.d"}}, "ok"),
        ("transform scheme javascript", {"transform": {"scheme": "javascript"}}, "JSONRedirectToJavaScriptURL"),
        ("transform scheme empty", {"transform": {"scheme": ""}}, "JSONRedirectURLSchemeInvalid"),
        ("transform scheme 1abc", {"transform": {"scheme": "1abc"}}, "JSONRedirectURLSchemeInvalid"),
        ("transform scheme https:", {"transform": {"scheme": "https:"}}, "JSONRedirectURLSchemeInvalid"),
        ("transform scheme non-ASCII", {"transform": {"scheme": "h\u00e9"}}, "JSONRedirectURLSchemeInvalid"),
        ("transform scheme number", {"transform": {"scheme": 5}}, "ok"),
        ("transform query empty", {"transform": {"query": ""}}, "ok"),
        ("transform query ?a=b", {"transform": {"query": "?a=b"}}, "ok"),
        ("transform query number", {"transform": {"query": 5}}, "ok"),
        ("transform query-transform {}", {"transform": {QT: {}}}, "ok"),
        ("transform query-transform number + bad query", {"transform": {QT: 5, "query": "a"}}, "JSONRedirectInvalidQuery"),
        ("transform query-transform {} + bad query", {"transform": {QT: {}, "query": "a"}}, "ok"),
        ("transform remove-parameters [a]", {"transform": {QT: {"remove-parameters": ["a"]}}}, "ok"),
        ("transform remove-parameters [a,5]", {"transform": {QT: {"remove-parameters": ["a", 5]}}},
         "JSONRemoveParametersNotStringArray"),
        ("transform remove-parameters null", {"transform": {QT: {"remove-parameters": None}}},
         "JSONRemoveParametersNotStringArray"),
        ("transform add-or-replace ok", {"transform": {QT: {"add-or-replace-parameters": [
            {"key": "k", "value": "v", "replace-only": True}]}}}, "ok"),
        ("transform add-or-replace replace-only string", {"transform": {QT: {"add-or-replace-parameters": [
            {"key": "k", "value": "v", "replace-only": "yes"}]}}}, "ok"),
        ("transform add-or-replace value only", {"transform": {QT: {"add-or-replace-parameters": [{"value": "v"}]}}},
         "JSONAddOrReplaceParametersKeyValueMissingKeyString"),
        ("transform add-or-replace object", {"transform": {QT: {"add-or-replace-parameters": {}}}},
         "JSONAddOrReplaceParametersNotArray"),
        ("transform remove-parameters bad + add-or-replace bad",
         {"transform": {QT: {"remove-parameters": 5, "add-or-replace-parameters": 5}}}, None),
        ("transform fragment bad + port bad", {"transform": {"fragment": "x", "port": "x"}}, "JSONRedirectInvalidFragment"),
        ("transform port bad + scheme bad", {"transform": {"port": "x", "scheme": ""}}, "JSONRedirectInvalidPort"),
        ("transform scheme bad + query bad", {"transform": {"scheme": "", "query": "x"}}, "JSONRedirectURLSchemeInvalid"),
        ("transform query bad + remove-parameters bad", {"transform": {"query": "x", QT: {"remove-parameters": 5}}},
         "JSONRemoveParametersNotStringArray"),
        ("url empty", {"url": ""}, "JSONRedirectURLInvalid"),
        ("url not a url", {"url": "not a url"}, "JSONRedirectURLInvalid"),
        ("url relative /path", {"url": "/path"}, "JSONRedirectURLInvalid"),
        ("url about:blank", {"url": "about:blank"}, "ok"),
        ("url data:", {"url": "data:,x"}, "ok"),
        ("url javascript:", {"url": "javascript:x"}, "JSONRedirectToJavaScriptURL"),
        ("url ' javascript:' (leading space)", {"url": " javascript:x"}, None),
        ("url java<TAB>script:", {"url": "java\tscript:x"}, None),
        ("url http://a b/", {"url": "http://a b/"}, "JSONRedirectURLInvalid"),
        ("url non-ASCII host", {"url": "https://\u00e9xample.com/"}, "ok"),
        ("url number", {"url": 5}, "JSONRedirectInvalidType"),
    ]:
        c.add(f"redirect/{label}", red(redirect), expect)
    c.add("redirect/regex-substitution with unsupported url-filter",
          red({"regex-substitution": "\\1"}, "(a|b)"), "JSONInvalidRegex", "Disjunction")

    # modify-headers
    def mh(**members):
        action = {"type": "modify-headers"}
        action.update({k.replace("_", "-"): v for k, v in members.items()})
        return act(action)

    remove = [{"operation": "remove", "header": "h"}]
    for label, value, expect in (("0", 0, "ok"), ("\"1\"", "1", "JSONModifyHeadersInvalidPriority"),
                                 ("null", None, "JSONModifyHeadersInvalidPriority"),
                                 ("bool", True, "JSONModifyHeadersInvalidPriority"),
                                 ("2.5", 2.5, None), ("0.5", 0.5, None), ("-0.5", -0.5, None),
                                 ("2147483647", 2147483647, "ok"), ("2147483648", 2147483648, None),
                                 ("1e30", 1e30, None)):
        c.add(f"modify-headers/priority {label}", mh(priority=value, request_headers=remove), expect)
    c.add("modify-headers/priority written as 1e0",
          '[{"action":{"type":"modify-headers","priority":1e0,"request-headers":[{"operation":"remove",'
          '"header":"h"}]},"trigger":{"url-filter":"webkit.org"}}]', None)
    c.add("modify-headers/priority written as -0",
          '[{"action":{"type":"modify-headers","priority":-0,"request-headers":[{"operation":"remove",'
          '"header":"h"}]},"trigger":{"url-filter":"webkit.org"}}]', None)
    c.add("modify-headers/priority missing", mh(request_headers=remove), "JSONModifyHeadersInvalidPriority")
    c.add("modify-headers/no headers, priority 1", mh(priority=1), "ok")
    c.add("modify-headers/response-headers only", mh(priority=1, response_headers=remove), "ok")
    ops = [
        ("append with value", {"operation": "append", "header": "h", "value": "v"}, "ok"),
        ("set empty value", {"operation": "set", "header": "h", "value": ""}, "ok"),
        ("append without value", {"operation": "append", "header": "h"}, "JSONModifyHeadersMissingValue"),
        ("set value number", {"operation": "set", "header": "h", "value": 5}, "JSONModifyHeadersMissingValue"),
        ("remove with value number", {"operation": "remove", "header": "h", "value": 5}, "ok"),
        ("operation SET", {"operation": "SET", "header": "h", "value": "v"}, "JSONModifyHeadersInvalidOperation"),
        ("operation invalid without header", {"operation": "invalid"}, "JSONModifyHeadersMissingHeader"),
        ("operation number", {"operation": 5, "header": "h"}, "JSONModifyHeadersMissingOperation"),
        ("header number", {"operation": "remove", "header": 5}, "JSONModifyHeadersMissingHeader"),
        ("header empty", {"operation": "remove", "header": ""}, "ok"),
    ]
    for label, info, expect in ops:
        c.add(f"modify-headers/request-headers {label}", mh(priority=1, request_headers=[info]), expect)
    for label, info, expect in ops[2:4] + ops[5:8]:
        c.add(f"modify-headers/response-headers {label}", mh(priority=1, response_headers=[info]), expect)
    for type_name, value in WRONG_TYPES:
        c.add(f"modify-headers/request-headers = {type_name}", mh(priority=1, request_headers=value),
              "JSONModifyHeadersNotArray")
    c.add("modify-headers/response-headers = 5", mh(priority=1, response_headers=5), "JSONModifyHeadersNotArray")
    c.add("modify-headers/request-headers [null]", mh(priority=1, request_headers=[None]),
          "JSONModifyHeadersInfoNotADictionary")
    c.add("modify-headers/response bad + request bad, response written first",
          '[{"action":{"type":"modify-headers","priority":1,"response-headers":5,"request-headers":[5]},'
          '"trigger":{"url-filter":"webkit.org"}}]', "JSONModifyHeadersInfoNotADictionary")
    c.add("modify-headers/headers bad + priority missing (headers first)", mh(request_headers=[5]),
          "JSONModifyHeadersInfoNotADictionary")
    c.add("modify-headers/good op then bad op", mh(priority=1, request_headers=[remove[0], {}]),
          "JSONModifyHeadersMissingOperation")


def add_ordering(c: Corpus) -> None:
    bad_regex = rule("a|b")                    # Disjunction
    group_regex = rule("(?=a)")                # Group
    c.add("order/bad regex, then invalid trigger (structural wins)",
          [bad_regex, {"action": {"type": "block"}, "trigger": 5}], "JSONInvalidTrigger")
    c.add("order/bad regex, then invalid action type", [bad_regex, rule("c", {"type": "nope"})],
          "JSONInvalidActionType")
    c.add("order/bad regex, then non-object rule", [bad_regex, 5], "JSONInvalidRule")
    c.add("order/bad regex, then empty condition list", [bad_regex, rule(if_domain=[])], "JSONInvalidConditionList")
    c.add("order/bad regex, then modify-headers without priority",
          [bad_regex, rule("c", {"type": "modify-headers"})], "JSONModifyHeadersInvalidPriority")
    c.add("order/bad regex, then multiple conditions", [bad_regex, rule(if_domain=["a"], if_top_url=["b"])],
          "JSONMultipleConditions")
    c.add("order/bad regex, then bad regex in condition", [bad_regex, rule(if_top_url=["\\d"])],
          "JSONInvalidRegex", "Disjunction")
    c.add("order/bad condition regex, then bad url-filter (rule order)", [rule(if_top_url=["(?=a)"]), bad_regex],
          "JSONInvalidRegex", "Group")
    c.add("order/bad url-filter and bad condition regex in one rule",
          [rule("a|b", if_top_url=["(?=a)"])], "JSONInvalidRegex", "Disjunction")
    c.add("order/two bad regexes: Group first", [group_regex, bad_regex], "JSONInvalidRegex", "Group")
    c.add("order/two bad regexes: Disjunction first", [bad_regex, group_regex], "JSONInvalidRegex", "Disjunction")
    c.add("order/matches-everything rule, then bad regex", [rule(".*"), bad_regex], "JSONInvalidRegex", "Disjunction")
    c.add("order/bad regex in if-domain, then bad url-filter",
          [rule(if_domain=["a|b"]), rule("(?=a)")], "JSONInvalidRegex", "Disjunction")
    c.add("order/invalid trigger, then invalid action",
          [{"action": {"type": "block"}, "trigger": 5}, rule("c", {"type": "x"})], "JSONInvalidTrigger")
    c.add("order/invalid action, then invalid trigger",
          [rule("c", {"type": "x"}), {"action": {"type": "block"}, "trigger": 5}], "JSONInvalidActionType")
    c.add("order/trigger error and action error in one rule",
          [{"action": {"type": "x"}, "trigger": {"url-filter": ""}}], "JSONInvalidURLFilterInTrigger")
    c.add("order/action missing and trigger bad flags in one rule",
          [{"trigger": {"url-filter": "a", "load-type": 5}}], "JSONInvalidTriggerFlagsArray")
    c.add("order/url-filter missing beats bad resource-type",
          [{"action": {"type": "block"}, "trigger": {"resource-type": 5}}], "JSONInvalidURLFilterInTrigger")
    c.add("order/resource-type bad string beats load-type not array", [rule(resource_type=["x"], load_type=5)],
          "JSONInvalidStringInTriggerFlagsArray")
    c.add("order/load-context bad beats request-method bad", [rule(load_context=5, request_method=5)],
          "JSONInvalidTriggerFlagsArray")
    c.add("order/request-method bad beats if-domain bad, if-domain written first",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-domain":5,"request-method":"x"}}]',
          "JSONInvalidRequestMethod")
    c.add("order/url-filter wrong type beats resource-type wrong type (written first)",
          '[{"action":{"type":"block"},"trigger":{"resource-type":5,"url-filter":5}}]', "JSONInvalidURLFilterInTrigger")
    c.add("order/action written before trigger, both bad",
          '[{"action":{"type":"x"},"trigger":{"url-filter":""}}]', "JSONInvalidURLFilterInTrigger")
    c.add("order/several errors: rule 3 structural, rules 1-2 regex",
          [rule("\\d"), rule("[\\w]"), rule("x", {"type": "notify"})], "JSONInvalidNotification")
    c.add("order/several errors: rule 2 structural first",
          [rule("\\d"), rule("x", {"type": "redirect"}), rule("y", {"type": "notify"})], "JSONRedirectMissing")
    c.add("order/bad regex in rule 50 of 50", [rule(f"r{i}") for i in range(49)] + [rule("a{2}")],
          "JSONInvalidRegex", "InvalidQuantifier")
    c.add("order/non-object rule after 100 valid rules", [rule(f"r{i}") for i in range(100)] + [5],
          "JSONInvalidRule")


def add_top_level(c: Corpus) -> None:
    ok_rule = '{"action":{"type":"block"},"trigger":{"url-filter":"a"}}'
    for label, text in (("number", "123"), ("string", "\"x\""), ("null", "null"), ("bool", "true"),
                        ("float", "1.5"), ("object with rules", '{"rules":[' + ok_rule + ']}')):
        c.add(f"top-level/not an array: {label}", text, "JSONTopLevelStructureNotAnArray")
    for label, text in (("[ ]", "[ ]"), ("whitespace around", "\t\r\n [] \r\n")):
        c.add(f"top-level/empty array: {label}", text, "JSONContainsNoRules")
    c.add("top-level/valid list with surrounding whitespace", " \n\t[" + ok_rule + "] \n", "ok")
    # WebKitGTK's webkit_user_content_filter_store_save() refuses an empty source itself, with its
    # own message, before WebKit's parser runs (which would say "Failed to parse the JSON String.").
    c.add("top-level/empty input (rejected by the WebKitGTK API before parsing)", "", "JSONInvalid")
    for label, text in (("whitespace only", "   \n"), ("]", "]"),
                        ("trailing comma", "[" + ok_rule + ",]"), ("leading comma", "[," + ok_rule + "]"),
                        ("two arrays", "[][]"), ("trailing garbage x", "[" + ok_rule + "]x"),
                        ("trailing ]", "[" + ok_rule + "]]"), ("trailing comma after array", "[" + ok_rule + "],"),
                        ("trailing NUL", "[" + ok_rule + "]\u0000"),
                        ("line comment", "// c\n[" + ok_rule + "]"), ("block comment", "/* c */[" + ok_rule + "]"),
                        ("single quotes", "[{'action':{'type':'block'},'trigger':{'url-filter':'a'}}]"),
                        ("unquoted keys", "[{action:{type:\"block\"},trigger:{\"url-filter\":\"a\"}}]"),
                        ("NaN", "[NaN]"), ("Infinity", "[Infinity]"), ("leading zero", "[01]"), ("hex number", "[0x1]"),
                        ("plus number", "[+1]"), ("dot number", "[.5]"), ("number 1.", "[1.]"),
                        ("unterminated string", '[{"action":{"type":"block'), ("True", "[True]"),
                        ("BOM before the array", "\ufeff[" + ok_rule + "]"), ("BOM before []", "\ufeff[]"),
                        ("non-breaking space as whitespace", "\u00a0[" + ok_rule + "]"),
                        ("form feed as whitespace", "\u000c[" + ok_rule + "]")):
        c.add(f"top-level/malformed JSON: {label}", text, "JSONInvalid")
    # string escapes and raw control characters
    url = '[{"action":{"type":"block"},"trigger":{"url-filter":"%s"}}]'
    for label, body, expect in (("\\x41 escape", "a\\x41", "JSONInvalid"), ("\\x7c escape (= |)", "a\\x7c", "JSONInvalid"),
                                ("\\x4 (one hex digit)", "a\\x4", "JSONInvalid"), ("\\v escape", "a\\v", "JSONInvalid"),
                                ("\\' escape", "a\\'", "JSONInvalid"), ("\\0 escape", "a\\0", "JSONInvalid"),
                                ("\\a escape", "a\\a", "JSONInvalid"), ("short \\u escape", "a\\u41", "JSONInvalid"),
                                ("raw tab", "a\tb", "JSONInvalid"), ("raw newline", "a\nb", "JSONInvalid"),
                                ("raw 0x1f", "a\u001fb", "JSONInvalid"), ("raw NUL at the end", "a\u0000", "JSONInvalid"),
                                ("raw DEL", "a\u007fb", "ok")):
        c.add(f"json/string: {label}", url % body, expect)
    for label, element in (("5", "5"), ("null", "null"), ("[]", "[]"), ("\"x\"", "\"x\""), ("bool", "true"),
                           ("[rule]", "[" + ok_rule + "]")):
        c.add(f"top-level/non-object element: {label}", "[" + element + "]", "JSONInvalidRule")
    c.add("top-level/valid rule then 5", "[" + ok_rule + ",5]", "JSONInvalidRule")
    c.add("top-level/invalid trigger then null", '[{"action":{"type":"block"},"trigger":5},null]', "JSONInvalidTrigger")
    # duplicate keys (spec: presumably the last one wins)
    dup = '[{"action":{"type":"block"},"trigger":{%s}}]'
    for label, body, expect, status in (
            ("url-filter bad then good", '"url-filter":"","url-filter":"a"', "ok", None),
            ("url-filter good then bad", '"url-filter":"a","url-filter":""', "JSONInvalidURLFilterInTrigger", None),
            ("url-filter regex bad then good", '"url-filter":"a|b","url-filter":"a"', "ok", None),
            ("url-filter regex good then bad", '"url-filter":"a","url-filter":"a|b"', "JSONInvalidRegex", "Disjunction"),
            ("if-domain twice (not multiple conditions)", '"url-filter":"a","if-domain":["a"],"if-domain":["b"]', "ok", None),
            ("if-domain [] then [a]", '"url-filter":"a","if-domain":[],"if-domain":["a"]', "ok", None),
            ("resource-type bad then good", '"url-filter":"a","resource-type":5,"resource-type":["image"]', "ok", None)):
        c.add(f"duplicate-keys/{label}", dup % body, expect, status)
    c.add("duplicate-keys/action type good then bad",
          '[{"action":{"type":"block","type":"x"},"trigger":{"url-filter":"a"}}]', "JSONInvalidActionType")
    c.add("duplicate-keys/trigger bad then good",
          '[{"action":{"type":"block"},"trigger":5,"trigger":{"url-filter":"a"}}]', "ok")
    c.add("duplicate-keys/trigger good then bad",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"a"},"trigger":5}]', "JSONInvalidTrigger")
    # JSON-escaped keys, numbers, nesting depth
    c.add("json/escaped key url\\u002dfilter", '[{"action":{"type":"block"},"trigger":{"url\\u002dfilter":"a"}}]', "ok")
    c.add("json/escaped type value \\u0062lock", '[{"action":{"type":"\\u0062lock"},"trigger":{"url-filter":"a"}}]', "ok")
    c.add("json/numbers in unknown key (exponent, negative zero, big)",
          '[{"action":{"type":"block"},"trigger":{"url-filter":"a","x":[1e5,-0,1E-5,123456789012345678901234567890]}}]',
          "ok")
    c.add("json/huge exponent 1e400 in unknown key", '[{"action":{"type":"block"},"trigger":{"url-filter":"a","x":1e400}}]')
    for depth in (998, 999):
        # total nesting = 3 (list, rule, trigger) + depth
        c.add(f"json/nesting depth {depth} in unknown key",
              '[{"action":{"type":"block"},"trigger":{"url-filter":"a","x":' + "[" * depth + "]" * depth + "}}]")
    for depth in (1001, 1002):
        c.add(f"json/top-level nesting depth {depth}", "[" * depth + "]" * depth)
    c.add("json/500 rules", "[" + ",".join([ok_rule] * 500) + "]", "ok")
    # The rule count is checked on the raw array before any element (see OMITTED_CASES_COMMENT).
    c.add("top-level/150001 elements, all 0 (too many rules beats invalid rule)",
          "[" + ",".join(["0"] * 150001) + "]", "JSONTooManyRules")
    c.add("json/surrogate pair escape in notification",
          '[{"action":{"type":"notify","notification":"\\ud83d\\ude00"},"trigger":{"url-filter":"a"}}]', "ok")
    c.add("json/lone low surrogate escape in notification",
          '[{"action":{"type":"notify","notification":"\\ude00"},"trigger":{"url-filter":"a"}}]')


def build_corpus(data_dir: Path, include_huge: bool = False, include_crashers: bool = False) -> list[dict]:
    c = Corpus()
    add_webkit_test_cases(c)
    add_dialect(c, include_crashers)
    add_realistic(c, data_dir)
    add_triggers(c)
    add_actions(c)
    add_ordering(c)
    add_top_level(c)
    if include_huge:
        add_huge_cases(c)
    return c.cases


def command_build_corpus(out_path: str, data_dir: str | None, include_huge: bool,
                         include_crashers: bool) -> int:
    cases = build_corpus(Path(data_dir) if data_dir else default_data_dir(), include_huge, include_crashers)
    Path(out_path).write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8", errors="surrogatepass")
    print(f"{len(cases)} cases -> {out_path}")
    return 0


def ensure_gi(argv: list[str]) -> None:
    """Make sure PyGObject is importable, re-executing with the system python3 if needed."""
    import importlib.util

    if importlib.util.find_spec("gi") is not None:
        return
    system_python = "/usr/bin/python3"
    if os.path.exists(system_python) and os.path.realpath(sys.executable) != os.path.realpath(system_python):
        os.execv(system_python, [system_python, os.path.abspath(__file__)] + argv)
    raise SystemExit("PyGObject (gi) is not available: apt-get install python3-gi gir1.2-webkit2-4.1")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True,
                                metavar="{build-corpus,record,compile-time,compare}")
    p = sub.add_parser("build-corpus", help="write the probe corpus (CASES.json)")
    p.add_argument("out")
    p.add_argument("--data-dir", help="directory holding the real WKContentRuleList files")
    p.add_argument("--include-huge", action="store_true", help="also add the multi-MB cases")
    p.add_argument("--include-crashers", action="store_true",
                   help="also add the patterns that make WebKit abort (see CRASHER_PATTERNS)")
    p = sub.add_parser("record", help="compile every case with WebKit and write the verdicts")
    p.add_argument("cases")
    p.add_argument("out")
    p.add_argument("-v", "--verbose", action="store_true", help="print each verdict to stderr")
    p.add_argument("--timeout", type=float, default=600,
                   help="seconds to wait for one compile before giving up on it (default 600)")
    p = sub.add_parser("compile-time", help="time WebKit compiling real rule lists")
    p.add_argument("files", nargs="+")
    p.add_argument("--repeat", type=int, default=1, help="compile each file N times, report the minimum")
    p = sub.add_parser("_worker")  # internal, used by `record`
    p.add_argument("root")
    p = sub.add_parser("compare", help="list cases where WebKit differs from the spec prediction")
    p.add_argument("cases")
    p.add_argument("verdicts")
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)
    if args.command in ("record", "compile-time", "_worker"):
        ensure_gi(argv)
    if args.command == "build-corpus":
        return command_build_corpus(args.out, args.data_dir, args.include_huge, args.include_crashers)
    if args.command == "record":
        return command_record(args.cases, args.out, args.verbose, args.timeout)
    if args.command == "_worker":
        return command_worker(args.root)
    if args.command == "compile-time":
        return command_compile_time(args.files, max(1, args.repeat))
    return command_compare(args.cases, args.verdicts)


if __name__ == "__main__":
    sys.exit(main())

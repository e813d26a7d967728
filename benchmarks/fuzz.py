"""Fuzz the commands that read a project file: mutate the example projects into N files and run `check`, `cost` and
a short `simulate` on each (and `report` on a sample); print the exit codes, internal errors, tracebacks, error
messages longer than one line, the worst wall time and the worst resident set size.

    python benchmarks/fuzz.py --files 10000 [--seed 1] [--report-every 100] [--out DIR] [--part K/M]
    python benchmarks/fuzz.py --merge DIR          # the summary of every part written to DIR
    python benchmarks/fuzz.py --reuse --part K/M --out DIR   # run part K of the files already made in DIR

Mutations (one to three per file): keys dropped, duplicated (the same key twice in an object) or retyped; numbers
made huge (up to 400 digits, 1e308), negative, zero or non-finite (NaN, Infinity, 1e999); values nested deeply
(up to 100,000 levels); long texts and texts with control characters, ANSI sequences, line separators and
unpaired surrogates; ids made dangling or duplicated; declared sizes blown up (port counts, port groups, GPUs);
the file truncated; bytes that are not UTF-8.

Each command runs in a child forked from a helper process that has already run the command once on an example
(so the modules it needs are loaded, as in a fresh `fabric-designer` process after start-up): the wall time is
the command's own work, without the interpreter's start-up (about 1 s more on a quiet machine), the CPU time is
the child's (user + system: the measure that a busy machine does not inflate), and the resident set size is the
child's peak, the loaded modules included. A child that uses more than --cpu-limit seconds of CPU is killed and
counted as too slow; one that runs past --timeout seconds of wall time is killed and counted as a timeout, with the
CPU time it had used (little CPU: a hang, or a machine too busy to give it any).
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "projects").glob("*.json"))
COMMANDS = {
    "check": ["check", "{file}"],
    "cost": ["cost", "{file}"],
    "simulate": ["simulate", "{file}", "--workload", "pingpong:8B"],
    "report": ["report", "{file}", "-o", "{out}", "--workload", "pingpong:8B"],
}
MAX_REPEATED_NODES = 20_000
NASTY_TEXT = ["\x00", "\x1b[31mRED\x1b[0m", "line\nbreak", "cr\rhere", "\u2028", "\u202eevil", "\ud800", "\ufeff",
              "<b>markup</b>", '"quote"', "=cmd|' /C calc'!A0", "机架", "\x7f\x85\x9b", "\t"]


# ---- mutations ------------------------------------------------------------------------------------------------
def _containers(value, path=()):
    """Every (path, container) in the JSON tree, iteratively."""
    stack = [(path, value)]
    while stack:
        p, v = stack.pop()
        if isinstance(v, dict | list):
            yield p, v
            items = v.items() if isinstance(v, dict) else enumerate(v)
            stack.extend(((*p, k), c) for k, c in items if isinstance(c, dict | list))


def _pick_slot(rng: random.Random, data):
    """A random (container, key) whose value exists."""
    containers = [c for _, c in _containers(data) if c]
    box = rng.choice(containers)
    key = rng.choice(list(box)) if isinstance(box, dict) else rng.randrange(len(box))
    return box, key


def _numbers(data):
    return [(c, k) for _, c in _containers(data)
            for k, v in (c.items() if isinstance(c, dict) else enumerate(c))
            if isinstance(v, int | float) and not isinstance(v, bool)]


def _texts(data):
    return [(c, k) for _, c in _containers(data)
            for k, v in (c.items() if isinstance(c, dict) else enumerate(c)) if isinstance(v, str)]


def drop_key(rng, data):
    box, key = _pick_slot(rng, data)
    del box[key]


def retype(rng, data):
    box, key = _pick_slot(rng, data)
    box[key] = rng.choice([None, True, 0, -1, 1.5, "text", [], {}, [1, 2], {"x": 1}])


def huge_number(rng, data):
    slots = _numbers(data)
    if slots:
        box, key = rng.choice(slots)
        box[key] = rng.choice([10 ** rng.randint(16, 400), -(10 ** rng.randint(16, 400)), 1e308, -1e308, 2**63,
                               2**53 + 1, 1e-300, 4096, 100_000, 10**9])


def bad_number(rng, data):
    slots = _numbers(data)
    if slots:
        box, key = rng.choice(slots)
        box[key] = rng.choice([0, -1, -0.0, -1e9, float("nan"), float("inf"), float("-inf"), 0.5, 1e-9])


def nasty_text(rng, data):
    slots = _texts(data)
    if slots:
        box, key = rng.choice(slots)
        box[key] = rng.choice([rng.choice(NASTY_TEXT) * rng.randint(1, 3), "x" * rng.choice([2000, 10_000, 200_000]),
                               box[key] + rng.choice(NASTY_TEXT)])


def dangling_or_duplicate_id(rng, data):
    for key in ("nodes", "links", "segments"):
        if rng.random() < 0.5 and isinstance(data.get(key), list) and data[key]:
            items = data[key]
            if rng.random() < 0.5:
                items.append(json.loads(json.dumps(rng.choice(items))))        # the same id twice
            else:
                item = rng.choice(items)
                if isinstance(item, dict):
                    for side in ("a", "b"):
                        if isinstance(item.get(side), dict):
                            item[side]["node"] = "nowhere"
                    if "nodes" in item and isinstance(item["nodes"], list):
                        item["nodes"].append("nowhere")
                    item["id"] = rng.choice(["", "nowhere", item.get("id", "")])
            return


def amplify(rng, data):
    nodes = [n for n in data.get("nodes", []) if isinstance(n, dict)]
    if not nodes:
        return
    node = rng.choice(nodes)
    shape = rng.randrange(4)
    if shape == 0:
        node["ports"] = [{"prefix": f"g{j}-", "count": 4096, "speed_gbps": 400.0, "medium": "ethernet"}
                         for j in range(rng.choice([100, 1000]))]
    elif shape == 1:
        for n in nodes:
            for g in n.get("ports", []) if isinstance(n.get("ports"), list) else []:
                if isinstance(g, dict):
                    g["count"] = rng.choice([512, 4096, 10**6])
    elif shape == 2:
        node["gpus"] = rng.choice([256, 10**6, 10**30])
    else:       # the same nodes again and again: at most MAX_REPEATED_NODES, a file of about 15 MB
        data["nodes"] = nodes * max(1, min(rng.choice([10, 100]), MAX_REPEATED_NODES // len(nodes)))


def deep_nesting(rng, data):
    box, key = _pick_slot(rng, data)
    value = box[key]
    for _ in range(rng.choice([40, 600, 990])):
        value = [value]
    box[key] = value


JSON_MUTATIONS = [drop_key, retype, huge_number, bad_number, nasty_text, dangling_or_duplicate_id, amplify,
                  deep_nesting]


def text_mutation(rng: random.Random, text: str) -> bytes:
    """Mutations of the file's bytes: truncation, bytes that are not UTF-8, a key twice, nesting beyond the stack."""
    kind = rng.randrange(4)
    data = text.encode("utf-8", "surrogatepass")
    if kind == 0:
        return data[:rng.randrange(len(data))]
    if kind == 1:
        at = rng.randrange(len(data))
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + data[at:]
    if kind == 2:
        at = text.find('"name"')
        return (text[:at] + '"name": 1, ' + text[at:]).encode("utf-8", "surrogatepass") if at > 0 else data
    depth = rng.choice([10_000, 100_000])
    at = text.find('"nodes": [') + len('"nodes": [')
    return (text[:at] + "[" * depth + "]" * depth + ", " + text[at:]).encode("utf-8", "surrogatepass")


def mutated(rng: random.Random, example: dict) -> bytes:
    data = json.loads(json.dumps(example))
    chosen = [rng.choice(JSON_MUTATIONS) for _ in range(rng.randint(1, 3)) if rng.random() < 0.85]
    if chosen.count(amplify) > 1:           # one amplification a file: two would multiply each other
        chosen = [m for m in chosen if m is not amplify] + [amplify]
    for mutation in chosen:
        try:
            mutation(rng, data)
        except (IndexError, ValueError):
            pass
    try:
        text = json.dumps(data, ensure_ascii=rng.random() < 0.3, indent=rng.choice([None, 1]))
    except (RecursionError, ValueError):
        text = json.dumps(example)
    return text_mutation(rng, text) if rng.random() < 0.2 else text.encode("utf-8", "surrogatepass")


# ---- running ------------------------------------------------------------------------------------------------
def serve(command: str, cases: Path, results: Path, limits: tuple[float, float, int]) -> None:
    """Helper: warm up on an example, then for each case path listed in `cases` fork a child that runs the command;
    write one JSON line per case to `results`."""
    from designer.cli import main

    with tempfile.TemporaryDirectory() as tmp, results.open("w", encoding="utf-8") as out:
        _warm_up(main, command, tmp)
        gc.freeze()     # the children's garbage collector leaves the loaded modules' pages alone (no copies)
        for case in cases.read_text(encoding="utf-8").split():
            result = _run_child(main, command, case, tmp, limits)
            out.write(json.dumps({"case": case, "command": command, **result}) + "\n")
            out.flush()


def _warm_up(main, command: str, tmp: str) -> None:
    """Run the command once in this process on an example, so that the children inherit the loaded modules."""
    argv = [a.format(file=str(EXAMPLES[0]), out=os.path.join(tmp, "out.pdf")) for a in COMMANDS[command]]
    saved = sys.stdout, sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stdout = sys.stderr = sink
        try:
            main(argv)
        except SystemExit:
            pass
        finally:
            sys.stdout, sys.stderr = saved


def _run_child(main, command: str, case: str, tmp: str, limits: tuple[float, float, int]) -> dict:
    """Run `command` on `case` in a forked child under `limits` (wall s, CPU s, address space MiB)."""
    timeout_s, cpu_limit_s, memory_mib = limits
    argv = [a.format(file=case, out=os.path.join(tmp, "out.pdf")) for a in COMMANDS[command]]
    err_path, out_path = os.path.join(tmp, "err.txt"), os.path.join(tmp, "out.txt")
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            for fd, path in ((1, out_path), (2, err_path)):
                handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(handle, fd)
                os.close(handle)
            sys.stdout, sys.stderr = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8",
                                                      errors="backslashreplace", write_through=True), \
                io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), encoding="utf-8", errors="backslashreplace",
                                 write_through=True)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.alarm(int(timeout_s))
            limit = memory_mib * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            cpu = max(1, int(cpu_limit_s))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:                     # noqa: BLE001 - what reached the top: a traceback
            import traceback
            traceback.print_exc()
            code = 98
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code if isinstance(code, int) else 1)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    rc = os.waitstatus_to_exitcode(status)
    with open(err_path, "rb") as fh:
        err = fh.read().decode("utf-8", "backslashreplace")
    with open(out_path, "rb") as fh:
        out = fh.read(200_000).decode("utf-8", "backslashreplace")
    lines = [x for x in err.split("\n") if x.strip()]
    return {"rc": rc, "wall_s": round(wall, 3), "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
            "rss_mib": round(usage.ru_maxrss / 1024, 1),
            "traceback": "Traceback (most recent call last)" in err + out, "internal": rc == 3 or rc == 98,
            "timeout": rc == -signal.SIGALRM, "cpu_limit": rc in (-signal.SIGXCPU, -signal.SIGKILL),
            "multiline": rc == 2 and len(lines) != 1,
            "first_line": lines[0][:300] if lines else ""}


def _make_cases(cases: Path, files: int, seed: int, part: int, parts: int) -> list[Path]:
    rng = random.Random(seed)
    examples = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    wanted = []
    for i in range(files):
        data = mutated(rng, examples[i % len(examples)])     # every file made, so that parts agree on them
        if i % parts == part:
            path = cases / f"case-{i:05d}.json"
            path.write_bytes(data)
            wanted.append(path)
    return wanted


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    cases = out / "cases"
    cases.mkdir(parents=True, exist_ok=True)
    part, parts = (int(x) for x in args.part.split("/"))
    wanted = [p for p in sorted(cases.glob("case-*.json")) if int(p.stem[5:]) % parts == part] if args.reuse \
        else _make_cases(cases, args.files, args.seed, part, parts)
    commands = ["check", "cost", "simulate"] + (["report"] if args.report_every else [])
    helpers = []
    for c in commands:
        listed = [p for i, p in enumerate(wanted) if c != "report" or i % args.report_every == 0]
        (out / f"cases-{c}-{part}-of-{parts}.txt").write_text("\n".join(map(str, listed)) + "\n", encoding="utf-8")
        helpers.append(subprocess.Popen([sys.executable, __file__, "--serve", c, "--cases",
                                         str(out / f"cases-{c}-{part}-of-{parts}.txt"), "--results",
                                         str(out / f"results-{c}-{part}-of-{parts}.jsonl"),
                                         "--timeout", str(args.timeout), "--cpu-limit", str(args.cpu_limit),
                                         "--memory-mib", str(args.memory_mib)],
                                        cwd=ROOT))
    for helper in helpers:
        helper.wait()
    print(summary(_results(out, f"-{part}-of-{parts}.jsonl")))


def _results(folder: Path, ending: str = ".jsonl") -> list[dict]:
    return [json.loads(x) for p in sorted(folder.glob(f"results-*{ending}"))
            for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]


def summary(results: list[dict]) -> str:
    files = len({r["case"] for r in results})
    by_command = Counter(r["command"] for r in results)
    codes = Counter(r["rc"] for r in results)
    worst_wall = max(results, key=lambda r: r["wall_s"])
    worst_cpu = max(results, key=lambda r: r.get("cpu_s", 0.0))
    worst_rss = max(results, key=lambda r: r["rss_mib"])
    bad = [r for r in results if r["internal"] or r["traceback"] or r["multiline"] or r["timeout"]
           or r.get("cpu_limit")]
    timeouts = [r for r in results if r["timeout"]]
    lines = [f"files: {files:,}; runs: {len(results):,} ({', '.join(f'{c} {n:,}' for c, n in by_command.items())})",
             f"exit codes: {', '.join(f'{k}: {v:,}' for k, v in sorted(codes.items()))}",
             f"internal errors: {sum(r['internal'] for r in results)}",
             f"tracebacks: {sum(r['traceback'] for r in results)}",
             f"errors longer than one line: {sum(r['multiline'] for r in results)}",
             f"over the CPU limit: {sum(bool(r.get('cpu_limit')) for r in results)}",
             f"timeouts (wall): {len(timeouts)}"
             + (f", having used at most {max(r.get('cpu_s', 0.0) for r in timeouts):.2f} s of CPU" if timeouts else ""),
             f"worst wall time: {worst_wall['wall_s']:.2f} s ({worst_wall['command']} {Path(worst_wall['case']).name})",
             f"worst CPU time: {worst_cpu.get('cpu_s', 0.0):.2f} s ({worst_cpu['command']} "
             f"{Path(worst_cpu['case']).name})",
             f"worst RSS: {worst_rss['rss_mib']:.0f} MiB ({worst_rss['command']} {Path(worst_rss['case']).name})"]
    for command in by_command:
        runs = [r for r in results if r["command"] == command]
        wall, cpu = max(r["wall_s"] for r in runs), max(r.get("cpu_s", 0.0) for r in runs)
        lines.append(f"  {command}: worst wall {wall:.2f} s, worst CPU {cpu:.2f} s, "
                     f"worst RSS {max(r['rss_mib'] for r in runs):.0f} MiB")
    for r in bad[:20]:
        lines.append(f"  {r['command']} {Path(r['case']).name}: rc {r['rc']}: {r['first_line']}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report-every", type=int, default=100, help="run report on every Nth file (0: never)")
    parser.add_argument("--out", default=str(ROOT / "out" / "fuzz"))
    parser.add_argument("--part", default="0/1", help="K/M: only the files whose number is K modulo M")
    parser.add_argument("--timeout", type=float, default=600.0, help="wall seconds before a run is killed")
    parser.add_argument("--cpu-limit", type=float, default=20.0, help="CPU seconds before a run is killed")
    parser.add_argument("--memory-mib", type=int, default=4096, help="address-space limit of each run")
    parser.add_argument("--merge", metavar="DIR", help="print the summary of every results file in DIR")
    parser.add_argument("--reuse", action="store_true", help="run the files already made in --out (no new ones)")
    parser.add_argument("--serve", choices=sorted(COMMANDS), help=argparse.SUPPRESS)
    parser.add_argument("--cases", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--results", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.cases, args.results, (args.timeout, args.cpu_limit, args.memory_mib))
    elif args.merge:
        print(summary(_results(Path(args.merge))))
    else:
        run(args)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

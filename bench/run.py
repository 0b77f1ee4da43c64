"""Benchmark claimkb against the floor (PyYAML's C loader) and a peer (check-jsonschema).

For each generated KB, in one run, round after round (interleaved, so a slow moment of the
machine hits every command alike), it times as separate processes:

* ``floor``: ``bench/floor.py`` - a bare ``yaml.load(..., Loader=yaml.CSafeLoader)`` of the
  same files (and ``floor-gc-off``, the same with the garbage collector paused);
* ``cold``: ``claimkb check`` with no cache (the KB's cache directory is deleted first);
* ``warm``: ``claimkb check`` again, nothing changed;
* ``query``: ``claimkb claims --subject NAME --json``, a question not asked since the cold
  run (the records come from the cache);
* ``query again``: the same question asked again (its answer comes from the cache);
* the other questions, each new since the cold run (answered from the query index the check
  left): ``show`` of a claim, ``entity`` by a Chinese alias, a ``claims --text`` search,
  ``sources``, ``timeline`` and ``conflicts --untriaged``, all with ``--json``;
* ``peer``: ``check-jsonschema`` on the sources and on the claims files (if installed; fewer
  rounds, it is slow);

and reports medians, each as a ratio to the floor, with the peak memory (the larger of
``ru_maxrss`` from ``os.wait4`` and the sampled resident memory of the command's processes
together: a check may run as two). A second table times ``claimkb --help`` and ``--version``
against a bare typer app's ``--help``.

    python bench/run.py                       # 1k, 10k, 100k claims, layout 100-per-file
    python bench/run.py --sizes 10000 --layouts per-source,1000-per-file --rounds 5
    python bench/run.py --markdown results.md --json results.json

Generated KBs and the benchmark's own cache directory live in ``bench/out/`` (git-ignored).
Python writes bytecode for these runs (``PYTHONDONTWRITEBYTECODE`` is dropped), as an
installed tool would have it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
BIN = Path(sys.executable).parent
sys.path.insert(0, str(HERE))


@dataclass
class Sample:
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)

    def median(self) -> float:
        return statistics.median(self.seconds)


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(CLAIMKB_CACHE_DIR=str(OUT / "cache"), NO_COLOR="1", COLUMNS="120")
    env.pop("CLAIMKB_NO_CACHE", None)
    return env


def run(command: list[str], env: dict[str, str], expect: tuple[int, ...] = (0, 1)) -> Sample:
    """Run one command; its wall time, CPU time (with its child processes') and peak
    resident memory: the larger of the largest process's (``ru_maxrss``) and the peak of
    the resident memory of all its processes together (sampled), which counts the pages a
    check and its second process share twice, so it errs high, never low."""
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    tree = TreeMemory(child.pid)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    together = tree.stop()
    child.returncode = os.waitstatus_to_exitcode(status)
    error = ""
    if child.stderr:
        with child.stderr:
            error = child.stderr.read().decode(errors="replace")
    if child.returncode not in expect:
        raise SystemExit(f"{' '.join(command)} exited {child.returncode}:\n{error[-2000:]}")
    sample = Sample()
    sample.seconds.append(elapsed)
    sample.cpu.append(usage.ru_utime + usage.ru_stime)
    sample.rss_mb.append(max(usage.ru_maxrss / 1024, together))  # kilobytes on Linux
    return sample


class TreeMemory:
    """Samples (every 50 ms, from /proc: cheap, not to slow what it measures) the resident
    memory of a process and its descendants together; :meth:`stop` gives the peak in MB."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self._done = threading.Event()
        self._page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._done.wait(0.05):
            self.peak = max(self.peak, sum(map(self._resident, self._tree(self.pid))))

    def _tree(self, pid: int) -> list[int]:
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as handle:
                children = [int(c) for c in handle.read().split()]
        except (OSError, ValueError):
            return [pid]
        return [pid, *(p for c in children for p in self._tree(c))]

    def _resident(self, pid: int) -> int:
        try:
            with open(f"/proc/{pid}/statm") as handle:
                return int(handle.read().split()[1]) * self._page
        except (OSError, ValueError, IndexError):
            return 0

    def stop(self) -> float:
        self._done.set()
        self._thread.join()
        return self.peak / 1024 / 1024


def merge(into: Sample, sample: Sample) -> None:
    into.seconds += sample.seconds
    into.cpu += sample.cpu
    into.rss_mb += sample.rss_mb


def files_of(root: Path) -> tuple[list[str], list[str]]:
    def found(section: str) -> list[str]:
        return sorted(str(p) for p in (root / section).rglob("*.yaml"))

    return found("sources"), found("claims")


QUESTIONS = ("show", "entity", "text search", "sources", "timeline", "conflicts", "all claims")
"""The other new questions, timed after ``query`` (see :func:`questions`)."""


def first_claim_id(root: Path) -> str:
    """The id of the first claim of the first claims file (a claim every size has)."""
    claim = re.compile(r"^\s*- id: (c\d{6}-\d+)\s*$", re.MULTILINE)  # see synthetic.py
    for path in sorted((root / "claims").rglob("*.yaml")):
        found = claim.search(path.read_text("utf-8"))
        if found:
            return found.group(1)
    raise SystemExit(f"no claim found under {root}")


def questions(claimkb: str, root: Path) -> dict[str, list[str]]:
    """The command of each of :data:`QUESTIONS` about the KB at ``root``."""
    at = ["--root", str(root), "--json"]
    return {
        "show": [claimkb, "show", first_claim_id(root), *at],
        "entity": [claimkb, "entity", "阿特拉斯-1", *at],
        "text search": [claimkb, "claims", "--text", "Helix-12 Max", *at],
        "sources": [claimkb, "sources", *at],
        "timeline": [claimkb, "timeline", *at],
        "conflicts": [claimkb, "conflicts", "--untriaged", *at],
        "all claims": [claimkb, "claims", *at],
    }


def _generator_stamp() -> str:
    """A digest of the generator's code: a KB generated by other code is generated again."""
    digest = hashlib.sha256()
    for name in ("generate.py", "synthetic.py", "vocabulary.py", "writer.py"):
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:16]


def kb_root(size: int, layout: str) -> Path:
    """The generated KB of ``size`` claims in ``layout``, generated when it is missing or was
    made by other generator code."""
    root = OUT / f"kb-{size}-{layout}"
    stamp = root / ".generator"
    if (
        not (root / "claims").is_dir()
        or not stamp.is_file()
        or stamp.read_text() != _generator_stamp()
    ):
        shutil.rmtree(root, ignore_errors=True)
        # In a process of its own: a child inherits its parent's peak resident memory
        # (ru_maxrss survives fork and exec), so a parent that had held a generated KB of a
        # million claims would report 600 MB for every command it times after.
        subprocess.run(
            [sys.executable, str(HERE / "generate.py"), "--claims", str(size)]
            + ["--layout", layout, "--out", str(root)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        stamp.write_text(_generator_stamp())
    return root


def bench_kb(size: int, layout: str, rounds: int, peer_rounds: int, env: dict[str, str]) -> dict:
    root = kb_root(size, layout)
    claimkb = str(BIN / "claimkb")
    cache_dir = Path(
        subprocess.run(
            [claimkb, "cache", "dir", "--root", str(root)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    sources, claims = files_of(root)
    schemas = OUT / "schemas"
    checker = shutil.which("check-jsonschema", path=str(BIN))
    if checker:
        from peer import write_schemas

        write_schemas(schemas)
    commands = {
        "floor": [sys.executable, str(HERE / "floor.py"), str(root)],
        "floor-gc-off": [sys.executable, str(HERE / "floor.py"), str(root), "--gc-off"],
        "cold": [claimkb, "check", "--root", str(root)],
        "warm": [claimkb, "check", "--root", str(root)],
        "query": [claimkb, "claims", "--root", str(root), "--subject", "Atlas-1", "--json"],
    }
    commands["query again"] = commands["query"]
    commands.update(questions(claimkb, root))
    samples = {name: Sample() for name in [*commands, "peer"]}
    for command in commands.values():  # warm-up: bytecode, page cache
        run(command, env)
    for index in range(rounds):
        for name, command in commands.items():
            if name == "cold":  # a cold run, and then every question is new again
                shutil.rmtree(cache_dir, ignore_errors=True)
            merge(samples[name], run(command, env))
        if checker and index < peer_rounds:
            total = Sample()
            for schema, files in (("sources.json", sources), ("claims.json", claims)):
                part = run([checker, "--schemafile", str(schemas / schema), *files], env, (0,))
                total.seconds = [sum(total.seconds + part.seconds)]
                total.cpu = [sum(total.cpu + part.cpu)]
                total.rss_mb = [max(total.rss_mb + part.rss_mb)]
            merge(samples["peer"], total)
        print(f"  {size} {layout}: round {index + 1}/{rounds} done", file=sys.stderr)
    return {
        "claims": size,
        "layout": layout,
        "files": len(sources) + len(claims),
        "results": {
            name: {
                "median_s": s.median(),
                "runs_s": s.seconds,
                "cpu_s": statistics.median(s.cpu),
                "peak_mb": max(s.rss_mb),
            }
            for name, s in samples.items()
            if s.seconds
        },
    }


def bench_help(rounds: int, env: dict[str, str]) -> dict:
    commands = {
        "bare typer --help": [sys.executable, str(HERE / "bare_typer.py"), "--help"],
        "claimkb --help": [str(BIN / "claimkb"), "--help"],
        "claimkb --version": [str(BIN / "claimkb"), "--version"],
    }
    samples = {name: Sample() for name in commands}
    for command in commands.values():
        run(command, env, (0,))
    for _ in range(rounds):
        for name, command in commands.items():
            merge(samples[name], run(command, env, (0,)))
    return {name: {"median_s": s.median(), "runs_s": s.seconds} for name, s in samples.items()}


def machine() -> dict[str, str]:
    import yaml

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "pyyaml": f"{yaml.__version__} (libyaml {yaml._yaml.get_version_string()})",  # type: ignore[attr-defined]
    }


def markdown(results: dict) -> str:
    m = results["machine"]
    lines = [
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, {m['system']}, "
        f"PyYAML {m['pyyaml']}. Medians of {results['rounds']} interleaved rounds "
        "(check-jsonschema: fewer); ratios are to the floor of the same KB.",
        "",
        "| claims | layout | files | floor (s) | floor, GC off | cold check | warm check "
        "| query | query again | check-jsonschema | peak memory cold / warm / query |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kb in results["kbs"]:
        r = kb["results"]
        floor = r["floor"]["median_s"]

        def cell(name: str, r: dict = r, floor: float = floor) -> str:
            if name not in r:
                return "-"
            seconds = r[name]["median_s"]
            return f"{seconds:.2f} s ({seconds / floor:.2f}×)"

        peer = cell("peer")
        if "peer" in r:
            peer += f", {r['peer']['median_s'] / r['cold']['median_s']:.1f}× claimkb cold"
        memory = " / ".join(f"{r[n]['peak_mb']:.0f}" for n in ("cold", "warm", "query"))
        lines.append(
            f"| {kb['claims']:,} | {kb['layout']} | {kb['files']:,} | {floor:.2f} | "
            f"{cell('floor-gc-off')} | {cell('cold')} | {cell('warm')} | {cell('query')} | "
            f"{cell('query again')} | {peer} | {memory} MB |"
        )
    lines += [
        "",
        "| claims | layout | floor min / median | cold min / median | warm min / median "
        "| query min / median |",
        "| ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for kb in results["kbs"]:
        r = kb["results"]

        def spread(name: str, r: dict = r) -> str:
            if name not in r:
                return "-"
            return f"{min(r[name]['runs_s']):.2f} / {r[name]['median_s']:.2f} s"

        lines.append(
            f"| {kb['claims']:,} | {kb['layout']} | {spread('floor')} | {spread('cold')} | "
            f"{spread('warm')} | {spread('query')} |"
        )
    lines += [
        "",
        "| claims | layout | "
        + " | ".join(QUESTIONS)
        + " | slowest new question | peak memory, largest |",
        "| ---: | --- |" + " ---: |" * (len(QUESTIONS) + 2),
    ]
    for kb in results["kbs"]:
        r = kb["results"]
        floor = r["floor"]["median_s"]
        asked = [name for name in ("query", *QUESTIONS) if name in r]
        if not asked:
            continue
        cells = [
            f"{r[n]['median_s']:.2f} s ({r[n]['median_s'] / floor:.2f}×)" if n in r else "-"
            for n in QUESTIONS
        ]
        slowest = max(asked, key=lambda n: r[n]["median_s"])
        lines.append(
            f"| {kb['claims']:,} | {kb['layout']} | {' | '.join(cells)} | "
            f"{slowest} {r[slowest]['median_s'] / floor:.2f}× | "
            f"{max(r[n]['peak_mb'] for n in asked):.0f} MB |"
        )
    help_results = results.get("help")
    if help_results:
        bare = help_results["bare typer --help"]["median_s"]
        lines += [
            "",
            "| command | median | ratio to a bare typer app's --help |",
            "| --- | ---: | ---: |",
        ]
        for name, value in help_results.items():
            seconds = value["median_s"]
            lines.append(f"| `{name}` | {seconds * 1000:.0f} ms | {seconds / bare:.2f}× |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--layouts", default="100-per-file")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--peer-rounds", type=int, default=3)
    parser.add_argument("--help-rounds", type=int, default=20)
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    args = parser.parse_args()
    env = environment()
    results: dict = {"machine": machine(), "rounds": args.rounds, "kbs": []}
    for size in (int(s) for s in args.sizes.split(",")):
        for layout in args.layouts.split(","):
            results["kbs"].append(bench_kb(size, layout, args.rounds, args.peer_rounds, env))
    if args.help_rounds:
        results["help"] = bench_help(args.help_rounds, env)
    table = markdown(results)
    print(table)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", "utf-8")
    if args.markdown:
        args.markdown.write_text(table, "utf-8")


if __name__ == "__main__":
    main()

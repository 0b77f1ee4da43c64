"""Benchmark ``claimkb report``: does the site of a KB take time proportional to its size?

For each size it generates the KB as ``run.py`` does (reused from ``bench/out/`` when the same
generator code made it), then times, as separate processes, ``claimkb check --no-cache`` (the
check alone) and ``claimkb report --no-cache`` (the same check, then every page), and reports
wall time, the time per 1,000 claims, what the pages add to the check, the number of files and
bytes written, the CPU time the pages take per 1,000 claims (report minus check: on a shared
machine wall time says as much about the neighbours as about the code), and the peak memory of
each (as ``run.py`` takes it: its processes together). A time per 1,000 claims that stays flat
from size to size is the proportionality the report promises.

    python bench/report.py                          # 1,000 and 10,000 claims
    python bench/report.py --sizes 1000,10000,100000 --rounds 1
    python bench/report.py --markdown report.md --json report.json

The 100,000-claim run takes minutes and writes about 110,000 files (some 1.5 GB): run it once,
not in a loop, on a machine others share. Output goes to ``bench/out/`` (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
BIN = Path(sys.executable).parent
sys.path.insert(0, str(HERE))

from run import Sample, environment, kb_root, merge, run  # noqa: E402


def site_size(site: Path) -> tuple[int, int]:
    """(files, bytes) of a written site."""
    files = total = 0
    for path in site.rglob("*"):
        if path.is_file():
            files += 1
            total += path.stat().st_size
    return files, total


def bench(size: int, layout: str, rounds: int, env: dict[str, str]) -> dict[str, object]:
    root = kb_root(size, layout)
    site = OUT / f"site-{size}-{layout}"
    claimkb = str(BIN / "claimkb")
    commands = {
        "check": [claimkb, "check", "--root", str(root), "--no-cache"],
        "report": [claimkb, "report", "--root", str(root), "--no-cache", "-o", str(site)],
    }
    samples = {name: Sample() for name in commands}
    for index in range(rounds):
        for name, command in commands.items():
            if name == "report":
                shutil.rmtree(site, ignore_errors=True)  # every page written anew
            merge(samples[name], run(command, env))
        print(f"  {size} {layout}: round {index + 1}/{rounds} done", file=sys.stderr)
    files, written = site_size(site)
    return {
        "claims": size,
        "layout": layout,
        "files": files,
        "bytes": written,
        "results": {
            name: {
                "median_s": s.median(),
                "runs_s": s.seconds,
                "cpu_s": statistics.median(s.cpu),
                "peak_mb": max(s.rss_mb),
            }
            for name, s in samples.items()
        },
    }


def markdown(rows: list[dict[str, object]]) -> str:
    lines = [
        "| claims | layout | check | report | pages add | report per 1k claims | pages' CPU per 1k"
        " claims | files | written | peak memory check / report |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        results = row["results"]
        assert isinstance(results, dict)
        check, report = results["check"], results["report"]
        claims = int(row["claims"])  # type: ignore[call-overload]
        per = report["median_s"] / claims * 1000
        cpu = (report["cpu_s"] - check["cpu_s"]) / claims * 1000
        lines.append(
            f"| {claims:,} | {row['layout']} | {check['median_s']:.2f} s | "
            f"{report['median_s']:.2f} s | {report['median_s'] - check['median_s']:.2f} s | "
            f"{per:.3f} s | {cpu:.3f} s | {row['files']:,} | "
            f"{int(row['bytes']) / 1e6:,.1f} MB | "  # type: ignore[call-overload]
            f"{check['peak_mb']:.0f} / {report['peak_mb']:.0f} MB |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--layout", default="100-per-file")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    env = environment()
    env["CLAIMKB_NO_CACHE"] = "1"
    rows = [bench(int(s), args.layout, args.rounds, env) for s in args.sizes.split(",")]
    table = markdown(rows)
    python = sys.version.split()[0]
    print(f"Python {python}, {os.cpu_count()} cores; medians of {args.rounds} round(s)\n")
    print(table)
    if args.markdown:
        args.markdown.write_text(table, encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()

"""Benchmark the authoring writes: how long a person waits for ``status``, ``add claim`` and
``alias`` on a large KB, and for the check after them.

For each size it copies the generated KB (``bench/out/kb-SIZE-LAYOUT``, generated as
``run.py`` generates it) to ``bench/out/writes-SIZE-LAYOUT``, so the benchmark's KBs stay as
generated, and checks the copy once: the cache is warm, as after the check a person ran last.
Then each round times, as separate processes:

* ``status``: ``claimkb status ID STATUS --reason ... --force`` on the first claim, the status
  alternating between ``disputed`` and ``verified`` so that every round writes a change;
* ``add claim``: a new claim (``bench-write-N``, a new id each round) stating what the first
  claim states, with the same subject, property, value, source and quote (looked up in the
  source's snapshot where it has one);
* ``alias``: a new alias of the first entity (``Bench alias N``);
* ``check after``: ``claimkb check``, which reads again the files the writes changed and the
  rest from the cache;
* ``floor``: ``floor.py`` on the copy, so each time is also a ratio to the floor.

Each write validates the record against the whole KB before writing (references, the value
against its quote, the status against the evidence), so it reads the KB from the cache the last
check left; the writes change the KB, so ``check after`` reads those files again.

    python bench/writes.py                               # 1,000, 10,000 and 100,000 claims
    python bench/writes.py --sizes 100000 --rounds 5 --layout per-source
    python bench/writes.py --markdown writes.md --json writes.json

Output goes to ``bench/out/`` (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))

from run import BIN, Sample, environment, first_claim_id, kb_root, machine, merge, run  # noqa: E402

WRITES = ("status", "add claim", "alias")
"""The writes timed each round, in turn, then ``check after``."""


def first_claim(claimkb: str, root: Path, env: dict[str, str]) -> dict[str, str]:
    """The first claim's fields as ``show --json`` gives them."""
    shown = subprocess.run(
        [claimkb, "show", first_claim_id(root), "--root", str(root), "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    claim = json.loads(shown.stdout)["claim"]
    return {key: claim[key] for key in ("id", "subject", "property", "value", "source", "quote")}


def first_entity(root: Path) -> str:
    """The id of the first entity of the first file listing ``entities:``."""
    for path in sorted((root / "claims").rglob("*.yaml")):
        lines = path.read_text("utf-8").splitlines()
        if "entities:" not in lines:
            continue
        for line in lines:
            if line.strip().startswith("- id:"):
                return line.split(":", 1)[1].strip()
    raise SystemExit(f"no entity found under {root}")


def commands(
    claimkb: str, root: Path, claim: dict[str, str], entity: str, index: int
) -> dict[str, list[str]]:
    """The commands of round ``index``."""
    at = ["--root", str(root)]
    status = ("disputed", "verified")[index % 2]
    return {
        "status": [
            claimkb, "status", claim["id"], status, "--force",
            "--reason", f"benchmark round {index + 1}", *at,
        ],
        "add claim": [
            claimkb, "add", "claim", "--id", f"bench-write-{index + 1}",
            "--subject", claim["subject"], "--property", claim["property"],
            "--value", claim["value"], "--source", claim["source"],
            "--quote", claim["quote"], *at,
        ],
        "alias": [claimkb, "alias", entity, f"Bench alias {index + 1}", *at],
        "check after": [claimkb, "check", *at],
    }  # fmt: skip


def bench(size: int, layout: str, rounds: int, env: dict[str, str]) -> dict[str, object]:
    source = kb_root(size, layout)
    root = OUT / f"writes-{size}-{layout}"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(source, root)
    claimkb = str(BIN / "claimkb")
    run([claimkb, "check", "--root", str(root)], env)  # the cache the last check left
    claim = first_claim(claimkb, root, env)
    entity = first_entity(root)
    floor = [sys.executable, str(HERE / "floor.py"), str(root)]
    run(floor, env)  # warm-up: bytecode, page cache
    samples = {name: Sample() for name in ("floor", *WRITES, "check after")}
    for index in range(rounds):
        merge(samples["floor"], run(floor, env))
        for name, command in commands(claimkb, root, claim, entity, index).items():
            merge(samples[name], run(command, env, (0,) if name in WRITES else (0, 1)))
        print(f"  {size} {layout}: round {index + 1}/{rounds} done", file=sys.stderr)
    return {
        "claims": size,
        "layout": layout,
        "results": {
            name: {
                "median_s": s.median(),
                "min_s": min(s.seconds),
                "runs_s": s.seconds,
                "cpu_s": statistics.median(s.cpu),
                "peak_mb": max(s.rss_mb),
            }
            for name, s in samples.items()
        },
    }


def markdown(rows: list[dict[str, object]], rounds: int) -> str:
    m = machine()
    lines = [
        f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, {m['system']}. "
        f"Medians of {rounds} rounds (min in brackets); ratios are to the floor of the same KB.",
        "",
        "| claims | layout | floor | status | add claim | alias | check after "
        "| peak memory, largest write |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        results = row["results"]
        assert isinstance(results, dict)
        floor = results["floor"]["median_s"]

        def cell(name: str, results: dict = results, floor: float = floor) -> str:
            r = results[name]
            return f"{r['median_s']:.2f} s ({r['min_s']:.2f}), {r['median_s'] / floor:.2f}×"

        peak = max(results[name]["peak_mb"] for name in WRITES)
        lines.append(
            f"| {row['claims']:,} | {row['layout']} | {floor:.2f} s | {cell('status')} | "
            f"{cell('add claim')} | {cell('alias')} | {cell('check after')} | {peak:.0f} MB |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--layout", default="100-per-file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    env = environment()
    rows = [bench(int(s), args.layout, args.rounds, env) for s in args.sizes.split(",")]
    table = markdown(rows, args.rounds)
    print(table)
    if args.markdown:
        args.markdown.write_text(table, encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps({"machine": machine(), "rows": rows}, indent=2))


if __name__ == "__main__":
    main()

"""How fast ``claimkb draft`` is on a long article: the command a user runs, timed as a process.

The article is real text: the seed articles (``--seeds``, the four of ``../shared/seeds``)
appended whole, in turn, until it holds at least ``--words`` words (10,000). Words are counted
as a reader would: a run of letters or digits (with ``.``, ``,``, ``'``, ``-`` inside, so
``3.1``, ``1,024`` and ``day-zero`` are one word) is a word, and so is each Chinese, Japanese
or Korean character. A repeated passage states what it stated the first time, and ``draft``
proposes a value with the same quote once, so the drafts are about those of one pass over the
seeds. Every sentence is still split, scanned for names and read for values once (a passage
seen before is read from memory), but a passage met again with the same names around it is
not guessed for again (its drafts were proposed the first time): so this article costs
less than one of as many words that never repeats; ``--more`` gives one that repeats less.

The KB is a temporary copy of the repository's (``claims/``, ``sources/``, ``pyproject.toml``)
with one more source, ``long-article``, whose snapshot is that article. Each round deletes the
drafts file and runs ``claimkb draft long-article`` as a separate process (after one warm-up
run, as an installed tool would run: bytecode and the page cache warm), with ``bench/run.py``'s
helpers: wall time, CPU time (user + system) and peak memory (as ``run.py`` takes it).

    python bench/draft_speed.py                    # 7 rounds, at least 10,000 words
    python bench/draft_speed.py --rounds 15 --words 20000 --json out.json
    python bench/draft_speed.py --more tests/fixtures/subjects/everest/snapshots  # fewer repeats

``draft`` reads a passage written twice once, so ``--more`` folders of other articles (appended
after the seeds, before any seed repeats) time an article that repeats less.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from run import BIN, Sample, environment, machine, merge, run  # noqa: E402

SOURCE = "long-article"
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
WORD = re.compile(rf"[{CJK}]|[^\W_{CJK}]+(?:[.,'’-][^\W_{CJK}]+)*")


def count_words(text: str) -> int:
    """Words as a reader counts them (see the module's docstring)."""
    return len(WORD.findall(text))


def article(seeds: Path, at_least: int, more: tuple[Path, ...] = ()) -> tuple[str, int, int]:
    """(the text, its words, how many articles it took): the seeds', then those of the
    ``more`` folders, in turn."""
    paths = [p for folder in (seeds, *more) for p in sorted(folder.glob("*.txt"))]
    texts = [p.read_text("utf-8").strip("\n") for p in paths]
    if not texts or not any(count_words(t) for t in texts):
        raise SystemExit(f"no seed article with words in {seeds}")
    parts: list[str] = []
    words = 0
    while words < at_least:
        text = texts[len(parts) % len(texts)]
        parts.append(text)
        words += count_words(text)
    return "\n\n".join(parts) + "\n", count_words("\n\n".join(parts)), len(parts)


def make_kb(base: Path, seeds: Path, text: str) -> tuple[Path, Path]:
    """A copy of the repository's KB with source ``long-article``: (root, snapshot dir)."""
    root, snapshots = base / "kb", base / "snapshots"
    for section in ("claims", "sources"):
        shutil.copytree(ROOT / section, root / section)
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    snapshots.mkdir()
    for seed in seeds.glob("*.txt"):
        shutil.copy2(seed, snapshots / seed.name)
    (snapshots / f"{SOURCE}.txt").write_text(text, "utf-8")
    (root / "sources" / f"{SOURCE}.yaml").write_text(
        f"id: {SOURCE}\ntitle: The seed articles, one after another\nlanguage: en\n"
        f'kind: news\ndate: "2026"\nsnapshot: {SOURCE}.txt\n',
        "utf-8",
    )
    return root, snapshots


def drafts_made(command: list[str], env: dict[str, str]) -> str:
    """What the command says it did (its summary line), from one extra run."""
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return next((line for line in done.stderr.splitlines() if "draft(s)" in line), "?")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    parser.add_argument("--words", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="Also write the figures here.")
    parser.add_argument(
        "--more",
        type=Path,
        action="append",
        default=[],
        help="A folder of more articles (*.txt) to append after the seeds before any repeats.",
    )
    args = parser.parse_args(argv)
    text, words, pieces = article(args.seeds, args.words, tuple(args.more))
    env = environment()
    with tempfile.TemporaryDirectory(prefix="claimkb-draft-speed-") as tmp:
        root, snapshots = make_kb(Path(tmp), args.seeds, text)
        command = [str(BIN / "claimkb"), "draft", SOURCE, "--root", str(root)]
        command += ["--snapshot-dir", str(snapshots)]
        drafts = root / "claims" / f"{SOURCE}.drafts"
        summary = drafts_made(command, env)  # also the warm-up run
        total = Sample()
        for _ in range(args.rounds):
            drafts.unlink(missing_ok=True)
            merge(total, run(command, env, (0,)))
    m = machine()
    figures = {
        "machine": m,
        "rounds": args.rounds,
        "words": words,
        "seed_articles": pieces,
        "summary": summary,
        "median_s": statistics.median(total.seconds),
        "min_s": min(total.seconds),
        "cpu_median_s": statistics.median(total.cpu),
        "cpu_min_s": min(total.cpu),
        "peak_mb": max(total.rss_mb),
        "runs_s": total.seconds,
    }
    print(f"claimkb draft on a {words:,}-word article ({pieces} articles): {summary}\n")
    print("| machine | rounds | words | median | min | CPU median (user+sys) | peak memory |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(
        f"| {m['cpu']}, {m['cores']} cores, Python {m['python']} | {args.rounds} | {words:,} "
        f"| {figures['median_s']:.2f} s | {figures['min_s']:.2f} s "
        f"| {figures['cpu_median_s']:.2f} s | {figures['peak_mb']:.0f} MB |"
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Generate realistic synthetic claimkb knowledge bases for benchmarking.

A generated KB looks like a newsroom's corpus grown large: thousands of subjects (models,
chips, products) with single- and multi-valued properties of every datatype, each stated by
several sources in English or Chinese, in the different ways people write them (``2.8
trillion``, ``2.8 万亿``, ``2,800 billion``; ``2026-11-06``, ``11 月 6 日``). A few percent of
the (subject, property) groups hold a rounding or date-precision discrepancy, about one percent
a conflict; most of those are triaged by a resolution, some are left open, as in a real KB.
Some sources have an archived snapshot holding their quotes (a few quotes are altered, so the
quote check finds them); a few entity values are misspelt.

The claims are the same whatever the layout; only their arrangement in files changes:

* ``per-source``: one claims file per source, with a file-level ``source:`` (50 claims a file);
* ``100-per-file``: files of 100 claims, each claim naming its own ``source:``;
* ``1000-per-file``: files of 1,000 claims, and sources grouped 100 to a ``sources:`` file.

Usage::

    python bench/generate.py --claims 100000 --layout 100-per-file --out bench/out/kb-100k

The output is deterministic for a given ``--claims``, ``--layout`` and ``--seed``. Only the
standard library is used, so generating does not depend on claimkb itself.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import KB, Generator  # noqa: E402
from writer import LAYOUTS, write  # noqa: E402


def generate(claims: int, layout: str, out: Path, seed: int = 7) -> KB:
    """Generate and write a KB of about ``claims`` claims; returns what was written."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}")
    generator = Generator(claims, seed)
    generator.registries()
    generator.sources()
    generator.claims()
    write(generator.kb, out, layout)
    return generator.kb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--layout", choices=LAYOUTS, default="100-per-file")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    kb = generate(args.claims, args.layout, args.out, args.seed)
    print(
        f"{args.out}: {len(kb.claims)} claims, {len(kb.sources)} sources, "
        f"{len(kb.entities)} entities, {len(kb.resolutions)} resolutions ({args.layout})"
    )


if __name__ == "__main__":
    main()

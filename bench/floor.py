"""The floor of the benchmark: parse every YAML file of a KB with PyYAML's C loader, nothing else.

This is the least any tool that reads the same files with PyYAML must spend: the same files
claimkb reads (``sources/`` and ``claims/``, sorted), each parsed with
``yaml.load(text, Loader=yaml.CSafeLoader)`` and kept in memory, as a loader keeps what it
reads. ``--gc-off`` pauses the garbage collector during the parse (claimkb does), which shows
how much of the bare figure is the collector's.

    python bench/floor.py ROOT [--gc-off]
"""

from __future__ import annotations

import gc
import os
import sys

import yaml


def parse_all(root: str) -> list[object]:
    documents = []
    for section in ("sources", "claims"):
        for directory, subdirs, files in os.walk(os.path.join(root, section)):
            subdirs.sort()
            for name in sorted(files):
                if name.endswith((".yaml", ".yml")):
                    with open(os.path.join(directory, name), encoding="utf-8") as handle:
                        documents.append(yaml.load(handle.read(), Loader=yaml.CSafeLoader))
    return documents


def main() -> None:
    if "--gc-off" in sys.argv:
        gc.disable()
    documents = parse_all(sys.argv[1])
    print(f"{len(documents)} files parsed")


if __name__ == "__main__":
    main()

"""The peer of the benchmark: check-jsonschema validating the same files against the JSON Schemas
that ``claimkb schema`` emits (``--kind sources`` for ``sources/``, ``--kind claims`` for
``claims/``).

check-jsonschema checks structure only - none of claimkb's references, values, quotes,
conflicts or statuses - and parses YAML with ruamel.yaml.

    python bench/peer.py write-schemas DIR   # writes DIR/sources.json and DIR/claims.json
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent


def write_schemas(directory: Path) -> tuple[Path, Path]:
    """Write the schemas of source files and of claims files; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = directory / "sources.json", directory / "claims.json"
    for kind, path in zip(("sources", "claims"), paths, strict=True):
        subprocess.run(
            [str(BIN / "claimkb"), "schema", "--kind", kind, "--output", str(path)], check=True
        )
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "write-schemas":
        sys.exit(__doc__)
    print(*write_schemas(Path(sys.argv[2])))

"""JSON output: one document, UTF-8, keys in a stable order, nothing else on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False, default=str)


def write(data: Any) -> None:
    sys.stdout.write(dumps(data) + "\n")

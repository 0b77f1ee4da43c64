"""The typer app with every command on it: importing a command module registers its
commands, in the order ``--help`` lists them (checking, asking, writing, then the tools
around the KB)."""

# ruff: noqa: I001 - the order of these imports is the order of --help

from __future__ import annotations

import sys

from .app import app

from . import check as _check  # noqa: F401
from . import queries as _queries  # noqa: F401
from . import conflicts as _conflicts  # noqa: F401
from . import report as _report  # noqa: F401
from . import authoring as _authoring  # noqa: F401
from . import drafting as _drafting  # noqa: F401
from . import settling as _settling  # noqa: F401
from . import explain as _explain  # noqa: F401
from . import export as _export  # noqa: F401
from . import schema as _schema  # noqa: F401
from . import cache as _cache  # noqa: F401

__all__ = ["app"]

# ``claimkb.cli.app`` is the app, as it always was, not the submodule of that name that
# importing it bound on the package
setattr(sys.modules[__package__ or "claimkb.cli"], "app", app)  # noqa: B010

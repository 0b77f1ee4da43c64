"""``claimkb cache``: where the cache is, and clearing it."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import RootOption, app, fail
from .help import App

cache_app = App(
    name="cache",
    help="Show or clear the cache that makes re-checking an unchanged KB instant.",
    short_help="Show or clear the cache.",
    no_args_is_help=True,
)
app.add_typer(cache_app)


@cache_app.command("dir")
def cache_dir_command(root: RootOption = None) -> None:
    """Print the directory holding this KB's cache (it may not exist yet)."""
    from ..cache import cache_dir
    from ..store import RootError, check_root, find_root

    try:
        path = check_root(root) if root is not None else find_root()
    except RootError as exc:
        raise fail(str(exc)) from None
    typer.echo(str(cache_dir(path)))


@cache_app.command("clear")
def cache_clear_command(
    root: RootOption = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Clear the caches of every KB, not just this one.")
    ] = False,
) -> None:
    """Delete this KB's cache (or, with --all, every claimkb cache). Always safe."""
    from ..cache import clear
    from ..cache.location import base_dir
    from ..store import RootError, check_root, find_root

    if all_:
        removed = clear(None)
        typer.echo(f"claimkb: removed {len(removed)} cache(s) under {base_dir()}", err=True)
        return
    try:
        path = check_root(root) if root is not None else find_root()
    except RootError as exc:
        raise fail(str(exc)) from None
    removed = clear(path)
    what = f"removed {removed[0]}" if removed else "no cache to remove"
    typer.echo(f"claimkb: {what}", err=True)

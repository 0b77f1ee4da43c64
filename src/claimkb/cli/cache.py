"""``claimkb cache``: where the cache is, and clearing it."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import RootOption, app, open_workspace
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
    typer.echo(str(open_workspace(root, cache=False).cache_dir))


@cache_app.command("clear")
def cache_clear_command(
    root: RootOption = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Clear the caches of every KB, not just this one.")
    ] = False,
) -> None:
    """Delete this KB's cache (or, with --all, every claimkb cache). Always safe."""
    if all_:
        from ..workspace import clear_caches

        base, removed = clear_caches()
        typer.echo(f"claimkb: removed {len(removed)} cache(s) under {base}", err=True)
        return
    cleared = open_workspace(root, cache=False).clear_cache()
    what = f"removed {cleared}" if cleared else "no cache to remove"
    typer.echo(f"claimkb: {what}", err=True)

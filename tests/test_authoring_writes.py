"""Every write is confined to claims/ and sources/, refused when the file changed since it was
read, atomic (a kill -9 at any moment leaves the old file or the new one), and previewable."""

from __future__ import annotations

import codecs
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claimkb.authoring.errors import Refused, Stale
from claimkb.authoring.writes import Change, FileEdit, commit, confine, diff, read_for_edit
from conftest import write_tree

OLD = "source: s\nclaims:\n  - id: a\n    subject: x\n"


def _kb(tmp_path: Path) -> Path:
    return write_tree(tmp_path / "kb", {"claims/a.yaml": OLD, "sources/s.yaml": "id: s\n"})


@pytest.mark.parametrize(
    ("rel", "why"),
    [
        ("pyproject.toml", "only files under claims/ and sources/"),
        ("claims/../pyproject.yaml", "hidden or relative"),
        ("/etc/passwd.yaml", "only files under claims/ and sources/"),
        ("claims/.hidden.yaml", "hidden or relative"),
        ("claims/.git/x.yaml", "hidden or relative"),
        ("snapshots/a.yaml", "only files under claims/ and sources/"),
        ("claims/a.txt", "not a .yaml file"),
        ("claims/missing/a.yaml", "does not exist"),
    ],
)
def test_writes_are_confined_to_the_kb_data(tmp_path: Path, rel: str, why: str) -> None:
    with pytest.raises(Refused, match=why):
        confine(_kb(tmp_path), rel)


def test_a_directory_linked_out_of_the_kb_is_refused(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "claims" / "linked").symlink_to(outside)
    with pytest.raises(Refused, match="leads outside claims/"):
        confine(root, "claims/linked/a.yaml")


def test_a_linked_or_special_file_is_not_rewritten(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    (root / "claims" / "link.yaml").symlink_to(root / "claims" / "a.yaml")
    with pytest.raises(Refused, match="symbolic link"):
        read_for_edit(root, "claims/link.yaml", 1 << 20)
    os.mkfifo(root / "claims" / "pipe.yaml")
    with pytest.raises(Refused, match="not a regular file"):
        read_for_edit(root, "claims/pipe.yaml", 1 << 20)
    (root / "claims" / "big.yaml").write_text("x" * 100)
    with pytest.raises(Refused, match="larger than max_file_bytes"):
        read_for_edit(root, "claims/big.yaml", 10)


def _change(root: Path, text: str, rel: str = "claims/a.yaml") -> Change:
    return Change("test", [FileEdit(read_for_edit(root, rel, 1 << 30), text)])


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    change = _change(root, OLD + "  - id: b\n    subject: y\n")
    (root / "claims" / "a.yaml").write_text(OLD + "# someone else's edit\n")
    with pytest.raises(Stale, match="changed since claimkb read it"):
        commit(change)
    assert (root / "claims" / "a.yaml").read_text() == OLD + "# someone else's edit\n"


def test_a_file_created_since_it_was_looked_for_is_not_overwritten(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    change = _change(root, "source: s\nclaims: []\n", "claims/new.yaml")
    (root / "claims" / "new.yaml").write_text("mine\n")
    with pytest.raises(Stale, match="was created since"):
        commit(change)
    assert (root / "claims" / "new.yaml").read_text() == "mine\n"


def test_nothing_is_written_when_any_file_of_a_change_is_stale(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    first = FileEdit(read_for_edit(root, "claims/a.yaml", 1 << 20), "changed\n")
    second = FileEdit(read_for_edit(root, "sources/s.yaml", 1 << 20), "id: s\nnote: x\n")
    (root / "sources" / "s.yaml").write_text("id: s\ntitle: theirs\n")
    with pytest.raises(Stale):
        commit(Change("two files", [first, second]))
    assert (root / "claims" / "a.yaml").read_text() == OLD


def test_a_byte_order_mark_is_kept_and_the_diff_shows_the_change(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    (root / "claims" / "a.yaml").write_bytes(codecs.BOM_UTF8 + OLD.encode())
    change = _change(root, OLD.replace("subject: x", "subject: y"))
    assert diff(change) == (
        "--- a/claims/a.yaml\n+++ b/claims/a.yaml\n@@ -1,4 +1,4 @@\n source: s\n claims:\n"
        "   - id: a\n-    subject: x\n+    subject: y\n"
    )
    commit(change)
    assert (root / "claims" / "a.yaml").read_bytes() == codecs.BOM_UTF8 + change.edits[
        0
    ].text.encode()
    assert sorted(p.name for p in (root / "claims").iterdir()) == ["a.yaml"]  # no temporary


_KILLED_WRITER = """
import sys
from pathlib import Path
from claimkb.authoring.writes import Change, FileEdit, commit, read_for_edit
root, text = Path(sys.argv[1]), Path(sys.argv[2]).read_text()
commit(Change("big", [FileEdit(read_for_edit(root, "claims/a.yaml", 1 << 30), text)]))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.4])
def test_killing_a_write_at_any_moment_leaves_the_old_file_or_the_new(
    tmp_path: Path, delay: float
) -> None:
    root = _kb(tmp_path)
    new = OLD + "".join(f"  - id: c{i}\n    subject: {'x' * 200}\n" for i in range(60_000))
    (tmp_path / "new.txt").write_text(new)
    writer = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(root), str(tmp_path / "new.txt")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(delay)
    writer.send_signal(signal.SIGKILL)
    writer.communicate(timeout=60)
    content = (root / "claims" / "a.yaml").read_text()
    assert content in (OLD, new)
    for leftover in (root / "claims").iterdir():  # a temporary file is hidden: never read
        assert leftover.name == "a.yaml" or leftover.name.startswith(".a.yaml.")

"""A cache that makes an unchanged knowledge base cost almost nothing to check or query.

Two things are kept, per KB root, in the directory :func:`~.location.cache_dir` names:

* for every YAML file, what reading it produced - its valid records with their locations, the
  findings met and the ids of broken records (a *part*, see :class:`claimkb.documents.FilePart`) -
  under the hash of the file's content (in :mod:`packs <.packs>`);
* the report of the last check, under a key made of every file's content hash (in load
  order), the configuration and the code, together with the state of the snapshots the quote
  check read (:mod:`.snapshots`);
* beside it, under the same key, the index the query commands answer from without loading
  the KB (:mod:`.query_index`), and the last answers given (:mod:`.answers`).

It is never wrong, by construction:

* A file's cached part is used only for content with the same hash. The hash is checked when
  the file's ``stat`` (size, modification and change times in nanoseconds, inode, device)
  differs from the one recorded, and also when the recorded stat is *ambiguous*: a file
  changed within two seconds of being read could change again without its times moving (the
  "racily clean" case git knows), so such an entry is re-hashed on the next run. The text that
  is hashed is exactly the text that is parsed.
* Added, deleted and renamed files change the list of (path, hash) pairs, and so the report
  key. A file that cannot be read, or is a symbolic link (its target may move), is never
  cached, and then no report is reused.
* The cache belongs to one root, one configuration (the configuration files' bytes) and one
  build of the code (:func:`~.location.code_fingerprint`); a cache of anything else, or one
  that is truncated or corrupt (:mod:`~.disk` checksums every file), is ignored and rebuilt.

Writing is best effort: if the cache directory cannot be written, the run goes on uncached.
"""

from __future__ import annotations

import hashlib
import os
import stat as stat_module
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import disk
from .entries import Entry, FileKey, StoredReport, read_index, root_prefix
from .location import cache_dir, clear, code_fingerprint, config_fingerprint, disabled

if TYPE_CHECKING:
    from ..config import Config
    from ..documents import FilePart
    from ..kb import KB
    from .alongside import ReadApart

__all__ = ["Cache", "StoredReport", "cache_dir", "disabled", "clear"]

RACY_NS = 2_000_000_000
"""A file whose times are this close to the moment it was read is re-hashed next time."""
STAGED = ""
"""The pack of a part read in this run (it gets its pack when saved)."""
_UNSEEN = object()


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


class Cache:
    """One KB's cache, opened for one run: survey the files, supply parts, save."""

    def __init__(
        self,
        root: Path,
        *,
        snapshot_dirs: Iterable[str | os.PathLike[str]] | None = None,
        require_snapshots: bool = False,
    ) -> None:
        from ..config import load_config
        from .packs import Packs

        self.root = root
        self.dir = cache_dir(root)
        # the fingerprint is taken before the configuration is read: if the configuration
        # changes in between, the next run does not match what this run stores
        fingerprint = config_fingerprint(root)
        self.config: Config = load_config(
            root, snapshot_dirs=snapshot_dirs, require_snapshots=require_snapshots
        )
        self.key = (disk.FORMAT, code_fingerprint(), str(root), fingerprint)
        # what the person running the tool added changes the report, not the files' parts
        self.runner = (
            tuple(str(p) for p in self.config.trusted_snapshot_dirs),
            self.config.require_snapshots,
        )
        self.index: dict[str, Entry] = read_index(self.dir, self.key)
        self.seen: dict[str, Entry | None] = {}
        """This run's entries, in the order the files were met (None: not cacheable)."""
        self._texts: dict[str, str] = {}
        self._staged: dict[str, tuple[str, FilePart, bytes | None]] = {}
        """Parts read this run, by name (with their file, and their encoding if a reader
        apart gave it), encoded when saved."""
        self._apart: ReadApart | None = None
        self._handed: Callable[[], dict[str, bytes | None] | None] | None = None
        self.unstorable = False
        """Whether some part read this run could not be stored (then no report may be)."""
        self._swept = False
        self._packs = Packs(self.dir)
        self._prefix = root_prefix(root)

    # -- files -------------------------------------------------------------------------------

    def _entry(
        self, path: str | Path, rel: str, section: str, *, reread: bool = False
    ) -> Entry | None:
        """The entry for a file as it is now: the recorded one if its stat is the trusted one
        recorded, else a new one from reading and hashing it (the text is kept for parsing).
        None if it cannot be cached (unreadable, a symbolic link)."""
        from ..files import FileProblem, read_encoded

        now = time.time_ns()
        try:
            st = os.lstat(path)
        except OSError:
            return None
        if stat_module.S_ISLNK(st.st_mode):  # its target may change under the same stat
            return None
        stat = disk.stat_key(st)
        known = self.index.get(rel)
        if known and known.trusted and known.stat == stat and known.section == section:
            if not reread:
                return known
        try:
            text, data = read_encoded(path, self.root, self.config.max_file_bytes, st)
        except FileProblem:
            return None
        self._texts[rel] = text
        digest = _digest(data)  # the text's own bytes: strict UTF-8 decodes them one way
        trusted = max(st.st_mtime_ns, st.st_ctime_ns) < now - RACY_NS
        pack = known.pack if known and known.digest == digest and known.section == section else None
        return Entry(section, stat, digest, trusted, pack)

    def survey(
        self,
        files: Iterable[tuple[str | Path, str]],
        on_file: Callable[[str], None] | None = None,
    ) -> list[FileKey]:
        """Look at every file (path, section) without parsing it (a path as a Path or as
        its text: see :func:`claimkb.files.kb_listing`)."""
        result = []
        for path, section in files:
            rel = self._relative(path)
            entry = self.seen[rel] = self._entry(path, rel, section)
            result.append((rel, section, entry.digest if entry else None))
            if on_file is not None:
                on_file(rel)
        return result

    def _relative(self, path: str | Path) -> str:
        """:func:`claimkb.files.relative`, without pathlib for the files under the root."""
        text = str(path)
        if self._prefix is not None and text.startswith(self._prefix):
            return text[len(self._prefix) :]
        from ..files import relative

        return relative(Path(path), self.root)

    def part(self, path: Path, section: str, read: Callable[[str | None], FilePart]) -> FilePart:
        """The part of one file: from the cache if its content is the one remembered, else
        read (and remembered). See :class:`claimkb.store.PartCache`."""
        from .parts import revive_part

        rel = self._relative(path)
        entry = self.seen.get(rel, _UNSEEN)
        if entry is _UNSEEN:
            entry = self.seen[rel] = self._entry(path, rel, section)
        if entry is None:
            return read(None)
        assert isinstance(entry, Entry)
        if entry.pack:
            data = self._packs.get(entry.pack, self._name(rel, entry))
            revived = revive_part(data) if data is not None else None
            if revived is not None and revived.rel == rel:
                return revived
        text = self._texts.pop(rel, None)
        if text is None:  # trusted by its stat, but its part is gone: read it now
            entry = self.seen[rel] = self._entry(path, rel, section, reread=True)
            if entry is None:
                return read(None)
            text = self._texts.pop(rel)
        apart = self._apart
        framed = None
        if apart is not None and rel in apart.taken and not apart.stolen(rel):
            framed = apart.part(rel)
        part = revive_part(framed) if framed is not None else None
        if part is None or part.rel != rel:
            part, framed = read(text), None
        self._staged[self._name(rel, entry)] = (rel, part, framed)
        self.seen[rel] = entry._replace(pack=STAGED)
        return part

    def read_apart(
        self, files: list[tuple[Path, str]], read: Callable[[Path, str, str], FilePart]
    ) -> set[int]:
        """Have a second process parse a share of the files (path, section) this run must
        parse - those surveyed and not stored - with ``read(path, section, text)``
        (:mod:`.alongside`); the positions of those it took, whose parts are best asked for
        last (this process parses the others meanwhile)."""
        wanted: list[tuple[str, Path, str, str]] = []
        places: dict[str, int] = {}
        for place, (path, section) in enumerate(files):
            rel = self._relative(path)
            entry, text = self.seen.get(rel), self._texts.get(rel)
            if isinstance(entry, Entry) and not entry.pack and text is not None:
                wanted.append((rel, path, section, text))
                places[rel] = place
        from .alongside import read_apart

        self._apart = read_apart(self.dir, wanted, read)
        return {places[rel] for rel in self._apart.taken} if self._apart else set()

    def _encoded(self) -> dict[str, bytes]:
        """The staged parts as stored (see :func:`.parts.encode_part`). Encoding waits until
        the parts are saved so that it can be done beside the check
        (:mod:`.alongside`); a part that cannot be stored exactly leaves its file uncached,
        as if unreadable, and no report is stored this run (its key counted the file)."""
        if not self._staged:
            return {}
        from .parts import encode_part  # the record models: only when a part was read

        handed = self._handed() if self._handed is not None else None
        self._handed = None
        encoded: dict[str, bytes] = {}
        for name, (rel, part, given) in self._staged.items():
            if given is not None:
                framed: bytes | None = given
            elif handed is not None and name in handed:
                framed = handed[name]
            else:
                framed = encode_part(part)
            if framed is None:
                self.seen[rel] = None
                self.unstorable = True
            else:
                encoded[name] = framed
        return encoded

    def unencoded(self) -> list[tuple[str, FilePart]]:
        """The parts read this run that no reader apart gave encoded, by name: what a writer
        apart may encode (:mod:`.alongside`)."""
        return [(name, part) for name, (_, part, given) in self._staged.items() if given is None]

    def hand_encoded(self, handed: Callable[[], dict[str, bytes | None] | None]) -> None:
        """Take the encodings of :meth:`unencoded`'s parts, when saving, from ``handed``
        (name -> what :func:`.parts.encode_part` gives; None: not handed, encode them here)."""
        self._handed = handed

    def stored_part(self, rel: str) -> bytes | None:
        """The stored part of a file surveyed this run (see :func:`.parts.encode_part`), or
        None if it is not in the cache. It is the part of the file's content as surveyed."""
        entry = self.seen.get(rel)
        if not isinstance(entry, Entry) or not entry.pack:
            return None
        return self._packs.get(entry.pack, self._name(rel, entry))

    @staticmethod
    def _name(rel: str, entry: Entry) -> str:
        key = f"{rel}\0{entry.section}\0{entry.digest}"
        return _digest(key.encode("utf-8", "surrogatepass"))[:32]  # a name may not be UTF-8

    # -- the report --------------------------------------------------------------------------

    def report_key(self, files: list[FileKey] | None = None) -> str | None:
        """The key of a report for these files (default: those met this run, in order), or
        None when some file cannot be cached, so that no report may be reused."""
        if files is None:
            files = [
                (rel, e.section, e.digest) if e else (rel, "", None) for rel, e in self.seen.items()
            ]
        if any(digest is None for _, _, digest in files):
            return None
        return _digest(repr((self.key, self.runner, files)).encode())

    def has_report(self) -> bool:
        """Whether a report is stored at all (whatever files it was about): without one,
        nothing is worth surveying the files for before reading them."""
        return bool(self.index) and (self.dir / "report").is_file()

    def report(self, key: str) -> StoredReport | None:
        """The report saved under ``key``, if every snapshot it read is still as it was."""
        from . import snapshots

        stored = disk.read(self.dir / "report")
        if not isinstance(stored, tuple) or len(stored) != 7 or stored[0] != key:
            return None
        _, state, files, sources, claims, unchecked, findings = stored
        if not snapshots.unchanged(self.root, self.config, state):
            return None
        from .finding_codec import revive_finding

        revived = tuple(revive_finding(f) for f in findings)
        return StoredReport(key, state, revived, files, sources, claims, unchecked)

    def snapshots(self, names: Iterable[str]) -> tuple[Any, ...]:
        """The state of the snapshots with these names (before the check reads them)."""
        from . import snapshots

        return snapshots.state(self.root, self.config, names)

    # -- saving ------------------------------------------------------------------------------

    def save(
        self,
        report: StoredReport | None = None,
        kb: KB | None = None,
        left: dict[str, Any] | None = None,
    ) -> None:
        """Write what this run learnt: new parts, the index and, if given, the report with
        the query index of ``kb``, the KB that report is about; or, with no ``kb``, the
        files of the index that a writer apart left to this process (:meth:`queries_left`),
        once it has written the others. Best effort."""
        from . import index_files

        try:
            self._save(report)
            if self.unstorable:
                index_files.drop(self.dir)  # one written apart (:mod:`.alongside`) too
            elif report is not None and kb is not None:
                index_files.save(self.dir, kb, report.key)
            elif left and report is not None:
                index_files.save_left(self.dir, left)
        except OSError:
            pass

    def save_queries_apart(self, kb: KB, key: str) -> None:
        """Write the query index of ``kb`` under ``key``, for a process writing it beside the
        check (:mod:`.alongside`), which saves the rest (:meth:`save` without ``kb``) and the
        sections left to it (:data:`.query_index.LEFT`). An OSError goes through: the check
        then writes it itself."""
        from . import index_files
        from .query_index import LEFT

        index_files.save(self.dir, kb, key, LEFT)

    def queries_left(self, kb: KB, key: str) -> dict[str, Any]:
        """The files of the sections a writer apart leaves to the check
        (:data:`.query_index.LEFT`), for :meth:`save` (a section that cannot be stored
        holds None: the questions needing it then load the KB)."""
        from .query_index import left

        return left(kb, key)

    def _save(self, report: StoredReport | None) -> None:
        staged = self._encoded()
        if self.unstorable:
            report = None
        current = {rel: e for rel, e in self.seen.items() if e is not None}
        if current == self.index and (report is None or (self._swept and not staged)):
            if report is not None:  # the parts were saved already this run: the report only
                self._save_report(report)
            return
        disk.prepare(self.dir)
        live = {self._name(rel, e): e.pack for rel, e in current.items() if e.pack is not None}
        old = {e.pack for e in self.index.values() if e.pack}
        packs = self._packs.save(staged, live, old)
        self._swept = True  # packs no entry names are gone (those a failed run left too)
        current = {
            rel: e._replace(pack=packs.get(self._name(rel, e))) for rel, e in current.items()
        }
        if current != self.index:
            stored = {
                rel: (e.section, e.stat, e.digest, e.trusted, e.pack) for rel, e in current.items()
            }
            disk.write(self.dir / "index", disk.encode((self.key, stored)))
        # the staged parts are in their pack now: what follows (the query index, the
        # largest thing a check writes) need not find them in memory too
        self.seen.update(current)
        self.index = current
        self._staged = {}
        if report is not None:
            self._save_report(report)

    def _save_report(self, report: StoredReport) -> None:
        from .finding_codec import encode_finding

        encoded = [encode_finding(f) for f in report.findings]
        counts = (report.files, report.sources, report.claims, report.unchecked)
        try:
            framed = disk.encode((report.key, report.snapshots, *counts, encoded))
        except ValueError:  # a finding argument marshal cannot store exactly: no report
            disk.remove(self.dir / "report")
            return
        disk.write(self.dir / "report", framed)

"""Packs: the parts of many files in one cache file, written piece by piece and read back
part by part; a pack that is not intact reads as missing (its files are simply read again)."""

from __future__ import annotations

from pathlib import Path

from claimkb.cache import disk
from claimkb.cache.packs import Packs


def _parts() -> dict[str, bytes]:
    return {f"claims/f{i}.yaml\0claims\0{i:04x}": bytes([i % 251]) * (i * 37) for i in range(40)}


def test_parts_come_back_as_written(tmp_path: Path) -> None:
    parts = _parts()
    packs = Packs(tmp_path)
    where = packs.save(parts, dict.fromkeys(parts, ""), [])
    (pack,) = set(where.values())
    fresh = Packs(tmp_path)  # another run
    assert {name: fresh.get(pack, name) for name in parts} == parts
    assert fresh.get(pack, "claims/none.yaml") is None
    assert fresh.get("0000000000000000", next(iter(parts))) is None


def test_a_damaged_pack_reads_as_missing(tmp_path: Path) -> None:
    parts = _parts()
    where = Packs(tmp_path).save(parts, dict.fromkeys(parts, ""), [])
    (pack,) = set(where.values())
    path = Packs(tmp_path).path(pack)
    whole = path.read_bytes()
    name = next(iter(parts))
    for damaged in (whole[:-1], whole[:40], whole[:-3] + b"xyz", b""):
        path.write_bytes(damaged)
        assert Packs(tmp_path).get(pack, name) is None
    # intact frame, inconsistent table: the parts' lengths do not add up to the payload
    payload = disk.read_payload(Path(__file__))  # not a cache file at all
    assert payload is None
    disk.write_pieces(path, [b"\x03\x00\x00\x00\x00\x00\x00\x00", b"abc", b"rest"])
    assert Packs(tmp_path).get(pack, name) is None


def test_pieces_are_one_framed_payload(tmp_path: Path) -> None:
    target = tmp_path / "file"
    disk.write_pieces(target, [b"ab", b"", b"cde"])
    found = disk.read_payload(target)
    assert found is not None and bytes(found) == b"abcde"

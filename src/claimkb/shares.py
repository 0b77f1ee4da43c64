"""A list of work that two processes share by taking it from either end until they meet.

A forked reader parses files while this process parses others
(:mod:`claimkb.cache.alongside`); a forked drafter drafts passages while this one drafts
others (:func:`claimkb.forking.map_shared`). Split once, by size, the two shares end at
different times whenever one process runs slower than foreseen: the second core busy with
something else, a start-up that took longer. So the work is not split in advance: the
forked process takes it from the front of the list and this process from the back, each
taking a *token* first, from a pipe filled with one token per batch of items before the
fork. Reading one byte from a pipe is atomic, so each token goes to exactly one process;
since each process takes its batches in its own order, the forked one the first, second...
batch, this process the last, the one before..., and there are as many tokens as batches,
no batch is taken twice and none is left. When the pipe is empty (its writing end is
closed, so a read returns at once) the other process has the rest.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

__all__ = ["MOST_TOKENS", "Shares", "front_of"]

MOST_TOKENS = 4096
"""Tokens written into the pipe at most: a page, the least a pipe holds on Linux. Past that
many files, a token stands for a batch of several."""


class Shares:
    """``count`` items (by position) taken in batches from both ends by two processes."""

    def __init__(self, count: int, reading: int, batch: int) -> None:
        self.count = count
        self._reading = reading
        self._batch = batch
        self.tokens = -(-count // batch)
        """As many as there are batches."""
        self._front = 0
        self._back = self.tokens

    @classmethod
    def open(cls, count: int) -> Shares | None:
        """The shares of ``count`` items, their tokens written; None if they cannot be (no
        pipe, or one that holds fewer tokens than written)."""
        if count <= 0:
            return None
        batch = -(-count // MOST_TOKENS)
        tokens = -(-count // batch)
        try:
            reading, writing = os.pipe()
        except OSError:
            return None
        try:
            os.set_blocking(writing, False)
            written = os.write(writing, b"\0" * tokens)
        except OSError:
            written = 0
        finally:
            os.close(writing)
        if written != tokens:
            os.close(reading)
            return None
        return cls(count, reading, batch)

    def _token(self) -> bool:
        """Take one token: whether there was one left."""
        if self._reading < 0:
            return False
        try:
            if os.read(self._reading, 1):
                return True
        except OSError:
            pass
        self.close()
        return False

    def front(self) -> Iterator[range]:
        """The batches the reader takes, from the front, until none is left."""
        while self._front < self._back and self._token():
            start = self._front * self._batch
            self._front += 1
            yield range(start, min(start + self._batch, self.count))

    def back(self) -> range | None:
        """The next batch this process takes from the back, or None: none is left."""
        if self._back <= self._front or not self._token():
            return None
        self._back -= 1
        start = self._back * self._batch
        return range(start, min(start + self._batch, self.count))

    def took_all(self) -> bool:
        """Whether this process took every batch from the back: the other took none."""
        return self._back == 0

    def fileno(self) -> int:
        """The pipe's reading end (-1 once closed)."""
        return self._reading

    def close(self) -> None:
        """Give up the tokens left (to the other process)."""
        if self._reading >= 0:
            os.close(self._reading)
            self._reading = -1


def front_of(shares: Shares | None, count: int) -> Iterator[range]:
    """The batches of ``count`` items the process working from the front takes: all of them
    at once when they are not shared."""
    if shares is None:
        yield range(count)
    else:
        yield from shares.front()

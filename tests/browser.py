"""A headless Chromium driven over the DevTools protocol, for the report's browser tests.

The browser is the system's (Debian's ``chromium`` package; ``.ci/run`` installs it): nothing
is downloaded. It is driven through ``--remote-debugging-pipe`` (JSON messages separated by
NUL bytes on file descriptors 3 and 4), so no websocket library and no network port are
needed. One browser serves a whole set of pages: :meth:`Browser.visit` loads a page and
returns what a script read from it, with every console message and uncaught error.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--hide-scrollbars",
)
TIMEOUT = 30.0


def chromium() -> str | None:
    """The Chromium binary (``CLAIMKB_CHROMIUM`` overrides the search), or None."""
    named = os.environ.get("CLAIMKB_CHROMIUM")
    if named:
        return shutil.which(named) or (named if Path(named).is_file() else None)
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(Exception):
    pass


_EXEC = """
import os, sys
read, write = (os.dup(int(fd)) for fd in sys.argv[1:3])  # free 3 and 4 whatever they hold
os.dup2(read, 3)
os.dup2(write, 4)
for fd in (3, 4):
    os.set_inheritable(fd, True)
os.execv(sys.argv[3], sys.argv[3:])
"""


@dataclass
class Visit:
    url: str
    value: Any
    console: list[str] = field(default_factory=list)
    """Console messages of level warning or error, uncaught exceptions, failed loads."""


class Browser:
    def __init__(self, binary: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="claimkb-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        arguments = [binary, *FLAGS, f"--user-data-dir={self.profile}"]
        arguments += ["--remote-debugging-pipe", "about:blank"]
        # a small Python step puts the pipe's ends on descriptors 3 and 4, where the browser
        # expects them, and becomes the browser (no shell: it may not take fds above 9)
        self.process = subprocess.Popen(
            [sys.executable, "-c", _EXEC, str(to_chrome_r), str(from_chrome_w), *arguments],
            pass_fds=(to_chrome_r, from_chrome_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
            self.session = attached["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.call(f"{domain}.enable", session=self.session)
        except BaseException:
            self.close()
            raise

    # -- the protocol ------------------------------------------------------------------------

    def _send(self, method: str, params: dict[str, Any] | None, session: str | None) -> int:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        return self._next

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("the browser did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise BrowserError("the browser closed the connection")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        wanted = self._send(method, params, session)
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self._receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def _wait_for(self, method: str) -> None:
        """Until this session's ``method`` event has come (events are kept: what a page logs
        while loading comes before its load event)."""
        deadline = time.monotonic() + TIMEOUT
        checked = 0
        while True:
            for event in self.events[checked:]:
                if event.get("method") == method and event.get("sessionId") == self.session:
                    return
            checked = len(self.events)
            self.events.append(self._receive(deadline))

    # -- what the tests use ------------------------------------------------------------------

    def size(self, width: int, height: int, mobile: bool = False) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
            self.session,
        )

    def visit(self, url: str, script: str = "null") -> Visit:
        """Load ``url``; the value of ``script`` evaluated in it once loaded."""
        self.events = []
        navigated = self.call("Page.navigate", {"url": url}, self.session)
        if navigated.get("errorText"):
            raise BrowserError(f"{url}: {navigated['errorText']}")
        self._wait_for("Page.loadEventFired")
        result = self.call(
            "Runtime.evaluate",
            {"expression": script, "returnByValue": True, "awaitPromise": True},
            self.session,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{url}: the test's script failed: {result['exceptionDetails']}")
        visit = Visit(url, result.get("result", {}).get("value"))
        visit.console = self._console()
        return visit

    def _console(self) -> list[str]:
        found: list[str] = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in (
                "error",
                "warning",
                "assert",
            ):
                found.append(
                    " ".join(
                        str(a.get("value", a.get("description"))) for a in params.get("args", [])
                    )
                )
            elif method == "Runtime.exceptionThrown":
                found.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in (
                "error",
                "warning",
            ):
                found.append(str(params["entry"].get("text")))
        return found

    def screenshot(self, path: Path, full: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full:
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", params, self.session)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self._send("Browser.close", None, None)
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            for fd in (self._to_chrome, self._from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

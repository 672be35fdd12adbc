"""A real X server for tests that use the trainer as a person does.

Qt's offscreen platform never hovers, so it hid a segfault that a real X
server shows at once (issue 10). :class:`XScreen` starts Xvfb at a given size
with the openbox window manager; tests then start the real ``hhe-trainer``
(or a driver script) on it, press keys and move the pointer with ``xdotool``,
and save screenshots. ``make test`` installs what this needs
(``packaging/linux/install-test-deps.sh``); where it is missing the tests skip,
except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
TOOLS = ("Xvfb", "openbox", "xdotool", "xprop")
GRAB_SCRIPT = Path(__file__).with_name("grab_screen.py")
SCREENSHOTS = REPO_ROOT / "screenshots"
"""Where real-window screenshots are saved to be looked at (git-ignored)."""


def require_tools() -> None:
    """Skip (fail under CI) when the X tools are missing."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = (f"real-window tests need {', '.join(missing)}: run "
                   "packaging/linux/install-test-deps.sh (make test does, as root)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def wait_until(condition: Callable[[], object], timeout: float, what: str,
               interval: float = 0.05) -> object:
    """Poll ``condition`` until it is truthy; fail naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


class XScreen:
    """Xvfb of ``width`` x ``height`` with openbox; ``env`` runs a program on it."""

    def __init__(self, width: int, height: int, log_dir: Path) -> None:
        self.width, self.height = width, height
        self._log_dir = log_dir
        self._processes: list[subprocess.Popen[bytes]] = []
        read_end, write_end = os.pipe()
        with open(log_dir / "xvfb.log", "wb") as log:
            xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=log)
        os.close(write_end)
        self._processes.append(xvfb)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise RuntimeError("Xvfb did not start (see xvfb.log)")
        self.display = f":{number}"
        with open(log_dir / "openbox.log", "wb") as log:
            self._processes.append(subprocess.Popen(
                ["openbox"], env=self.env(), stdout=subprocess.DEVNULL, stderr=log))
        wait_until(self._window_manager_running, 10, "openbox to manage the screen")

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """The environment for a program on this screen (Qt's xcb platform, not offscreen)."""
        env = dict(os.environ)
        env.update(DISPLAY=self.display, QT_QPA_PLATFORM="xcb")
        env.pop("WAYLAND_DISPLAY", None)
        env.update(extra or {})
        return env

    def _window_manager_running(self) -> bool:
        result = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                                env=self.env(), capture_output=True, text=True, check=False,
                                timeout=10)
        return "window id" in result.stdout

    def xdotool(self, *args: str, timeout: float = 20) -> str:
        result = subprocess.run(["xdotool", *args], env=self.env(), capture_output=True,
                                text=True, timeout=timeout, check=False)
        if result.returncode != 0:
            raise AssertionError(f"xdotool {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def pointer_to(self, x: int, y: int) -> None:
        """Move the pointer and wait until X reports it there (``--sync`` never returns
        when the pointer is there already)."""
        self.xdotool("mousemove", str(x), str(y))
        wait_until(lambda: self.pointer() == (x, y), 10, f"the pointer to reach {x},{y}")

    def pointer(self) -> tuple[int, int]:
        fields = dict(item.split(":") for item in self.xdotool("getmouselocation").split())
        return int(fields["x"]), int(fields["y"])

    def key(self, *keys: str) -> None:
        self.xdotool("key", "--clearmodifiers", *keys)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "8", text)

    def window_ids(self, title_pattern: str) -> list[str]:
        result = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title_pattern],
                                env=self.env(), capture_output=True, text=True, check=False,
                                timeout=10)
        return result.stdout.split()

    def wait_window(self, title_pattern: str, timeout: float = 30) -> str:
        """The id of a visible window whose title matches, once it is mapped."""
        ids = wait_until(lambda: self.window_ids(title_pattern), timeout,
                         f"a window titled {title_pattern!r}")
        assert isinstance(ids, list)
        return str(ids[-1])

    def wait_window_gone(self, title_pattern: str, timeout: float = 30) -> None:
        wait_until(lambda: not self.window_ids(title_pattern), timeout,
                   f"the window {title_pattern!r} to close")

    def activate(self, window: str) -> None:
        self.xdotool("windowactivate", "--sync", window)

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        """x, y, width, height of a window on the screen."""
        fields = {}
        for line in self.xdotool("getwindowgeometry", "--shell", window).splitlines():
            name, _, value = line.partition("=")
            fields[name] = value
        return (int(fields["X"]), int(fields["Y"]), int(fields["WIDTH"]),
                int(fields["HEIGHT"]))

    def screenshot(self, name: str) -> Path:
        """Save the whole screen as ``screenshots/<name>.png`` (to be looked at)."""
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        subprocess.run([sys.executable, str(GRAB_SCRIPT), str(path)], env=self.env(),
                       check=True, timeout=30, capture_output=True)
        return path

    def close(self) -> None:
        for process in reversed(self._processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self._processes.clear()


def start_trainer(screen: XScreen, log_dir: Path,
                  extra_env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """The real ``hhe-trainer`` (as ``make run`` starts it), with faulthandler on."""
    with open(log_dir / "trainer.stderr", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-X", "faulthandler", "-m", "trainer.cli"],
            cwd=REPO_ROOT, env=screen.env(extra_env), stdout=subprocess.DEVNULL, stderr=log)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def dealer_hand_typed() -> str:
    """A graded answer to the dealer's-hand question of the round the trainer dealt last:
    five of the dealer's own seven cards, read from its database (a card not among the
    seven is a slip the trainer does not grade). Right or wrong does not matter here."""
    import json
    import sqlite3

    from trainer.paths import data_dir

    path = data_dir() / "trainer.sqlite3"

    def last_round() -> str | None:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            row = connection.execute("SELECT round_json FROM rounds ORDER BY id DESC").fetchone()
        return None if row is None else str(row[0])

    dealt = json.loads(str(wait_until(last_round, 20, "a round dealt")))
    return "high card " + " ".join([*dealt["dealer"], *dealt["board"]][:5])

"""The Windows installer, built on Linux and used under Wine (``make test-package``).

One build per session, from a fresh clone of this repository's HEAD
(``make package-windows``, signed with a throw-away certificate). Then one
station, a fresh 64-bit Wine prefix with a real X display (Xvfb), goes through
what a training room's IT does, in this order (the tests share the station and
run in file order):

1. a /SITE file that cannot be read installs nothing;
2. the *previous* version is installed silently with the room's site file;
3. the installed trainer is started from its Start-menu shortcut in a real
   window, a trainee is created, a round is dealt and the dealer's hand is
   answered (a screenshot is kept in build/windows/);
4. the current version is installed over it, first while the trainer is open
   (refused, nothing changed), then closed: the trainee's answer is kept,
   the previous version's files are gone, and the self-check passes;
5. the uninstaller removes the program and keeps every user's data and the
   site file; a site file that is not usable is reported by the exit code.

"The previous version" is this build's bundle packed again by the same
make_installer.sh as version 0.0.1 with one extra file the current version
does not ship: an older release could not be built here (it has no Windows
build), and what an upgrade must get right (same folder, old files gone, data
and site file kept, Apps & features updated) is the same.

Wine 8 is not Windows 10: see packaging/windows/BUILD.md for what it lacks and
how each gap is handled (icuuc.dll, WMI, DPI functions, QT_* variables).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trainer import __version__

REPO = Path(__file__).resolve().parents[2]
WINDOWS = Path("packaging") / "windows"
PREVIOUS_VERSION = "0.0.1"
LEFT_BY_PREVIOUS = "left-by-the-previous-version.txt"
INSTALL_DIR = r"C:\Program Files\HHE Trainer"
SITE_DIR = r"C:\ProgramData\HHE Trainer"
START_MENU = r"C:\ProgramData\Microsoft\Windows\Start Menu\Programs\HHE Trainer"
APP_NAME = "Heads Up Hold'em Dealer Trainer"
UNINSTALL_KEY = r"HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\HHE Trainer"
TRAINEE = "Alex Morgan"
INSTRUCTOR_PASSWORD = "correct horse battery staple"
# What Qt's window platform says under Wine 8 and never on Windows 10/11, whose
# user32 has these per-monitor DPI functions (Wine 8 does not).
WINE_DPI_GAPS = (
    "DpiAwareness::PerMonitorVersion2 is not supported",
    "EnableNonClientDpiScaling() failed",
)
SCREENSHOT = REPO / "build" / "windows" / "installed-trainer-under-wine.png"

pytestmark = [pytest.mark.slow, pytest.mark.package]


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        command, text=True, capture_output=True, stdin=subprocess.DEVNULL, **kwargs
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    )
    return result


def _await(condition: Callable[[], Any], what: str, timeout: float = 90.0) -> Any:
    """The condition's first true value, polled until ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.25)


@dataclass
class Build:
    clone: Path
    setup: Path
    previous_setup: Path
    certificate: Path


@pytest.fixture(scope="session")
def windows_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """``make package-windows`` in a fresh clone, signed; and the "previous version"."""
    started = time.perf_counter()
    work = tmp_path_factory.mktemp("windows-build")
    _run([str(REPO / WINDOWS / "install-build-deps.sh")])
    clone = work / "clone"
    _run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)])
    key, certificate = work / "signing.key", work / "signing.crt"
    _run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
          "-subj", "/CN=HHE Trainer throw-away test signing", "-keyout", str(key),
          "-out", str(certificate), "-addext", "extendedKeyUsage=codeSigning"])
    env = dict(
        os.environ,
        PYTHON=os.environ.get("PYTHON", "python3"),
        SIGN_CERT=str(certificate),
        SIGN_KEY=str(key),
        # Downloads are hash-checked: the clone may share this checkout's cache.
        HHE_WINDOWS_CACHE=str(REPO / "build" / "windows" / "cache"),
    )
    env = {k: v for k, v in env.items() if not k.startswith(("QT_", "HHE_TRAINER"))}
    _run(["make", "package-windows"], cwd=clone, env=env, timeout=1500)
    setup = clone / "dist" / f"hhe-trainer-{__version__}-setup.exe"
    assert setup.is_file(), f"make package-windows made no {setup.name}"

    previous = work / "previous" / "hhe-trainer"
    shutil.copytree(clone / "build" / "windows" / "bundle" / "hhe-trainer", previous)
    (previous / "_internal" / LEFT_BY_PREVIOUS).write_text("from 0.0.1\n", encoding="utf-8")
    previous_setup = work / f"hhe-trainer-{PREVIOUS_VERSION}-setup.exe"
    _run([str(clone / WINDOWS / "make_installer.sh"), str(previous), PREVIOUS_VERSION,
          str(previous_setup)], env=env, timeout=600)
    print(f"\nbuilt the Windows installers in {time.perf_counter() - started:.0f} s")
    return Build(clone, setup, previous_setup, certificate)


class Station:
    """A fresh Wine prefix (one Windows PC) with an X display of its own."""

    def __init__(self, prefix: Path, display: str, wine_sh: Path) -> None:
        self.prefix = prefix
        self.display = display
        self.wine_sh = wine_sh

    def env(self, **extra: str) -> dict[str, str]:
        """This machine's environment without Qt's or the trainer's settings."""
        env = {
            k: v for k, v in os.environ.items()
            if not k.startswith(("QT_", "HHE_TRAINER", "WINE")) and k != "WAYLAND_DISPLAY"
        }
        env["DISPLAY"] = self.display
        env.update(extra)
        return env

    def run(
        self, *args: str, timeout: float = 300, **extra: str
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.wine_sh), "run", str(self.prefix), *args],
            text=True, capture_output=True, stdin=subprocess.DEVNULL,
            env=self.env(**extra), timeout=timeout,
        )

    def wait(self) -> None:
        _run([str(self.wine_sh), "wait", str(self.prefix)], env=self.env(), timeout=120)

    def path(self, windows_path: str) -> Path:
        """The Linux path of a C:\\ path in this prefix."""
        drive, _, rest = windows_path.partition(":\\")
        assert drive.upper() == "C", windows_path
        return self.prefix / "drive_c" / Path(*rest.split("\\"))

    def linux_to_windows(self, path: Path) -> str:
        return "Z:" + str(path).replace("/", "\\")

    def registry(self, key: str) -> dict[str, str]:
        """The values of a registry key (empty when there is no such key)."""
        result = self.run("reg", "query", key)
        values = {}
        for line in result.stdout.splitlines():
            parts = line.strip().split(None, 2)
            if len(parts) == 3 and parts[1].startswith("REG_"):
                values[parts[0]] = parts[2]
        return values

    def data_folder(self) -> Path:
        (user,) = [p for p in (self.prefix / "drive_c" / "users").iterdir()
                   if p.name not in ("Public", "Default")]
        return user / "AppData" / "Roaming" / "hhe-trainer"

    def self_check(self, **extra: str) -> subprocess.CompletedProcess[str]:
        return self.run(INSTALL_DIR + r"\hhe-trainer-cli.exe", "--self-check", **extra)

    def self_check_offscreen(self) -> subprocess.CompletedProcess[str]:
        """Headless, as on Linux: Qt's offscreen platform draws with Windows' fonts."""
        return self.self_check(QT_QPA_PLATFORM="offscreen", QT_QPA_FONTDIR=r"C:\windows\Fonts")


def _free_display() -> int:
    for number in range(91, 140):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(
            f"/tmp/.X{number}-lock"
        ).exists():
            return number
    raise AssertionError("no free X display number from :91 to :139")


@pytest.fixture(scope="module")
def station(windows_build: Build, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Station]:
    number = _free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    prefix = tmp_path_factory.mktemp("wine-station")
    station = Station(prefix, f":{number}", windows_build.clone / WINDOWS / "wine.sh")
    try:
        _await(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), "Xvfb", timeout=30)
        _run([str(station.wine_sh), "init", str(prefix)], env=station.env(), timeout=300)
        yield station
    finally:
        subprocess.run([str(station.wine_sh), "stop", str(prefix)], env=station.env(),
                       capture_output=True, check=False)
        xvfb.terminate()
        xvfb.wait(timeout=30)


@pytest.fixture(scope="module")
def site_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The room's site file on a "share": NY 2018 rules fixed, and the first instructor."""
    from trainer.storage.passwords import hash_password

    # A space in the path: the setup must take /SITE="..." and "/SITE=..." alike.
    path = tmp_path_factory.mktemp("it share") / "site.toml"
    path.write_text(
        '[rules]\nruleset = "ny-2018"\n\n[instructor]\nname = "Pat Lee"\n'
        f'password_hash = "{hash_password(INSTRUCTOR_PASSWORD)}"\n',
        encoding="utf-8",
    )
    return path


def _load_pefile(build: Build, scratch: Path) -> ModuleType:
    """pefile (pure Python, with its ordlookup), from the Windows build's own packages.

    Copied to a folder of its own, so that nothing else of the Windows
    site-packages (its PySide6...) can shadow this side's.
    """
    if "pefile" in sys.modules:
        return sys.modules["pefile"]
    packages = build.clone / "build" / "windows" / "python" / "Lib" / "site-packages"
    shutil.copy2(packages / "pefile.py", scratch / "pefile.py")
    shutil.copytree(packages / "ordlookup", scratch / "ordlookup")
    sys.path.insert(0, str(scratch))
    try:
        return importlib.import_module("pefile")
    finally:
        sys.path.remove(str(scratch))


def _version_strings(build: Build, exe: Path, scratch: Path) -> dict[str, str]:
    pefile = _load_pefile(build, scratch)
    pe = pefile.PE(str(exe), fast_load=True)
    pe.parse_data_directories(
        directories=[pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_RESOURCE"]]
    )
    strings: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", []) or []:
        for entry in info:
            for table in getattr(entry, "StringTable", []):
                strings.update({k.decode(): v.decode() for k, v in table.entries.items()})
    icons = [
        entry for entry in getattr(pe, "DIRECTORY_ENTRY_RESOURCE", None).entries
        if entry.id == pefile.RESOURCE_TYPE["RT_GROUP_ICON"]
    ] if hasattr(pe, "DIRECTORY_ENTRY_RESOURCE") else []
    strings["(icon)"] = "yes" if icons else "no"
    pe.close()
    return strings


def _verify_signature(build: Build, exe: Path) -> None:
    result = subprocess.run(
        ["osslsigncode", "verify", "-CAfile", str(build.certificate), "-in", str(exe)],
        text=True, capture_output=True,
    )
    assert result.returncode == 0 and "Signature verification: ok" in result.stdout, (
        f"{exe.name} is not validly signed:\n{result.stdout}\n{result.stderr}"
    )


# --- the build ---------------------------------------------------------------------


def test_the_setup_and_the_programs_are_signed_with_version_and_icon(
    windows_build: Build, tmp_path: Path
) -> None:
    bundle = windows_build.clone / "build" / "windows" / "bundle" / "hhe-trainer"
    for exe in (windows_build.setup, bundle / "hhe-trainer.exe", bundle / "hhe-trainer-cli.exe"):
        _verify_signature(windows_build, exe)
        strings = _version_strings(windows_build, exe, tmp_path)
        assert strings.get("ProductVersion") == __version__, (exe.name, strings)
        assert strings.get("ProductName") == APP_NAME, (exe.name, strings)
        assert strings["(icon)"] == "yes", f"{exe.name} carries no icon"
    size = windows_build.setup.stat().st_size
    print(f"\n{windows_build.setup.name}: {size / 2**20:.1f} MB")


def test_the_bundle_carries_the_same_rule_sets_lessons_and_qt_modules_as_linux(
    windows_build: Build,
) -> None:
    """The card art is drawn by trainer/ui/table/card_art.py: the screenshot shows it."""
    internal = windows_build.clone / "build" / "windows" / "bundle" / "hhe-trainer" / "_internal"
    shipped = {
        "rulesets": ("trainer/rulesets", "*.toml"),
        "lessons_data": ("lessons", "*.toml"),
        "icons_data": ("assets/icons", "*.png"),
    }
    for folder, (source, pattern) in shipped.items():
        expected = {p.name for p in (REPO / source).glob(pattern)}
        assert expected, f"nothing in {source}"
        assert {p.name for p in (internal / "trainer" / folder).glob(pattern)} == expected, folder
    modules = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.pyd")}
    assert modules == {"QtCore", "QtGui", "QtWidgets"}
    assert not list(internal.rglob("icuuc*.dll")), "Wine's stand-in icuuc.dll was bundled"


# --- one station, in order ----------------------------------------------------------


def test_a_site_file_that_cannot_be_read_installs_nothing(
    windows_build: Build, station: Station
) -> None:
    result = station.run(str(windows_build.setup), "/S", r"/SITE=\\nowhere\share\site.toml")
    assert result.returncode == 2, result
    result = station.run(str(windows_build.setup), "/S", "/SITE=")
    assert result.returncode == 2, result
    assert not station.path(INSTALL_DIR).exists()
    assert station.registry(UNINSTALL_KEY) == {}


def test_a_silent_install_places_program_site_file_shortcuts_and_apps_entry(
    windows_build: Build, station: Station, site_file: Path
) -> None:
    started = time.perf_counter()
    result = station.run(
        str(windows_build.previous_setup), "/S", "/SITE=" + station.linux_to_windows(site_file)
    )
    assert result.returncode == 0, result
    print(f"\nsilent install: {time.perf_counter() - started:.1f} s")
    program = station.path(INSTALL_DIR)
    for name in ("hhe-trainer.exe", "hhe-trainer-cli.exe", "uninstall.exe", "_internal"):
        assert (program / name).exists(), f"{name} is not installed"
    assert (program / "_internal" / LEFT_BY_PREVIOUS).exists()
    installed_site = station.path(SITE_DIR + r"\site.toml")
    assert installed_site.read_text(encoding="utf-8") == site_file.read_text(encoding="utf-8")
    shortcuts = {p.name for p in station.path(START_MENU).glob("*.lnk")}
    assert shortcuts == {f"{APP_NAME}.lnk", "Check this installation.lnk"}
    assert not (station.path(r"C:\users\Public\Desktop") / f"{APP_NAME}.lnk").exists()
    entry = station.registry(UNINSTALL_KEY)
    assert entry["DisplayName"] == APP_NAME
    assert entry["DisplayVersion"] == PREVIOUS_VERSION
    assert entry["UninstallString"] == f'"{INSTALL_DIR}\\uninstall.exe"'
    assert entry["QuietUninstallString"] == f'"{INSTALL_DIR}\\uninstall.exe" /S'
    assert entry["InstallLocation"] == INSTALL_DIR
    _verify_signature(windows_build, program / "uninstall.exe")

    checked = station.self_check_offscreen()
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"Site file {SITE_DIR}\\site.toml: rule set ny-2018" in checked.stdout


def _xdotool(station: Station, *args: str) -> str:
    result = subprocess.run(["xdotool", *args], text=True, capture_output=True,
                            env=station.env())
    return result.stdout.strip() if result.returncode == 0 else ""


def _screenshot(station: Station, path: Path) -> None:
    from PIL import ImageGrab

    path.parent.mkdir(parents=True, exist_ok=True)
    ImageGrab.grab(xdisplay=station.display).save(path)


def _close_trainer(station: Station, app: subprocess.Popen[bytes], picture: str) -> bool:
    """Close the trainer with WM_CLOSE (Wine's taskkill), as its window's close box does.

    Closed means every program of the prefix has ended (``wine.sh wait``): the
    process that started the trainer may have ended long before (``start``
    with a shortcut does not wait). When the trainer is still open after a
    minute, a screenshot (build/windows/``picture``) and its log's last lines
    show why, it is ended by force, and False is returned.
    """
    sent = station.run("taskkill", "/im", "hhe-trainer.exe")
    try:
        subprocess.run([str(station.wine_sh), "wait", str(station.prefix)], env=station.env(),
                       capture_output=True, timeout=60, check=True)
        closed = True
    except subprocess.TimeoutExpired:
        closed = False
        _screenshot(station, SCREENSHOT.with_name(picture))
        log = station.data_folder() / "logs" / "hhe-trainer.log"
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print(f"\nWM_CLOSE did not close the trainer ({sent.stdout.strip()}); screenshot"
              f" {SCREENSHOT.with_name(picture)}; its log ends:\n" + "\n".join(tail))
        station.run("taskkill", "/f", "/im", "hhe-trainer.exe")
    if app.poll() is None:
        app.kill()
    app.wait()
    return closed


def _database(station: Station) -> sqlite3.Connection:
    path = station.data_folder() / "trainer.sqlite3"
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)


def _rows(station: Station, query: str) -> list[tuple[Any, ...]]:
    if not (station.data_folder() / "trainer.sqlite3").exists():
        return []
    connection = _database(station)
    try:
        return connection.execute(query).fetchall()
    except sqlite3.OperationalError:  # the schema is being created
        return []
    finally:
        connection.close()


def test_the_installed_trainer_deals_a_round_and_grades_the_dealers_hand_in_a_window(
    station: Station,
) -> None:
    shortcut = START_MENU + "\\" + APP_NAME + ".lnk"
    app = subprocess.Popen(
        [str(station.wine_sh), "run", str(station.prefix), "start", "/wait", shortcut],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=station.env(),
    )
    try:
        welcome = _await(
            lambda: _xdotool(station, "search", "--onlyvisible", "--name", "^Welcome"),
            "the welcome dialog",
        ).splitlines()[0]
        # The welcome opens with the name field focused (a trainee types their name
        # first); a click on its heading, which takes no focus, makes the window active.
        # (A click at a fraction of the height, into the field, broke when the language
        # row came above it: the name went into another field.)
        geometry = dict(
            line.split("=") for line in _xdotool(
                station, "getwindowgeometry", "--shell", welcome).splitlines()
        )
        width, height = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
        _xdotool(station, "mousemove", "--window", welcome, str(width // 2),
                 str(int(height * 0.12)), "click", "1")
        _xdotool(station, "type", "--delay", "30", TRAINEE)
        _xdotool(station, "key", "Return")
        window = _await(
            lambda: _xdotool(station, "search", "--onlyvisible", "--name", TRAINEE),
            f"the table window for {TRAINEE}",
        ).splitlines()[0]
        (round_json,) = _await(
            lambda: _rows(station, "SELECT round_json FROM rounds"), "the dealt round"
        )[0]
        # The dealer's best five, as a person reads it off the table (the round
        # as dealt, settled by the engine on this side).
        from trainer.engine.round import parse_round
        from trainer.engine.settlement import settle

        dealer = settle(parse_round(json.loads(round_json))).dealer
        answer = f"{dealer.category} {' '.join(str(card) for card in dealer.cards)}"
        _xdotool(station, "windowfocus", window)
        _xdotool(station, "type", "--delay", "30", answer)
        _xdotool(station, "key", "Return")
        (given, expected, correct) = _await(
            lambda: _rows(station, "SELECT given, expected, correct FROM answers"
                                   " WHERE question_id = 'dealer-hand'"),
            "the graded answer",
        )[0]
        _await(lambda: _xdotool(station, "search", "--onlyvisible", "--name", TRAINEE),
               "the window after grading")
        _screenshot(station, SCREENSHOT)
        print(f"\nanswered {answer!r}; screenshot {SCREENSHOT}")
        assert correct == 1, (given, expected)
        assert given == expected
    finally:
        closed = _close_trainer(station, app, "installed-trainer-did-not-close.png")
    assert closed, "the trainer did not close on WM_CLOSE (see the screenshot)"


def test_an_upgrade_while_the_trainer_is_open_changes_nothing(
    windows_build: Build, station: Station
) -> None:
    app = subprocess.Popen(
        [str(station.wine_sh), "run", str(station.prefix), INSTALL_DIR + r"\hhe-trainer.exe"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=station.env(),
    )
    try:
        # "Who is training?" first, now that the station has a trainee.
        _await(lambda: _xdotool(station, "search", "--onlyvisible", "--name", APP_NAME),
               "the trainer's window")
        result = station.run(str(windows_build.setup), "/S")
        assert result.returncode == 4, result
        assert station.registry(UNINSTALL_KEY)["DisplayVersion"] == PREVIOUS_VERSION
        assert station.path(INSTALL_DIR + "\\_internal\\" + LEFT_BY_PREVIOUS).exists()
    finally:
        closed = _close_trainer(station, app, "open-trainer-did-not-close.png")
    assert closed, "the trainer did not close on WM_CLOSE (see the screenshot)"
    assert app.returncode == 0, f"the trainer exited {app.returncode}"


def test_an_upgrade_keeps_the_answers_and_site_file_and_drops_the_old_files(
    windows_build: Build, station: Station, site_file: Path
) -> None:
    answers_before = _rows(station, "SELECT uid, given, correct FROM answers")
    assert answers_before, "no answer to keep (the window test did not run?)"
    result = station.run(str(windows_build.setup), "/S")
    assert result.returncode == 0, result
    program = station.path(INSTALL_DIR)
    assert not (program / "_internal" / LEFT_BY_PREVIOUS).exists(), "old files linger"
    assert station.registry(UNINSTALL_KEY)["DisplayVersion"] == __version__
    assert _rows(station, "SELECT uid, given, correct FROM answers") == answers_before
    assert _rows(station, "SELECT name FROM trainees") == [(TRAINEE,)]
    installed_site = station.path(SITE_DIR + r"\site.toml")
    assert installed_site.read_text(encoding="utf-8") == site_file.read_text(encoding="utf-8")
    version = station.run(INSTALL_DIR + r"\hhe-trainer-cli.exe", "--version")
    assert version.stdout.strip() == f"hhe-trainer {__version__}"
    checked = station.self_check_offscreen()
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "self-check passed" in checked.stdout


def test_with_the_window_platform_the_self_check_meets_only_wines_missing_dpi_functions(
    station: Station,
) -> None:
    """Under Wine the window platform's self-check fails on Wine's gaps, and only on them."""
    checked = station.self_check()
    if checked.returncode == 0:  # a Wine that has the functions
        return
    failed = [line for line in checked.stdout.splitlines() if line.strip().startswith("FAIL")]
    assert len(failed) == 1 and failed[0].split()[1] == "table", checked.stdout
    faults = failed[0].split("Qt reported:", 1)[1].rsplit("[", 1)[0].split(" | ")
    assert all(any(gap in fault for gap in WINE_DPI_GAPS) for fault in faults), faults


def test_the_uninstaller_removes_the_program_and_keeps_data_and_site_file(
    windows_build: Build, station: Station
) -> None:
    data = station.data_folder() / "trainer.sqlite3"
    assert data.exists()
    result = station.run(INSTALL_DIR + r"\uninstall.exe", "/S")
    assert result.returncode == 0, result
    station.wait()
    assert not station.path(INSTALL_DIR).exists()
    assert not station.path(START_MENU).exists()
    assert station.registry(UNINSTALL_KEY) == {}
    assert data.exists() and _rows(station, "SELECT count(*) FROM answers")[0][0] >= 1
    assert station.path(SITE_DIR + r"\site.toml").exists()


def test_a_site_file_that_is_not_usable_is_reported_by_the_exit_code(
    windows_build: Build, station: Station, tmp_path: Path
) -> None:
    bad = tmp_path / "site.toml"
    bad.write_text('[rules]\nruleset = "ny-2018"\n[exam]\nrounds = 0\npass_mark = 90\n',
                   encoding="utf-8")
    result = station.run(str(windows_build.setup), "/S", "/SITE=" + station.linux_to_windows(bad),
                         "/DESKTOP")
    assert result.returncode == 3, result
    assert station.path(INSTALL_DIR + r"\hhe-trainer.exe").exists()
    assert (station.path(r"C:\users\Public\Desktop") / f"{APP_NAME}.lnk").exists()
    checked = station.self_check_offscreen()
    assert checked.returncode == 1
    assert "line 4, exam.rounds" in checked.stdout

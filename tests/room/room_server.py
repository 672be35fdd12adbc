"""A throw-away PostgreSQL cluster for the room tests, started by the tests themselves.

Debian's server binaries (``apt-get install postgresql``, which ``make test``
installs as root through ``packaging/linux/install-test-deps.sh``) run a cluster in a
temporary folder on a free loopback port. ``initdb`` refuses to run as root, so as
root the cluster belongs to the ``postgres`` account the package creates, and every
server process runs as that account. Password authentication (SCRAM) on 127.0.0.1
only, as a room's server would be set up; the superuser ``postgres`` has the
password :data:`ADMIN_PASSWORD`. Missing binaries skip the room tests, but fail
them under ``CI=true``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

ADMIN_PASSWORD = "room-admin-test-password"
STATION_PASSWORD = "station-test-password"
"""The station role's password in the rooms the fixtures make."""
SERVER_ACCOUNT = "postgres"


def server_binaries() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding initdb and postgres."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"),
                   key=lambda path: int(path.parent.parent.name)
                   if path.parent.parent.name.isdigit() else 0)
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def require_server() -> Path:
    binaries = server_binaries()
    if binaries is None or not (binaries / "initdb").exists():
        message = ("the room tests need PostgreSQL's server binaries"
                   " (apt-get install postgresql)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return binaries


def _server_account() -> pwd.struct_passwd:
    """The unprivileged account a root test runs the cluster as: the package's
    ``postgres``, else ``nobody``."""
    for name in (SERVER_ACCOUNT, "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    pytest.fail("no unprivileged account (postgres or nobody) to run PostgreSQL as")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RoomServer:
    """One PostgreSQL cluster: started, stopped and started again on the same port."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="hhe-room-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.log = self.folder / "server.log"
        self.account = _server_account() if os.geteuid() == 0 else None
        if self.account is not None:
            os.chmod(self.folder, 0o755)
            os.chown(self.folder, self.account.pw_uid, self.account.pw_gid)
        secret = self.folder / "admin-password"
        secret.write_text(ADMIN_PASSWORD + "\n", encoding="utf-8")
        if self.account is not None:
            os.chown(secret, self.account.pw_uid, self.account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=scram-sha-256",
                  f"--pwfile={secret}", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        secret.unlink()
        self.start()

    def _as_server(self) -> dict[str, object]:
        if self.account is None:
            return {}
        uid, gid = self.account.pw_uid, self.account.pw_gid
        return {"user": uid, "group": gid, "extra_groups": []}

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([str(self.binaries / tool), *args], check=True, capture_output=True,
                       cwd=self.folder, **self._as_server())  # type: ignore[call-overload]

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", f"-p {self.port} -c listen_addresses=127.0.0.1"
                  f" -k {self.folder} -c fsync=off -c max_connections=200", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def url(self, user: str = "postgres", password: str = ADMIN_PASSWORD,
            database: str = "postgres") -> str:
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database on this cluster; its admin URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(database=name)

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                shutil.rmtree(self.folder)
                return
            except OSError:
                time.sleep(0.2)


def as_role(url: str, user: str, password: str) -> str:
    """``url`` with another user and password."""
    rest = url.split("@", 1)[1]
    return f"postgresql://{user}:{password}@{rest}"


def without_user(url: str) -> str:
    """``url`` naming no user or password (a site file's ``[room] database``)."""
    return "postgresql://" + url.split("@", 1)[1]

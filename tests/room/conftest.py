"""Room fixtures: one real PostgreSQL cluster for the session, a new database per test."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from room_server import STATION_PASSWORD, RoomServer, require_server
from stations import Station

from trainer.room.admin import init_room
from trainer.room.credentials import Credentials, write_credentials
from trainer.room.schema import STATION_ROLE


@pytest.fixture(scope="session")
def room_server() -> Iterator[RoomServer]:
    server = RoomServer(require_server())
    yield server
    server.close()


@pytest.fixture
def admin_url(room_server: RoomServer) -> str:
    """A new, empty database on the test cluster: its admin URL."""
    return room_server.create_database(f"room_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def room_url(admin_url: str) -> str:
    """A room made by ``room init``: its admin URL."""
    init_room(admin_url, STATION_PASSWORD)
    return admin_url


@pytest.fixture
def stations(tmp_path: Path) -> Iterator[tuple[Station, Station]]:
    """Two stations of one room, each with its own trainee answering: Ana at a, Ben at b
    (test_room_shared_records.py has bare databases of its own by this name)."""
    a = Station(tmp_path / "a.sqlite3", trainee="Ana", seed=1)
    b = Station(tmp_path / "b.sqlite3", trainee="Ben", seed=2)
    yield a, b
    a.close()
    b.close()


@pytest.fixture
def credentials(tmp_path: Path) -> Path:
    """The stations' credentials file (``room import --credentials``)."""
    return write_credentials(tmp_path / "room-station.toml",
                             Credentials(STATION_ROLE, STATION_PASSWORD))

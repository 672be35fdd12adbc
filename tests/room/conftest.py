"""Room fixtures: one real PostgreSQL cluster for the session, a new database per test."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from room_server import RoomServer, require_server

from trainer.room.admin import init_room

STATION_PASSWORD = "station-test-password"


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


def as_role(url: str, user: str, password: str) -> str:
    """``url`` with another user and password."""
    rest = url.split("@", 1)[1]
    return f"postgresql://{user}:{password}@{rest}"


def without_user(url: str) -> str:
    """``url`` naming no user or password (a site file's ``[room] database``)."""
    return "postgresql://" + url.split("@", 1)[1]

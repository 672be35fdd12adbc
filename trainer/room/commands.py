"""``hhe-trainer room init`` and ``hhe-trainer room status``: IT's commands (no Qt).

Exit codes: 0 done, 1 the server or the room said no (the sentence says why), 2 a
file named on the command line cannot be used.

psycopg is imported only when a room command runs: every other command starts as fast
as before.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from trainer.room.credentials import (
    Credentials,
    CredentialsError,
    read_credentials,
    write_credentials,
)
from trainer.room.schema import ROOM_SCHEMA_VERSION, STATION_ROLE


def add_room_parser(commands: Any) -> None:
    room = commands.add_parser(
        "room",
        help="the training room's PostgreSQL database, for IT: 'room init', 'room status'",
        description="The training room's database on a PostgreSQL server (for IT).",
    )
    room.set_defaults(func=run_room)
    room_commands = room.add_subparsers(dest="room_command", required=True, metavar="COMMAND")
    init = room_commands.add_parser(
        "init", help="create or upgrade the room's schema and roles (once, as the server's admin)")
    init.add_argument("--admin-url", required=True,
                      help="postgresql://ADMIN@HOST/DATABASE (the password from PGPASSWORD or"
                      " ~/.pgpass, never on the command line)")
    init.add_argument("--credentials-out", required=True, type=Path,
                      help="a new file to write the stations' credentials to (0600)")
    status = room_commands.add_parser(
        "status", help="server reachable, schema version, stations seen, answers waiting")
    status.add_argument("--url", help="postgresql://HOST/DATABASE (default: the site file's"
                        " [room] database)")
    status.add_argument("--credentials", type=Path,
                        help="the stations' credentials file (default: the site file's)")


def run_room(args: argparse.Namespace) -> int:
    if args.room_command == "init":
        return _init(args.admin_url, args.credentials_out)
    url, credentials = args.url, args.credentials
    if url is None or credentials is None:
        from trainer.site_config import load_site_config

        site = load_site_config()
        url = url or site.room_database
        credentials = credentials or site.room_credentials
        if url is None or credentials is None:
            _say("no room database: the site file has no [room] database and credentials"
                 f" ({site.report}); or give --url and --credentials")
            return 2
    return _status(url, credentials)


def _say(problem: str) -> None:
    print(f"hhe-trainer room: {problem}", file=sys.stderr)


def _init(admin_url: str, credentials_out: Path) -> int:
    from trainer.room.admin import RoomError, init_room, new_station_password  # psycopg

    credentials = Credentials(STATION_ROLE, new_station_password())
    try:
        write_credentials(credentials_out, credentials)
    except (CredentialsError, OSError) as error:
        _say(str(error))
        return 2
    try:
        migrated = init_room(admin_url, credentials.password)
    except RoomError as error:
        credentials_out.unlink(missing_ok=True)  # ours, just made: its password was never set
        _say(f"{error}; nothing was written to {credentials_out}")
        return 1
    if migrated.before == migrated.after:
        print(f"The room is at schema {migrated.after}, this trainer's: nothing to upgrade.")
    else:
        print(f"The room's schema went from {migrated.before} to {migrated.after}.")
    print(f"The stations' password was set; their credentials are in {credentials_out}"
          " (copy it to each station, readable by the trainer's account only).")
    return 0


def _status(url: str, credentials_path: Path) -> int:
    from trainer.room.admin import RoomError, room_status  # psycopg

    try:
        credentials = read_credentials(credentials_path)
    except CredentialsError as error:
        _say(str(error))
        return 2
    try:
        status = room_status(url, credentials)
    except RoomError as error:
        _say(str(error))
        return 1
    print(f"Server: reachable (PostgreSQL {status.server_version})")
    if status.schema_version is None:
        print("Schema: none (run 'hhe-trainer room init' once)")
        return 1
    print(f"Schema: {status.schema_version} (this trainer's: {ROOM_SCHEMA_VERSION})")
    print(f"Stations seen: {len(status.stations)}")
    for seen in status.stations:
        when = seen.last_seen.astimezone().strftime("%Y-%m-%d %H:%M")
        print(f"  {seen.station}: last seen {when}, {seen.answers} answers in the room,"
              f" {seen.waiting} waiting"
              + (f", {seen.refused} refused (not sent: they fail the checks; the reasons"
                 " are in the room's refused_records)" if seen.refused else ""))
    return 0

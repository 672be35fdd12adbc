"""``hhe-trainer room init``, ``room status``, ``room import``, ``room pin-key`` and
``room unpin-key``: IT's commands (no Qt).

Exit codes: 0 done, 1 the server or the room said no (the sentence says why; for
``room import``, also: records were refused, each named), 2 a file named on the
command line cannot be used (or, for ``pin-key``, a name or key that is not one).

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
        help="the training room's PostgreSQL database, for IT: 'room init', 'room status',"
        " 'room import', 'room pin-key', 'room unpin-key'",
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
    imports = room_commands.add_parser(
        "import", help="move a station's existing history into the room, once (running it"
        " again adds nothing)",
        description="Send the room every record of a station's database it does not hold"
        " yet, each checked as a station file's records are; a record that fails the checks"
        " is not sent and is named (the room keeps it in refused_records).")
    imports.add_argument("source", type=Path, metavar="DATA_FOLDER_OR_SQLITE_FILE",
                         help="the station's data folder (its trainer.sqlite3) or the"
                         " database file itself")
    imports.add_argument("--url", help="postgresql://HOST/DATABASE (default: the site file's"
                         " [room] database)")
    imports.add_argument("--credentials", type=Path,
                         help="the stations' credentials file (default: the site file's)")
    for command, doing in (("pin-key", "pin"), ("unpin-key", "unpin")):
        keys = room_commands.add_parser(
            command, help=f"{doing} an instructor's public key in the room (IT, with the"
            " admin URL): certificates signed with it "
            + ("count" if doing == "pin" else "no longer count") + " on every station")
        keys.add_argument("name", metavar="NAME", help="the instructor's name")
        keys.add_argument("public_key", metavar="PUBLIC_KEY",
                          help="the base64 key 'hhe-trainer instructor public-key' prints")
        keys.add_argument("--admin-url", required=True,
                          help="postgresql://ADMIN@HOST/DATABASE, as for 'room init' (the"
                          " password from PGPASSWORD or ~/.pgpass)")


def run_room(args: argparse.Namespace) -> int:
    if args.room_command == "init":
        return _init(args.admin_url, args.credentials_out)
    if args.room_command in ("pin-key", "unpin-key"):
        return _change_key(args.admin_url, args.name, args.public_key,
                           pinned=args.room_command == "pin-key")
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
    if args.room_command == "import":
        return _import(url, credentials, args.source)
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


def _change_key(admin_url: str, name: str, public_key: str, *, pinned: bool) -> int:
    from trainer.room.admin import RoomError
    from trainer.room.keys import change_key, key_problem  # psycopg

    problem = key_problem(name, public_key)
    if problem is not None:
        _say(problem)
        return 2
    try:
        changed = change_key(admin_url, name, public_key, pinned=pinned)
    except RoomError as error:
        _say(f"{error}; nothing was changed")
        return 1
    if changed.pinned:
        print(f"Pinned in the room: {changed.name}'s key {changed.public_key}. Certificates"
              " it signs now verify on every station whose site file has [room].")
    else:
        print(f"Unpinned in the room: {changed.name}'s key {changed.public_key}. It no"
              " longer counts on any station whose site file has [room], even where the"
              " site file pins it.")
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


def _import(url: str, credentials_path: Path, source: Path) -> int:
    from trainer.room.admin import RoomError, room_status
    from trainer.room.outbox import SyncError, sync_once  # psycopg
    from trainer.room.target import RoomTarget
    from trainer.storage.models import StorageError
    from trainer.storage.opening import DEFAULT_FILENAME
    from trainer.storage.outbox_reads import StationOutbox
    from trainer.storage.schema import SCHEMA_VERSION

    try:
        credentials = read_credentials(credentials_path)
    except CredentialsError as error:
        _say(str(error))
        return 2
    path = source / DEFAULT_FILENAME if source.is_dir() else source
    if not path.is_file():
        _say(f"{source}: no station database there (a data folder holds {DEFAULT_FILENAME})"
             if source.is_dir() else f"{source}: no such file")
        return 2
    try:
        outbox = StationOutbox.open(path)
    except StorageError as error:
        _say(f"{error}; is it a trainer's database?")
        return 2
    try:
        try:
            version = outbox.schema_version()
        except StorageError as error:
            _say(str(error))
            return 2
        if version != SCHEMA_VERSION:
            _say(f"{path}: its database is at schema {version}, "
                 + (f"older than this trainer's {SCHEMA_VERSION}: start this trainer once on"
                    " that data folder (it upgrades the file, keeping a copy), then import"
                    " again" if version < SCHEMA_VERSION else
                    f"newer than this trainer's {SCHEMA_VERSION}: import it with the newer"
                    " trainer"))
            return 2
        try:
            result = sync_once(outbox, RoomTarget(url, credentials), connect_timeout=10)
        except SyncError as error:
            _say(f"{path}: {error}")
            return 1
    finally:
        outbox.close()
    for refused in result.refused:
        _say(f"refused: {refused.table} row {refused.seq} (uid {refused.uid}): {refused.problem}")
    sent = ", ".join(f"{table.replace('_', ' ')} {count}" for table, count in result.sent.items())
    if sent:
        print(f"Imported from station {result.station} ({path}): {sent}.")
    else:
        print(f"Nothing new: the room already holds every record of station {result.station}"
              f" ({path}).")
    try:
        seen = {station.station: station for station in room_status(url, credentials).stations}
    except RoomError:
        seen = {}
    station = seen.get(result.station)
    if station is not None:
        print(f"The room holds {station.answers} answers from this station"
              + (f"; {station.refused} of its records were refused (not imported: they fail"
                 " the checks; the reasons are in the room's refused_records)"
                 if station.refused else "") + ".")
    if result.refused:
        _say(f"{len(result.refused)} record{'s' if len(result.refused) != 1 else ''} refused"
             " (not imported; everything else was)")
        return 1
    return 0

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

from trainer.i18n import N_, _, ngettext
from trainer.room.credentials import (
    Credentials,
    CredentialsError,
    read_credentials,
    write_credentials,
)
from trainer.room.schema import ROOM_SCHEMA_VERSION, STATION_ROLE

SHARED_KINDS: dict[str, str] = {
    "exam_setups": N_("exam set-ups"), "exam_setup_retirements": N_("set-up retirements"),
    "classes": N_("classes"), "class_archives": N_("class archivings"),
    "class_member_changes": N_("membership changes"), "assignments": N_("assignments"),
    "assignment_removals": N_("assignment removals"), "certifications": N_("certificates"),
    "certificate_revocations": N_("certificate revocations")}
"""How ``room import`` counts the instructor's records it sent, by the room's table (in
the order they are sent)."""


def add_room_parser(commands: Any) -> None:
    room = commands.add_parser(
        "room",
        help=_("the training room's PostgreSQL database, for IT: 'room init', 'room status',"
               " 'room import', 'room pin-key', 'room unpin-key'"),
        description=_("The training room's database on a PostgreSQL server (for IT)."),
    )
    room.set_defaults(func=run_room)
    room_commands = room.add_subparsers(dest="room_command", required=True, metavar="COMMAND")
    init = room_commands.add_parser(
        "init", help=_("create or upgrade the room's schema and roles (once, as the server's"
                       " admin)"))
    init.add_argument("--admin-url", required=True,
                      help=_("{url} (the password from PGPASSWORD or ~/.pgpass, never on the"
                             " command line)", url="postgresql://ADMIN@HOST/DATABASE"))
    init.add_argument("--credentials-out", required=True, type=Path,
                      help=_("a new file to write the stations' credentials to (0600)"))
    status = room_commands.add_parser(
        "status", help=_("server reachable, schema version, stations seen, answers waiting"))
    url_help = _("{url} (default: the site file's [room] database)",
                 url="postgresql://HOST/DATABASE")
    credentials_help = _("the stations' credentials file (default: the site file's)")
    status.add_argument("--url", help=url_help)
    status.add_argument("--credentials", type=Path, help=credentials_help)
    imports = room_commands.add_parser(
        "import", help=_("move a station's existing history into the room, once (running it"
                         " again adds nothing)"),
        description=_("Send the room every record of a station's database it does not hold"
                      " yet, each checked as a station file's records are; a record that"
                      " fails the checks is not sent and is named (the room keeps it in"
                      " refused_records). Then the station's classes and their members,"
                      " assignments, exam set-ups and certificates, checked as the room's"
                      " worker checks them. The file is only read, never written."))
    imports.add_argument("source", type=Path, metavar="DATA_FOLDER_OR_SQLITE_FILE",
                         help=_("the station's data folder (its trainer.sqlite3) or the"
                                " database file itself"))
    imports.add_argument("--url", help=url_help)
    imports.add_argument("--credentials", type=Path, help=credentials_help)
    for command, what in (
            ("pin-key", _("pin an instructor's public key in the room (IT, with the admin"
                          " URL): certificates signed with it count on every station")),
            ("unpin-key", _("unpin an instructor's public key in the room (IT, with the admin"
                            " URL): certificates signed with it no longer count on every"
                            " station"))):
        keys = room_commands.add_parser(command, help=what)
        keys.add_argument("name", metavar="NAME", help=_("the instructor's name"))
        keys.add_argument("public_key", metavar="PUBLIC_KEY",
                          help=_("the base64 key 'hhe-trainer instructor public-key' prints"))
        keys.add_argument("--admin-url", required=True,
                          help=_("{url}, as for 'room init' (the password from PGPASSWORD or"
                                 " ~/.pgpass)", url="postgresql://ADMIN@HOST/DATABASE"))


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
            _say(_("no room database: the site file has no [room] database and credentials"
                   " ({report}); or give --url and --credentials", report=site.report))
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
        _say(_("{error}; nothing was written to {path}", error=error, path=credentials_out))
        return 1
    if migrated.before == migrated.after:
        print(_("The room is at schema {version}, this trainer's: nothing to upgrade.",
                version=migrated.after))
    else:
        print(_("The room's schema went from {before} to {after}.", before=migrated.before,
                after=migrated.after))
    print(_("The stations' password was set; their credentials are in {path} (copy it to"
            " each station, readable by the trainer's account only).", path=credentials_out))
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
        _say(_("{error}; nothing was changed", error=error))
        return 1
    if changed.pinned:
        print(_("Pinned in the room: {name}'s key {key}. Certificates it signs now verify on"
                " every station whose site file has [room].", name=changed.name,
                key=changed.public_key))
    else:
        print(_("Unpinned in the room: {name}'s key {key}. It no longer counts on any station"
                " whose site file has [room], even where the site file pins it.",
                name=changed.name, key=changed.public_key))
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
    print(_("Server: reachable (PostgreSQL {version})", version=status.server_version))
    if status.schema_version is None:
        print(_("Schema: none (run 'hhe-trainer room init' once)"))
        return 1
    print(_("Schema: {version} (this trainer's: {known})", version=status.schema_version,
            known=ROOM_SCHEMA_VERSION))
    print(_("Stations seen: {count}", count=len(status.stations)))
    for seen in status.stations:
        when = seen.last_seen.astimezone().strftime("%Y-%m-%d %H:%M")
        if seen.refused:
            print("  " + _("{station}: last seen {when}, {answers} answers in the room,"
                           " {waiting} waiting, {refused} refused (not sent: they fail the"
                           " checks; the reasons are in the room's refused_records)",
                           station=seen.station, when=when, answers=seen.answers,
                           waiting=seen.waiting, refused=seen.refused))
        else:
            print("  " + _("{station}: last seen {when}, {answers} answers in the room,"
                           " {waiting} waiting", station=seen.station, when=when,
                           answers=seen.answers, waiting=seen.waiting))
    return 0


def _import(url: str, credentials_path: Path, source: Path) -> int:
    from trainer.room.admin import RoomError, room_status
    from trainer.room.outbox import RoomLink, SyncError, sync_once  # psycopg
    from trainer.room.shared import send_pass
    from trainer.room.target import RoomTarget
    from trainer.storage.models import StorageError
    from trainer.storage.opening import DEFAULT_FILENAME
    from trainer.storage.outbox_reads import StationOutbox
    from trainer.storage.schema import SCHEMA_VERSION
    from trainer.storage.shared_records import read_shared_state

    try:
        credentials = read_credentials(credentials_path)
    except CredentialsError as error:
        _say(str(error))
        return 2
    path = source / DEFAULT_FILENAME if source.is_dir() else source
    if not path.is_file():
        _say(_("{source}: no station database there (a data folder holds {file})",
               source=source, file=DEFAULT_FILENAME)
             if source.is_dir() else _("{source}: no such file", source=source))
        return 2
    try:
        outbox = StationOutbox.open(path)
    except StorageError as error:
        _say(_("{error}; is it a trainer's database?", error=error))
        return 2
    try:
        try:
            version = outbox.schema_version()
        except StorageError as error:
            _say(str(error))
            return 2
        if version != SCHEMA_VERSION:
            _say(_("{path}: its database is at schema {version}, older than this trainer's"
                   " {known}: start this trainer once on that data folder (it upgrades the"
                   " file, keeping a copy), then import again", path=path, version=version,
                   known=SCHEMA_VERSION) if version < SCHEMA_VERSION else
                 _("{path}: its database is at schema {version}, newer than this trainer's"
                   " {known}: import it with the newer trainer", path=path, version=version,
                   known=SCHEMA_VERSION))
            return 2
        try:
            records = read_shared_state(path)  # read-only, as the outbox: never written
        except StorageError as error:
            _say(str(error))
            return 2
        link = RoomLink(RoomTarget(url, credentials), connect_timeout=10)
        try:
            result = sync_once(outbox, link)
            # After the history: the trainees and exams these records name are in the room.
            shared = send_pass(records, link, result.station)
        except SyncError as error:
            _say(f"{path}: {error}")
            return 1
        finally:
            link.close()
    finally:
        outbox.close()
    for refused in result.refused:
        _say(_("refused: {table} row {number} (uid {uid}): {problem}", table=refused.table,
               number=refused.seq, uid=refused.uid, problem=refused.problem))
    for sentence in shared.refused:
        _say(_("refused: {record}", record=sentence))
    sent = ", ".join(f"{table.replace('_', ' ')} {count}" for table, count in result.sent.items())
    shared_sent = ", ".join(f"{_(kind)} {shared.sent[table]}"
                            for table, kind in SHARED_KINDS.items() if shared.sent.get(table))
    if sent:
        print(_("Imported from station {station} ({path}): {sent}.", station=result.station,
                path=path, sent=sent))
    if shared_sent:
        print(_("Instructor's records imported from station {station}: {sent}.",
                station=result.station, sent=shared_sent))
    if not sent and not shared_sent:
        print(_("Nothing new: the room already holds every record of station {station}"
                " ({path}).", station=result.station, path=path))
    try:
        seen = {station.station: station for station in room_status(url, credentials).stations}
    except RoomError:
        seen = {}
    station = seen.get(result.station)
    if station is not None:
        if station.refused:
            print(_("The room holds {answers} answers from this station; {refused} of its"
                    " records were refused (not imported: they fail the checks; the reasons"
                    " are in the room's refused_records).", answers=station.answers,
                    refused=station.refused))
        else:
            print(_("The room holds {answers} answers from this station.",
                    answers=station.answers))
    refused_count = len(result.refused) + len(shared.refused)
    if refused_count:
        _say(ngettext("{count} record refused (not imported; everything else was)",
                      "{count} records refused (not imported; everything else was)",
                      refused_count))
        return 1
    return 0

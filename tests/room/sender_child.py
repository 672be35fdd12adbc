"""A station's sender in a process of its own, sending in a loop until it is killed
(the SIGKILL test): ``python sender_child.py STATION.sqlite3 URL BATCH_ROWS``, the
station role's password in ``HHE_ROOM_TEST_PASSWORD``. Prints ``ready`` once it can read
the station."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from trainer.room.credentials import Credentials
from trainer.room.outbox import SyncError, sync_once
from trainer.room.schema import STATION_ROLE
from trainer.room.target import RoomTarget
from trainer.storage.outbox_reads import StationOutbox


def main() -> None:
    path, url, batch_rows = sys.argv[1:4]
    target = RoomTarget(url, Credentials(STATION_ROLE, os.environ["HHE_ROOM_TEST_PASSWORD"]))
    outbox = StationOutbox.open(Path(path))
    print("ready", flush=True)
    while True:
        try:
            sync_once(outbox, target, batch_rows=int(batch_rows))
        except SyncError as error:
            print(error, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()

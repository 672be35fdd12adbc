"""The practice window in the signed-in trainee's language (issue 24).

Each trainee's language is kept with the trainee (:mod:`trainer.storage.
trainee_language`); a trainee who never chose reads the room's (the site file's
``[language] default``), else English. The practice window is built in one language:
when the next person to sign in (a switch at the lock, a sign-out, Settings' language)
reads another, :func:`rebuilt` puts that language in force and replaces the window by
a new one built in it, on the same database, room and trainee. No restart is needed; the
hand in play is put away (its answers are kept, each committed as it was given).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from trainer.storage.models import StorageError

if TYPE_CHECKING:
    from trainer.site_config import SiteConfig
    from trainer.storage.interfaces import TraineeLanguages
    from trainer.ui.main_window import MainWindow

log = logging.getLogger("trainer.ui")


def own_language(db: TraineeLanguages | None, trainee_id: int | None) -> str | None:
    """The language ``trainee_id`` chose (None: never chose, nobody, no database). A
    database that cannot be read now is logged, and the room's language shown."""
    if db is None or trainee_id is None:
        return None
    try:
        return db.trainee_language(trainee_id)
    except StorageError as error:
        log.error("trainee %s's language could not be read: %s", trainee_id, error)
        return None


def sign_in_language(db: TraineeLanguages, trainee_id: int,
                     site: SiteConfig) -> tuple[str | None, str | None]:
    """At sign-in, before the practice window is built: the trainee's language (their
    own, else the room's, else English; ``HHE_TRAINER_LANGUAGE`` first) in force, Qt's
    own buttons too. Returns the trainee's own choice (None: the room's) and a sentence
    when that language cannot be shown (English is then in force)."""
    from trainer.site_config import language_for, put_language_in_force
    from trainer.ui.qt_language import follow_language

    own = own_language(db, trainee_id)
    problem = put_language_in_force(language_for(own, site))
    follow_language()
    return own, problem


def rebuilt(window: MainWindow) -> MainWindow:
    """A new practice window in the language now in force, for ``window``'s trainee (or
    nobody), on its database, site and room, in its place; ``window`` is closed (its
    session ends as at a quit) and deleted."""
    from trainer.storage.models import Mode
    from trainer.ui.main_window import MainWindow

    new = MainWindow(window.settings, Mode.PRACTICE, db=window.db,
                     trainee_id=window.trainee_id, site=window.site,
                     station_language=window.station_language,
                     station_choice=window.station_choice)
    new.clock = window.clock
    new.setGeometry(window.geometry())
    if window.room is not None:
        new.attach_room(window.room)  # the room's label moves to the new status bar
    if window.isMaximized():
        new.showMaximized()
    elif window.isVisible():
        new.show()
    window.close()
    window.deleteLater()
    if new.trainee_id is None:
        new.sign_out()  # "Nobody is signed in", in the new language
    else:
        new.next_hand()
    window.replaced.emit(new)
    return new

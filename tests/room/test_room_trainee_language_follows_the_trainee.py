"""A trainee's own language follows them through the room (issues 20 and 24): chosen at
one station, it is theirs at the next after a sending and a receiving pass; the newest
choice wins wherever it was made; a malformed code in the room is refused in a sentence
while the rest of the pass is received. On a real PostgreSQL server."""

from __future__ import annotations

import psycopg
from stations import Station, receive, send, station_target, station_url, uid_of

from trainer.i18n import _, current_language
from trainer.room.inbox import ReceiveResult, receive_once
from trainer.room.outbox import sync_once
from trainer.room.worker import RoomState, RoomWorker
from trainer.site_config import SiteConfig
from trainer.storage import TrainerDB
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.room_cache import StationCache
from trainer.storage.trainee_language import LANGUAGE_KEY
from trainer.ui.room_status import status_sentence


def trainee_named(db: TrainerDB, name: str) -> int:
    found = [t.id for t in db.list_trainees() if t.name == name]
    assert len(found) == 1, f"{name} is not on this station once: {found}"
    return found[0]


def language_rows(room_url: str) -> list[tuple[str | None, str]]:
    """The room's language choices (language, trainee), oldest chosen first."""
    with psycopg.connect(room_url) as conn:
        return [(language, str(trainee)) for language, trainee in conn.execute(
            "SELECT language, trainee FROM trainee_languages ORDER BY chosen_at")]


def receive_result(station: Station, room_url: str, *following: str) -> ReceiveResult:
    cache = StationCache.open(station.path, station.db.secret)
    try:
        return receive_once(cache, station_target(room_url), following)
    finally:
        cache.close()


def ana_at_both(room_url: str, stations: tuple[Station, Station]) -> tuple[int, int]:
    """Ana, made at A, received at B: her id at each."""
    a, b = stations
    send(a, room_url)
    receive(b, room_url)
    return a.trainee, trainee_named(b.db, "Ana")


def test_spanish_chosen_at_one_station_is_the_trainees_at_the_next_and_english_back(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.db.set_trainee_language(a.trainee, "es")
    send(a, room_url)
    send(a, room_url)  # the same choice sent again: stored once
    ana = uid_of(a.db, a.trainee)
    assert language_rows(room_url) == [("es", ana)]
    receive(b, room_url)  # Ana and her language arrive together
    ana_at_b = trainee_named(b.db, "Ana")
    assert b.db.trainee_language(ana_at_b) == "es"
    send(b, room_url)  # B agrees with the room: nothing sent back
    assert language_rows(room_url) == [("es", ana)]

    b.db.set_trainee_language(ana_at_b, None)  # back to the room's language, at B
    send(b, room_url)
    send(b, room_url)
    assert language_rows(room_url) == [("es", ana), (None, ana)]
    receive(a, room_url)
    assert a.db.trainee_language(a.trainee) is None
    send(a, room_url)
    receive(b, room_url)  # B's own choice came back as the newest: nothing changes
    assert b.db.trainee_language(ana_at_b) is None
    assert language_rows(room_url) == [("es", ana), (None, ana)]


def test_two_stations_choosing_before_either_sends_both_end_on_the_newest(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    ana_at_a, ana_at_b = ana_at_both(room_url, stations)
    a.db.set_trainee_language(ana_at_a, "es")  # first
    b.db.set_trainee_language(ana_at_b, "en")  # a moment later, at the other station
    send(a, room_url)
    send(b, room_url)
    receive(a, room_url)
    receive(b, room_url)
    assert a.db.trainee_language(ana_at_a) == "en"
    assert b.db.trainee_language(ana_at_b) == "en"
    # The newer choice sent first, the older one after: the newer still counts.
    b.db.set_trainee_language(ana_at_b, "es")  # older...
    a.db.set_trainee_language(ana_at_a, None)  # ...than this one
    send(a, room_url)
    receive(b, room_url)  # B's own "es" is older than the room's newest: B takes None
    send(b, room_url)
    receive(a, room_url)
    assert a.db.trainee_language(ana_at_a) is None
    assert b.db.trainee_language(ana_at_b) is None
    assert [language for language, _ in language_rows(room_url)] == ["es", "en", None]


def test_a_newer_choice_not_sent_yet_is_kept_when_the_room_has_an_older_one(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    ana_at_a, ana_at_b = ana_at_both(room_url, stations)
    a.db.set_trainee_language(ana_at_a, "es")
    send(a, room_url)
    b.db.set_trainee_language(ana_at_b, "en")  # newer, still only at B
    receive(b, room_url)  # the room's "es" is older: B keeps its own
    assert b.db.trainee_language(ana_at_b) == "en"
    send(b, room_url)
    receive(a, room_url)
    assert a.db.trainee_language(ana_at_a) == "en"


def test_a_choice_kept_before_times_were_kept_reaches_the_room_and_loses_to_a_timed_one(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    ana_at_a, ana_at_b = ana_at_both(room_url, stations)
    b.db.set_trainee_language(ana_at_b, "en")
    with a.db.conn:  # as an older trainer kept it: the language, no time
        a.db.conn.execute("INSERT INTO meta (key, value) VALUES (?, 'es')",
                          (LANGUAGE_KEY + uid_of(a.db, ana_at_a),))
    assert a.db.trainee_language(ana_at_a) == "es"
    send(a, room_url)
    send(b, room_url)
    with psycopg.connect(room_url) as conn:
        rows = conn.execute("SELECT language, chosen_at FROM trainee_languages"
                            " ORDER BY chosen_at").fetchall()
    assert [language for language, _ in rows] == ["es", "en"]
    assert rows[0][1].year == 2000  # trainee_language.BEFORE_THE_ROOM
    receive(a, room_url)
    assert a.db.trainee_language(ana_at_a) == "en"


def test_a_malformed_language_in_the_room_is_refused_in_a_sentence_and_the_rest_received(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    _ana_at_a, ana_at_b = ana_at_both(room_url, stations)  # so that B can follow her
    carla = a.db.create_trainee("Carla")
    a.db.set_trainee_language(carla, "es")
    a.answer(2)
    send(a, room_url)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(room_url) as conn:  # the server's admin, past every grant
        conn.execute("INSERT INTO stations (station) VALUES ('intruder')")
        conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at,"
                     " station) VALUES ('bad-1', %s, 'es-ES', now(), 'intruder')", (ana,))
    result = receive_result(b, room_url, ana)
    assert result.refused == (
        "the room: trainee_languages row bad-1: language: 'es-ES' is not a language code"
        ' (one of "en", "es"); this trainee\'s language here stays as it was',)
    assert b.db.trainee_language(ana_at_b) is None  # as it was: never chose here
    assert b.db.trainee_language(trainee_named(b.db, "Carla")) == "es"
    # Worked by hand: Carla, and Ana's (followed) session, its one round, two answers.
    assert result.merged == {"trainees": 1, "sessions": 1, "rounds": 1, "answers": 2}
    assert result.languages == 1  # Carla's


def test_a_well_formed_language_without_a_catalogue_here_is_kept(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    send(a, room_url)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(room_url) as conn:  # a station with a Portuguese catalogue
        conn.execute("INSERT INTO stations (station) VALUES ('porto')")
        conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at,"
                     " station) VALUES ('pt-1', %s, 'pt_BR', now(), 'porto')", (ana,))
    result = receive_result(b, room_url)
    assert result.refused == ()
    ana_at_b = trainee_named(b.db, "Ana")
    assert b.db.trainee_language(ana_at_b) == "pt_BR"
    from trainer.ui.trainee_language import sign_in_language

    own, problem = sign_in_language(b.db, ana_at_b, SiteConfig())  # signs in in English
    assert own == "pt_BR" and current_language() == "en"
    assert problem is not None and '"pt_BR" has no catalogue here' in problem


def test_any_trainees_language_can_be_set_by_a_row_written_straight_into_the_room(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """What a person with a station's account can do (docs/installing.md): write a
    choice in any trainee's name, under any station's id; the server still stamps it."""
    a, b = stations
    send(a, room_url)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at,"
                     " station) VALUES ('forged-1', %s, 'es', now(), %s)",
                     (ana, StationOutbox.of(a.db).station()))
    receive(a, room_url)
    receive(b, room_url)
    assert a.db.trainee_language(a.trainee) == "es"
    assert b.db.trainee_language(trainee_named(b.db, "Ana")) == "es"


def test_sign_in_at_the_second_station_shows_spanish_after_its_receiving_pass(
        room_url: str, stations: tuple[Station, Station], qapp: object) -> None:
    from trainer.ui.trainee_language import sign_in_language

    a, b = stations
    ana_at_a, ana_at_b = ana_at_both(room_url, stations)
    assert sign_in_language(b.db, ana_at_b, SiteConfig()) == (None, None)
    assert current_language() == "en"
    a.db.set_trainee_language(ana_at_a, "es")
    sync_once(StationOutbox.of(a.db), station_target(room_url))
    receive(b, room_url)
    assert sign_in_language(b.db, ana_at_b, SiteConfig()) == ("es", None)
    assert current_language() == "es"
    assert _("Room: connected") == "Sala: conectada"


def test_two_choices_made_at_the_same_moment_go_to_the_greater_uid_by_code_point(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    send(a, room_url)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        for uid, language in (("Z-1", "en"), ("a-1", "es")):  # "a" (97) after "Z" (90)
            conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at,"
                         " station) VALUES (%s, %s, %s, '2026-11-02T09:00:00Z', %s)",
                         (uid, ana, language, StationOutbox.of(a.db).station()))
    receive(a, room_url)
    receive(b, room_url)
    assert a.db.trainee_language(a.trainee) == "es"
    assert b.db.trainee_language(trainee_named(b.db, "Ana")) == "es"


def test_the_status_bar_names_a_language_choice_the_station_did_not_take(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """The worker's receiving pass refuses the malformed row (as above) and the status bar
    says so, naming it, after the passes that follow as well (the row is not read again)."""
    a, b = stations
    _ana_at_a, _ana_at_b = ana_at_both(room_url, stations)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(room_url) as conn:  # the server's admin, past every grant
        conn.execute("INSERT INTO stations (station) VALUES ('intruder')")
        conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at,"
                     " station) VALUES ('bad-1', %s, 'es-ES', now(), 'intruder')", (ana,))
    worker = RoomWorker(b.path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        first = worker.wait_for(lambda status: bool(status.not_taken), 20)
        assert first is not None
        passes = first.last_sent
        later = worker.wait_for(lambda status: status.last_sent != passes, 20)
    finally:
        assert worker.stop()
    assert later is not None and later.state is RoomState.CONNECTED
    assert status_sentence(later) == (
        "Room: connected — not taken from the room: the room: trainee_languages row bad-1:"
        " language: 'es-ES' is not a language code (one of \"en\", \"es\"); this trainee's"
        " language here stays as it was")

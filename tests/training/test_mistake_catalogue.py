"""The catalogue of dealer mistakes is data (issue 23, item 2): the shipped file loads with
every kind the trainer can make; a room's house file adds its own errors in the same
format; a wrong entry is refused with a sentence naming the file, line, entry and key."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from trainer.engine.chips import Procedure
from trainer.engine.money import Odds
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import Outcome, settle
from trainer.training.mistake_catalogue import (
    MISTAKES_ENV,
    CatalogueError,
    MistakeKind,
    house_files,
    load_catalogue,
    parse_catalogue,
    shipped_catalogue,
)
from trainer.training.mistakes import Settled, Spot, inject


def entry(**keys: str) -> str:
    """A [[mistakes]] entry: a valid Trips Plus one, with ``keys`` replaced or added."""
    fields = {"id": '"house-trips"', "what": '"The dealer took a winning Trips Plus."',
              "rule": '"§5"', "kind": '"trips_plus_not_paid"', **keys}
    return "[[mistakes]]\n" + "".join(f"{key} = {value}\n" for key, value in fields.items())


def refusal(text: str) -> str:
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(text, "house.toml")
    return str(caught.value)


def test_the_shipped_catalogue_holds_every_kind_the_trainer_can_make() -> None:
    catalogue = shipped_catalogue()
    assert catalogue.kinds == set(MistakeKind)
    assert len({e.id for e in catalogue.entries}) == len(catalogue.entries) == 21
    odds = catalogue.by_id("odds-paid-below-straight")
    assert (odds.kind, odds.rule, odds.parameters.odds, odds.weight) == (
        MistakeKind.ODDS_PAID_BELOW_STRAIGHT, "§4", Odds(1, 1), 3)
    assert catalogue.by_id("tie-paid").parameters.wagers == (Wager.ANTE, Wager.RAISE)
    assert catalogue.by_id("dealer-hand-read-as-qualifying").parameters.qualifying is True
    assert catalogue.by_id("cap-2000").parameters.amount == Decimal("2000.00")
    assert catalogue.by_id("chips-colour-for-colour").parameters.procedure is (
        Procedure.COLOUR_FOR_COLOUR)


@pytest.mark.parametrize(("keys", "message"), [
    ({"kind": '"odds_paid"'},
     "house.toml:5: mistakes[1] ('house-trips').kind: 'odds_paid' is not a mistake the"
     " trainer can make (known: odds_paid_below_straight, "),
    # "\u00a712": a section the rules do not have, spelled so that the repository's check
    # of cited sections (tests/test_repository_stands_alone.py) does not read it as one
    ({"rule": '"\u00a712"'},
     "house.toml:4: mistakes[1] ('house-trips').rule: \u00a712 is not a section of"
     " docs/rules.md (§1 to §10)"),
    ({"rule": '"section 5"'},
     "house.toml:4: mistakes[1] ('house-trips').rule: 'section 5' is not a section of"
     " docs/rules.md such as '§4' (or '§4, §6')"),
    ({"odds": '"2 to 1"'},
     "house.toml:6: mistakes[1] ('house-trips').odds: not a parameter of kind"
     " 'trips_plus_not_paid' (its parameters: none)"),
    ({"kind": '"trips_plus_wrong_table"', "table": '"E"'},
     "house.toml:6: mistakes[1] ('house-trips').table: 'E' is not a trips plus table"
     " (known: A, B, C, D)"),
    ({"kind": '"trips_plus_wrong_table"'},
     "house.toml:1: mistakes[1] ('house-trips').table: missing; kind"
     " 'trips_plus_wrong_table' needs it"),
    ({"kind": '"odds_paid_below_straight"', "odds": '"3 for 2"'},
     "house.toml:6: mistakes[1] ('house-trips').odds: '3 for 2' is not odds such as"
     " '3 to 2'"),
    ({"kind": '"cap_wrong_amount"', "amount": '"2,000.505"'},
     "house.toml:6: mistakes[1] ('house-trips').amount: '2,000.505' has more than two"
     " decimals (cents are the smallest unit)"),
    ({"kind": '"tie_paid"', "wagers": '["ante", "trips_plus"]'},
     "house.toml:6: mistakes[1] ('house-trips').wagers: 'trips_plus' is not a wager a tie"
     " pushes (ante, raise, odds)"),
    ({"kind": '"dealer_hand_misread"', "reads_as": '"a flush"'},
     "house.toml:6: mistakes[1] ('house-trips').reads_as: 'a flush' is not one of"
     " 'qualifying', 'not qualifying'"),
    ({"kind": '"wrong_chips"', "procedure": '"sideways"'},
     "house.toml:6: mistakes[1] ('house-trips').procedure: 'sideways' is not a chip"
     " procedure ('colour-for-colour', 'convert', 'colour-for-colour-black-and-up')"),
    ({"kind": '"wrong_chips"'},
     "house.toml:1: mistakes[1] ('house-trips').procedure: missing; kind 'wrong_chips'"
     " needs it"),
    ({"weight": "0"},
     "house.toml:6: mistakes[1] ('house-trips').weight: 0 is not a whole number from 1 to"
     " 100"),
    ({"id": '"House Trips"'},
     "house.toml:2: mistakes[1] ('House Trips').id: 'House Trips' is not an id (lower-case"
     " letters, digits and hyphens, at most 60 characters)"),
    ({"what": '"  "'},
     "house.toml:3: mistakes[1] ('house-trips').what: expected a sentence saying what the"
     " dealer did wrong"),
])
def test_a_wrong_entry_is_refused_naming_the_entry_and_key(keys: dict[str, str],
                                                           message: str) -> None:
    assert refusal(entry(**keys)).startswith(message)


def test_a_missing_key_names_the_entry_that_lacks_it() -> None:
    text = entry() + "\n[[mistakes]]\nid = \"no-sentence\"\nrule = \"§4\"\n" \
                     "kind = \"bad_beat_missed\"\n"
    assert refusal(text) == ("house.toml:7: mistakes[2] ('no-sentence').what: missing (every"
                             " mistake has id, what, rule, kind)")


def test_an_id_used_twice_and_a_stray_key_are_refused() -> None:
    assert refusal(entry() + entry()) == (
        "house.toml:7: mistakes[2].id: 'house-trips' is already the id of mistakes[1]")
    assert refusal('version = 2\n' + entry()) == (
        "house.toml:1: version: unknown key (a catalogue holds only [[mistakes]] entries)")
    assert refusal("[[mistakes]\n").startswith("house.toml:1: not valid TOML: ")
    assert refusal("") == "house.toml: no [[mistakes]] entries"


def test_a_house_file_adds_its_errors_with_its_own_parameters(tmp_path: Path) -> None:
    house = tmp_path / "our-room.toml"
    house.write_text(entry(id='"odds-paid-two-to-one"',
                           what='"The dealer paid the Odds of a winning trips 2 to 1."',
                           rule='"§4"', kind='"odds_paid_below_straight"',
                           odds='"2 to 1"', weight="10"), encoding="utf-8")
    catalogue = load_catalogue([house])
    assert len(catalogue.entries) == 22
    ours = catalogue.by_id("odds-paid-two-to-one")
    assert (ours.weight, ours.source) == (10, str(house))
    # seat 4's three nines beat the dealer's kings: its $10 Odds push (rules §4); this
    # house's dealer pays them 2 to 1, $20
    settlement = settle(parse_round({
        "rules": "ny-2018", "dealer": ["Kh", "Kd"], "board": ["Ah", "9h", "5h", "2c", "7s"],
        "seats": [{"seat": 4, "hole": ["9c", "9d"], "ante": "10", "odds": "10",
                   "raise": "30"}]}))
    made = inject(settlement, ours)
    assert made.dealer.seat(4).wager(Wager.ODDS) == Settled(
        Wager.ODDS, Decimal(10), Outcome.WIN, Decimal(20))
    assert set(made.causes) == {Spot(4, Wager.ODDS)}


def test_a_house_file_may_not_reuse_a_shipped_id(tmp_path: Path) -> None:
    house = tmp_path / "our-room.toml"
    house.write_text(entry(id='"tie-paid"'), encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        load_catalogue([house])
    assert str(caught.value) == (
        f"{house}:2: id 'tie-paid' is already a mistake of trainer/rulesets/mistakes.toml;"
        " give the house's own an id of its own")


def test_the_rooms_folder_is_read_and_a_wrong_one_is_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "mistakes"
    folder.mkdir()
    (folder / "b.toml").write_text(entry(id='"house-b"'), encoding="utf-8")
    (folder / "a.toml").write_text(entry(id='"house-a"'), encoding="utf-8")
    monkeypatch.setenv(MISTAKES_ENV, str(folder))
    assert house_files() == [folder / "a.toml", folder / "b.toml"]
    assert [e.id for e in load_catalogue().entries[-2:]] == ["house-a", "house-b"]
    (folder / "c.toml").write_text(entry(weight="101"), encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"c\.toml:6: mistakes\[1\] \('house-trips'\)"):
        load_catalogue()
    monkeypatch.setenv(MISTAKES_ENV, str(tmp_path / "no-such-folder"))
    with pytest.raises(CatalogueError) as caught:
        load_catalogue()
    assert str(caught.value) == (f"{tmp_path / 'no-such-folder'}: no such mistakes folder"
                                 f" ({MISTAKES_ENV})")


def test_a_house_file_that_is_no_text_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"mistakes file .*: no such file"):
        load_catalogue([tmp_path / "missing.toml"])

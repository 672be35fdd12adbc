"""The settle contract (docs/settle-contract.md) through the real command,
and the human-readable ``explain`` command."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from engine_support import json_lines, make_round, parse_lines, run_cli, seat, settle_json

from trainer import selfcheck

REPO = Path(__file__).resolve().parents[2]

# The example round, shipped as trainer/settle_example.json (the self-check settles it too).
EXAMPLE_ROUND = selfcheck.settle_example()

# Its settlement, worked by hand from docs/rules.md (and printed in docs/settle-contract.md):
# dealer As Kd on 2c 7c 9c Jd Qs is ace high and does not qualify; seat 2 folded; seat 6's
# pair of aces wins: ante pushes, raise pays 1 to 1, odds push (a pair is not on the odds
# table), Trips Plus loses, Pocket Bonus table A pays a pair of aces 30 to 1.
EXAMPLE_SETTLEMENT = {
    "dealer": {"hand": "high card", "cards": ["As", "Kd", "Qs", "Jd", "9c"], "qualifies": False},
    "order": [2, 6],
    "seats": [
        {"seat": 2, "hand": "high card", "cards": ["Qs", "Jd", "9c", "8s", "7c"],
         "result": "fold",
         "wagers": {"ante": {"outcome": "lose", "amount": "-5.00"},
                    "odds": {"outcome": "lose", "amount": "-5.00"},
                    "pocket_bonus": {"outcome": "lose", "amount": "-2.00"}},
         "total": "-12.00", "capped": False},
        {"seat": 6, "hand": "one pair", "cards": ["Ah", "Ad", "Qs", "Jd", "9c"],
         "result": "win",
         "wagers": {"ante": {"outcome": "push", "amount": "0.00"},
                    "raise": {"outcome": "win", "amount": "30.00"},
                    "odds": {"outcome": "push", "amount": "0.00"},
                    "trips_plus": {"outcome": "lose", "amount": "-5.00"},
                    "pocket_bonus": {"outcome": "win", "amount": "150.00"}},
         "total": "175.00", "capped": False},
    ],
}  # fmt: skip


def test_contract_example_settles_exactly_in_process() -> None:
    assert settle_json(copy.deepcopy(EXAMPLE_ROUND)) == EXAMPLE_SETTLEMENT


def test_shipped_example_is_the_round_and_settlement_the_contract_prints() -> None:
    markdown = (REPO / "docs" / "settle-contract.md").read_text("utf-8")
    round_, settlement = re.findall(r"```json\n(.*?)```", markdown, re.DOTALL)[:2]
    assert json.loads(round_) == EXAMPLE_ROUND
    assert json.loads(settlement) == EXAMPLE_SETTLEMENT


def test_self_check_expects_the_settlement_worked_by_hand() -> None:
    assert selfcheck.SETTLE_EXPECTED == EXAMPLE_SETTLEMENT


def test_contract_example_settles_exactly_through_the_command() -> None:
    result = run_cli("settle", stdin=json.dumps(EXAMPLE_ROUND) + "\n")
    assert result.returncode == 0, result.stderr
    assert parse_lines(result.stdout) == [EXAMPLE_SETTLEMENT]


def test_contract_example_wager_keys_are_in_settlement_order() -> None:
    result = run_cli("settle", stdin=json.dumps(EXAMPLE_ROUND) + "\n")
    line = json.loads(result.stdout)
    assert list(line["seats"][1]["wagers"]) == list(EXAMPLE_SETTLEMENT["seats"][1]["wagers"])


def _numbered_round(index: int) -> dict:
    """A valid round whose settlement reveals ``index``: the ante is index % 9 + 1."""
    ante = index % 9 + 1
    return make_round("Kd 4c", "Kh 9d 6c 3s 2h", [seat(1 + index % 6, "Qs Jc", ante=str(ante))])


def test_settle_streams_one_line_per_round_in_order_with_error_lines_in_place() -> None:
    # 700 rounds cross the command's batch size; every 50th round is refused.
    rounds: list[object] = []
    for index in range(700):
        data = _numbered_round(index)
        if index % 50 == 7:
            data["seats"][0]["odds"] = "99"
        rounds.append(data)
    result = run_cli("settle", stdin=json_lines(rounds))
    assert result.returncode == 2
    outputs = parse_lines(result.stdout)
    assert len(outputs) == 700
    for index, output in enumerate(outputs):
        if index % 50 == 7:
            assert "seat" in output["error"] and "99" in output["error"]
        else:
            ante = index % 9 + 1
            only = output["seats"][0]
            assert only["seat"] == 1 + index % 6
            assert only["wagers"]["ante"] == {"outcome": "lose", "amount": f"-{ante}.00"}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_settle_skips_blank_lines(jobs: str) -> None:
    first = json.dumps(_numbered_round(1))
    second = json.dumps(_numbered_round(2))
    stdin = f"\n{first}\n\n   \n\t\n{second}\n\n"
    result = run_cli("settle", "--jobs", jobs, stdin=stdin)
    assert result.returncode == 0, result.stderr
    outputs = parse_lines(result.stdout)
    assert len(outputs) == 2
    assert outputs[0]["seats"][0]["wagers"]["ante"]["amount"] == "-2.00"
    assert outputs[1]["seats"][0]["wagers"]["ante"]["amount"] == "-3.00"


def test_settle_exit_0_when_every_round_settled() -> None:
    result = run_cli("settle", stdin=json_lines(_numbered_round(i) for i in range(5)))
    assert result.returncode == 0
    assert len(parse_lines(result.stdout)) == 5


def test_settle_exit_0_on_empty_input() -> None:
    result = run_cli("settle", stdin="")
    assert result.returncode == 0
    assert result.stdout == ""


@pytest.mark.parametrize("bad_line", ["[]", "{}", "not json", '"round"', "42"])
def test_settle_exit_2_when_a_round_is_rejected_and_others_still_settle(bad_line: str) -> None:
    good = json.dumps(_numbered_round(0))
    result = run_cli("settle", stdin=f"{good}\n{bad_line}\n{good}\n")
    assert result.returncode == 2
    first, error, last = parse_lines(result.stdout)
    assert set(error) == {"error"} and error["error"]
    assert first == last and "error" not in first


def test_settle_error_line_names_the_field_and_value() -> None:
    data = copy.deepcopy(EXAMPLE_ROUND)
    data["seats"][0]["raise"] = "40"
    result = run_cli("settle", stdin=json.dumps(data) + "\n")
    assert result.returncode == 2
    error = json.loads(result.stdout)["error"]
    assert "seat 6.raise" in error and "40" in error


def test_settle_rules_option_is_the_default_for_rounds_that_name_none() -> None:
    # A 6-Card Bonus is offered only by the house rules.
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [seat(1, "7h 7s", ante="5", six_card_bonus="5")],
        rules=None,
        six_card_bonus_cards=["7c", "7d", "2s", "3d"],
    )
    house = run_cli("settle", "--rules", "house", stdin=json.dumps(data) + "\n")
    assert house.returncode == 0, house.stdout
    settled = json.loads(house.stdout)
    assert settled["seats"][0]["wagers"]["six_card_bonus"] == {
        "outcome": "win",
        "amount": "250.00",  # four sevens, $5 wager
    }
    default = run_cli("settle", stdin=json.dumps(data) + "\n")
    assert default.returncode == 2
    assert "ny-2018" in json.loads(default.stdout)["error"]


def test_round_naming_its_rules_overrides_the_rules_option() -> None:
    # A winning flush: New York odds 3 to 2 on $10 = 15.00; house 2 to 1 = 20.00.
    data = make_round("Jc 5s", "2h 7h 9h Jh 3c", [seat(1, "4h Td")], rules="ny-2018")
    result = run_cli("settle", "--rules", "house", stdin=json.dumps(data) + "\n")
    assert json.loads(result.stdout)["seats"][0]["wagers"]["odds"]["amount"] == "15.00"
    del data["rules"]
    result = run_cli("settle", "--rules", "house", stdin=json.dumps(data) + "\n")
    assert json.loads(result.stdout)["seats"][0]["wagers"]["odds"]["amount"] == "20.00"


def test_settle_unknown_rules_option_is_refused() -> None:
    result = run_cli("settle", "--rules", "atlantis", stdin=json.dumps(EXAMPLE_ROUND) + "\n")
    assert result.returncode == 2
    assert "atlantis" in result.stderr


def test_settle_normalises_card_text_on_output() -> None:
    # "10d" in, "Td" out; "tc" in, "Tc" out; every rank upper-case, every suit lower-case.
    data = make_round("AS kd", "10d jS qh 2C 3h", [seat(1, "tc 9C")])
    result = run_cli("settle", stdin=json.dumps(data) + "\n")
    assert result.returncode == 0, result.stdout
    settled = json.loads(result.stdout)
    assert settled["dealer"]["hand"] == "straight"
    assert settled["dealer"]["cards"] == ["As", "Kd", "Qh", "Js", "Td"]
    player = settled["seats"][0]
    assert player["hand"] == "one pair"
    assert sorted(player["cards"]) == sorted(["Tc", "Td", "Qh", "Js", "9c"])


def test_ten_written_10d_and_td_are_the_same_card() -> None:
    data = make_round("As Kd", "10d Js Qh 2c 3d", [seat(1, "td 9c")])
    result = run_cli("settle", stdin=json.dumps(data) + "\n")
    assert result.returncode == 2
    error = json.loads(result.stdout)["error"]
    assert "duplicate" in error and "Td" in error


def test_settle_writes_upper_case_rank_lower_case_suit_for_every_card() -> None:
    data = make_round("AS kd", "10c jS qh 2C 3d", [seat(1, "tH 9c"), seat(2, "10s 8H")])
    result = run_cli("settle", stdin=json.dumps(data) + "\n")
    settled = json.loads(result.stdout)
    all_cards = list(settled["dealer"]["cards"])
    for entry in settled["seats"]:
        all_cards += entry["cards"]
    assert all(
        card[0] in "23456789TJQKA" and card[1] in "shdc" and len(card) == 2 for card in all_cards
    )
    assert "Tc" in settled["dealer"]["cards"]
    assert {"Th", "Ts"} <= {card for entry in settled["seats"] for card in entry["cards"]}


def test_settle_accepts_amounts_as_numbers() -> None:
    data = copy.deepcopy(EXAMPLE_ROUND)
    for entry in data["seats"]:
        for key in ("ante", "odds", "raise", "trips_plus", "pocket_bonus"):
            if key in entry:
                entry[key] = int(entry[key])
    result = run_cli("settle", stdin=json.dumps(data) + "\n")
    assert parse_lines(result.stdout) == [EXAMPLE_SETTLEMENT]


# --- explain -----------------------------------------------------------------------------------


def test_explain_prints_dealer_hand_qualification_seats_in_order_and_reasons() -> None:
    result = run_cli(
        "explain",
        "--rules", "ny-2018",
        "--trips-plus-table", "A",
        "--pocket-bonus-table", "A",
        "--dealer", "As Kd",
        "--board", "2c 7c 9c Jd Qs",
        "--seat", "6: Ah Ad ante=10 raise=30 trips=5 pocket=5",
        "--seat", "2: 8s 3d ante=5 fold pocket=2",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    text = result.stdout
    dealer_line = next(line for line in text.splitlines() if line.startswith("Dealer:"))
    assert "As Kd" in dealer_line and "ace high" in dealer_line
    assert "not qualify" in text.lower()
    assert text.index("Seat 2:") < text.index("Seat 6:")
    assert "Pocket Bonus $5.00 pays 30 to 1" in text
    assert "$150.00" in text
    seat2 = text[text.index("Seat 2:") : text.index("Seat 6:")]
    assert "fold" in seat2.lower()
    assert "-$12.00" in seat2
    seat6 = text[text.index("Seat 6:") :]
    assert "pair of aces" in seat6
    assert "$175.00" in seat6
    assert "Raise $30.00 pays 1 to 1" in seat6


def test_explain_refuses_a_bad_round_with_exit_2_naming_the_field() -> None:
    result = run_cli(
        "explain",
        "--dealer", "As Kd",
        "--board", "2c 7c 9c Jd Qs",
        "--seat", "6: Ah Ad ante=10 raise=40",
    )  # fmt: skip
    assert result.returncode == 2
    assert "seat 6.raise" in result.stderr and "40" in result.stderr

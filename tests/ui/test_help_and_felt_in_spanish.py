"""F1's keys and rules sheet and the felt's inscriptions in Spanish (issue 24).

The sheet shows the keys of the language in use, read from the answers' own word table
(trainer.training.answer_words): in Spanish S/N, G/P/E, E/C and, in chip mode, C/E for
take and push (never English's T/P, where P would be *perder*); the pay tables' captions,
the raises and the cap from the catalogue, brand names kept. Qt's own buttons follow
the language too. English is unchanged (test_help_window, test_table_inscriptions)."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from trainer.engine.round import Wager, parse_round
from trainer.i18n import NumberFormat, set_language, set_number_format
from trainer.training.answer_words import WORDS
from trainer.ui.help_window import answer_keys, chip_keys, keys_html, rules_html
from trainer.ui.qt_language import follow_language
from trainer.ui.table.inscriptions import cap_text, pay_tables, raise_text
from trainer.ui.table.items import spot_name

ROUND = {
    "rules": "house",
    "dealer": ["4c", "4d"],
    "board": ["Qh", "Jh", "Th", "2c", "3d"],
    "seats": [{"seat": 2, "hole": ["5c", "5s"], "ante": "5", "odds": "5", "raise": "5"}],
}


def test_the_sheet_shows_the_spanish_answer_keys(spanish: None) -> None:
    keys = dict(answer_keys())
    assert keys["S / N"] == "¿Califica el crupier? sí o no"
    assert keys["G / P / E"] == "El resultado del asiento: gana, pierde o empate"
    assert keys["E / C"] == "Una apuesta queda en empate / se cobra"
    assert "g 10 30 15 c" in keys
    hands = keys["nombres de jugadas"]
    assert hands.startswith("carta alta, pareja, doble pareja, trío, escalera, color, full,"
                            " póker, escalera de color, escalera real;")
    assert hands.endswith("p. ej. color As Ks 9s 7s 2s")
    assert not {"Y / N", "W / L / T", "P / T"} & set(keys)


def test_the_keys_come_from_the_answer_word_table(spanish: None) -> None:
    """Each one-letter key shown is one the Spanish answers read as that answer."""
    words = WORDS["es"]
    assert {"s", "n"} <= words.yes | words.no
    assert {key: words.results[key].value for key in "gpe"} == {
        "g": "win", "p": "lose", "e": "tie"}
    assert "e" in words.push and "c" in words.take
    chips = dict(chip_keys())
    assert chips["C / E"] == ("Cobrar la apuesta perdedora (sus fichas van a la bandeja)"
                              " / dejarla en empate")
    assert "T / P" not in chips


def test_the_english_sheet_is_unchanged() -> None:
    keys = dict(answer_keys())
    assert keys["Y / N"] == "Does the dealer qualify? yes or no"
    assert keys["W / L / T"] == "The seat's result: win, lose or tie"
    assert keys["P / T"] == "A wager pushes / is taken"
    assert keys["an amount"] == "A payout: 15, $15.00, 7.5 or 1,000"
    assert "T / P" in dict(chip_keys())


def test_amounts_on_the_sheet_in_the_rooms_format(spanish: None) -> None:
    set_number_format(NumberFormat.COMMA)
    assert dict(answer_keys())["una cantidad"] == "Un pago: 15, $15,00, 7,5 o 1.000"


def test_the_sheet_and_the_rules_page_headings_in_spanish(spanish: None) -> None:
    html = keys_html([])
    assert "<h2>Teclado</h2>" in html and "<h3>Pagar con fichas</h3>" in html
    rules = rules_html(parse_round(ROUND))
    assert "Orden de liquidación (reglas §7)" in rules
    assert "desde el asiento 6 (la derecha del crupier) hacia el asiento 1" in rules
    assert "El crupier califica con pareja o mejor" in rules


def test_the_felts_inscriptions_in_spanish(spanish: None) -> None:
    round_ = parse_round(ROUND)
    assert raise_text(parse_round({**ROUND, "rules": "ny-2018"}).ruleset) == (
        "Subida de 1x-3x antes del flop, 1x-2x en el flop, 1x tras el river")
    tables = {table.key: table for table in pay_tables(round_)}
    assert tables["odds_win"].title == "APUESTA ODDS"
    assert tables["odds_win"].rows[0] == ("Escalera real", "500 a 1")  # 500 to 1
    assert tables["bad_beat"].title == "BONO BAD BEAT"
    assert tables["trips_plus"].title == "TRIPS PLUS"  # a brand name, untranslated
    pocket = tables["pocket_bonus"]
    assert pocket.subtitle.startswith("las dos cartas propias \u00b7 tabla ")
    assert pocket.rows[0][0] == "Pareja de ases"
    assert all(odds.endswith(" a 1") for _hand, odds in pocket.rows)


def test_the_spots_on_the_felt_in_spanish(spanish: None) -> None:
    """The Raise is SUBIDA on the felt as in every list; Ante, Odds and the side bets keep
    the names the layout prints (the glossary)."""
    assert spot_name(Wager.RAISE) == "SUBIDA"
    assert spot_name(Wager.PROGRESSIVE) == "PROGRESIVO"
    assert [spot_name(w) for w in (Wager.ANTE, Wager.ODDS, Wager.TRIPS_PLUS)] == [
        "ANTE", "ODDS", "TRIPS PLUS"]
    set_language("en")
    assert spot_name(Wager.RAISE) == "RAISE"


def test_the_cap_in_spanish_and_the_rooms_format(spanish: None) -> None:
    set_number_format(NumberFormat.COMMA)
    ruleset = parse_round(ROUND).ruleset  # house: a $3,000 cap
    assert ruleset.max_aggregate_payout == Decimal(3000)
    assert cap_text(ruleset) == "Pago máximo total de $3.000 a un jugador por ronda"


def test_qts_own_buttons_follow_the_language(qtbot: QtBot) -> None:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    cancel = box.button(QDialogButtonBox.StandardButton.Cancel)
    try:
        assert follow_language("es")  # Qt posts the language change to every widget
        qtbot.waitUntil(lambda: cancel.text() == "Cancelar")
    finally:
        assert follow_language("en")
    qtbot.waitUntil(lambda: cancel.text() == "Cancel")

"""F1's key list has a section for chip mode (issue 22, item 3: everything possible without
the mouse, so the keys are written where a trainee looks them up): a chip's key, a count
before it, Space, Backspace, Escape, Enter, T and P, Left and Right in a seat's line."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from trainer.training.session import TrainingSettings
from trainer.ui.help_window import keys_html
from trainer.ui.main_window import MainWindow


def test_the_key_list_has_a_pay_with_chips_section_with_every_chip_key(qtbot: QtBot) -> None:
    main = MainWindow(TrainingSettings(seed=3, sound=False, chip_mode=True))
    qtbot.addWidget(main)
    main.show()
    main.next_hand()
    main.open_help()
    assert main.help_window is not None
    text = main.help_window.keys.toPlainText()
    chips = text[text.index("Pay with chips"):]  # the chip keys, after the typed ones
    for keys, words in (("1-7", "its key is shown under it"),
                        ("4 then 3", "four of the third chip"),
                        ("Space", "Between two different chips"),
                        ("Backspace", "The top chip back"),
                        ("Esc", "The whole payout back"),
                        ("Enter", "Pay the stack"),
                        ("T / P", "Take the losing wager"),
                        ("Left / Right", "In a seat's line")):
        assert keys in chips and words in chips, keys
    # the typed answers' keys come first, as before
    assert text.index("an amount") < text.index("Pay with chips")
    main.help_window.close()
    main.close()


def test_the_chip_keys_are_a_table_of_their_own() -> None:
    html = keys_html([])
    section = html[html.index("<h3>Pay with chips</h3>"):]
    assert section.count("<table") == 1
    assert "<b>Esc</b></td><td>The whole payout back to the rack" in section

"""Help (F1): the keys and the rules of the table in force, beside the table.

A window that stays open next to the practice window (it is not modal), with
two pages: every key the trainer answers to (the menu commands are read from
the window's own actions, so the sheet cannot drift from the bindings), and
the rules of the rule set on the table now: who qualifies, the permissible
raises, the cap, every pay table as printed on the felt, and the order in
which the dealer settles the seats. Nothing here computes a payout: the pay
tables are the engine's, as the felt shows them.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from functools import partial
from html import escape

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QTabWidget, QTextBrowser, QVBoxLayout, QWidget

from trainer.engine.round import Round
from trainer.i18n import N_, _, in_room_format, local_dollars
from trainer.training.answer_words import (
    ENGLISH_CATEGORIES,
    SPANISH_CATEGORIES,
    WORDS,
    AnswerWords,
    answer_words,
)
from trainer.ui.table.inscriptions import pay_tables, rule_lines
from trainer.ui.text_scale import follow_window_text, scaled_size


def _native(keys: str) -> str:
    """A key's name as Qt writes it on this system in the language in force (Qt's own
    translation): the same words as the menu commands' keys above them."""
    return QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)


def _letter(words: AnswerWords, name: str) -> str:
    """The one-letter key of a quick answer (``yes``, ``win``, ``push`` ...): the first
    letter of the word that language's button types (Y, W, P in English; S, G, E in
    Spanish), so the sheet shows the keys the answers read."""
    return words.keys[name][0].upper()


def answer_keys(words: AnswerWords | None = None) -> list[tuple[str, str]]:
    """The typed answers' keys, in the language in use (its keys from its word table)."""
    words = words or answer_words()
    key = partial(_letter, words)
    hands = ", ".join(names[0] for names in hand_names(words))
    flush = hand_names(words)[5][0]  # the flush's name, for the example
    return [
        (_native("Enter"), _("Answer with what is typed (or deal the next hand when the round is"
                       " over)")),
        (f"{key('yes')} / {key('no')}", _("Does the dealer qualify? yes or no")),
        (f"{key('win')} / {key('lose')} / {key('tie')}",
         _("The seat's result: win, lose or tie")),
        (_("an amount"), _("A payout: {whole}, {dollars}, {half} or {thousand}", whole="15",
                           dollars=local_dollars(Decimal(15)), half=in_room_format("7.5"),
                           thousand=in_room_format("1,000"))),
        (f"{key('push')} / {key('take')}", _("A wager pushes / is taken")),
        ("1-6", _("The seat to settle next (or click the seat)")),
        (_("hand words"), _("{hands}; or with the ranks, as the explanations say them: king"
                            " high, pair of fours, two pair, sixes and fours, three kings,"
                            " kings full of nines, ace-high flush (ranks named must be"
                            " right); the dealer's hand with its five cards, e.g. {example}",
                            hands=hands, example=flush + " As Ks 9s 7s 2s")),
        (f"{key('win').lower()} 10 30 15 {key('take').lower()}",
         _("A whole seat in one line, when its result is asked: the result, then each wager"
           " in the order asked (amount, {push} or {take}) and its capped total; graded one"
           " by one, or refused whole if a part is wrong", push=key("push").lower(),
           take=key("take").lower())),
        (_("click cards"), _("Pick the dealer's five cards that play (or the two that do"
                             " not), then type the hand")),
    ]


def hand_names(words: AnswerWords) -> list[tuple[str, ...]]:
    """Each hand's names in ``words``'s language, weakest first, the shown name first."""
    table = SPANISH_CATEGORIES if words is WORDS.get("es") else ENGLISH_CATEGORIES
    return [table[category] for category in sorted(table, key=lambda c: c.strength)]


def course_keys() -> list[tuple[str, str]]:
    """Keys of the course window, which has no menu of its own to read them from."""
    return [
        (_native("Ctrl+D"), _("In the course: practise what is due (on the lesson list), or"
                              " drill the lesson open")),
        (f"{_native('Ctrl+P')} / {_native('F1')}",
         _("From the course and My progress too: my progress, this help")),
    ]


def mistake_keys() -> list[tuple[str, str]]:
    """Keys of the Spot the dealer's mistake window (trainer.ui.mistakes_window)."""
    return [
        (f"{_native('Up')} / {_native('Down')}",
         _("In Spot the dealer's mistake: choose a wager, a capped total or the order (or"
           " click a seat)")),
        (_native("Enter"), _("There: mark the chosen spot with the right settlement typed"
                             " ({amount}, push, take; a total {total}; the order 1 6 4 3)",
                             amount=in_room_format("7.50"), total=in_room_format("3,000"))),
        (_native("Delete"), _("There: unmark the chosen spot")),
        (_native("Ctrl+Enter"), _("There: done (no marks: \u201call correct\u201d); graded"
                                  " and explained")),
        (_native("Ctrl+N"), _("There: the next round (in an exam, the next exercise)")),
    ]


def procedure_keys() -> list[tuple[str, str]]:
    """Keys of the Run the round window (trainer.ui.procedure_window)."""
    return [
        (f"{_native('A')} / {_native('R')}",
         _("In Run the round: accept / refuse the wager or the player's action shown")),
        ("1-6", _("There: the seat that receives the next card, or is cleared next (or click"
                  " the seat)")),
        (f"{_native('D')} / {_native('B')} / {_native('X')}",
         _("There: the dealer (clearing: the dealer's cards and the board) / the board / the"
           " 6-Card Bonus cards")),
        (_native("Enter"), _("There: give the settlement answer typed, as in practice")),
        (_native("Ctrl+N"), _("There: the next round (in a table test, once a round is run)")),
    ]


def chip_keys(words: AnswerWords | None = None) -> list[tuple[str, str]]:
    """Keys of chip mode (Settings, Pay with chips; an exam set-up may require it): a
    payout built from the rack under the table (trainer.ui.round_controller); take and
    push are the language's keys (T and P; in Spanish C and E)."""
    key = partial(_letter, words or answer_words())
    return [
        ("1-7", _("A chip of the rack on the payout: its key is shown under it (1 the"
                  " smallest; up to 9 for a larger rack). While a payout is built, digits are"
                  " chips, not seats")),
        (_("4 then 3"), _("A count, then a chip's key: four of the third chip (repeated"
                          " presses add one each)")),
        (_native("Space"), _("Between two different chips (1 Space 4: a $1, then a $25); at"
                             " a seat's result, the result then Space starts the whole seat's"
                             " line")),
        (_native("Backspace"), _("The top chip back to the rack (or click the payout stack)")),
        (_native("Esc"), _("The whole payout back to the rack: build it again, never patch it")),
        (_native("Enter"), _("Pay the stack built (in a seat's line: pay the line)")),
        (f"{key('take')} / {key('push')}",
         _("Take the losing wager (its chips go to the rack) / push it")),
        (f"{_native('Left')} / {_native('Right')}",
         _("In a seat's line: the payout before / the next one")),
        (_("click / drag"), _("A rack chip clicked, or dragged onto the table, goes on the"
                              " payout")),
    ]


SETTLEMENT_ORDER = (
    N_("Seats that folded with only the ante and odds were collected as they folded, "
       "from seat 1 (the dealer's left) up."),
    N_("Folded seats that still have a side wager (Pocket Bonus, Trips Plus, 6-Card Bonus, "
       "progressive) are settled next, from seat 6 (the dealer's right) toward seat 1."),
    N_("Then the seats that raised, from seat 6 toward seat 1: each seat's every wager."),
)
"""The dealer's order (rules §7), as engine.order.settlement_order applies it."""


def keys_html(actions: list[QAction]) -> str:
    """The shortcut sheet: the window's menu commands with keys, then the answer keys."""
    rows = []
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys:
            rows.append((keys, action.text().replace("&", "").rstrip("\u2026.")))
    rows += course_keys() + mistake_keys() + procedure_keys() + answer_keys()
    keyboard, chips = escape(_("Keyboard")), escape(_("Pay with chips"))
    when = escape(_("When payouts are built from the chip rack under the table (Settings,"
                    " Pay with chips; an exam may require it):"))
    return (f"<h2>{keyboard}</h2>{_key_rows(rows)}"
            f"<h3>{chips}</h3><p>{when}</p>{_key_rows(chip_keys())}")


def _key_rows(rows: Iterable[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td><b>{escape(keys)}</b></td><td>{escape(what)}</td></tr>"
                   for keys, what in rows)
    return f"<table cellpadding='4'>{body}</table>"


def rules_html(round_: Round) -> str:
    """The rules of the table the round is dealt on, as a page."""
    ruleset = round_.ruleset
    parts = [f"<h2>{escape(ruleset.name)}</h2>",
             "<p>" + escape(_("Rule set {ruleset}, version {version}.", ruleset=ruleset.id,
                               version=ruleset.version)) + "</p><ul>"]
    parts += [f"<li>{escape(line)}</li>" for line in rule_lines(ruleset)]
    parts.append("</ul>")
    for table in pay_tables(round_):
        parts.append(f"<h3>{escape(table.title.title())}</h3>"
                     f"<p><i>{escape(table.subtitle)}</i></p><table cellpadding='3'>")
        if table.header:
            parts.append("<tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in table.header)
                         + "</tr>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row)
                         + "</tr>")
        parts.append("</table>")
    parts.append("<h3>" + escape(_("Settlement order (rules \u00a77)")) + "</h3><ol>")
    parts += [f"<li>{escape(_(step))}</li>" for step in SETTLEMENT_ORDER]
    parts.append("</ol>")
    return "".join(parts)


class HelpWindow(QDialog):
    """The keys and the rules in force; stays open beside the table."""

    def __init__(self, actions: list[QAction], round_: Round | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Help \u2014 keys and rules"))
        self.setModal(False)
        self.tabs = QTabWidget()
        self.keys = QTextBrowser()
        self.keys.setHtml(keys_html(actions))
        self.rules = QTextBrowser()
        self.tabs.addTab(self.keys, _("Keys"))
        self.tabs.addTab(self.rules, _("Rules at this table"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.show_rules(round_)
        # At the text size of the window it opens from (issue 19, item 17).
        self.resize(scaled_size(self, QSize(640, 720), follow_window_text(self, parent)))

    def show_rules(self, round_: Round | None) -> None:
        self.rules.setHtml(rules_html(round_) if round_ is not None
                           else "<p>" + escape(_("Deal a hand to see the rules of its"
                                                 " table.")) + "</p>")

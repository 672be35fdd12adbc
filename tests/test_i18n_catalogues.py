"""The message catalogues (issue 24): every message marked in the code has its Spanish
translation with the same named placeholders; a language falls back to English where a
message has none; the pseudo-language marks every message; a compiled catalogue is used
only while it is as new as its .po; a broken catalogue is named, never shown half."""

from __future__ import annotations

import os
import string
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from trainer.i18n import (
    LanguageError,
    _,
    available_languages,
    current_language,
    language_problem,
    load_catalogue,
    ngettext,
    set_language,
)

REPO = Path(__file__).resolve().parents[1]
SPANISH_PO = REPO / "trainer" / "locale" / "es" / "LC_MESSAGES" / "trainer.po"


def _english_messages() -> dict[str, tuple[str, ...]]:
    """Every message the code marks (as `make catalogues` extracts them, babel.cfg's
    map): its id, and its forms (one, or singular and plural)."""
    found: dict[str, tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(REPO), method_map=[("trainer/**.py", "python")]):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[forms[0]] = forms
    return found


def _placeholders(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None}


def test_the_code_marks_messages_for_the_catalogue() -> None:
    messages = _english_messages()
    assert "Does the dealer qualify?" in messages
    assert messages["Choose the five cards that play: {count} card chosen"] == (
        "Choose the five cards that play: {count} card chosen",
        "Choose the five cards that play: {count} cards chosen")


def test_every_english_message_has_a_spanish_translation_with_the_same_placeholders() -> None:
    with SPANISH_PO.open("rb") as handle:
        spanish = read_po(handle)
    problems = []
    for msgid, forms in _english_messages().items():
        entry = spanish.get(forms if len(forms) > 1 else msgid)
        if entry is None:
            problems.append(f"missing: {msgid!r} (run make catalogues, then translate it)")
            continue
        if entry.fuzzy:
            problems.append(f"fuzzy (to be checked): {msgid!r}")
        translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(_placeholders(form) for form in forms))
        for translation in translations:
            if not translation:
                problems.append(f"untranslated: {msgid!r}")
            elif _placeholders(translation) != wanted:
                problems.append(f"placeholders differ: {msgid!r} -> {translation!r}")
    assert problems == []


def test_spanish_is_shown_with_its_placeholders_filled() -> None:
    set_language("es")
    assert current_language() == "es"
    assert _("Seat {seat}: win, lose or tie?", seat=4) == "Asiento 4: ¿gana, pierde o empate?"


def test_spanish_plural_forms() -> None:
    set_language("es")
    one, many = ("Choose the five cards that play: {count} card chosen",
                 "Choose the five cards that play: {count} cards chosen")
    assert ngettext(one, many, 1) == "Elija las cinco cartas que juegan: 1 carta elegida"
    assert ngettext(one, many, 4) == "Elija las cinco cartas que juegan: 4 cartas elegidas"
    set_language("en")
    assert ngettext(one, many, 1) == "Choose the five cards that play: 1 card chosen"


def test_a_message_without_a_translation_reads_in_english() -> None:
    set_language("es")
    assert _("A sentence no catalogue has, for {trainee}", trainee="Ana") == (
        "A sentence no catalogue has, for Ana")


def test_the_pseudo_language_wraps_every_message() -> None:
    set_language("qps")
    assert _("Does the dealer qualify?") == "[[Does the dealer qualify?]]"
    assert _("Seat {seat}: win, lose or tie?", seat=2) == "[[Seat 2: win, lose or tie?]]"


def test_an_unknown_language_is_refused_and_english_kept() -> None:
    with pytest.raises(LanguageError, match='"fr" has no catalogue here'):
        set_language("fr")
    assert current_language() == "en"
    assert language_problem("Spanish") == (
        "'Spanish' is not a language code (one of \"en\", \"es\")")
    assert available_languages() == ("en", "es")


def _write_catalogue(folder: Path, translation: str) -> Path:
    po = folder / "xx" / "LC_MESSAGES" / "trainer.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: xx\\n"\n"Content-Type: text/plain;'
                  ' charset=utf-8\\n"\n\nmsgid "Round complete"\n'
                  f'msgstr "{translation}"\n', "utf-8")
    return po


def test_without_a_compiled_catalogue_the_po_is_compiled_in_memory(tmp_path: Path) -> None:
    _write_catalogue(tmp_path, "Ronde finie")
    assert load_catalogue("xx", tmp_path).gettext("Round complete") == "Ronde finie"
    assert not (tmp_path / "xx" / "LC_MESSAGES" / "trainer.mo").exists()  # nothing written


def test_a_compiled_catalogue_older_than_its_po_is_not_used(tmp_path: Path) -> None:
    po = _write_catalogue(tmp_path, "Ronde finie")
    with po.open("rb") as handle:
        catalogue = read_po(handle)
    catalogue.get("Round complete").string = "Stale text"
    buffer = BytesIO()
    write_mo(buffer, catalogue)
    mo = po.with_suffix(".mo")
    mo.write_bytes(buffer.getvalue())
    os.utime(mo, (po.stat().st_mtime + 10,) * 2)  # the .mo is newer: it is used
    assert load_catalogue("xx", tmp_path).gettext("Round complete") == "Stale text"
    os.utime(mo, (po.stat().st_mtime - 10,) * 2)  # the .po was edited since: it wins
    assert load_catalogue("xx", tmp_path).gettext("Round complete") == "Ronde finie"


def test_a_catalogue_is_read_once_until_its_file_changes(tmp_path: Path) -> None:
    po = _write_catalogue(tmp_path, "Ronde finie")
    first = load_catalogue("xx", tmp_path)
    assert load_catalogue("xx", tmp_path) is first  # a report or a sign-in: not again
    po.write_text(po.read_text("utf-8").replace("Ronde finie", "Ronde achevée"), "utf-8")
    os.utime(po, (po.stat().st_mtime + 10,) * 2)  # edited since
    assert load_catalogue("xx", tmp_path).gettext("Round complete") == "Ronde achevée"


def test_a_broken_catalogue_is_named(tmp_path: Path) -> None:
    po = _write_catalogue(tmp_path, "Ronde finie")
    po.write_text(po.read_text("utf-8") + 'msgid "unterminated\n', "utf-8")
    with pytest.raises(LanguageError, match="is not a usable catalogue"):
        load_catalogue("xx", tmp_path)


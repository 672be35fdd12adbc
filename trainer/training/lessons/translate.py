"""A lesson in another language: a parallel file checked against the English one (no Qt).

A lesson's translation is a copy of its file in a folder named by the language's code
beside it (``lessons/es/01-hand-rankings.toml``), with only the text a person reads
translated: the lesson's ``title`` and ``explanation``, each example's ``title`` and
``note``, each drill's ``title`` (a translation may add one where the English has none:
a drill is otherwise named by its scenario), each ruling's ``situation``, ``choices``,
``citation`` and ``explanation``. Everything else (the id, order, skills, rounds, the facts
an example teaches, drills, a ruling's answer, the number of choices and the rule set) must
be exactly the English file's: :func:`translation_problems` names every difference by key,
so a translation can never ask another question or expect another answer. The English file
is the lesson; a translation only changes the words it is read in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trainer.engine.money import shown
from trainer.i18n import _
from trainer.tomllines import KeyPath
from trainer.training.lessons.model import Lesson

_ITEM_TABLES = ("examples", "drills", "chip_drills", "procedure_drills", "rulings")
_LESSON_TEXT = ("title", "explanation")
_ITEM_TEXT: Mapping[str, tuple[str, ...]] = {
    "examples": ("title", "note"),
    "drills": ("title",),
    "chip_drills": ("title",),
    "procedure_drills": ("title",),
    "rulings": ("situation", "choices", "citation", "explanation"),
}
_ADDABLE = {"drills": ("title",), "chip_drills": ("title",), "procedure_drills": ("title",)}
"""Text a translation may give where the English file has none (a drill's title)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """A key where a translation is not the English lesson; ``path`` finds its line."""

    path: KeyPath
    message: str


def where(path: Sequence[str | int]) -> str:
    """A person's name for a key path: ``rulings[2].answer`` (1-based)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else part
    return text or "lesson"


def _text_keys(path: KeyPath) -> tuple[str, ...]:
    if not path:
        return _LESSON_TEXT
    if len(path) == 2 and isinstance(path[0], str) and isinstance(path[1], int):
        return _ITEM_TEXT.get(path[0], ())
    return ()


def _addable(path: KeyPath) -> tuple[str, ...]:
    if len(path) == 2 and isinstance(path[0], str) and isinstance(path[1], int):
        return _ADDABLE.get(path[0], ())
    return ()


def _is_text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _check_text(english: object, translated: object, path: KeyPath,
                found: list[Difference]) -> None:
    if isinstance(english, list):  # a ruling's choices: as many, each translated
        if not (isinstance(translated, list) and all(_is_text(item) for item in translated)):
            found.append(Difference(path, _("expected a list of translated choices")))
        elif len(translated) != len(english):
            found.append(Difference(path, _(
                "{here} choices here, {there} in the English lesson: a translation asks the"
                " same question with the same choices", here=len(translated),
                there=len(english))))
    elif not _is_text(translated):
        found.append(Difference(path, _("expected the translated text, got {value}",
                                        value=shown(translated))))


def _same(english: object, translated: object) -> bool:
    return type(english) is type(translated) and english == translated


def _compare(english: object, translated: object, path: KeyPath,
             found: list[Difference]) -> None:
    if isinstance(english, dict):
        if not isinstance(translated, dict):
            found.append(Difference(path, _("expected a table, as in the English lesson")))
            return
        texts, addable = _text_keys(path), _addable(path)
        for key, value in english.items():
            if key not in translated:
                found.append(Difference((*path, key), _(
                    "missing: the English lesson has it (a translation keeps every key)")))
            elif key in texts:
                _check_text(value, translated[key], (*path, key), found)
            else:
                _compare(value, translated[key], (*path, key), found)
        for key in translated:
            if key in english:
                continue
            if key in addable:
                _check_text("", translated[key], (*path, key), found)
            else:
                found.append(Difference((*path, key), _(
                    "not in the English lesson: a translation changes only the text")))
    elif isinstance(english, list):
        if not isinstance(translated, list):
            found.append(Difference(path, _("expected a list, as in the English lesson")))
        elif len(translated) != len(english):
            found.append(Difference(path, _(
                "{here} entries here, {there} in the English lesson", here=len(translated),
                there=len(english))))
        else:
            for index, (one, other) in enumerate(zip(english, translated, strict=True)):
                _compare(one, other, (*path, index), found)
    elif not _same(english, translated):
        found.append(Difference(path, _(
            "{here} here, {there} in the English lesson: a translation asks the same"
            " questions with the same answers", here=shown(translated), there=shown(english))))


def translation_problems(english: Mapping[str, Any],
                         translated: Mapping[str, Any]) -> list[Difference]:
    """Every key where ``translated`` (a lesson file's data) is not ``english``'s lesson
    in other words: a value that differs, a key or entry missing or added, a text left
    empty. Empty when the translation asks the same questions with the same answers."""
    found: list[Difference] = []
    _compare(dict(english), dict(translated), (), found)
    return found


def _strip(data: Mapping[str, Any], key: str, default: str | None) -> str | None:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else default


def translated_lesson(lesson: Lesson, translated: Mapping[str, Any], language: str) -> Lesson:
    """``lesson`` with the text of ``translated`` (a file :func:`translation_problems`
    found nothing wrong with): the same rounds, drills and answers in ``language``."""

    def items(key: str) -> list[Mapping[str, Any]]:
        raw = translated.get(key, [])
        return [entry for entry in raw if isinstance(entry, dict)]

    examples = tuple(
        replace(example, note=_strip(data, "note", example.note) or example.note,
                title=_strip(data, "title", example.title))
        for example, data in zip(lesson.examples, items("examples"), strict=True))
    drills = tuple(replace(drill, title=_strip(data, "title", drill.title))
                   for drill, data in zip(lesson.drills, items("drills"), strict=True))
    chip_drills = tuple(replace(drill, title=_strip(data, "title", drill.title))
                        for drill, data in zip(lesson.chip_drills, items("chip_drills"),
                                               strict=True))
    procedure_drills = tuple(
        replace(drill, title=_strip(data, "title", drill.title))
        for drill, data in zip(lesson.procedure_drills, items("procedure_drills"), strict=True))
    rulings = tuple(
        replace(ruling,
                situation=_strip(data, "situation", ruling.situation) or ruling.situation,
                choices=tuple(str(choice).strip() for choice in data["choices"]),
                citation=_strip(data, "citation", ruling.citation) or ruling.citation,
                explanation=_strip(data, "explanation", ruling.explanation))
        for ruling, data in zip(lesson.rulings, items("rulings"), strict=True))
    return replace(
        lesson,
        title=_strip(translated, "title", lesson.title) or lesson.title,
        explanation=_strip(translated, "explanation", lesson.explanation) or lesson.explanation,
        examples=examples, drills=drills, chip_drills=chip_drills,
        procedure_drills=procedure_drills, rulings=rulings, language=language)


__all__ = ["Difference", "translated_lesson", "translation_problems", "where"]

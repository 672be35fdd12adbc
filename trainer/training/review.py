"""A recorded round dealt again, and whether the rules in force are those it was dealt under.

Storage keeps each round with the id and the version of the rule set it was
dealt (and graded) under (:class:`~trainer.storage.models.Mistake`). Only the
rule set loaded now can settle it again: a station keeps one version of each
rule set file. When that is another version (pay tables and the cap change
between versions) the answers a review expects may not be those the trainee
was graded against, so :func:`reopen_round` says so in plain words
(:attr:`ReopenedRound.rules_note`) rather than passing the round off as
settled under its own rules. The round itself (cards, seats, wagers) is
dealt exactly as recorded either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.round import Round, parse_round
from trainer.engine.rulesets import RuleSet
from trainer.i18n import _
from trainer.storage.models import Mistake


@dataclass(frozen=True, slots=True)
class ReopenedRound:
    """A recorded round, ready to be asked again."""

    round: Round
    """Exactly as dealt, settled under the rule set loaded now."""
    rules_note: str | None
    """A sentence for the person when the rule set loaded now is not the version the
    round was dealt under (or that version was not recorded); None when it is."""


def rules_note(ruleset: RuleSet, dealt_version: int | None) -> str | None:
    """Why the answers shown for a round dealt under ``dealt_version`` of ``ruleset``'s
    id may differ from those it was graded against; None when the versions agree."""
    if dealt_version == ruleset.version:
        return None
    if dealt_version is None:
        return _("Dealt before the trainer kept rule-set versions, so which version of"
                 " {rules} it was dealt under is not known; the rules in force are version"
                 " {version}: the answers shown are those of version {version}.",
                 rules=ruleset.id, version=ruleset.version)
    return _("Dealt under {rules} version {dealt}; the rules in force are version {version}:"
             " the answers shown are those of version {version}.", rules=ruleset.id,
             dealt=dealt_version, version=ruleset.version)


def reopen_round(
    round_json: dict[str, Any], ruleset_id: str, dealt_version: int | None
) -> ReopenedRound:
    """Deal a stored round again under the rule set loaded now (``ruleset_id`` for a
    round whose JSON names none), with :func:`rules_note`'s sentence.

    Raises :class:`~trainer.engine.round.RoundError` or
    :class:`~trainer.engine.rulesets.RuleSetError` when the round cannot be read
    or its rule set is not installed here.
    """
    round_ = parse_round(round_json, default_rules=ruleset_id)
    return ReopenedRound(round_, rules_note(round_.ruleset, dealt_version))


def reopen_mistake(mistake: Mistake) -> ReopenedRound:
    """The round of a stored mistake, as :func:`reopen_round` deals it."""
    return reopen_round(mistake.round, mistake.ruleset_id, mistake.ruleset_version)

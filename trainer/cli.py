"""``hhe-trainer``: the GUI by default; ``settle``, ``explain``, ``generate``, ``site``.

``hhe-trainer --self-check`` checks an installation without a screen
(:mod:`trainer.selfcheck`); ``hhe-trainer site check|hash-password`` is for the
training room's site file (:mod:`trainer.site_config`).

``settle`` follows ``../shared/contracts/settle.md`` exactly: JSON Lines in,
one JSON line out per round, error lines for rejected rounds, exit 2 when any
round was rejected.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from queue import Empty, Queue
from threading import Thread
from typing import Any, TextIO

from trainer import __version__
from trainer.engine.money import dollars
from trainer.engine.round import RoundError, Wager, parse_round, round_to_json
from trainer.engine.rulesets import PRESETS, RuleSetError, load_ruleset
from trainer.engine.settlement import Settlement, settle, settlement_to_json

EXIT_REJECTED = 2
BATCH_SIZE = 250


def settle_line(line: str, default_rules: str) -> tuple[dict[str, Any], bool]:
    """Settle one JSON line; returns (output object, ok)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"not valid JSON ({error.msg} at column {error.colno})"}, False
    try:
        return settlement_to_json(settle(parse_round(data, default_rules), explain=False)), True
    except (RoundError, RuleSetError) as error:
        return {"error": str(error)}, False


def settle_lines(lines: Sequence[str], default_rules: str) -> tuple[str, int]:
    """Settle a batch of lines; returns the output text and how many were rejected."""
    rejected = 0
    parts = []
    dumps = json.dumps
    for line in lines:
        if not line.strip():
            continue
        result, ok = settle_line(line, default_rules)
        if not ok:
            rejected += 1
        parts.append(dumps(result) + "\n")
    return "".join(parts), rejected


def _batches(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    """Group lines into batches without ever waiting for input that has not come.

    A reader thread queues lines as they arrive; a batch is handed on as soon
    as it is full or the queue runs dry, so a caller that writes one round and
    waits for its answer is answered at once.
    """
    queue: Queue[str | None] = Queue(maxsize=size * 8)

    def read() -> None:
        try:
            for line in lines:
                queue.put(line)
        finally:
            queue.put(None)

    Thread(target=read, daemon=True).start()
    while True:
        line = queue.get()
        if line is None:
            return
        batch = [line]
        while len(batch) < size:
            try:
                line = queue.get_nowait()
            except Empty:
                break
            if line is None:
                yield batch
                return
            batch.append(line)
        yield batch


def settle_stream(lines: Iterable[str], out: TextIO, default_rules: str, jobs: int = 1) -> int:
    """Stream rounds to settlements, in order; returns how many were rejected.

    With ``jobs`` > 1 batches are settled in worker processes (the engine is
    pure Python, so this is how a second core helps); output order is kept.
    """
    rejected = 0
    if jobs <= 1:
        for line in lines:
            if not line.strip():
                continue
            result, ok = settle_line(line, default_rules)
            rejected += not ok
            out.write(json.dumps(result) + "\n")
        out.flush()
        return rejected
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        work = pool.imap(
            partial(settle_lines, default_rules=default_rules), _batches(lines, BATCH_SIZE)
        )
        for text, batch_rejected in work:
            out.write(text)
            out.flush()
            rejected += batch_rejected
    return rejected


def _cmd_settle(args: argparse.Namespace) -> int:
    try:
        load_ruleset(args.rules)
    except RuleSetError as error:
        print(f"hhe-trainer settle: --rules: {error}", file=sys.stderr)
        return EXIT_REJECTED
    jobs = args.jobs if args.jobs > 0 else min(os.cpu_count() or 1, 4)
    rejected = settle_stream(sys.stdin, sys.stdout, args.rules, jobs)
    if rejected:
        print(
            f"hhe-trainer settle: {rejected} round(s) rejected; see the error lines",
            file=sys.stderr,
        )
        return EXIT_REJECTED
    return 0


# --- explain -----------------------------------------------------------------

_SEAT_HELP = (
    "a seat as 'N: CARD CARD ante=X [odds=X] (raise=Y | fold) [trips_plus=Z]"
    " [pocket_bonus=Z] [six_card_bonus=Z] [progressive=1]', e.g. '6: Ah Ad ante=10 raise=30'"
)


def parse_seat_spec(spec: str) -> dict[str, Any]:
    """Read the command-line seat form into the settle contract's seat object.

    ``odds`` may be left out: it is the mandatory equal of the ante.
    """
    head, _, rest = spec.partition(":")
    try:
        number = int(head.strip())
    except ValueError:
        raise RoundError(f"--seat {spec!r}: expected 'N: CARD CARD ante=X ...'") from None
    words = rest.split()
    if len(words) < 2:
        raise RoundError(f"--seat {spec!r}: expected two hole cards after 'N:'")
    seat: dict[str, Any] = {"seat": number, "hole": words[:2]}
    for word in words[2:]:
        if word.lower() in ("fold", "folded"):
            seat["folded"] = True
            continue
        key, sep, value = word.partition("=")
        key = {
            "trips": "trips_plus",
            "pocket": "pocket_bonus",
            "six_card": "six_card_bonus",
            "play": "raise",
        }.get(key.lower(), key.lower())
        if not sep:
            raise RoundError(f"--seat {spec!r}: {word!r} is not 'name=amount' or 'fold'")
        seat[key] = value
    if "ante" in seat and "odds" not in seat:
        seat["odds"] = seat["ante"]
    return seat


def explain_text(settlement: Settlement) -> str:
    """A person's account of a settlement, in the order the dealer works."""
    round_ = settlement.round
    tables = round_.tables
    lines = [
        f"Rule set: {round_.ruleset.name} ({round_.ruleset.id} v{round_.ruleset.version});"
        f" Trips Plus {tables.trips_plus_letter}, Pocket Bonus {tables.pocket_bonus_letter},"
        f" bad beat table {tables.bad_beat_name}"
        + (f", progressive {tables.progressive_letter}" if tables.progressive_letter else ""),
        f"Board: {' '.join(map(str, round_.board))}",
        f"Dealer: {' '.join(map(str, round_.dealer))} -> {settlement.dealer.describe()}"
        f" ({' '.join(map(str, settlement.dealer.cards))})",
        "Dealer qualifies (pair or better)."
        if settlement.dealer_qualifies
        else "Dealer does NOT qualify (less than a pair): antes of raised seats push.",
        f"Settlement order: {', '.join(f'seat {n}' for n in settlement.order)}",
    ]
    for seat in settlement.seats:
        source = round_.seat(seat.seat)
        lines.append("")
        lines.append(
            f"Seat {seat.seat}: {' '.join(map(str, source.hole))} -> {seat.hand.describe()}"
            f" ({' '.join(map(str, seat.hand.cards))}); {seat.result.value.upper()}"
        )
        for wager in seat.wagers:
            lines.append(f"  {wager.reason}")
        if seat.capped and seat.cap_reason:
            lines.append(f"  CAP: {seat.cap_reason}")
        lines.append(f"  Seat total: {dollars(seat.total)}")
    return "\n".join(lines)


def _cmd_explain(args: argparse.Namespace) -> int:
    try:
        if args.json:
            source = sys.stdin if args.json == "-" else open(args.json, encoding="utf-8")  # noqa: SIM115
            with source:
                data = json.load(source)
        else:
            if not (args.dealer and args.board and args.seat):
                print(
                    "hhe-trainer explain: give --dealer, --board and at least one --seat,"
                    " or --json FILE",
                    file=sys.stderr,
                )
                return EXIT_REJECTED
            data = {
                "rules": args.rules,
                "dealer": args.dealer.split(),
                "board": args.board.split(),
                "seats": [parse_seat_spec(spec) for spec in args.seat],
            }
            options = {
                key: value
                for key, value in (
                    ("trips_plus_table", args.trips_plus_table),
                    ("pocket_bonus_table", args.pocket_bonus_table),
                    ("bad_beat_table", args.bad_beat_table),
                    ("progressive_table", args.progressive_table),
                )
                if value
            }
            if options:
                data["options"] = options
            for key in ("six_card_bonus_cards",):
                value = getattr(args, key)
                if value:
                    data[key] = value.split()
            for key in ("six_card_bonus_jackpot", "progressive_pool"):
                value = getattr(args, key)
                if value:
                    data[key] = value
        print(explain_text(settle(parse_round(data, args.rules))))
        return 0
    except (RoundError, RuleSetError) as error:
        print(f"hhe-trainer explain: {error}", file=sys.stderr)
        return EXIT_REJECTED
    except (OSError, json.JSONDecodeError) as error:
        print(f"hhe-trainer explain: cannot read {args.json}: {error}", file=sys.stderr)
        return EXIT_REJECTED


# --- generate ----------------------------------------------------------------


def generate_lines(count: int, seed: int | None, rules: str, seats: int | None) -> Iterator[str]:
    from trainer.engine.generator import generate_round

    rng = random.Random(seed)
    ruleset = load_ruleset(rules)
    for _ in range(count):
        yield json.dumps(round_to_json(generate_round(rng, ruleset, seats=seats)))


def _cmd_generate(args: argparse.Namespace) -> int:
    if args.count < 0:
        print("hhe-trainer generate: --count must be 0 or more", file=sys.stderr)
        return EXIT_REJECTED
    if args.seats is not None and not 1 <= args.seats <= 6:
        print("hhe-trainer generate: --seats must be 1 to 6", file=sys.stderr)
        return EXIT_REJECTED
    try:
        write = sys.stdout.write
        for line in generate_lines(args.count, args.seed, args.rules, args.seats):
            write(line + "\n")
    except RuleSetError as error:
        print(f"hhe-trainer generate: --rules: {error}", file=sys.stderr)
        return EXIT_REJECTED
    sys.stdout.flush()
    return 0


def _cmd_gui(args: argparse.Namespace) -> int:
    if args.self_check:
        from trainer.selfcheck import run

        return run()
    from trainer.ui.app import run_app

    return run_app(rules=args.rules)


def _cmd_site(args: argparse.Namespace) -> int:
    from trainer.site_config import main as site_main

    return site_main(args.site_args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hhe-trainer",
        description="Heads Up Hold'em dealer trainer. With no command, opens the trainer.",
    )
    parser.add_argument(
        "--rules", default=None, help=f"rule set: {', '.join(PRESETS)} or a rule-set file"
    )
    parser.add_argument(
        "--self-check",
        action="store_true",
        help="check this installation without a screen (database, lessons, rule sets, one"
        " table drawn offscreen) and exit: 0 when all is well",
    )
    parser.add_argument("--version", action="version", version=f"hhe-trainer {__version__}")
    parser.set_defaults(func=_cmd_gui)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    rules_help = f"default rule set for rounds that name none: {', '.join(PRESETS)} or a file"

    settle_parser = commands.add_parser(
        "settle", help="settle JSON Lines rounds from stdin (the audit contract)"
    )
    settle_parser.add_argument("--rules", default="ny-2018", help=rules_help)
    settle_parser.add_argument(
        "--jobs",
        type=int,
        default=0,
        help="worker processes (default 0: one per core, at most 4; 1: settle in-process)",
    )
    settle_parser.set_defaults(func=_cmd_settle)

    explain_parser = commands.add_parser(
        "explain", help="settle one round and explain every payout, for a person"
    )
    explain_parser.add_argument("--rules", default="ny-2018", help=rules_help)
    explain_parser.add_argument(
        "--json", metavar="FILE", help="read the round as JSON from FILE ('-' for stdin)"
    )
    explain_parser.add_argument("--dealer", help="the dealer's two cards, e.g. 'As Kd'")
    explain_parser.add_argument("--board", help="the five community cards")
    explain_parser.add_argument("--seat", action="append", help=_SEAT_HELP)
    for option in ("trips_plus_table", "pocket_bonus_table", "bad_beat_table", "progressive_table"):
        explain_parser.add_argument("--" + option.replace("_", "-"), dest=option)
    explain_parser.add_argument(
        "--six-card-bonus-cards", dest="six_card_bonus_cards", help="the four 6-Card Bonus cards"
    )
    explain_parser.add_argument("--six-card-bonus-jackpot", dest="six_card_bonus_jackpot")
    explain_parser.add_argument("--progressive-pool", dest="progressive_pool")
    explain_parser.set_defaults(func=_cmd_explain)

    generate_parser = commands.add_parser(
        "generate", help="print random rounds in the settle input format"
    )
    generate_parser.add_argument("--count", type=int, default=10)
    generate_parser.add_argument("--seed", type=int, default=None)
    generate_parser.add_argument(
        "--seats", type=int, default=None, help="occupied seats per round (default: 1-6 at random)"
    )
    generate_parser.add_argument("--rules", default="ny-2018", help=rules_help)
    generate_parser.set_defaults(func=_cmd_generate)

    site_parser = commands.add_parser(
        "site",
        help="the training room's site file: 'site check [FILE]', 'site hash-password --name N'",
        add_help=False,
    )
    site_parser.add_argument("site_args", nargs=argparse.REMAINDER)
    site_parser.set_defaults(func=_cmd_site)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()  # settle's workers in a frozen installer build
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["site"]:  # its own parser, so that 'site --help' is its help
        from trainer.site_config import main as site_main

        return site_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:
        return 0


__all__ = ["Wager", "main", "settle_stream"]

if __name__ == "__main__":
    sys.exit(main())

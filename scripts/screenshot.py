"""Render the table to a PNG for the README: ``python scripts/screenshot.py [PATH]``.

A fixed round (seed 7, casino house rules, six seats: two folds, Trips Plus,
Pocket Bonus and 6-Card Bonus wagers) drawn at 1920 x 1080 on Qt's offscreen
platform, so it runs without a display. ``--size 3840x2160`` renders for a
4K monitor; ``--scale 2`` renders at a device pixel ratio of 2 (HiDPI).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1920x1080") from None
    if width < 320 or height < 180:
        raise argparse.ArgumentTypeError(f"{text}: too small (at least 320x180)")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default="docs/table.png", help="PNG to write")
    parser.add_argument("--size", type=_size, default=(1920, 1080), help="WIDTHxHEIGHT")
    parser.add_argument("--scale", type=float, default=1.0, help="device pixel ratio")
    parser.add_argument("--rules", default="house", help="rule-set preset (default: house)")
    parser.add_argument("--seed", type=int, default=7, help="round seed (default: 7)")
    parser.add_argument("--highlight", type=int, default=None, help="seat to highlight")
    parser.add_argument("--select", default="",
                        help="dealer/board cards to show picked, e.g. 'Kd 9h'")
    parser.add_argument("--four-colour", action="store_true", help="four-colour deck")
    args = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.scale != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)

    from PySide6.QtWidgets import QApplication

    from trainer.engine.cards import parse_cards
    from trainer.engine.generator import generate_round
    from trainer.engine.rulesets import load_ruleset
    from trainer.ui.table.view import TableView

    app = QApplication.instance() or QApplication([sys.argv[0]])
    round_ = generate_round(random.Random(args.seed), load_ruleset(args.rules), seats=6)
    view = TableView()
    view.resize(*args.size)
    view.set_four_colour(args.four_colour)
    started = time.perf_counter()
    view.show_round(round_)
    shown = time.perf_counter() - started
    view.highlight_seat(args.highlight)
    if args.select:
        view.set_dealer_card_selection(True)
        wanted = set(parse_cards(args.select.split()))
        for item in view.pickable_card_items():
            if item.card in wanted:
                item.set_selected(True)
    view.show()
    app.processEvents()
    image = view.grab().toImage()
    path = Path(args.path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path), "PNG"):
        print(f"screenshot: could not write {path}", file=sys.stderr)
        return 1
    print(f"{path}: {image.width()}x{image.height()} px, show_round {shown * 1000:.1f} ms")
    view.close()
    view.deleteLater()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())

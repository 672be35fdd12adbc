"""Draw the application icon with Pillow: ``python scripts/make_icons.py [FOLDER]``.

Nothing is downloaded: the icon is drawn from shapes (a green felt tile, two
cards, an ace of spades in front, a chip) at 1024 px and scaled down, then
written as

- ``hhe-trainer-<N>.png`` for N in 16 ... 512 (Linux: the .deb's hicolor
  theme, and the window icon),
- ``hhe-trainer.ico`` (Windows: the executables and the installer),
- ``hhe-trainer.icns`` (macOS: the .app bundle, 16 to 512@2x).

The output is checked in under ``assets/icons/``; run this again after
changing the drawing. The same Pillow version writes the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

REPO = Path(__file__).resolve().parent.parent
DEFAULT_FOLDER = REPO / "assets" / "icons"
NAME = "hhe-trainer"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
CANVAS = 1024

FELT = (21, 101, 61, 255)
FELT_EDGE = (12, 64, 38, 255)
RAIL = (92, 52, 24, 255)
CARD = (250, 248, 240, 255)
CARD_EDGE = (60, 60, 60, 255)
BLACK = (22, 22, 26, 255)
RED = (196, 30, 42, 255)
CHIP = (200, 32, 40, 255)
CHIP_STRIPE = (245, 245, 245, 255)


def _card(size: tuple[int, int], radius: int) -> Image.Image:
    width, height = size
    card = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=CARD,
                           outline=CARD_EDGE, width=6)
    return card


def _spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple) -> None:
    """A spade of height about 2*s centred on (cx, cy), from two circles and triangles."""
    r = s * 0.52
    draw.ellipse((cx - 2 * r + s * 0.08, cy - r * 0.2, cx + s * 0.08, cy + r * 1.8), fill=fill)
    draw.ellipse((cx - s * 0.08, cy - r * 0.2, cx + 2 * r - s * 0.08, cy + r * 1.8), fill=fill)
    draw.polygon([(cx, cy - s), (cx - s * 0.98, cy + r * 0.75), (cx + s * 0.98, cy + r * 0.75)],
                 fill=fill)
    draw.polygon([(cx, cy + s * 0.45), (cx - s * 0.45, cy + s * 1.15),
                  (cx + s * 0.45, cy + s * 1.15)], fill=fill)


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple) -> None:
    r = s * 0.52
    draw.ellipse((cx - 2 * r + s * 0.06, cy - s * 0.7, cx + s * 0.06, cy - s * 0.7 + 2 * r),
                 fill=fill)
    draw.ellipse((cx - s * 0.06, cy - s * 0.7, cx + 2 * r - s * 0.06, cy - s * 0.7 + 2 * r),
                 fill=fill)
    draw.polygon([(cx - s * 0.98, cy - s * 0.05), (cx + s * 0.98, cy - s * 0.05),
                  (cx, cy + s * 1.05)], fill=fill)


def _chip(size: int) -> Image.Image:
    chip = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(chip)
    draw.ellipse((0, 0, size - 1, size - 1), fill=CHIP)
    # the edge spots of a casino chip
    stripe = size * 0.16
    for i in range(6):
        box = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(box)
        d.rectangle((size / 2 - stripe / 2, 0, size / 2 + stripe / 2, size * 0.16),
                    fill=CHIP_STRIPE)
        chip.alpha_composite(box.rotate(i * 60, resample=Image.Resampling.BICUBIC))
    inset = size * 0.22
    draw.ellipse((inset, inset, size - inset, size - inset), fill=CHIP_STRIPE)
    inset2 = size * 0.27
    draw.ellipse((inset2, inset2, size - inset2, size - inset2), fill=CHIP)
    return chip


def draw_master() -> Image.Image:
    """The 1024 px master image."""
    image = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    margin = 40
    draw.rounded_rectangle((margin, margin, CANVAS - margin, CANVAS - margin), 190, fill=RAIL)
    draw.rounded_rectangle((margin + 34, margin + 34, CANVAS - margin - 34,
                            CANVAS - margin - 34), 160, fill=FELT_EDGE)
    draw.rounded_rectangle((margin + 52, margin + 52, CANVAS - margin - 52,
                            CANVAS - margin - 52), 145, fill=FELT)

    card_size = (400, 560)
    back = _card(card_size, 44)
    back_draw = ImageDraw.Draw(back)
    _heart(back_draw, 200, 280, 120, RED)
    back = back.rotate(14, expand=True, resample=Image.Resampling.BICUBIC)

    front = _card(card_size, 44)
    front_draw = ImageDraw.Draw(front)
    _spade(front_draw, 200, 250, 150, BLACK)
    front = front.rotate(-10, expand=True, resample=Image.Resampling.BICUBIC)

    shadow = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    for card, (x, y) in ((back, (170, 170)), (front, (390, 230))):
        alpha = card.getchannel("A").point(lambda a: a * 0.45)
        blob = Image.new("RGBA", card.size, (0, 0, 0, 255))
        blob.putalpha(alpha)
        shadow.alpha_composite(blob, (x + 18, y + 22))
    image.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(14)))
    image.alpha_composite(back, (170, 170))
    image.alpha_composite(front, (390, 230))
    image.alpha_composite(_chip(300), (110, 620))
    return image


def make_icons(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    master = draw_master()
    written = []
    for size in PNG_SIZES:
        path = folder / f"{NAME}-{size}.png"
        master.resize((size, size), Image.Resampling.LANCZOS).save(path, optimize=True)
        written.append(path)
    ico = folder / f"{NAME}.ico"
    master.save(ico, sizes=[(s, s) for s in ICO_SIZES])
    written.append(ico)
    icns = folder / f"{NAME}.icns"
    master.save(icns)  # Pillow writes the 16 ... 512@2x members from the 1024 master
    written.append(icns)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    args = parser.parse_args(argv)
    for path in make_icons(args.folder):
        print(f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}:"
              f" {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

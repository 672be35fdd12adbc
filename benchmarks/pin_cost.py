"""What a trainee's PIN costs to find offline: ``python benchmarks/pin_cost.py``.

Someone who copies a station's database has every PIN hash; the only thing between
them and a PIN is the time scrypt takes per guess. This measures that time with the
trainer's own code (:func:`trainer.storage.passwords.verify_password` on a hash made
by :func:`~trainer.storage.passwords.hash_pin`, the cost new PINs get) on one core,
and prints:

- seconds per guess (the median of ``--guesses`` checks; also the cost a sign-in
  pays once);
- the number of possible PINs under the policy (``MIN_PIN_DIGITS`` digits: 10**6;
  a longer PIN or a password only adds);
- the resulting days of one core to try them all, and on average (half).

The target (issue 21): a PIN costs at least a day of one core. ``--old`` prints the
same for the previous cost (N = 2**14, four digits) for comparison.
"""

from __future__ import annotations

import argparse
import statistics
import time

from trainer.storage import passwords

SECONDS_PER_DAY = 86_400


def seconds_per_guess(stored: str, guesses: int) -> float:
    """The median time of one wrong check against ``stored``."""
    times = []
    for number in range(guesses):
        start = time.perf_counter()
        assert not passwords.verify_password(f"{number:06d}x", stored)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(label: str, stored: str, digits: int, guesses: int) -> float:
    per_guess = seconds_per_guess(stored, guesses)
    pins = 10**digits
    days = pins * per_guess / SECONDS_PER_DAY
    n, r, p = passwords.hash_cost(stored) or (0, 0, 0)
    print(f"{label}: scrypt N = {n}, r = {r}, p = {p}; PINs of {digits} digits")
    print(f"  seconds per guess (one core): {per_guess:.3f}")
    print(f"  possible PINs:                {pins:,}")
    print(f"  days of one core, all PINs:   {days:.2f} ({days * 24 * 60:,.0f} minutes)")
    print(f"  days of one core, on average: {days / 2:.2f}")
    return days


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guesses", type=int, default=15, help="checks timed (median)")
    parser.add_argument("--old", action="store_true", help="also the previous cost")
    args = parser.parse_args()
    days = report("New PINs", passwords.hash_pin("000000"), passwords.MIN_PIN_DIGITS,
                  args.guesses)
    if args.old:
        report("Before (issue 21)", passwords.hash_password("0000", n=2**14), 4, args.guesses)
    target = "met" if days / 2 >= 1 else "NOT met"
    print(f"Target, at least a day of one core on average: {target}.")
    return 0 if days / 2 >= 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())

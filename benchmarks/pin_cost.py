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

``--signing-key`` also times one guess of an instructor's password through their
encrypted signing key (:func:`trainer.storage.signing.unlock` with a wrong password:
scrypt, then AES-GCM refusing the tag), against the target that it costs at least what
a guess of a PIN does.
"""

from __future__ import annotations

import argparse
import statistics
import time

from trainer.storage import passwords, signing

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


def seconds_per_key_guess(stored: str, guesses: int) -> tuple[float, float]:
    """The median times of one wrong password tried against an encrypted signing key and
    of one wrong PIN against ``stored``, taken in turn (so a machine busy for a while
    slows both alike)."""
    pair = signing.new_key_pair("the instructor's password")
    key_times, pin_times = [], []
    for number in range(guesses):
        start = time.perf_counter()
        try:
            signing.unlock(pair, f"guess {number}")
        except signing.SigningError:
            pass
        else:  # pragma: no cover
            raise AssertionError("a wrong password unlocked the key")
        key_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert not passwords.verify_password(f"{number:06d}x", stored)
        pin_times.append(time.perf_counter() - start)
    return statistics.median(key_times), statistics.median(pin_times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guesses", type=int, default=15, help="checks timed (median)")
    parser.add_argument("--old", action="store_true", help="also the previous cost")
    parser.add_argument("--signing-key", action="store_true",
                        help="also a password guessed through an encrypted signing key")
    args = parser.parse_args()
    stored = passwords.hash_pin("000000")
    days = report("New PINs", stored, passwords.MIN_PIN_DIGITS, args.guesses)
    if args.old:
        report("Before (issue 21)", passwords.hash_password("0000", n=2**14), 4, args.guesses)
    met = days / 2 >= 1
    print(f"Target, at least a day of one core on average: {'met' if met else 'NOT met'}.")
    if args.signing_key:
        key_guess, pin_guess = seconds_per_key_guess(stored, args.guesses)
        print(f"Signing key: scrypt N = {signing.KEY_SCRYPT_N}, r = {signing.KEY_SCRYPT_R},"
              f" p = {signing.KEY_SCRYPT_P} (AES-256-GCM)")
        print(f"  seconds per password guess (one core): {key_guess:.3f}"
              f" (a PIN guess measured beside it: {pin_guess:.3f})")
        # the same scrypt cost: timings a few per cent apart are noise, not a cheaper key
        key_met = key_guess >= 0.9 * pin_guess
        print(f"Target, a guess through the key costs at least a PIN's:"
              f" {'met' if key_met else 'NOT met'}.")
        met = met and key_met
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())

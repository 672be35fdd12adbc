"""What the sign-in GUI tests share: a database with trainees, a clock the test moves."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class FakeClock:
    """The present moment for the sign-in delay; a test moves it instead of waiting."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

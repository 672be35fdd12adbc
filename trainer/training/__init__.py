"""Training: questions built from a settled round, answers, grading, sessions.

Pure Python (no Qt, no SQL): the engine settles a round, :mod:`.questions`
turns the settlement into what a dealer is asked in the order the dealer
works, :mod:`.answers` reads what the trainee typed, :mod:`.grading` marks it
against the engine's answer, and :mod:`.session` runs rounds in a mode.
"""

"""Heads Up Hold'em dealer trainer."""

__version__ = "0.1.0"

"""TOML literals for the fuzz tests of a person's TOML files (site file, lessons)."""

from __future__ import annotations


class Raw(str):
    """TOML text written as it is (not quoted)."""

    def __repr__(self) -> str:
        return f"Raw({str.__repr__(self[:20])}... {len(self)} characters)"


def toml(value: object) -> str:
    """``value`` as a TOML literal (strings escaped, tables inline)."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        escaped = "".join(
            "\\\\" if c == "\\" else '\\"' if c == '"'
            else f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7F else c
            for c in value)
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(map(toml, value)) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{toml(str(k))} = {toml(v)}" for k, v in value.items()) + "}"

"""Fuzzing ``settle``'s input stream (issue 10): random JSON values in every field,
nested structures, random bytes, huge numbers and blank lines, mixed with good
rounds. Whatever comes in, exactly one line comes out per round line, in order;
a bad line's error names its field or its line; every good round is settled; and
the batches the worker processes get settle to the same bytes as one process."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.cli import MAX_ROUND_BYTES, _batches, read_lines, settle_lines, settle_stream

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def good(ante: int) -> dict[str, Any]:
    """Ks Ac against the dealer's Kd 4c on Kh 9d 6c 3s 2h: K K A 9 6 beats K K 9 6 4,
    the dealer qualifies, ante and raise win even money, the odds push on a pair
    (docs/rules.md §3-4): the seat's total is 4 antes."""
    return {"dealer": ["Kd", "4c"], "board": ["Kh", "9d", "6c", "3s", "2h"],
            "seats": [{"seat": 1, "hole": ["Ks", "Ac"], "ante": str(ante), "odds": str(ante),
                       "raise": str(3 * ante)}]}  # fmt: skip


ROUND_FIELDS = ("rules", "options", "dealer", "board", "seats", "progressive_pool",
                "six_card_bonus_jackpot", "six_card_bonus_cards")  # fmt: skip
SEAT_FIELDS = ("seat", "hole", "ante", "odds", "raise", "folded", "trips_plus", "pocket_bonus",
               "six_card_bonus", "progressive")  # fmt: skip

huge_numbers = st.one_of(
    st.integers(min_value=10**20, max_value=10**60).map(str),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(-400, 400).map(lambda e: f"1e{e}"),
    st.just("1e9999999999999999999"),
    st.just("-0.0"),
)
json_texts = st.recursive(
    st.one_of(
        st.just("null"), st.just("true"), st.just("false"), huge_numbers,
        st.integers(-10, 10).map(str), st.text(max_size=10).map(json.dumps),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(st.text(max_size=6), inner), max_size=4).map(
            lambda pairs: "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in pairs) + "}"
        ),
    ),
    max_leaves=10,
)  # fmt: skip
nested = st.tuples(st.integers(500, 20_000), st.sampled_from("[{")).map(
    lambda spec: ("[" * spec[0] + "]" * spec[0]) if spec[1] == "[" else
    ('{"a": ' * spec[0] + "1" + "}" * spec[0])
)


@st.composite
def bad_lines(draw: st.DrawFn) -> tuple[bytes, str | None]:
    """A line that is not a good round, and the field its error must name (None: the line)."""
    kind = draw(st.sampled_from(["round field", "seat field", "bytes", "nested", "json"]))
    if kind == "round field":
        field = draw(st.sampled_from(ROUND_FIELDS))
        text = json.dumps({**good(5), field: None})
        value = draw(json_texts)
        return text.replace(f'"{field}": null', f'"{field}": {value}').encode(), field
    if kind == "seat field":
        field = draw(st.sampled_from(SEAT_FIELDS))
        data = good(5)
        data["seats"][0][field] = None
        value = draw(json_texts)
        return json.dumps(data).replace(f'"{field}": null', f'"{field}": {value}').encode(), "seat"
    if kind == "bytes":
        raw = draw(st.binary(min_size=1, max_size=200)).replace(b"\n", b"")
        return raw, None
    if kind == "nested":
        return draw(nested).encode(), None
    return draw(json_texts).encode(), None


@st.composite
def streams(draw: st.DrawFn) -> list[tuple[bytes, str | None, int | None]]:
    """Lines of a stream: (bytes, field the error must name, ante of a good round)."""
    lines = []
    for index in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            lines.append((json.dumps(good(index + 1)).encode(), None, index + 1))
        else:
            raw, field = draw(bad_lines())
            lines.append((raw, field, None))
    return lines


def _is_blank(raw: bytes, number: int) -> bool:
    """docs/settle-contract.md: blank lines are skipped (a UTF-8 byte-order mark may open the
    input)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not (text.removeprefix("\ufeff") if number == 1 else text).strip()


def _settle(stream: bytes) -> tuple[str, int]:
    out = io.StringIO()
    rejected = settle_stream(io.BytesIO(stream), out, "ny-2018", jobs=1)
    return out.getvalue(), rejected


@FUZZ
@given(lines=streams())
def test_every_round_line_gets_exactly_one_answer_in_order(
    lines: list[tuple[bytes, str | None, int | None]],
) -> None:
    stream = b"".join(raw + b"\n" for raw, _, _ in lines)
    text, rejected = _settle(stream)
    outputs = [json.loads(answer) for answer in text.splitlines()]
    expected = [(number, item) for number, item in enumerate(lines, start=1)
                if not _is_blank(item[0], number)]  # fmt: skip
    assert len(outputs) == len(expected)
    errors = 0
    for output, (number, (_, field, ante)) in zip(outputs, expected, strict=True):
        if ante is not None:
            seat = output["seats"][0]
            assert (seat["result"], seat["total"]) == ("win", f"{4 * ante}.00")
            continue
        if "error" not in output:
            continue  # a mutated field may still be a good value (a pool of 0, ["As", "Kd"])
        errors += 1
        message = output["error"]
        assert "internal error" not in message and len(message) < 600, message
        if field is None:
            assert re.match(rf"line {number}: |[a-z_]+(\[0\])?(\.[a-z_]+)?: ", message) or (
                ": unknown field" in message
            ), message
        else:
            assert field in message or message.startswith(f"line {number}: "), (field, message)
    assert rejected == errors


@FUZZ
@given(lines=streams(), size=st.integers(1, 4))
def test_worker_batches_settle_to_the_same_bytes_as_one_process(
    lines: list[tuple[bytes, str | None, int | None]], size: int
) -> None:
    stream = b"".join(raw + b"\n" for raw, _, _ in lines)
    batches = list(_batches(read_lines(io.BytesIO(stream)), size))
    assert [line.number for batch in batches for line in batch] == list(range(1, len(lines) + 1))
    parts = [settle_lines(batch, "ny-2018") for batch in batches]
    assert ("".join(text for text, _ in parts), sum(n for _, n in parts)) == _settle(stream)


@FUZZ
@given(length=st.integers(MAX_ROUND_BYTES - 2, MAX_ROUND_BYTES + 2), ending=st.sampled_from(
    [b"\n", b"\r\n", b""]))
def test_a_line_is_refused_by_length_exactly_when_it_is_over_the_limit(
    length: int, ending: bytes
) -> None:
    """The limit counts the bytes before the newline (a "\\r" of CRLF counts)."""
    body = json.dumps(good(1)).encode()
    body = body[:-1] + b" " * (length - len(body)) + b"}"
    stream = json.dumps(good(2)).encode() + b"\n" + body + ending + json.dumps(good(3)).encode()
    if not ending:
        stream = json.dumps(good(2)).encode() + b"\n" + json.dumps(good(3)).encode() + b"\n" + body
    outputs = [json.loads(answer) for answer in _settle(stream)[0].splitlines()]
    assert len(outputs) == 3
    long_output = outputs[1] if ending else outputs[2]
    if length + len(ending.rstrip(b"\n")) > MAX_ROUND_BYTES:
        assert long_output["error"].startswith(f"line {2 if ending else 3}: ")
        assert f"at most {MAX_ROUND_BYTES:,}" in long_output["error"]
    else:
        assert long_output["seats"][0]["total"] == "4.00"

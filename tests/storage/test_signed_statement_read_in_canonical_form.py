"""A stored signed statement (a certification's or a revocation's) is read one way, by
the certificate's check and by the shared records' refusal of a row from the room
(issues 20-24): only a JSON object in its canonical form, anything else None, never
an error."""

from __future__ import annotations

from trainer.storage.signing import parsed_statement


def test_a_stored_statement_is_read_only_in_its_canonical_form() -> None:
    # keys sorted, no spaces, UTF-8: the bytes a signature is made over
    assert parsed_statement('{"code":"AB12","trainee":"Ana Núñez"}') == {
        "code": "AB12", "trainee": "Ana Núñez"}
    assert parsed_statement('{"trainee":"Ana","code":"AB12"}') is None  # keys out of order
    assert parsed_statement('{"code": "AB12"}') is None  # a space
    assert parsed_statement('["AB12"]') is None  # not an object
    assert parsed_statement("not JSON") is None
    assert parsed_statement(None) is None
    # JSON text may say NaN, which no canonical statement can hold: refused, not raised
    assert parsed_statement('{"score":NaN}') is None

"""The protocol's messages: each type checked on receipt, nothing more and nothing less."""

from __future__ import annotations

import json

import pytest

from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_CLIENT_MESSAGE,
    ProtocolError,
    message,
    new_code,
    new_token,
    parse_client_message,
    token_hash,
    tokens_match,
)


def test_a_well_formed_action_is_read_back_as_sent() -> None:
    sent = message("act", code="ABC234", seat="egypt", label="area:thebes", at=12)
    assert parse_client_message(sent) == json.loads(sent)


@pytest.mark.parametrize("fields, reason", [
    ({"code": "ABC234", "seat": "egypt", "label": "done"}, "missing field 'at'"),
    ({"code": "ABC234", "seat": "egypt", "label": "done", "at": 1, "x": 1}, "unknown field"),
    ({"code": "ABC234", "seat": "egypt", "label": "done", "at": -1}, "out of range"),
    ({"code": "ABC234", "seat": "egypt", "label": "done", "at": 1.0}, "must be int"),
    ({"code": "ABC234", "seat": "egypt", "label": 5, "at": 1}, "must be str"),
    ({"code": "", "seat": "egypt", "label": "done", "at": 1}, "length out of range"),
])
def test_an_action_with_a_bad_field_is_refused(fields: dict[str, object], reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        parse_client_message(message("act", **fields))


def test_a_message_over_the_cap_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(ProtocolError, match="larger than"):
        parse_client_message("[" * (MAX_CLIENT_MESSAGE + 1))


def test_create_names_each_seat_as_a_person_or_a_bot_level() -> None:
    good = message("create", game_version="1", players=2, seed=1, ruleset="classic",
                   max_turns=0, seats=["", "normal"])
    assert parse_client_message(good)["seats"] == ["", "normal"]
    bad = good.replace('"normal"', "7")
    with pytest.raises(ProtocolError, match="each seat"):
        parse_client_message(bad)


def test_join_codes_are_short_and_tokens_are_kept_only_as_hashes() -> None:
    code = new_code()
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    token = new_token()
    assert len(token) >= 32 and token not in token_hash(token)
    assert tokens_match(token, token_hash(token))
    assert not tokens_match(token + "x", token_hash(token))

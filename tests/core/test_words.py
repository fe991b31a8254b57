"""A decision's words keep the names apart from the sentence (game/core/words.py): the core's
prompt is the sentence with bare ids, the client names them, and nobody reads it back."""

from __future__ import annotations

import pytest

from game.core import Pending, StateError, Words, from_plain, to_plain
from game.core.words import joined, ref, say


def test_say_keeps_each_named_thing_apart_and_writes_numbers_into_the_words() -> None:
    words = say("Move {n} tokens from {source} to {target}?", n=3,
                source=ref("area", "knossos"), target=ref("area", "thera"))
    assert words == Words(("Move 3 tokens from ", " to ", "?"), ("area:knossos", "area:thera"))
    assert words.render() == "Move 3 tokens from knossos to thera?"
    assert words.render(str.upper) == "Move 3 tokens from AREA:KNOSSOS to AREA:THERA?"


def test_a_list_holds_names_and_words_in_turn() -> None:
    words = say("They ask for {cards}.", cards=joined(["wine", "gold", "oil"], "card"))
    assert words.names == ("card:wine", "card:gold", "card:oil")
    assert words.render() == "They ask for wine and gold and oil."
    assert say("Plain {w}", w=["a", " b"]).render() == "Plain a b"


def test_words_whose_parts_do_not_fit_their_names_are_refused_when_read() -> None:
    plain = to_plain(Pending("egypt", "k", "p", ["yes"], words=say("x {a}", a=ref("area", "b"))))
    assert from_plain(Pending, plain, "pending").words == Words(("x ", ""), ("area:b",))
    plain["words"]["names"].append("area:c")
    with pytest.raises(StateError, match="2 parts for 2 names"):
        from_plain(Pending, plain, "pending")


def test_braces_in_a_hostile_file_are_only_text() -> None:
    words = Words(("{0.__class__} ", "{}"), ("area:x",))
    assert words.render() == "{0.__class__} x{}"


def test_the_calamity_under_way_says_its_card_victim_trader_and_who_gains() -> None:
    from game.core import calamity_in_play
    from tests.core.calamities.helpers import start
    from tests.core.calamities.test_civil_war import FACTIONS

    state = start(FACTIONS)  # Egypt's civil war: Babylon is the beneficiary
    found = calamity_in_play(state)
    assert found is not None and found.card == "civil_war"
    assert found.victim == "egypt" and found.gaining == ("babylon",) and not found.traded_by
    state.tasks = []
    assert calamity_in_play(state) is None

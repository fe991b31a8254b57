"""The host's choices for a network game (set-up, A.S.T. side, map, last turn, open bargaining,
rule set, the Events module) travel in the create message, every field checked, and the server
sets the game up with them; a bad value is refused with one line and no game is made."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from game.core import EventsOptions, GameConfig
from game.net.choices import create_fields
from game.net.protocol import ProtocolError, message, parse_client_message
from game.persist import game_version

from .netkit import open_client, receive, running_server

EAST = ["saba", "babylon", "persia", "nubia", "parthia"]


def create(seats: list[str] | None = None, **fields: object) -> str:
    config = GameConfig(players=EAST, ruleset="mega-empires", ast_side="expert",
                        setup="5-east", seed=99, last_turn=3, open_bargaining=True,
                        events=EventsOptions(reveal_more=True))
    base = create_fields(config, "oikoumene")
    return message("create", game_version=game_version(), seats=seats or ["basic"] * 5,
                   lobby=True, **{**base, **fields})


def test_a_hosted_game_is_set_up_with_the_hosts_choices(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create())
            created = await receive(ws, "created")
            assert created["seats"] == EAST
            config = servers[0].games[created["code"]].state.config
            assert (config.setup, config.ruleset, config.ast_side, config.last_turn,
                    config.open_bargaining, config.map_id) == (
                "5-east", "mega-empires", "expert", 3, True, "oikoumene")
            assert config.events == EventsOptions(reveal_more=True)
            assert config.seed != 0  # the server drew it: the host does not know it
            await ws.send(create(events={}, open_bargaining=False, ast_side="basic"))
            plain = servers[0].games[(await receive(ws, "created"))["code"]].state.config
            assert (plain.events, plain.open_bargaining, plain.ast_side) == (
                EventsOptions(), False, "basic")
            await ws.close()

    asyncio.run(main())


@pytest.mark.parametrize("fields, reason", [
    ({"setup": "7-north"}, "unknown set-up '7-north'"),
    ({"setup": "9-west"}, "the set-up 9-west is for 9 players, not 5"),
    ({"map": "../../../etc/passwd"}, "no map '../../../etc/passwd' on the server"),
    ({"ruleset": "calvinball"}, "no rule set 'calvinball'"),
])
def test_choices_the_server_cannot_set_up_are_refused_in_one_line(
        tmp_path: Path, fields: dict[str, object], reason: str) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create(**fields))
            refused = await receive(ws, "refused")
            assert reason in refused["reason"] and "\n" not in refused["reason"]
            assert servers[0].games == {}
            await ws.close()

    asyncio.run(main())


@pytest.mark.parametrize("fields, reason", [
    ({"ast_side": "sideways"}, "'ast_side' must be \"basic\" or \"expert\""),
    ({"last_turn": -1}, "field 'last_turn' value out of range"),
    ({"open_bargaining": 1}, "field 'open_bargaining' must be bool"),
    ({"events": {"loud": True}}, "events: unknown field 'loud'"),
    ({"events": {"random_b": "yes"}}, "field 'random_b' must be bool"),
    ({"events": {"b_events": [3]}}, "each of 'b_events' is an event's id"),
    ({"events": []}, "field 'events' must be dict"),
    ({"setup": ""}, "field 'setup' length out of range"),
])
def test_badly_formed_choices_are_refused_by_the_protocol(fields: dict[str, object],
                                                          reason: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(reason)):
        parse_client_message(create(**fields))


def test_the_host_s_config_goes_into_the_create_message_and_back() -> None:
    sent = parse_client_message(create())
    assert (sent["setup"], sent["ast_side"], sent["map"], sent["last_turn"],
            sent["open_bargaining"], sent["seed"]) == ("5-east", "expert", "oikoumene", 3,
                                                       True, 0)
    assert sent["events"] == {"randomise_x": False, "reveal_more": True, "random_b": False,
                              "b_events": []}

"""While a player drags tokens, the server tries the source pick on a copy of the game and
tells the options that would follow, to light the drop targets: only to the seat whose
decision it is, only when the same seat decides next, and never when the pick touched what
the seat may not see (the generator, the decks, others' hands). The game is never changed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from game import simulate
from game.bots import make_bot
from game.core import Action, GameState, apply, view
from game.net import server
from game.net.protocol import message
from game.net.server import trial_options
from game.persist import game_version

from .netkit import create_message, join_message, open_client, receive, running_server


def at_movement(seed: int = 3) -> GameState:
    """A game played by bots up to a player's choice of an area to move from."""
    state = simulate.new_state(5, seed, "classic", simulate.resolve_map(None))
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    for _ in range(5000):
        pending = state.pending
        assert pending is not None
        if pending.kind == "movement_area" and len(pending.options) > 1:
            return state
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    pytest.skip("no movement decision in the searched moves")


def test_a_try_tells_the_options_that_follow_a_pick_and_changes_nothing() -> None:
    state = at_movement()
    assert state.pending is not None
    who, label = state.pending.player, state.pending.options[0]
    before = state.state_hash()
    trial = state.clone()
    apply(trial, Action(who, label))
    assert trial.pending is not None and trial.pending.player == who
    assert trial_options(state, who, label) == trial.pending.options != []
    assert state.state_hash() == before
    others = [p for p in state.players if p != who]
    assert trial_options(state, others[0], label) == []  # not their decision
    assert trial_options(state, who, "area:nowhere") == []


def test_a_try_whose_pick_draws_by_chance_tells_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_movement()
    assert state.pending is not None
    who, label = state.pending.player, state.pending.options[0]

    def drawing(trial: GameState, action: Action) -> object:
        events = apply(trial, action)
        trial.rng.next32()  # as if the pick had drawn on the generator
        return events

    monkeypatch.setattr(server, "apply", drawing)
    assert trial_options(state, who, label) == []


def test_a_client_is_told_the_options_after_a_pick_only_for_its_own_decision(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "basic", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seat = created["code"], created["seats"][0]
            player, spectator = await open_client(address), await open_client(address)
            await player.send(join_message(code, seat))
            bot = make_bot("basic", 5)
            game = servers[0].games[code]
            while True:
                msg = json.loads(await asyncio.wait_for(player.recv(), 30))
                if msg["type"] != "update" or msg["at"] != game.at:
                    continue
                pending = game.state.pending
                assert pending is not None
                if pending.player != seat:
                    continue
                if pending.kind == "movement_area" and len(pending.options) > 1:
                    break
                await player.send(message("act", code=code, seat=seat, at=game.at,
                                          label=bot.choose(view(game.state, seat))))
            label, before = pending.options[0], game.state.state_hash()
            await player.send(message("try", code=code, seat=seat, at=game.at, label=label))
            tried = await receive(player, "tried")
            assert tried["options"] == trial_options(game.state, seat, label) != []
            assert (tried["label"], tried["at"]) == (label, game.at)
            assert game.state.state_hash() == before
            assert game.tried == {label: tried["options"]}  # tried once for this decision
            await player.send(message("try", code=code, seat=seat, at=game.at + 1, label=label))
            assert "out of date" in (await receive(player, "refused"))["reason"]
            await spectator.send(message("watch", game_version=game_version(), code=code))
            await spectator.send(message("try", code=code, seat=seat, at=game.at, label=label))
            assert "you do not hold the seat" in (await receive(spectator, "refused"))["reason"]
            assert game.state.state_hash() == before
            await player.send(message("act", code=code, seat=seat, at=game.at, label=label))
            await receive(player, "update")
            assert game.tried == {}  # a new decision: what was tried is forgotten
            for ws in (host, player, spectator):
                await ws.close()

    asyncio.run(main())



"""Golden games: seeded headless games whose actions and final state must never change unless a
rule does. Each game stored in golden_games.json keeps a digest of its action sequence (who chose
which label, in order) and one of its final state (board, hands, decks, scores), so a refactor
or an optimisation of the core or the bots that changes a single decision fails here, naming
the game (its rule set, seed, players, bots and settings) and the first thing that differs.

How many and why: 200 games per rule set (600 in all), as issue 17 asks, on the real map
(oikoumene). 200 short games cover far more of the rules' branches (calamities, trade, tax
revolts, civil wars, 5 to 18 players) than a few long ones; to keep the whole set near five
minutes of one core, most games stop after TURNS turns (calamities come up from the first cities
on: the set resolves over 3,000 per rule set, every calamity of classic and Mega Empires, all of
Double Empires' but revival of past empire, raiders and banditry) and one in LONG_EVERY runs to
the end of the game (LONG_TURNS at most: normal bots reach Late Iron in 27 to 40 turns), so
end-game scoring and the late advances are covered too. Half the games have normal bots and half
random bots; players 5, 9 and 18 in the ratio 3:2:1; one game in three trades by open
bargaining, one in four ends by an agreed last turn (GameConfig.last_turn) instead of the turn
bound, one in seven uses the expert A.S.T. The first QUICK games of each rule set (about 11 s of
CPU in all) run in the quick suite; the rest are marked slow (python -m pytest -m slow
tests/test_golden_games.py).

Regenerating (python tests/test_golden_games.py --update) is allowed only when a rule, a bot's
decision or the map changes on purpose; the commit that regenerates names that change. An
optimisation or a refactor never regenerates: it must pass against the stored digests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.core import GameState
from game.core.engine import Action
from game.core.mapgraph import MapGraph
from game.core.scoring import final_ranking
from game.simulate import resolve_map, simulate

GOLDEN = Path(__file__).with_name("golden_games.json")
MAP = "oikoumene"
RULESETS = ("classic", "mega-empires", "double-empires")
GAMES_PER_RULESET = 200
PLAYERS = (5, 18, 9, 5, 9, 5)  # 5, 9 and 18 players in the ratio 3:2:1
TURNS = 12
LONG_EVERY = 40  # games 0, 40, 80, ... of a rule set: 5 or 9 players, normal bots, to the end
LONG_TURNS = 40
QUICK = 6  # the first games of each rule set (5, 9 and 18 players), in the quick suite


@dataclass(frozen=True)
class Spec:
    """One golden game: everything `simulate` needs to play it again."""

    ruleset: str
    seed: int
    players: int
    bots: str
    max_turns: int
    last_turn: int
    open_bargaining: bool
    ast_side: str

    @property
    def name(self) -> str:
        extras = [f"last_turn={self.last_turn}" if self.last_turn else f"turns={self.max_turns}"]
        extras += ["open"] * self.open_bargaining + ["expert"] * (self.ast_side == "expert")
        return f"{self.ruleset}-{self.seed}-{self.players}p-{self.bots}-{'-'.join(extras)}"


def schedule() -> list[Spec]:
    """The golden games, rule sets one after another."""
    specs = []
    for ruleset in RULESETS:
        for i in range(GAMES_PER_RULESET):
            long = i % LONG_EVERY == 0
            bound = LONG_TURNS if long else TURNS
            by_last_turn = i % 4 == 1
            specs.append(Spec(
                ruleset=ruleset,
                seed=i + 1,
                players=PLAYERS[(i // 2) % len(PLAYERS)],
                bots="normal" if i % 2 == 0 else "random",
                max_turns=0 if by_last_turn else bound,
                last_turn=bound if by_last_turn else 0,
                open_bargaining=i % 3 == 0,
                ast_side="expert" if i % 7 == 0 else "basic",
            ))
    return specs


def play_digest(log: list[Action]) -> str:
    """The action sequence: who chose which label, in order."""
    text = "\n".join(f"{a.player}\t{a.label}" for a in log)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def final_digest(state: GameState) -> str:
    """The final board, hands, decks and scores, read through the state's plain fields only (not
    `state_hash`, which also covers how the flow stores its progress: a refactor may change that
    without changing a single decision)."""
    players = {
        pid: {"stock": p.stock, "treasury": p.treasury, "advances": sorted(p.advances),
              "credits": p.credits, "ast": p.ast, "census": p.census,
              "hand": sorted((c.card, c.traded_by) for c in p.hand)}
        for pid, p in state.players.items()}
    final = {
        "turn": state.turn, "game_over": state.game_over, "ended_by": state.ended_by,
        "board": {"tokens": state.board.tokens, "cities": state.board.cities,
                  "ships": state.board.ships},
        "players": players, "stacks": state.stacks, "discards": state.discards,
        "scores": [[s.player, s.total] for s in final_ranking(state)],
    }
    text = json.dumps(final, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@cache
def _graph() -> MapGraph:
    return resolve_map(MAP)


def play(spec: Spec) -> dict[str, Any]:
    """Play one golden game; what is stored of it (and compared)."""
    log: list[Action] = []
    last: list[GameState] = []

    def keep(state: GameState, events: list[Any]) -> None:
        if not last:
            last.append(state)  # the same object all game: `apply` changes it in place

    result = simulate(players=spec.players, bots=[spec.bots], seed=spec.seed,
                      ruleset=spec.ruleset, graph=_graph(), ast_side=spec.ast_side,
                      max_turns=spec.max_turns, last_turn=spec.last_turn,
                      open_bargaining=spec.open_bargaining, check=False, log=log, observe=keep)
    assert last, f"{spec.name}: no action was played"
    return {"actions": result["actions"], "turns": result["turns"],
            "ended_by": result["ended_by"], "play": play_digest(log),
            "final": final_digest(last[0])}


def load() -> list[tuple[Spec, dict[str, Any]]]:
    games = json.loads(GOLDEN.read_text())["games"]
    fields = Spec.__dataclass_fields__
    return [(Spec(**{k: g[k] for k in fields}), {k: v for k, v in g.items() if k not in fields})
            for g in games]


def _cases() -> list[Any]:
    return [pytest.param(spec, stored, id=spec.name,
                         marks=[] if spec.seed <= QUICK
                         else [pytest.mark.slow])
            for spec, stored in load()]


def test_the_stored_games_are_the_scheduled_ones() -> None:
    assert [spec for spec, _ in load()] == schedule(), (
        "golden_games.json does not list the games schedule() makes: regenerate it "
        "(python tests/test_golden_games.py --update), naming the reason in the commit")


def test_the_set_has_each_setting_in_the_quick_and_the_whole_suite() -> None:
    quick = [s for s in schedule() if s.seed <= QUICK]
    for specs in (quick, schedule()):
        assert {s.players for s in specs} == {5, 9, 18}
        assert {s.bots for s in specs} == {"normal", "random"}
        assert {s.ruleset for s in specs} == set(RULESETS)
        assert any(s.open_bargaining for s in specs)
        assert any(s.last_turn for s in specs)
        assert any(s.ast_side == "expert" for s in specs)
        assert any(s.max_turns == LONG_TURNS for s in specs)


@pytest.mark.parametrize(("spec", "stored"), _cases())
def test_a_golden_game_plays_as_stored(spec: Spec, stored: dict[str, Any]) -> None:
    now = play(spec)
    differ = [k for k in ("actions", "play", "turns", "ended_by", "final")
              if now[k] != stored[k]]
    assert not differ, (
        f"{spec.name} plays differently: {', '.join(differ)} "
        f"(stored {', '.join(f'{k}={stored[k]}' for k in differ)}; "
        f"now {', '.join(f'{k}={now[k]}' for k in differ)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true",
                        help="play every scheduled game and rewrite golden_games.json")
    args = parser.parse_args()
    if not args.update:
        parser.print_help()
        return
    lines = []
    start = time.process_time()
    for spec in schedule():
        lines.append(json.dumps(asdict(spec) | play(spec), separators=(",", ":")))
    GOLDEN.write_text('{"games": [\n' + ",\n".join(lines) + "\n]}\n")
    print(f"{len(lines)} games written to {GOLDEN} "
          f"({time.process_time() - start:.0f} s of CPU)")


if __name__ == "__main__":
    main()

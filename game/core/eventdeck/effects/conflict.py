"""War: the battle, siege and movement cards' primitives (seed 000's "during a battle",
"during a siege", "after a successful siege", "during a stack's movement step").

A battle is a token conflict, a siege a city attack (war.py opens their windows and sets
`EventDeck.fight`). A primitive either acts at once on the fight being fought or leaves a
`Modifier` that war.py's hooks read at its moment; a card played outside its fight does
nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import labels
from ...conflict_rules import token_sides
from ...events import Event
from ...flow import ask
from ...ops import remove_tokens
from ...state import GameState
from ...words import say
from ..cards import Effect
from ..dice import deck_of
from ..model import Fight, Modifier
from .growth import title
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short


def _fight(state: GameState) -> Fight | None:
    return deck_of(state).fight


def _lasting(state: GameState, kind: str, player: str, rule: str, amount: int = 0,
             area: str = "", enemy: str = "") -> None:
    deck_of(state).modifiers.append(Modifier(kind=kind, player=player, amount=amount, area=area,
                                             enemy=enemy, rule=rule))


def battle_strike(state: GameState, player: str, effect: Effect, rule: str,
                  events: list[Event]) -> None:
    """Before the alternate removal starts, every other side removes `count` tokens there."""
    fight = _fight(state)
    if fight is None:
        return
    for side in sorted(token_sides(state, fight.area)):
        if side != player:
            remove_tokens(state, side, fight.area, effect.get("count"), events, rule)


Primitive = Callable[[GameState, str, Effect, str, list[Event]], None]


def _on_battle(kind: str, param: str) -> Primitive:
    """A primitive leaving a `kind` modifier (its amount the parameter `param`, 1 without one)
    on the battle being fought, for war.py to read."""

    def apply(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
        fight = _fight(state)
        if fight is not None and not fight.attacker:
            amount = effect.get(param) if param else 1
            _lasting(state, kind, player, rule, amount, fight.area)

    return apply


# the holder's next `count` losses in this battle are not taken
battle_spared = _on_battle("spared", "count")
# when the population limit would end this battle, every side there removes one token more
battle_extra_round = _on_battle("extra_round", "")
# `per` bonus VP for each token of another side removed in this battle
battle_vp = _on_battle("battle_vp", "per")
# `amount` bonus VP if the holder ends this battle with more tokens there than any other side
battle_won_vp = _on_battle("won_vp", "amount")


def foes(state: GameState, player: str, least: int) -> list[str]:
    """Those the holder fights in this battle with at least `least` tokens on the board."""
    fight = _fight(state)
    if fight is None:
        return []
    return [p for p in state.players if p != player and p in fight.sides
            and sum(here.get(p, 0) for here in state.board.tokens.values()) >= least]


def _enemy_step(state: GameState, task: EventEffects, q: Queued, events: list[Event]) -> bool:
    """000:event:4 "the target nation selects another nation with at least 5 units in play to
    become its mortal enemy": among those it fights in this battle, the holder chooses (asked
    when there are several); with none, said. For the rest of the turn, `per` bonus VP per
    token of it removed in the holder's battles."""
    fight = _fight(state)
    if task.left == 0 or fight is None:  # named, or played outside a battle
        return False
    least = q.params.get("least", 0)
    found = foes(state, q.player, least)
    if not found:
        fell_short(state, q.player, "enemy", 0, 1, "foe", q.rule, events, q.card)
        return False
    if len(found) == 1:
        _name_enemy(state, q, found[0])
        return False
    ask(state, q.player, ENEMY,
        say("{card}: choose your mortal enemy (a bonus VP per token of theirs removed in your "
            "battles this turn)", card=title(q.card)),
        [labels.make("player", p) for p in found], q.rule,
        EventStep(card=q.card, effect=q.do, suggested=labels.make("player", max(
            found, key=lambda p: (fight.sides[p], -list(state.players).index(p))))))
    return True


def _enemy_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                  events: list[Event]) -> None:
    _name_enemy(state, q, labels.value(label))
    task.left = 0


def _name_enemy(state: GameState, q: Queued, enemy: str) -> None:
    _lasting(state, "enemy_vp", q.player, q.rule, q.params.get("per", 1), enemy=enemy)


def siege_tokens(state: GameState, player: str, effect: Effect, rule: str,
                 events: list[Event]) -> None:
    """The city attack being judged needs `amount` more tokens (fewer when negative)."""
    fight = _fight(state)
    if fight is not None and fight.attacker:
        _lasting(state, "siege", player, rule, effect.get("amount"), fight.area)


def attrition(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """This turn, the first other player's tokens to enter an area where the holder has tokens
    or a city each roll a D10 and are lost on `die` or more."""
    _lasting(state, "attrition", player, rule, effect.get("die"))


def overrun(state: GameState, player: str, effect: Effect, rule: str,
            events: list[Event]) -> None:
    """This turn, the holder's first move that leaves it `ratio` times every other side's
    tokens in an area without another's city removes those tokens."""
    _lasting(state, "overrun", player, rule, effect.get("ratio"))


EFFECTS = {"battle_strike": battle_strike, "battle_spared": battle_spared,
           "battle_extra_round": battle_extra_round, "battle_vp": battle_vp,
           "battle_won_vp": battle_won_vp,
           "siege_tokens": siege_tokens, "attrition": attrition, "overrun": overrun}
ENEMY = "event_enemy"
INTERACTIVE = {"mortal_enemy": Interactive(_enemy_step, _enemy_choose)}

"""The Events module in the conflict and movement rules: seed 000's battle, siege and movement
cards (decisions in events.toml).

Windows: `battle` opens as a token conflict begins, for the players fighting in it; `siege` as
a city attack is judged, for its attacker (when the attack would fail as it stands) and then its
defender (when it would succeed); `after_siege` when a city is taken, for both. `movement` is a
phase window (turn.py opens it as movement begins). A played card acts at once or leaves a
`Modifier` that the hooks below read at its moment; the battle or city attack being fought is
`EventDeck.fight`.

Every hook does nothing when the module is off (`state.eventdeck is None`), so the rules without
events run exactly as before. This module imports none of the conflict or movement rules (they
import it): the callers pass what they have counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import progress_of, push
from ..ops import remove_tokens
from ..state import BARBARIANS, GameState
from .cards import EventCard, load_event_cards
from .dice import d10
from .log import EventCheck
from .model import EventDeck, Fight, Modifier

BATTLE = "battle"
SIEGE = "siege"
AFTER_SIEGE = "after_siege"
FIGHT_WINDOWS = (BATTLE, SIEGE, AFTER_SIEGE)
WINDOW_TASK = "event_window"  # windows.EventWindow, registered by the turn's imports


@dataclass(frozen=True, kw_only=True)
class BonusVictoryPoints(Event):
    player: str
    points: int


# --- who may play ----------------------------------------------------------------------------


def may_play(state: GameState, player: str, card: EventCard) -> bool:
    """Battle cards go to the sides of the battle being fought; siege and after-siege cards to
    the attacker or the defender their `side` names, a siege card only while it can still turn
    the attack (the attacker's while it would fail, the defender's while it would succeed)."""
    if card.window not in FIGHT_WINDOWS:
        return True
    deck = state.eventdeck
    fight = deck.fight if deck is not None else None
    if deck is None or fight is None:
        return False
    if card.window == BATTLE:
        return not fight.attacker and player in fight.sides
    role = "attacker" if player == fight.attacker else "defender" if player == fight.defender \
        else ""
    if not role or card.side != role:
        return False
    if card.window == SIEGE:
        holds = fight.sides.get(fight.attacker, 0) >= siege_need(state, fight.area, fight.needed)
        return holds if role == "defender" else not holds
    return True


def _open(state: GameState, deck: EventDeck, window: str, players: list[str]) -> bool:
    """Push the window's task when one of `players` holds a card for it."""
    cards = load_event_cards().cards
    if not any(cards[c].window == window for p in players for c in deck.hands.get(p, ())):
        return False
    push(state, progress_of(WINDOW_TASK, window=window))
    return True


def _begin(deck: EventDeck, fight: Fight) -> None:
    """A new fight: modifiers left from an earlier one in its area lapse."""
    deck.modifiers = [m for m in deck.modifiers if not m.area or m.area != fight.area]
    deck.fight = fight


def mine(deck: EventDeck, kind: str, player: str, area: str) -> Modifier | None:
    return next((m for m in deck.modifiers
                 if m.kind == kind and m.player == player and m.area == area), None)


def _use(deck: EventDeck, modifier: Modifier) -> None:
    """One use of a counted modifier; it lapses at 0 (or when it has no count)."""
    modifier.amount -= 1
    if modifier.amount <= 0:
        deck.modifiers.remove(modifier)


def award(state: GameState, player: str, points: int, rule: str, events: list[Event]) -> None:
    deck = state.eventdeck
    if deck is None or points <= 0 or player not in state.players:
        return
    deck.bonus_vp[player] = deck.bonus_vp.get(player, 0) + points
    events.append(BonusVictoryPoints(player=player, points=points, rule=rule))


# --- battle (a token conflict) ---------------------------------------------------------------


def battle_begins(state: GameState, area: str, sides: dict[str, int]) -> bool:
    """As a token conflict begins: True when the battle window was pushed (it runs first)."""
    deck = state.eventdeck
    if deck is None:
        return False
    _begin(deck, Fight(area=area, sides=dict(sides)))
    return _open(state, deck, BATTLE, [s for s in state.players if s in sides])


def spared(state: GameState, area: str, side: str) -> bool:
    """Whether the side's next loss in this battle is not taken (Bravery, Treachery)."""
    deck = state.eventdeck
    if deck is None:
        return False
    modifier = mine(deck, "spared", side, area)
    if modifier is None:
        return False
    _use(deck, modifier)
    return True


def extra_round(state: GameState, area: str, sides: dict[str, int],
                events: list[Event]) -> bool:
    """The battle would stop with the limit holding: a holder of Long Battle still in it makes
    every side remove one more token there. True when it did."""
    deck = state.eventdeck
    if deck is None or len(sides) < 2:
        return False
    modifier = next((m for m in deck.modifiers if m.kind == "extra_round" and m.area == area
                     and sides.get(m.player, 0)), None)
    if modifier is None:
        return False
    deck.modifiers.remove(modifier)
    for side in sides:
        remove_tokens(state, side, area, 1, events, modifier.rule)
    return True


def battle_ends(state: GameState, area: str, sides: dict[str, int],
                events: list[Event]) -> None:
    """The battle is over: the victory points its cards promised, then its modifiers lapse."""
    deck = state.eventdeck
    if deck is None or deck.fight is None or deck.fight.area != area:
        return
    start = deck.fight.sides

    def removed(side: str) -> int:
        return max(start.get(side, 0) - sides.get(side, 0), 0)

    for m in list(deck.modifiers):
        if m.player not in start:
            continue
        if m.kind == "battle_vp" and m.area == area:
            award(state, m.player, m.amount * sum(removed(s) for s in start if s != m.player),
                  m.rule, events)
        elif m.kind == "won_vp" and m.area == area:
            left = sides.get(m.player, 0)
            if left and all(n < left for s, n in sides.items() if s != m.player):
                award(state, m.player, m.amount, m.rule, events)
        elif m.kind == "enemy_vp" and m.enemy in start:
            award(state, m.player, m.amount * removed(m.enemy), m.rule, events)
    deck.modifiers = [m for m in deck.modifiers if m.area != area]
    deck.fight = None


# --- siege (a city attack) -------------------------------------------------------------------


def siege_begins(state: GameState, area: str, attacker: str, defender: str, tokens: int,
                 needed: int) -> bool:
    """As the city attack in `area` is judged (`tokens` attacking, `needed` without cards):
    True when the siege window was pushed. Once per attack: on its return the attack goes on."""
    deck = state.eventdeck
    if deck is None:
        return False
    fight = deck.fight
    if fight is not None and (fight.area, fight.attacker) == (area, attacker):
        return False
    _begin(deck, Fight(area=area, sides={attacker: tokens}, attacker=attacker,
                       defender=defender, needed=needed))
    return _open(state, deck, SIEGE, [p for p in state.players if p in (attacker, defender)])


def siege_need(state: GameState, area: str, needed: int) -> int:
    """The tokens the city attack in `area` needs with the siege cards played on it (at least
    one), from the `needed` of the rules."""
    deck = state.eventdeck
    if deck is None:
        return needed
    delta = sum(m.amount for m in deck.modifiers if m.kind == "siege" and m.area == area)
    return max(needed + delta, 1)


def city_taken(state: GameState, area: str) -> None:
    """A city attack took the city: the after-siege window (pushed last, it runs first)."""
    deck = state.eventdeck
    if deck is None or deck.fight is None or deck.fight.area != area:
        return
    fight = deck.fight
    _open(state, deck, AFTER_SIEGE,
          [p for p in state.players if p in (fight.attacker, fight.defender)])


# --- movement --------------------------------------------------------------------------------


def after_move(state: GameState, player: str, area: str, n: int,
               events: list[Event]) -> list[str]:
    """`n` of the player's tokens have just entered `area`: Surprise Overrun, then Attrition.
    Returns the players who lost tokens there (their movement marks need fixing)."""
    deck = state.eventdeck
    if deck is None or not deck.modifiers:
        return []
    losers = _overrun(state, deck, player, area, events)
    if _attrition(state, deck, player, area, n, events):
        losers.append(player)
    return losers


def _overrun(state: GameState, deck: EventDeck, player: str, area: str,
             events: list[Event]) -> list[str]:
    modifier = mine(deck, "overrun", player, "")
    here = state.board.tokens.get(area, {})
    others = {o: k for o, k in here.items() if o != player and k > 0}
    if modifier is None or not others or state.board.cities.get(area, player) != player:
        return []
    if any(here.get(player, 0) < modifier.amount * k for k in others.values()):
        return []
    deck.modifiers.remove(modifier)
    for owner, k in sorted(others.items()):
        remove_tokens(state, owner, area, k, events, modifier.rule)
    return [o for o in sorted(others) if o != BARBARIANS]


def _attrition(state: GameState, deck: EventDeck, player: str, area: str, n: int,
               events: list[Event]) -> bool:
    """The first entry of another player's tokens into an area where a holder has tokens or a
    city: a D10 for each entering token, lost at `amount` or more."""
    for m in deck.modifiers:
        if m.kind != "attrition" or m.player == player:
            continue
        if not (state.board.count(area, m.player) or state.board.cities.get(area) == m.player):
            continue
        deck.modifiers.remove(m)
        lost = 0
        for _ in range(n):
            face = d10(state)
            events.append(EventCheck(player=player, die="d10", result=str(face), rule=m.rule))
            lost += face >= m.amount
        return remove_tokens(state, player, area, lost, events, m.rule) > 0
    return False


def end_of_turn(deck: EventDeck) -> None:
    """What the cards left for this turn lapses."""
    deck.modifiers = []
    deck.fight = None

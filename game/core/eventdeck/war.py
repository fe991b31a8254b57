"""The Events module in the conflict and movement rules: seed 000's battle, siege and movement
cards (decisions in events.toml).

Windows: `battle` opens as a token conflict begins, for the players fighting in it; `siege` as
a city attack is judged, for its attacker (when the attack would fail as it stands) and then its
defender (when it would succeed); `after_siege` when a city is taken, for both. `movement` is a
phase window (turn.py opens it as movement begins). A played card acts at once or leaves a
`Modifier` that the hooks below read at its moment; the battle or city attack being fought is
`WarState.fight`
(`EventDeck.war`, made at the first window one of these cards may be played in).

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
from .model import EventDeck, Fight, Modifier, WarState

BATTLE = "battle"
SIEGE = "siege"
AFTER_SIEGE = "after_siege"
FIGHT_WINDOWS = (BATTLE, SIEGE, AFTER_SIEGE)
WINDOW_TASK = "event_window"  # windows.EventWindow, registered by the turn's imports


@dataclass(frozen=True, kw_only=True)
class BonusVictoryPoints(Event):
    player: str
    points: int


# --- the state ------------------------------------------------------------------------------


def war_state(deck: EventDeck) -> WarState:
    """The cards' state, made when first needed (then written with the game)."""
    if deck.war is None:
        deck.war = WarState()
    return deck.war


def _war(state: GameState) -> WarState | None:
    deck = state.eventdeck
    return deck.war if deck is not None else None


def bonus_vp(state: GameState, player: str) -> int:
    """The victory points event cards won the player (counted in the score)."""
    war = _war(state)
    return war.bonus_vp.get(player, 0) if war is not None else 0


def award(state: GameState, player: str, points: int, rule: str, events: list[Event]) -> None:
    deck = state.eventdeck
    if deck is None or points <= 0 or player not in state.players:
        return
    war = war_state(deck)
    war.bonus_vp[player] = war.bonus_vp.get(player, 0) + points
    events.append(BonusVictoryPoints(player=player, points=points, rule=rule))


def mine(war: WarState, kind: str, player: str, area: str) -> Modifier | None:
    return next((m for m in war.modifiers
                 if m.kind == kind and m.player == player and m.area == area), None)


def _use(war: WarState, modifier: Modifier) -> None:
    """One use of a counted modifier; it lapses at 0."""
    modifier.amount -= 1
    if modifier.amount <= 0:
        war.modifiers.remove(modifier)


# --- who may play ----------------------------------------------------------------------------


def may_play(state: GameState, player: str, card: EventCard) -> bool:
    """Battle cards go to the sides of the battle being fought; siege and after-siege cards to
    the attacker or the defender their `side` names, a siege card only while it can still turn
    the attack (the attacker's while it would fail, the defender's while it would succeed)."""
    if card.window not in FIGHT_WINDOWS:
        return True
    war = _war(state)
    fight = war.fight if war is not None else None
    if fight is None:
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


def _start(state: GameState, fight: Fight, window: str) -> bool:
    """A new fight: its window is pushed (it runs first) when one of its players holds a card
    for it. The cards' state is made only then; once made, it follows every fight, and the
    modifiers an earlier fight left in the area lapse."""
    deck = state.eventdeck
    if deck is None:
        return False
    cards = load_event_cards().cards
    players = [p for p in state.players
               if p in fight.sides or p in (fight.attacker, fight.defender)]
    held = any(cards[c].window == window for p in players for c in deck.hands.get(p, ()))
    if deck.war is None and not held:
        return False
    war = war_state(deck)
    war.modifiers = [m for m in war.modifiers if m.area != fight.area]
    war.fight = fight
    if held:
        push(state, progress_of(WINDOW_TASK, window=window))
    return held


# --- battle (a token conflict) ---------------------------------------------------------------


def battle_begins(state: GameState, area: str, sides: dict[str, int]) -> bool:
    """As a token conflict begins: True when the battle window was pushed."""
    return _start(state, Fight(area=area, sides=dict(sides)), BATTLE)


def spared(state: GameState, area: str, side: str) -> bool:
    """Whether the side's next loss in this battle is not taken (Bravery, Treachery)."""
    war = _war(state)
    modifier = mine(war, "spared", side, area) if war is not None else None
    if war is None or modifier is None:
        return False
    _use(war, modifier)
    return True


def extra_round(state: GameState, area: str, sides: dict[str, int],
                events: list[Event]) -> bool:
    """The battle would stop with the limit holding: a holder of Long Battle still in it makes
    every side remove one more token there. True when it did."""
    war = _war(state)
    if war is None or len(sides) < 2:
        return False
    modifier = next((m for m in war.modifiers if m.kind == "extra_round" and m.area == area
                     and sides.get(m.player, 0)), None)
    if modifier is None:
        return False
    war.modifiers.remove(modifier)
    for side in sides:
        remove_tokens(state, side, area, 1, events, modifier.rule)
    return True


def battle_ends(state: GameState, area: str, sides: dict[str, int],
                events: list[Event]) -> None:
    """The battle is over: the victory points its cards promised, then its modifiers lapse."""
    war = _war(state)
    if war is None or war.fight is None or war.fight.area != area:
        return
    start = war.fight.sides

    def removed(side: str) -> int:
        return max(start.get(side, 0) - sides.get(side, 0), 0)

    for m in list(war.modifiers):
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
    war.modifiers = [m for m in war.modifiers if m.area != area]
    war.fight = None


# --- siege (a city attack) -------------------------------------------------------------------


def siege_begins(state: GameState, area: str, attacker: str, defender: str, tokens: int,
                 needed: int) -> bool:
    """As the city attack in `area` is judged (`tokens` attacking, `needed` without cards):
    True when the siege window was pushed. Once per attack: on its return the attack goes on."""
    war = _war(state)
    fight = war.fight if war is not None else None
    if fight is not None and (fight.area, fight.attacker) == (area, attacker):
        return False
    return _start(state, Fight(area=area, sides={attacker: tokens}, attacker=attacker,
                               defender=defender, needed=needed), SIEGE)


def siege_need(state: GameState, area: str, needed: int) -> int:
    """The tokens the city attack in `area` needs with the siege cards played on it (at least
    one), from the `needed` of the rules."""
    war = _war(state)
    if war is None:
        return needed
    delta = sum(m.amount for m in war.modifiers if m.kind == "siege" and m.area == area)
    return max(needed + delta, 1)


def city_taken(state: GameState, area: str, attacker: str, defender: str) -> None:
    """A city attack took the city: the after-siege window (pushed last, it runs first)."""
    _start(state, Fight(area=area, attacker=attacker, defender=defender), AFTER_SIEGE)


# --- movement --------------------------------------------------------------------------------


def after_move(state: GameState, player: str, area: str, n: int,
               events: list[Event]) -> list[str]:
    """`n` of the player's tokens have just entered `area`: Surprise Overrun, then Attrition.
    Returns the players who lost tokens there (their movement marks need fixing)."""
    war = _war(state)
    if war is None or not war.modifiers:
        return []
    losers = _overrun(state, war, player, area, events)
    if _attrition(state, war, player, area, n, events):
        losers.append(player)
    return losers


def _overrun(state: GameState, war: WarState, player: str, area: str,
             events: list[Event]) -> list[str]:
    modifier = mine(war, "overrun", player, "")
    here = state.board.tokens.get(area, {})
    others = {o: k for o, k in here.items() if o != player and k > 0}
    if modifier is None or not others or state.board.cities.get(area, player) != player:
        return []
    if any(here.get(player, 0) < modifier.amount * k for k in others.values()):
        return []
    war.modifiers.remove(modifier)
    for owner, k in sorted(others.items()):
        remove_tokens(state, owner, area, k, events, modifier.rule)
    return [o for o in sorted(others) if o != BARBARIANS]


def _attrition(state: GameState, war: WarState, player: str, area: str, n: int,
               events: list[Event]) -> bool:
    """The first entry of another player's tokens into an area where a holder has tokens or a
    city: a D10 for each entering token, lost at `amount` or more."""
    for m in war.modifiers:
        if m.kind != "attrition" or m.player == player:
            continue
        if not (state.board.count(area, m.player) or state.board.cities.get(area) == m.player):
            continue
        war.modifiers.remove(m)
        lost = 0
        for _ in range(n):
            face = d10(state)
            events.append(EventCheck(player=player, die="d10", result=str(face), rule=m.rule))
            lost += face >= m.amount
        return remove_tokens(state, player, area, lost, events, m.rule) > 0
    return False


def end_of_turn(deck: EventDeck) -> None:
    """What the cards left for this turn lapses."""
    if deck.war is not None:
        deck.war.modifiers = []
        deck.war.fight = None

"""Small operations on the board that many phases and calamities share.

Each keeps the token count of every player whole (board + stock + treasury = 55) and reports
what it did as events naming the rule that caused it.
"""

from __future__ import annotations

import functools

from .events import (
    CityAnnexed,
    CityDestroyed,
    CityReduced,
    Event,
    TokensPlaced,
    TokensRemoved,
    TreasuryChanged,
)
from .gamedata import load_game_data
from .state import BARBARIANS, PIRATE, GameState, HandCard

CITIES_PER_PLAYER = 9
# A city is worth 5 unit points (rules §6, numbers.toml city_unit_points): the one constant
# every procedure uses; a test checks it against the data file.
CITY_UNIT_POINTS = 5


def cities_in_stock(state: GameState, player: str) -> int:
    return CITIES_PER_PLAYER - len(state.board.cities_of(player))


def unit_points(state: GameState, player: str) -> int:
    board = state.board
    return board.tokens_of(player) + CITY_UNIT_POINTS * len(board.cities_of(player))


def place_tokens(
    state: GameState, player: str, area: str, n: int, events: list[Event], rule: str = ""
) -> int:
    """Place up to n tokens from the player's stock (barbarians have an unlimited supply);
    returns how many were placed."""
    if player != BARBARIANS:
        stock = state.player_to_change(player)
        n = min(n, stock.stock)
        stock.stock -= n
    if n > 0:
        state.board.add(area, player, n)
        events.append(TokensPlaced(player=player, area=area, count=n, rule=rule))
    return max(n, 0)


def loss_causes(
    state: GameState, player: str, cause: str = "", rule: str = ""
) -> tuple[str, ...]:
    """Why `player` loses units now, for a loss event's `cause`: `cause` (what the caller knows:
    "population_limit", "ship_upkeep", ...), then what the tasks under way say, from the
    innermost out (a conflict, a support check, the calamity or event card being resolved: see
    Progress.loss_causes). When no task names a calamity or an event card (a calamity whose own
    task is over, leaving a city reduction to run: Civil Disorder), the card whose clause
    `rule` is, if only one has it. Read from the state only, so it never changes the game."""
    found = [cause] if cause else []
    for task in reversed(state.tasks):
        for label in task.data.loss_causes(state, player):
            if label not in found:
                found.append(label)
    if rule and not any(label.startswith(("calamity:", "event:")) for label in found):
        card = _clause_cards(state.config.ruleset).get(rule)
        if card:
            found.append(card)
    return tuple(found)


@functools.cache
def _clause_cards(ruleset: str) -> dict[str, str]:
    """clause -> `calamity:ID` or `event:ID` for the clauses only one card of the rule set (or
    of the Events module) cites."""
    from .eventdeck.cards import load_event_cards  # the Events module's data, loaded on demand

    owners: dict[str, set[str]] = {}
    calamities = load_game_data().rulesets[ruleset].calamities.values()
    for calamity in calamities:
        for clause in calamity.clauses:
            owners.setdefault(clause, set()).add(f"calamity:{calamity.id}")
    for card in load_event_cards().cards.values():
        owners.setdefault(card.source, set()).add(f"event:{card.id}")
    return {clause: next(iter(ids)) for clause, ids in owners.items() if len(ids) == 1}


def remove_tokens(
    state: GameState, player: str, area: str, n: int, events: list[Event], rule: str = "",
    *, cause: str = "",
) -> int:
    """Return up to n of the player's tokens in the area to stock; returns how many. `cause`
    names why when the tasks under way do not (loss_causes)."""
    n = min(n, state.board.count(area, player))
    if n <= 0:
        return 0
    state.board.add(area, player, -n)
    if player != BARBARIANS:
        state.player_to_change(player).stock += n
    events.append(TokensRemoved(player=player, area=area, count=n, rule=rule,
                                cause=loss_causes(state, player, cause, rule)))
    return n


def replace_city(
    state: GameState, area: str, tokens: int, events: list[Event], rule: str = "",
    *, cause: str = "",
) -> None:
    """Replace a city by up to `tokens` of its owner's tokens from stock; a pirate city is simply
    removed. The bare step: a calamity or a support check reduces a city with
    population.reduce_city, which works out how many tokens go back."""
    owner = state.board.cities.pop(area)
    why = loss_causes(state, owner, cause, rule)
    if owner == PIRATE:
        events.append(CityDestroyed(player=owner, area=area, rule=rule, cause=why))
        return
    placed = place_tokens(state, owner, area, tokens, [], rule)
    events.append(CityReduced(player=owner, area=area, tokens=placed, rule=rule, cause=why))


def destroy_city(
    state: GameState, area: str, events: list[Event], rule: str = "", *, cause: str = ""
) -> None:
    owner = state.board.cities.pop(area)
    events.append(CityDestroyed(player=owner, area=area, rule=rule,
                                cause=loss_causes(state, owner, cause, rule)))


def annex_city(
    state: GameState, area: str, new_owner: str, events: list[Event], rule: str = ""
) -> bool:
    """Replace a city by one of the new owner's from stock; False when they have none left."""
    if cities_in_stock(state, new_owner) <= 0:
        return False
    previous = state.board.cities[area]
    state.board.cities[area] = new_owner
    events.append(CityAnnexed(player=new_owner, previous=previous, area=area, rule=rule))
    return True


def pay_treasury(
    state: GameState, player: str, n: int, events: list[Event], rule: str = ""
) -> int:
    """Move up to n treasury tokens back to stock; returns how many."""
    p = state.player_to_change(player)
    n = min(n, p.treasury)
    if n > 0:
        p.treasury -= n
        p.stock += n
        events.append(TreasuryChanged(player=player, change=-n, rule=rule))
    return max(n, 0)


def gain_treasury(
    state: GameState, player: str, n: int, events: list[Event], rule: str = ""
) -> int:
    """Move up to n tokens from stock to treasury; returns how many."""
    p = state.player_to_change(player)
    n = min(n, p.stock)
    if n > 0:
        p.stock -= n
        p.treasury += n
        events.append(TreasuryChanged(player=player, change=n, rule=rule))
    return max(n, 0)


def default_beneficiary(state: GameState, exclude: set[str]) -> str | None:
    """Rules §2 / §6.4: most cities in stock, then most tokens in stock, then A.S.T. ranking
    (players are kept in ranking order, and max() keeps the first of equals)."""
    best: str | None = None
    best_key = (-1, -1)
    for pid, player in state.players.items():
        if pid in exclude:
            continue
        key = (cities_in_stock(state, pid), player.stock)
        if key > best_key:
            best, best_key = pid, key
    return best


def card_stack(state: GameState, card: str) -> int:
    """The trade stack a card belongs to: a commodity's face value, a calamity's stack; 0 for
    water, which goes back beside the stacks rather than into a pile."""
    data = state.data
    if card in data.commodities:
        return data.commodities[card].value
    calamity = data.rulesets[state.config.ruleset].calamities.get(card)
    return calamity.stack if calamity else 0


def give_card(state: GameState, player: str, card: str, traded_by: str = "") -> None:
    """Put a card in a hand; hands are kept sorted so their order reveals nothing."""
    hand = state.player_to_change(player).hand
    hand.append(HandCard(card, traded_by))
    hand.sort(key=lambda h: (h.card, h.traded_by))


def take_card(state: GameState, player: str, card: str) -> HandCard:
    """Remove one copy of a card from a hand (a traded copy last, so provenance stays put)."""
    hand = state.player_to_change(player).hand
    for i, held in enumerate(hand):
        if held.card == card:
            return hand.pop(i)
    raise ValueError(f"{player} holds no {card}")


def discard_card(state: GameState, player: str, card: str) -> None:
    """Send a card from a hand to the discard pile of its stack, in the player's block."""
    take_card(state, player, card)
    stack = card_stack(state, card)
    if stack:
        block = state.players[player].block or next(iter(state.discards))
        state.pile("discards", block, stack - 1).append(card)

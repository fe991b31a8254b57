"""Phase 6, trade-card acquisition (rules §4 phase 6): 6a draw, 6b buy extra cards.

6a: fewest cities first (ties by A.S.T. ranking), each player takes the top card of every stack
from 1 up to their number of cities; an empty stack gives a water card. 6b: in the same order
each player may buy extra cards one at a time, paying first: stack 9 for anyone; Cartography,
Rhetoric and Mining add stacks; Wonder of the World gives one free card a turn from a stack
numbered above the player's city count. Two-block games draw only from the player's own block.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..conflict_rules import holds
from ..events import Event
from ..flow import ask, done, register
from ..ops import give_card, pay_treasury
from ..state import Detail, GameState, Progress, detail_type

RULE_DRAW = "rules:phase-6a"
RULE_BUY = "rules:phase-6b"
WATER = "water"
# Player.flags key: free Wonder of the World cards taken this turn.
WONDER_FLAG = "wonder_free_cards"


@dataclass(frozen=True, kw_only=True)
class TradeCardDrawn(Event):
    """A card taken in 6a. Which card stays secret; a water card lies face up."""

    player: str
    stack: int
    water: bool


@dataclass(frozen=True, kw_only=True)
class TradeCardBought(Event):
    """An extra card bought in 6b (price 0: the free Wonder of the World card)."""

    player: str
    stack: int
    price: int
    water: bool


@dataclass(kw_only=True)
class TradeCardAcquisition(Progress):
    KIND = "phase:trade_card_acquisition"
    stage: Literal["draw", "buy"] = "draw"
    order: list[str] = field(default_factory=list)  # acquisition order
    index: int = 0  # of the player buying now


@detail_type
@dataclass(frozen=True)
class CardOffers(Detail):
    """The extra cards the player may take now: (stack, price) in stack order, price 0 for the
    free Wonder of the World card."""

    offers: tuple[tuple[int, int], ...]

    def price(self, stack: int) -> int | None:
        return dict(self.offers).get(stack)


def acquisition_order(state: GameState) -> list[str]:
    """Fewest cities first; sorted() is stable, so equals keep the A.S.T. ranking order."""
    return sorted(state.players, key=lambda pid: len(state.board.cities_of(pid)))


def _block(state: GameState, pid: str) -> str:
    return state.players[pid].block or next(iter(state.stacks))


def take_from_stack(state: GameState, pid: str, stack: int) -> str:
    """The top card of the player's block's stack into their hand; water when it is empty
    (never a card of another stack or block)."""
    deck = state.pile("stack", _block(state, pid), stack - 1)
    card = deck.pop(0) if deck else WATER
    give_card(state, pid, card)
    return card


def purchase_offers(state: GameState, pid: str) -> dict[int, int]:
    """Stack -> price of the next extra card the player may take now (0: the free Wonder of
    the World card, which replaces any paid offer of the same stack). Only affordable ones."""
    n = state.data.numbers
    player = state.players[pid]
    sources = [(n["extra_card_stack"], n["extra_card_price"])]
    if holds(state, pid, "extra_cards_stack_2_and_7"):
        sources += [(n["cartography_stack_low"], n["cartography_price_low"]),
                    (n["cartography_stack_high"], n["cartography_price_high"])]
    if holds(state, pid, "extra_cards_stack_3"):
        sources.append((n["rhetoric_stack"], n["rhetoric_price"]))
    if holds(state, pid, "extra_cards_stack_6_and_8"):
        sources += [(n["mining_stack_low"], n["mining_price"]),
                    (n["mining_stack_high"], n["mining_price"])]
    offers: dict[int, int] = {}
    for stack, price in sources:
        if price <= player.treasury:
            offers[stack] = min(price, offers.get(stack, price))
    wonder_left = n["wonder_free_cards_per_turn"] - player.flags.get(WONDER_FLAG, 0)
    if wonder_left > 0 and holds(state, pid, "free_card_above_cities"):
        cities = len(state.board.cities_of(pid))
        for stack in range(cities + 1, len(state.stacks[_block(state, pid)]) + 1):
            offers[stack] = 0  # with 9 cities no stack is above: nothing free
    return offers


def _step(state: GameState, d: TradeCardAcquisition, events: list[Event]) -> None:
    if d.stage == "draw":
        d.stage, d.order, d.index = "buy", acquisition_order(state), 0
        for pid in d.order:
            for stack in range(1, len(state.board.cities_of(pid)) + 1):
                card = take_from_stack(state, pid, stack)
                events.append(TradeCardDrawn(player=pid, stack=stack, water=card == WATER,
                                             rule=RULE_DRAW))
    while d.index < len(d.order):
        pid = d.order[d.index]
        offers = purchase_offers(state, pid)
        if not offers:
            d.index += 1
            continue
        shown = ", ".join(f"stack {s}: {'free (Wonder of the World)' if p == 0 else p}"
                          for s, p in sorted(offers.items()))
        ask(state, pid, "buy_trade_card",
            f"Buy an extra trade card (number:S = from stack S; {shown}), or done",
            [*(labels.make("number", s) for s in offers), "done"], RULE_BUY,
            CardOffers(offers=tuple(sorted(offers.items()))))
        return
    done(state, d)


def _choose(state: GameState, d: TradeCardAcquisition, label: str, events: list[Event]) -> None:
    pid = d.order[d.index]
    if label == "done":
        d.index += 1
        return
    stack = labels.number(label)
    price = purchase_offers(state, pid)[stack]
    if price == 0:
        flags = state.player_to_change(pid).flags
        flags[WONDER_FLAG] = flags.get(WONDER_FLAG, 0) + 1
    else:
        pay_treasury(state, pid, price, events, RULE_BUY)  # pay first, then look
    card = take_from_stack(state, pid, stack)
    events.append(TradeCardBought(player=pid, stack=stack, price=price, water=card == WATER,
                                  rule=RULE_BUY))


register(TradeCardAcquisition, _step, _choose)

"""The Age decks and the display (004:16, 16.1, 16.2), and the end of a turn."""

from __future__ import annotations

import math

from ..events import Event
from ..rng import Rng
from ..state import GameConfig, GameState
from .cards import EventCard, EventCards, load_event_cards
from .log import AgeBegins, EventsEnd
from .model import EventDeck, EventsOptions, Regions
from .war import end_of_turn as end_of_war_cards

RULE_AGES = "004:16"
RULE_DISPLAY = "004:16.2"
LAST_AGE = 4
FACE_UP = 3
FACE_UP_MORE = 4  # optional rule 7, with 6 or more players
MORE_FROM = 6


def in_deck(card: EventCard, config: GameConfig, options: EventsOptions, age: int,
            b_chosen: frozenset[str]) -> bool:
    """004:16.1: every A-event of the Age; the B-events of the set-up's list, or those chosen;
    realm-specific events only for civilizations in play."""
    if card.age != age:
        return False
    if card.kind == "A":
        return True
    if card.kind == "realm":
        return card.realm in config.players
    return card.id in b_chosen if b_chosen else card.listed


def b_events(cards: EventCards, options: EventsOptions, rng: Rng) -> frozenset[str]:
    """A random B-event choice: as many per Age as the set-up lists, written into the
    configuration at new game so a replay deals the same decks."""
    chosen: set[str] = set()
    for age in range(1, LAST_AGE + 1):
        pool = sorted(c.id for c in cards.cards.values() if c.kind == "B" and c.age == age)
        wanted = sum(1 for c in cards.cards.values() if c.kind == "B" and c.age == age
                     and c.listed)
        rng.shuffle(pool)
        chosen.update(pool[:wanted])
    return frozenset(chosen)


def display_size(state: GameState) -> int:
    return len(state.players) + 1


def build_age(state: GameState, age: int) -> list[str]:
    """One Age deck, top first (004:16 "Preparing Event Decks"): the first half shuffled on top
    of the second; with optional rule 6 the (X) cards are shuffled and dealt so the halves are
    equal, else each (X) card goes to the first half. Repeated, each pass shuffled on its own,
    until it can lay out `turns_per_age` displays (by player count, and by rule set where its
    games run longer: events.toml), and cut there: an Age lasts as many turns at every player
    count, however many cards it holds (with realm-specific events, 004:16.1, it holds more
    the more civilizations play)."""
    cards = load_event_cards()
    options = state.config.events or EventsOptions()
    chosen = frozenset(options.b_events)
    picked = sorted(c.id for c in cards.cards.values()
                    if in_deck(c, state.config, options, age, chosen))
    if not picked:
        return []
    wanted = display_size(state) * cards.age_turns(len(state.players), state.config.ruleset)
    passes = math.ceil(wanted / len(picked))
    deck: list[str] = []
    for _ in range(passes):
        deck += _one_pass(state.rng, [cards.cards[c] for c in picked], options.randomise_x)
    return deck[:wanted]


def _one_pass(rng: Rng, cards: list[EventCard], randomise_x: bool) -> list[str]:
    first = [c.id for c in cards if c.half == "1"]
    second = [c.id for c in cards if c.half == "2"]
    loose = [c.id for c in cards if c.half == "X"]
    if randomise_x:
        rng.shuffle(loose)
        for card in loose:
            (first if len(first) <= len(second) else second).append(card)
    else:
        first += loose
    rng.shuffle(first)
    rng.shuffle(second)
    return first + second


def start(state: GameState, regions: Regions) -> EventDeck:
    """The module's state at new game: Age I's deck (or the first Age that has cards)."""
    options = state.config.events
    if options is not None and options.random_b:
        # drawn again when a replay rebuilds the start from the configuration, choice written
        # in: the generator must stand where it stood after the first draw (issue 40's soak)
        drawn = sorted(b_events(load_event_cards(), options, state.rng))
        if not options.b_events:
            options.b_events = drawn
    state.eventdeck = EventDeck(regions=regions, hands={p: [] for p in state.players})
    _enter_age(state, 1, state.turn)
    return state.eventdeck


def _enter_age(state: GameState, age: int, first_turn: int,
               events: list[Event] | None = None) -> None:
    """Prepare the deck of `age`, or of the next Age that has cards; after Age IV, events
    end. The turn each Age begins is counted (bench figures)."""
    deck = state.eventdeck
    assert deck is not None
    while age <= LAST_AGE:
        cards = build_age(state, age)
        if cards:
            deck.age, deck.deck, deck.discards = age, cards, []  # older Ages leave the game
            state.counters[f"event_age:{age}"] = first_turn
            if events is not None:
                events.append(AgeBegins(age=age, cards=len(cards), rule=RULE_AGES))
            return
        age += 1
    deck.age, deck.deck, deck.over = LAST_AGE, [], True
    state.counters["event_age:end"] = first_turn
    if events is not None:
        events.append(EventsEnd(rule=RULE_AGES))


def lay_out(state: GameState, deck: EventDeck) -> None:
    """004:16.2: players + 1 cards from the top, the first 3 (or 4) face up, drawn one by one.
    A card that may not be drawn yet (`redraw_before`, 000:event:32 Heresy: "If drawn on turns
    1 or 2, discard and draw again") is discarded and the next card drawn; with no card left to
    draw instead, it is laid out (taken, it has no effect: `from_turn`)."""
    n = display_size(state)
    cards = load_event_cards().cards
    deck.older_discards = len(deck.discards)
    display: list[str] = []
    while deck.deck and len(display) < n:
        card = deck.deck.pop(0)
        if state.turn < cards[card].redraw_before and len(deck.deck) >= n - len(display):
            deck.discards.append(card)
            state.counters[f"event_redrawn:{card}"] = state.counters.get(
                f"event_redrawn:{card}", 0) + 1
            continue
        display.append(card)
    deck.display = display
    options = state.config.events or EventsOptions()
    up = FACE_UP_MORE if options.reveal_more and len(state.players) >= MORE_FROM else FACE_UP
    deck.shown = [i < up for i in range(len(deck.display))]


def end_of_turn(state: GameState, events: list[Event]) -> None:
    """Markers count down; a deck that cannot lay out a full display is spent and the next
    Age's deck is prepared for the next turn (004:16, decision in events.toml)."""
    deck = state.eventdeck
    if deck is None:
        return
    deck.older_discards = None
    end_of_war_cards(deck)
    for marker in deck.markers:
        marker.turns -= 1
    deck.markers = [m for m in deck.markers if m.turns > 0]
    if deck.over or len(deck.deck) >= display_size(state):
        return
    deck.discards += deck.deck
    deck.deck = []
    _enter_age(state, deck.age + 1, state.turn + 1, events)

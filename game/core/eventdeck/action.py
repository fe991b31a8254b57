"""The Event Action (004:16.2-16.4): the display, each player taking one card in A.S.T. order,
public events resolved at once, private ones to the hand, the card left over auto-resolved."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import labels as label_text
from ..events import Event
from ..flow import Result, ask, done, register
from ..state import Detail, GameState, Progress, detail_type
from . import cancel, effects, symbols
from .cancel import CancelOutcome
from .cards import EventCard, load_event_cards
from .deck import RULE_DISPLAY, lay_out
from .dice import deck_of
from .log import EventCardTaken, EventCardUnpicked, EventDisplayLaid

RULE_ACTION = "004:16.2"
RULE_GUIDE = "004:16.3"
RULE_UNPICKED = "004:16.4"
TAKE = "event_take"
TARGET = "event_target"
OPTION = "event_option"
HIDDEN = "face_down:"


@detail_type
@dataclass(frozen=True)
class EventOption(Detail):
    """`event_option`: the event card whose option A or B the decider chooses (004:16.3), so
    the choice can be shown with the card's own words."""

    card: str


@dataclass(kw_only=True)
class Resolution:
    """A public event being resolved, target by target."""

    card: str
    targets: list[str]
    k: int = 0  # targets done
    pick: int | None = None  # the A/B option the next target chose (0 or 1)


@dataclass(kw_only=True)
class EventAction(Progress):
    KIND = "phase:events"
    laid: bool = False  # the display is out
    order: list[str] = field(default_factory=list)  # who takes a card, in A.S.T. order
    i: int = 0  # the player taking a card now
    card: str = ""  # a public event whose target the taker is naming
    res: Resolution | None = None
    reacting: str = ""  # a public event revealed, Cancellation holders being asked
    cancelled: bool = False  # their answer

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        return (f"event:{self.res.card}",) if self.res is not None else ()


def labels(state: GameState) -> list[str]:
    """A face-up card is `event:ID`; a face-down one `event:face_down:N` (its place, from 1),
    which reveals nothing."""
    deck = deck_of(state)
    return [f"event:{card}" if up else f"event:{HIDDEN}{i + 1}"
            for i, (card, up) in enumerate(zip(deck.display, deck.shown, strict=True))]


def _step(state: GameState, data: EventAction, events: list[Event]) -> None:
    deck = state.eventdeck
    if deck is None:
        done(state, data)
        return
    if not data.laid:
        data.laid = True
        if not deck.display:
            if deck.over:
                done(state, data)
                return
            lay_out(state, deck)
        data.order = list(state.players)
        data.i = 0
        events.append(EventDisplayLaid(
            age=deck.age, face_up=tuple(c for c, up in zip(deck.display, deck.shown,
                                                           strict=True) if up),
            face_down=deck.shown.count(False), rule=RULE_DISPLAY))
    if data.reacting and (not _after_reaction(state, data, events)
                          or state.tasks[-1].data is not data):
        return  # a decision waits (or the card's own, effects/progress.py)
    if data.card:  # the taker still names the target: ask it again (a loaded save asks anew)
        _begin(state, data, load_event_cards().cards[data.card], data.order[data.i])
        return
    if data.res is not None:  # an A/B choice waits (only a loaded save steps here): ask again
        if not _resolve(state, data, data.order[data.i], events):
            return
        data.i += 1
    order = data.order
    while data.i < len(order) and deck.display:
        player = order[data.i]
        if player not in state.players:
            data.i += 1
            continue
        ask(state, player, TAKE, "Take one event from the display", labels(state), RULE_ACTION)
        return
    for card in deck.display:  # 004:16.4: no effect, but the symbols auto-resolve
        events.append(EventCardUnpicked(card=card, rule=RULE_UNPICKED))
        state.counters[f"event_unpicked:{card}"] = state.counters.get(
            f"event_unpicked:{card}", 0) + 1
        symbols.resolve(state, load_event_cards().cards[card].symbols, "", events)
        deck.discards.append(card)
    deck.display, deck.shown = [], []
    if state.tasks[-1].data is not data:  # a symbol asks first (Lost at Sea, symbols.py)
        return
    done(state, data)


def _choose(state: GameState, data: EventAction, label: str, events: list[Event]) -> None:
    deck = deck_of(state)
    taker = data.order[data.i]
    if label_text.kind_of(label) == "option":  # an A/B answer for the card being resolved
        assert data.res is not None
        data.res.pick = 0 if label == "option:a" else 1
    elif data.card:  # the taker named the target of a public event
        data.res = Resolution(card=data.card, targets=[label_text.value(label)])
        data.card = ""
    else:
        index = labels(state).index(label)
        card_id = deck.display.pop(index)
        deck.shown.pop(index)
        card = load_event_cards().cards[card_id]
        deck.log.append(card_id)
        key = f"event_taken:{card_id}"
        state.counters[key] = state.counters.get(key, 0) + 1
        events.append(EventCardTaken(player=taker, card=card_id if card.public else "",
                                     private=not card.public,
                                     rule=card.source if card.public else RULE_ACTION))
        if not card.public:
            deck.hands.setdefault(taker, []).append(card_id)
            deck.hands[taker].sort()  # sorted: the order of a hand reveals nothing
            data.i += 1
            return
        if cancel.offer(state, card, taker):  # revealed: holders of Cancellation may react first
            data.reacting = card_id
            return
        if not _begin(state, data, card, taker):
            return
    if _resolve(state, data, taker, events):
        data.i += 1


def _begin(state: GameState, data: EventAction, card: EventCard, taker: str) -> bool:
    """Start resolving a public event; False while the taker names its target."""
    if card.target == "chosen":
        data.card = card.id
        ask(state, taker, TARGET, f"{card.title}: choose the player it strikes",
            [label_text.make("player", p) for p in state.players], RULE_GUIDE)
        return False
    data.res = Resolution(card=card.id, targets=_targets(state, card, taker))
    return True


def _after_reaction(state: GameState, data: EventAction, events: list[Event]) -> bool:
    """Carry on with the card the Cancellation holders were asked about; False while a
    decision waits. Cancelled, it is discarded without effect, its symbols resolving."""
    card = load_event_cards().cards[data.reacting]
    taker = data.order[data.i]
    data.reacting = ""
    if data.cancelled:
        data.cancelled = False
        symbols.resolve(state, card.symbols, taker, events)
        deck_of(state).discards.append(card.id)
    elif not _begin(state, data, card, taker) or not _resolve(state, data, taker, events):
        return False
    data.i += 1
    return True


def _receive(state: GameState, data: EventAction, result: Result) -> None:
    assert isinstance(result, CancelOutcome)
    data.cancelled = result.cancelled


def _targets(state: GameState, card: EventCard, taker: str) -> list[str]:
    """004:16.3: effects on several players resolve one by one, from the taker on in A.S.T.
    order."""
    players = list(state.players)
    if card.target == "realm":  # a realm-specific event strikes its civilization (realm_events)
        return [card.realm] if card.realm in state.players else []
    if card.target == "random":
        return [state.rng.choice(players)]
    if card.target == "each":
        start = players.index(taker)
        return players[start:] + players[:start]
    return [taker]


def _resolve(state: GameState, data: EventAction, taker: str, events: list[Event]) -> bool:
    """Carry the card under resolution on, target by target; False while an A/B choice waits.
    004:16.3: the player struck chooses; an option it cannot pay for falls to the other, and
    with neither payable (or both) it chooses freely."""
    res = data.res
    assert res is not None
    card = load_event_cards().cards[res.card]
    if state.turn < card.from_turn:
        res.k = len(res.targets)  # too early: discarded without effect
    while res.k < len(res.targets):
        player = res.targets[res.k]
        option, res.pick = res.pick, None
        if card.choice and option is None:
            payable = [i for i in range(len(card.choice))
                       if card.cost(i) <= state.players[player].treasury]
            if len(payable) != 1:
                ask(state, player, OPTION, f"{card.title}: choose A or B",
                    ["option:a", "option:b"], RULE_GUIDE, EventOption(card=card.id))
                return False
            option = payable[0]
        chosen = card.choice[option] if option is not None else ()
        for effect in (*card.effects, *chosen):
            effects.run(state, player, effect, card.source, events)
        res.k += 1
    symbols.resolve(state, card.symbols, taker, events)
    deck_of(state).discards.append(card.id)
    data.res = None
    return True


register(EventAction, _step, _choose, _receive)

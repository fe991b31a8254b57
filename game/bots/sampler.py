"""Determinization: a GameState built from a PlayerView, the hidden parts drawn at random so that
the state agrees with everything the view shows. The hard bot searches in such states; it never
reads the true one.

What the view shows is copied: the board, every player's public facts (stock, treasury,
advances, credits, A.S.T., census, hand size), the viewer's own hand, the size of every stack
and discard pile. What it hides is sampled:
- the cards of other hands, decks and discard piles: per block, every card of the block's
  stacks minus the viewer's own hand is dealt at random to the decks and discard piles of its
  stack (their sizes are public) and the rest to the other players of the block (their hand
  sizes are public; water makes up a shortfall). Calamities sit in hands only between drawing
  (phase 6) and resolution (phase 9), so at other times they are dealt to the piles first;
- with the Events module on: the face-down cards of the display, the other players' private
  events and the Age deck's order, dealt from the Age's cards the view has not shown (its
  composition is public: 004:16.1), padded from the whole Age when too few are left (a deck
  holds several passes); markers, discards and the viewer's own events are copied;
- the random generator: a fresh seed from the sampler's own generator (never the game's);
- the progress of the turn: the sampled state starts at the beginning of a phase, or at the
  viewer's own turn in it where the order of turns is public (its shop in phase 12, its trade
  offer, its movement; with the Events module, its pick from the display and the target of the
  card it took, 004:16.2, and its turn in a phase's window for private events), since a view
  does not show how far a phase has gone. With the Events module on, a state sampled in one of
  the 13 phases has had this turn's Event Action (it opens the turn, 004:16.2): the rest of the
  turn must not play it again.
"""

from __future__ import annotations

from collections import Counter

from game.core import (
    EVENT_WINDOW_TASK,
    FIRST_TURN_START,
    PHASE_WINDOWS,
    AdvanceAcquisition,
    EventDeck,
    EventsOptions,
    GameState,
    HandCard,
    HandLimit,
    Movement,
    Player,
    PlayerView,
    Rng,
    Shop,
    Task,
    Trade,
    advance,
    clone,
    load_event_cards,
    load_game_data,
    map_regions,
    movement_order,
    push,
    start_at,
)

from .cards import block_cards

WATER = "water"
# Phases during which another player's hand may hold a calamity.
CALAMITY_PHASES = ("trade_card_acquisition", "trade", "calamity_selection", "calamity_resolution")


def _set(progress: object, **fields: object) -> None:
    """Set fields of a task's progress in a freshly sampled state (the core's procedures own
    these types; a sample only says how far they have gone)."""
    for name, value in fields.items():
        if not hasattr(progress, name):
            raise AttributeError(f"{type(progress).__name__} has no {name}")
        setattr(progress, name, value)


def _deal_block(view: PlayerView, block: str, rng: Rng, calamities_in_hands: bool,
                hands: dict[str, int], known: dict[str, list[str]]
                ) -> tuple[list[list[str]], list[list[str]], dict[str, list[str]]]:
    """Decks, discard piles and hands of one block, consistent with the view's counts; `known`
    cards (announced at the table, e.g. the commodities an offer declares) go to their holder."""
    config = view.config
    rules = load_game_data().rulesets[config.ruleset]
    by_stack: dict[int, list[str]] = {}
    for card, stack, n in block_cards(config.setup, config.ruleset, block):
        by_stack.setdefault(stack, []).extend([card] * n)
    seen = Counter(h.card for h in view.hand)
    for pid, cards in known.items():
        if pid in hands:
            seen.update(cards)
    sizes = dict(view.stack_sizes).get(block, ())
    discard_sizes = dict(view.discard_sizes).get(block, ())
    decks: list[list[str]] = []
    piles: list[list[str]] = []
    spare: list[str] = []
    for i in range(len(sizes)):
        cards = []
        for card in by_stack.get(i + 1, []):
            if seen.get(card, 0) > 0:
                seen[card] -= 1  # the viewer holds this copy
            else:
                cards.append(card)
        rng.shuffle(cards)
        if not calamities_in_hands:
            # calamities cannot be in anyone's hand now: they go to the piles first
            cards.sort(key=lambda c: c not in rules.calamities)
        deck_n, pile_n = sizes[i], discard_sizes[i] if i < len(discard_sizes) else 0
        decks.append(cards[:deck_n])
        piles.append(cards[deck_n:deck_n + pile_n])
        spare += cards[deck_n + pile_n:]
    if not calamities_in_hands:
        spare = [c for c in spare if c not in rules.calamities]
    rng.shuffle(spare)
    dealt: dict[str, list[str]] = {}
    for pid, size in hands.items():
        held = list(known.get(pid, []))[:size]
        size -= len(held)
        dealt[pid] = held + spare[:size] + [WATER] * max(size - len(spare), 0)
        spare = spare[size:]
    for deck in decks:
        rng.shuffle(deck)
    return decks, piles, dealt


def age_cards(view: PlayerView) -> list[str]:
    """The cards of the view's current Age deck, one of each (004:16.1: every A-event, the
    B-events listed or chosen, the realm events of civilizations in play)."""
    assert view.events is not None
    options = view.config.events or EventsOptions()
    chosen = set(options.b_events)
    players = {p.id for p in view.players}
    out = []
    for card in load_event_cards().cards.values():
        if card.age != view.events.age:
            continue
        if (card.kind == "A" or (card.kind == "realm" and card.realm in players)
                or (card.kind == "B" and (card.id in chosen if chosen else card.listed))):
            out.append(card.id)
    return sorted(out)


def sample_events(view: PlayerView, rng: Rng) -> EventDeck | None:
    """The Events module's state, hidden cards dealt from what the view has not shown."""
    seen = view.events
    if seen is None:
        return None
    composition = age_cards(view)
    unseen = Counter(composition)
    unseen.subtract(Counter([c for c in seen.display if c] + list(seen.discards)
                            + list(seen.hand)))
    pool = sorted((+unseen).elements())
    rng.shuffle(pool)

    def draw() -> str:
        if pool:
            return pool.pop()
        return composition[rng.below(len(composition))] if composition else ""

    display = [c or draw() for c in seen.display]
    hands = {pid: ([draw() for _ in range(n)] if pid != view.viewer else list(seen.hand))
             for pid, n in seen.hand_sizes}
    deck = [draw() for _ in range(seen.deck_size)]
    return EventDeck(age=seen.age, over=seen.over, deck=[c for c in deck if c],
                     display=display, shown=[bool(c) for c in seen.display],
                     discards=list(seen.discards),
                     hands={pid: [c for c in cards if c] for pid, cards in hands.items()},
                     markers=[clone(m) for m in seen.markers], bonus_vp=dict(seen.bonus_vp),
                     regions=map_regions(view.map))


def sample_state(view: PlayerView, rng: Rng, phase: str | None = None,
                 known: dict[str, list[str]] | None = None) -> GameState:
    """A state agreeing with the view, hidden parts sampled, positioned at the start of
    `phase` of the view's turn (default: the view's own phase); `known` names cards other
    players are known to hold. Nothing has run yet: see sample_at_phase and sample_at_shop."""
    if view.viewer is None:
        raise ValueError("sampling needs a player's view")
    phase = phase or view.phase
    config = clone(view.config)
    config.seed = rng.next32()
    players: dict[str, Player] = {}
    for p in view.players:
        players[p.id] = Player(id=p.id, stock=p.stock, treasury=p.treasury,
                               advances=list(p.advances), credits=dict(p.credits), ast=p.ast,
                               census=p.census, block=p.block)
    players[view.viewer].hand = list(view.hand)
    state = GameState(config=config, map=view.map, players=players, board=clone(view.board),
                      rng=Rng.seeded(rng.next32()), turn=view.turn, phase=phase)
    state.eventdeck = sample_events(view, rng)
    in_hands = phase in CALAMITY_PHASES
    for block, _sizes in view.stack_sizes:
        hands = {p.id: p.hand_size for p in view.players
                 if p.id != view.viewer and (p.block == block or not p.block)}
        decks, piles, dealt = _deal_block(view, block, rng, in_hands, hands, known or {})
        state.stacks[block] = decks
        state.discards[block] = piles
        for pid, cards in dealt.items():
            players[pid].hand = [HandCard(c) for c in cards]
    start_at(state, phase)  # inside a turn: past its Event Action (004:16.2)
    return state


def sample_at_shop(view: PlayerView, rng: Rng) -> GameState:
    """A sampled state at the viewer's own shop of phase 12 (advance acquisition), the players
    after the viewer still to buy; at the viewer's first decision there."""
    assert view.viewer is not None
    state = sample_state(view, rng, "advance_acquisition")
    order = list(state.players)
    state.tasks[-1] = Task(AdvanceAcquisition.KIND,
                           AdvanceAcquisition(index=order.index(view.viewer) + 1))
    push(state, HandLimit(player=view.viewer))
    push(state, Shop(player=view.viewer))
    advance(state)
    return state


def sample_at_movement(view: PlayerView, rng: Rng) -> GameState:
    """A sampled state at the viewer's own turn to move in phase 3, the players before it in the
    movement order done (the board shows their moves), the ones after it still to move."""
    assert view.viewer is not None
    state = sample_state(view, rng, "movement")
    order = movement_order(state)
    state.tasks[-1] = Task(Movement.KIND, Movement(stage="moving", order=order,
                                                    index=order.index(view.viewer)))
    advance(state)
    return state


def sample_at_phase(view: PlayerView, rng: Rng, phase: str) -> GameState:
    state = sample_state(view, rng, phase)
    advance(state)
    return state


def sample_at_trade(view: PlayerView, rng: Rng) -> GameState:
    """A sampled state at the trade phase with the viewer the next to offer."""
    assert view.viewer is not None
    state = sample_state(view, rng, "trade")
    state.tasks[-1] = Task(Trade.KIND, Trade(seat=list(state.players).index(view.viewer)))
    advance(state)
    return state


def sample_at_events(view: PlayerView, rng: Rng, card: str = "") -> GameState:
    """A sampled state at the viewer's own pick from the event display (004:16.2: in A.S.T.
    order, so the players before it have taken theirs and the view's display holds what they
    left), or with `card`, the public event it took, at naming the player that card strikes."""
    assert view.viewer is not None
    state = sample_state(view, rng, "events")  # the game and the turn, the Event Action next
    order = list(state.players)
    turn = state.tasks[-1]
    # the turn goes on after the Event Action: from population expansion on the first turn
    _set(turn.data, events=True, next=FIRST_TURN_START if view.turn == 1 else 0)
    kept = list(state.tasks)
    start_at(state, "events", then_game=False)  # the Event Action alone
    action = state.tasks[-1]
    _set(action.data, laid=True, order=order, i=order.index(view.viewer), card=card)
    state.tasks = [*kept, action]
    state.phase = "events"
    advance(state)
    return state


def sample_at_window(view: PlayerView, rng: Rng) -> GameState:
    """A sampled state at the viewer's turn in the private-event window that opens a phase
    (PHASE_WINDOWS): the holders before it in A.S.T. order have been asked."""
    assert view.viewer is not None
    if view.phase not in PHASE_WINDOWS:
        raise ValueError(f"no window to re-enter in {view.phase}")
    state = sample_state(view, rng, view.phase)
    window = state.tasks[-1]
    if window.kind != EVENT_WINDOW_TASK:
        raise ValueError("the sample opened no window")
    _set(window.data, i=list(state.players).index(view.viewer))
    advance(state)
    return state

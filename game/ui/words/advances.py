"""Civilization advances in players' words: what one does (the credits it gives, its effects in
play, how it changes each calamity of the game's rule set) and what a player can pay for one
now.

    advance_does("engineering", "classic")
    -> ["Gives credits: 10 Crafts, 10 Science; 20 towards Roadbuilding", "• ...",
        "Earthquake: reduces your city instead of destroying it", ...]
    advance_hint(view)
    -> "No advance you can buy: the cheapest, Pottery, costs 35; you have 23 (cards 15,
        treasury 8)"

The figures are the core's (advance_costs, payment_capacity): cards in hand, treasury and
credits counted as phase 12 counts them (rules §4 phase 12, §8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core import (
    Event,
    PhaseStarted,
    PlayerView,
    advance_costs,
    holds_effect,
    load_game_data,
    payment_capacity,
    set_sizes,
    treasury_value,
)

PHASE = "advance_acquisition"  # phase 12
AFTER = "ast_alteration"  # phase 13: changes no hand or treasury

# A calamity's parameter naming advances (`..._advances`), as what holding one does there.
CHANGES: dict[str, str] = {
    "earthquake_primary_reduce_instead": "an earthquake reduces your city instead of "
                                         "destroying it",
    "earthquake_secondary_immune": "an earthquake spares you as a secondary victim",
    "urbanism_loss": "you lose tokens in the areas next to those struck too",
    "urbanism_loss_cancelled_by": "cancels the extra loss Urbanism brings",
    "primary_surplus_check": "as its victim you remove tokens above the population limits "
                             "once, this advance ignored",
    "primary_agriculture_suspended": "as its victim this advance does not work this turn",
    "immune": "it does not strike you",
    "secondary_immune": "it spares you as a secondary victim",
    "first_faction_fixed": "the first faction is a fixed number of unit points",
    "reduce_instead": "your city is reduced instead of destroyed",
    "loss_cap": "your loss from the flood plain is capped",
    "no_plain_reduce_instead": "your coastal city is reduced instead of destroyed",
    "no_reduction": "your city is not reduced (the treasury loss still applies)",
    "spare_city_by_card": "you may spare a city by discarding a commodity card",
    "primary_spare_city_by_card": "as its victim you may spare cities by discarding "
                                  "commodity cards",
    "cancel_own_reductions": "you may cancel your own reductions by discarding cards",
    "cancel_step": "you may cancel a step back by destroying two of your cities",
    "no_treasury_purchase": "you may not buy treasury with it",
}
# Words for a modified number (`..._modifiers`), read from its parameter's name.
_SIDES = (("primary_", "the victim's "), ("secondary_", "others' "))
_WORDS = {"ast": "A.S.T.", "each": "each"}


@dataclass(frozen=True)
class Power:
    """What a player can pay for one advance now: cards (whole sets) and treasury, in points."""

    cards: int
    treasury: int

    @property
    def total(self) -> int:
        return self.cards + self.treasury


def buying_power(view: PlayerView) -> Power:
    """The viewer's cards and treasury, as the core counts what a player can pay."""
    data = load_game_data()
    if view.viewer is None:
        return Power(0, 0)
    me = view.player(view.viewer)
    sizes = set_sizes(data, view.config.setup)
    stand_in = holds_effect(data, me.advances, "trade_set_substitute")
    cards = payment_capacity(data, (h.card for h in view.hand), 0, me.advances, sizes, stand_in)
    return Power(cards, me.treasury * treasury_value(data, me.advances))


def prices(view: PlayerView) -> dict[str, int]:
    """What each advance the viewer does not own yet costs them (credits taken off)."""
    data = load_game_data()
    if view.viewer is None:
        return {}
    me = view.player(view.viewer)
    costs = advance_costs(data, me.advances, dict(me.credits))
    return {a.id: costs[a.id] for a in data.advances.values()
            if view.config.ruleset in a.rulesets and a.id not in me.advances}


def advance_hint(view: PlayerView) -> str | None:
    """Why the viewer can buy no advance now, in figures; None when they can buy one (or own
    them all)."""
    table = prices(view)
    if not table:
        return None
    power = buying_power(view)
    cheapest = min(table, key=lambda a: (table[a], load_game_data().advances[a].number))
    if table[cheapest] <= power.total:
        return None
    name = load_game_data().advances[cheapest].name
    return (f"No advance you can buy: the cheapest, {name}, costs {table[cheapest]}; "
            f"you have {power.total} (cards {power.cards}, treasury {power.treasury})")


def power_line(view: PlayerView) -> str:
    """The viewer's buying power in one line: "You can pay 23 (cards 15, treasury 8)"."""
    power = buying_power(view)
    return f"You can pay {power.total} (cards {power.cards}, treasury {power.treasury})"


def _modified(key: str) -> str:
    words = key
    for prefix, said in _SIDES:
        if words.startswith(prefix):
            words = said + words[len(prefix):]
    return " ".join(_WORDS.get(w, w) for w in words.split("_"))


def calamity_lines(advance: str, ruleset: str) -> list[str]:
    """How holding the advance changes each calamity of the rule set, one line each:
    "Superstition: cities reduced −1", "Famine: it does not strike you"."""
    data = load_game_data()
    rules = data.rulesets.get(ruleset)
    if rules is None:
        return []
    out = []
    for cal in rules.calamities.values():
        said: list[str] = []
        for key, value in cal.params.items():
            if key.endswith("_advances") and isinstance(value, tuple) and advance in value:
                base = key[:-len("_advances")]
                said.append(CHANGES.get(base, "it strikes you differently"))
            elif key.endswith("_modifiers") and hasattr(value, "get"):
                n = value.get(advance)
                if isinstance(n, int) and n:
                    sign = "+" if n > 0 else "−"
                    said.append(f"{_modified(key[:-len('_modifiers')])} {sign}{abs(n)}")
        if said:
            out.append(f"{cal.name}: {'; '.join(said)}")
    return out


def credit_words(advance: str) -> str | None:
    """The credits the advance gives once owned: "Gives credits: 10 Crafts, 10 Science; 20
    towards Roadbuilding"."""
    data = load_game_data()
    card = data.advances[advance]
    groups = ", ".join(f"{v} {g.capitalize()}" for g, v in card.group_credits.items())
    towards = ", ".join(f"{v} towards {data.advances[a].name}"
                        for a, v in card.specific_credits.items() if a in data.advances)
    parts = [p for p in (groups, towards) if p]
    return "Gives credits: " + "; ".join(parts) if parts else None


def advance_does(advance: str, ruleset: str) -> list[str]:
    """Everything the advance does, in lines: credits, effects in play, calamities changed."""
    data = load_game_data()
    card = data.advances[advance]
    lines = [c for c in (credit_words(advance),) if c]
    lines += ["• " + data.effects.get(e, e.replace("_", " ")) for e in card.effects]
    changes = calamity_lines(advance, ruleset)
    if changes:
        lines.append("Calamities:")
        lines += ["• " + c for c in changes]
    return lines


@dataclass
class ShopWatch:
    """Phase 12 as one person lives it: a phase that passes without asking them (nothing was
    affordable) is told to them once, with the figures seen while it was on.

        note = watch.see(view_now, events_just_reported)  # "No advance you can buy: ..."
    """

    turn: int = -1  # the turn whose phase 12 is watched
    asked: bool = False  # the person had an advance to choose in it
    hint: str | None = None  # why nothing was affordable, seen during phases 12-13 of `turn`
    told: int = -1  # the last turn told

    def watching(self, events: Iterable[Event], view_phase: str) -> bool:
        """Whether the person's view is needed now (a phase 12 started or is not told yet)."""
        return self.turn != self.told or view_phase == PHASE or any(
            isinstance(e, PhaseStarted) and e.phase == PHASE for e in events)

    def see(self, view: PlayerView, events: Iterable[Event]) -> str | None:
        started = [e.turn for e in events if isinstance(e, PhaseStarted) and e.phase == PHASE]
        if view.phase == PHASE and view.turn not in (self.turn, self.told):
            started.append(view.turn)  # met in phase 12 (a game loaded or joined there)
        if started and started[-1] != self.turn:
            self.turn, self.asked, self.hint = started[-1], False, None
        if self.turn < 0 or self.told == self.turn:
            return None
        here = view.turn == self.turn and view.phase in (PHASE, AFTER)
        pending = view.pending
        if (here and pending is not None and pending.player == view.viewer
                and pending.kind.startswith("advance_")):
            self.asked = True
        if here and not self.asked and self.hint is None:
            self.hint = advance_hint(view)
        if not (view.turn > self.turn or view.phase == AFTER or view.game_over):
            return None
        self.told = self.turn
        if self.asked:
            return None
        if self.hint is not None:
            return self.hint
        # phase 12 came and went within one move: the cheapest price (credits change only
        # with advances), without the hand and treasury of that moment
        table = prices(view)
        if not table:
            return None
        cheapest = min(table, key=lambda a: (table[a], load_game_data().advances[a].number))
        return (f"No advance you could buy in turn {self.turn}: the cheapest, "
                f"{load_game_data().advances[cheapest].name}, costs {table[cheapest]}")

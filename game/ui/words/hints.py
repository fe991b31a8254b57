"""Hints where a newcomer stalls (issue 39, fourth bullet), in players' words, from their view.

    set_hint(view)       # in trade: "Two more Papyrus would make your Papyrus worth 40 more"
    city_hint(view)      # ending city building: "Knossos has 6 of your tokens on a city site ..."

A set of n cards of one commodity is worth n² x its face value (rules/mega-civilization.md
phase 7, §5.4); no set grows past the cards of that commodity in the game (set_sizes). A city
may be built with city_tokens_on_site tokens on a city site (rules §4 phase 5a); the hint counts
only the simple case a newcomer misses (enough tokens of their own on a free site), never the
Architecture or Urbanism discounts, so it never claims a city that cannot be built.
"""

from __future__ import annotations

from collections import Counter

from game.core import PlayerView, load_game_data, set_sizes, set_value

from .log import plural

TRADE = "trade"  # phase 7: where the set hint is shown
MORE = ("One", "Two")


def set_gains(view: PlayerView) -> list[tuple[int, str, int, int]]:
    """(gain, commodity, cards more, held) for each set the viewer has begun (two or more of a
    commodity) that one or two more cards would enlarge, the largest gain first."""
    data = load_game_data()
    sizes = set_sizes(data, view.config.setup)
    held = Counter(h.card for h in view.hand if h.card in data.commodities)
    out = []
    for card, n in held.items():
        if n < 2:
            continue
        face = data.commodities[card].value
        most = sizes.get(card, n + 2)
        for more in (1, 2):
            if n + more <= most:
                gain = set_value(n + more, face) - set_value(n, face)
                out.append((gain, card, more, n))
    return sorted(out, key=lambda g: (-g[0], g[2], g[1]))


def set_hint(view: PlayerView) -> str | None:
    """In the trade phase, the set in hand that more cards would raise most, with the figure;
    None outside trade, for a spectator, or with no set begun that can still grow."""
    if view.viewer is None or view.phase != TRADE or view.game_over:
        return None
    gains = set_gains(view)
    if not gains:
        return None
    gain, card, more, n = gains[0]
    name = load_game_data().commodities[card].name
    face = load_game_data().commodities[card].value
    return (f"{MORE[more - 1]} more {name} would make your {name} worth {gain} more "
            f"({plural(n + more, 'card')}: {set_value(n + more, face)} instead of "
            f"{set_value(n, face)})")

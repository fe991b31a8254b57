"""The basic bot: plays the economy plainly so that games end — it spreads surplus tokens to
open land, builds every city it can, keeps its cities supported, buys the dearest advance it
can afford, buys stack-9 cards when rich and never trades. Every other decision takes the
cautious default (`done`, `no`, else the first option). It sees only its PlayerView."""

from __future__ import annotations

from game.core import PlayerView, load_game_data


def _value(label: str) -> str:
    return label.split(":", 1)[1] if ":" in label else label


def _numbers(options: list[str]) -> list[int]:
    return [int(_value(o)) for o in options if o.startswith("number:")]


class BasicBot:
    name = "basic"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.moving_from = ""  # the area whose tokens the current movement picks move
        self.gathering = ""  # a city site the current pick gathers tokens in
        self.target = ""  # where the current pick moves to
        self.arrived: dict[str, int] = {}  # tokens moved into an area this turn (cannot move on)
        self.left: set[str] = set()  # areas tokens moved out of this turn
        self.turn = -1

    def choose(self, view: PlayerView) -> str:
        pending = view.pending
        if pending is None or not pending.options:
            raise ValueError("the bot was asked without a decision of its own")
        options = pending.options
        handler = getattr(self, "_" + pending.kind, None)
        choice: str | None = handler(view, options) if handler else None
        if choice in options:
            return choice
        for preferred in ("done", "no"):
            if preferred in options:
                return preferred
        return options[0]

    # -- helpers ------------------------------------------------------------------------------
    def _mine(self, view: PlayerView, area: str) -> int:
        return view.board.tokens.get(area, {}).get(view.viewer or "", 0)

    def _surplus(self, view: PlayerView, area: str) -> int:
        limit = 0 if area in view.board.cities else view.map.areas[area].pop
        return self._mine(view, area) - limit

    # -- decisions ----------------------------------------------------------------------------
    def _tax_rate(self, view: PlayerView, options: list[str]) -> str:
        return f"number:{load_game_data().numbers['tax_rate']}"

    def _room(self, view: PlayerView, area: str) -> int:
        """Free population room for this player's tokens; negative where moving would fight."""
        me = view.viewer or ""
        here = view.board.tokens.get(area, {})
        if area in view.board.cities or any(o != me for o in here):
            return -99  # never start a fight
        return view.map.areas[area].pop - here.get(me, 0)

    def _site_to_fill(self, view: PlayerView, source: str) -> str:
        """A free city site next to `source` that tokens around it can fill this turn."""
        me = view.viewer or ""
        need = load_game_data().numbers["city_tokens_on_site"]
        for area in sorted(view.map.land.get(source, ())):
            here = view.board.tokens.get(area, {})
            if (view.map.areas[area].site == "none" or area in view.board.cities
                    or any(o != me for o in here) or here.get(me, 0) >= need
                    or area in self.left):  # never gather where tokens were just taken from
                continue
            around = sum(self._movable(view, n) for n in view.map.land.get(area, ()))
            if here.get(me, 0) + around >= need:
                return area
        return ""

    def _movable(self, view: PlayerView, area: str) -> int:
        return self._mine(view, area) - self.arrived.get(area, 0)

    def _movement_area(self, view: PlayerView, options: list[str]) -> str:
        if view.turn != self.turn:
            self.turn, self.arrived, self.left = view.turn, {}, set()
        areas = [_value(o) for o in options
                 if o.startswith("area:") and self._movable(view, _value(o)) > 0]
        # Tokens gathered into an area this turn stay there: feeding from it would only swap
        # tokens between two sites, turn after turn, and build neither.
        feeding = [a for a in areas if a not in self.arrived and self._site_to_fill(view, a)]
        if feeding:
            source = max(feeding, key=lambda a: self._mine(view, a))
            self.moving_from, self.gathering = source, self._site_to_fill(view, source)
            return f"area:{source}"
        crowded = sorted(
            (a for a in areas if self._surplus(view, a) > 0
             and any(self._room(view, n) > 0 for n in view.map.land.get(a, ()))),
            key=lambda a: -self._surplus(view, a))
        if not crowded:
            return "done"
        self.moving_from, self.gathering = crowded[0], ""
        return f"area:{crowded[0]}"

    def _movement_action(self, view: PlayerView, options: list[str]) -> str | None:
        targets = [_value(o) for o in options if o.startswith("area:")]
        if self.gathering in targets:
            self.target = self.gathering
            return f"area:{self.gathering}"
        self.gathering = ""
        # spread into the roomiest area, rather not one tokens just left (that only swaps them)
        best = max(targets, key=lambda a: (a not in self.left, self._room(view, a)), default=None)
        self.target = best or ""
        return f"area:{best}" if best is not None else None

    def _movement_tokens(self, view: PlayerView, options: list[str]) -> str:
        counts = _numbers(options)
        if self.gathering:
            need = load_game_data().numbers["city_tokens_on_site"]
            want = need - self._mine(view, self.gathering)
        else:
            want = max(self._surplus(view, self.moving_from), 1) if self.moving_from else 1
        fitting = [n for n in counts if n <= want]
        moved = max(fitting) if fitting else min(counts)
        self.arrived[self.target] = self.arrived.get(self.target, 0) + moved
        self.left.add(self.moving_from)
        return f"number:{moved}"

    def _build_city(self, view: PlayerView, options: list[str]) -> str | None:
        areas = [o for o in options if o.startswith("area:")]
        return areas[0] if areas else None

    def _city_treasury_tokens(self, view: PlayerView, options: list[str]) -> str | None:
        counts = _numbers(options)
        return f"number:{max(counts)}" if counts else None

    _city_adjacent_tokens = _city_treasury_tokens

    def _advance_choice(self, view: PlayerView, options: list[str]) -> str | None:
        advances = load_game_data().advances
        wanted = [_value(o) for o in options if o.startswith("advance:")]
        if not wanted:
            return None
        return "advance:" + max(wanted, key=lambda a: (advances[a].cost, a))

    def _advance_payment(self, view: PlayerView, options: list[str]) -> str:
        cards = [o for o in options if o.startswith("card:")]
        return cards[0] if cards else next((o for o in options if o.startswith("number:")),
                                           options[0])

    def _buy_trade_card(self, view: PlayerView, options: list[str]) -> str | None:
        """Buy the dearest stack's card while the treasury is rich and the hand has room."""
        n = load_game_data().numbers
        me = view.player(view.viewer or "")
        stack = f"number:{n['extra_card_stack']}"
        rich = me.treasury >= 2 * n["extra_card_price"]
        return stack if rich and stack in options and len(view.hand) < 7 else None

    def _hand_limit(self, view: PlayerView, options: list[str]) -> str:
        commodities = load_game_data().commodities

        def worth(label: str) -> int:
            card = commodities.get(_value(label))
            return card.value if card else 0

        return min(options, key=worth)

"""The easy bot: the normal policy made shallow and a little careless, for a relaxed solo game.

- Short horizon: an advance is worth its victory points, half its credits and half of what it
  does for the coming A.S.T. spaces; calamity protection to come counts for nothing.
- Noise: now and then (one decision in six) it takes any legal option instead of the normal
  choice; a choice it must make while losing units stays the normal one, so it is careless
  rather than self-destructive.
"""

from __future__ import annotations

from . import advances as adv
from .normal import NormalBot
from .reading import Reading

NOISE = 1 / 6
# Losing choices stay careful: noise there would only look broken.
CAREFUL = {"lose_unit_points", "conflict_loss", "reduce_unsupported_city", "advance_payment",
           "advance_stand_in", "trade_card", "trade_name", "hand_limit", "movement_tokens",
           "movement_action", "event_lose", "event_ship_lost"}


class EasyBot(NormalBot):
    name = "easy"
    keep_factor = 0.7

    def decide(self, r: Reading, kind: str, options: list[str]) -> str | None:
        if kind not in CAREFUL and self.rng.below(1000) < NOISE * 1000:
            return self.rng.choice(options)
        return super().decide(r, kind, options)

    def advance_value(self, r: Reading, aid: str, price: int) -> float:
        card = r.data.advances[aid]
        worth = (card.vp * adv.POINTS_PER_VP + 0.5 * adv.credit_points(r, aid)
                 + 0.5 * adv.ast_points(r, aid))
        return worth - self.keep_factor * price

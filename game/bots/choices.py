"""Calamity and conflict choices: lose as little as possible of one's own, and when choosing for
others (a selector, a beneficiary, the one who shares losses out) hurt the leader and the close
rivals most and feed the weakest when something must be given away.

Each area option is scored by what the pick does to the units standing there: a loss costs
their owner, an annexation moves them to the chooser. Unit values come from the viewer's reading
of the board (a token above its area's limit is nearly worthless, a lone token carries an area's
growth, a city is worth its cards, tax and victory point).
"""

from __future__ import annotations

from .reading import Reading, numbers_in, with_prefix

CITY_WORTH = 14.0

# Decisions where the chooser takes the units of the picked area for themselves.
GAIN_KINDS = {"tyranny_annex", "treachery_city", "revival_area", "civil_war_annex",
              "monotheism_area", "universal_doctrine_area"}
# Decisions that pick something to keep rather than to lose.
KEEP_KINDS = {"tempest_keep_ship"}
# Decisions naming a player who then loses something (the chooser's weapon).
HARM_PLAYER_KINDS = {"share_player", "name_player", "total_war_neighbour", "rebel_player",
                     "provincial_empire_player"}
# Decisions naming a player who then gains something from the chooser.
GIFT_PLAYER_KINDS = {"civil_war_beneficiary", "tyranny_beneficiary"}


def token_worth(r: Reading, area: str, owner: str) -> float:
    """What one token of `owner` in `area` is worth to its owner."""
    n = r.count(area, owner)
    if n <= 0:
        return 0.0
    if n > r.limit(area, owner):
        return 0.25  # surplus: gone at the next check anyway
    return 1.6 if n == 1 else 1.0


def city_worth(r: Reading, area: str) -> float:
    """A city: cards, tax and a victory point; a little less where calamities strike often."""
    a = r.map.areas[area]
    risk = (1.5 if a.flood_plain else 0.0) + (1.0 if a.coastal else 0.0)
    near_volcano = any(area in v.areas for v in r.map.volcanoes.values())
    return CITY_WORTH - risk - (1.5 if near_volcano else 0.0) + 0.2 * a.pop


def units_worth(r: Reading, area: str, owner: str) -> float:
    total = token_worth(r, area, owner) * r.count(area, owner)
    if r.board.cities.get(area) == owner:
        total += city_worth(r, area)
    return total


def pick_loss_area(r: Reading, options: list[str]) -> str:
    """Own loss: the area whose next unit the viewer misses least."""
    areas = with_prefix(options, "area")

    def cost(a: str) -> tuple[float, str]:
        if r.count(a) > 0:
            return (token_worth(r, a, r.me), a)
        if r.board.cities.get(a) == r.me:
            return (city_worth(r, a), a)
        return (0.0, a)  # someone else's unit: no loss of the viewer's

    return "area:" + min(areas, key=cost)


def harm_score(r: Reading, area: str) -> float:
    """Good for the viewer when whatever stands in `area` suffers."""
    score = 0.0
    for owner in set(r.board.tokens.get(area, {})) | {r.board.cities.get(area) or ""}:
        if not owner:
            continue
        worth = units_worth(r, area, owner)
        score += -worth if owner == r.me else worth * r.threat(owner)
    return score


def pick_area(r: Reading, kind: str, options: list[str]) -> str:
    areas = with_prefix(options, "area")
    if not areas:
        return options[0]
    if kind in KEEP_KINDS:
        return "area:" + max(areas, key=lambda a: (units_worth(r, a, r.me), a))
    if kind in GAIN_KINDS:
        return "area:" + max(areas, key=lambda a: (
            sum(units_worth(r, a, o) for o in r.owners_in(a) if o != r.me)
            + (city_worth(r, a) if r.board.cities.get(a) not in (None, r.me) else 0.0)
            + harm_score(r, a), a))
    mine = [a for a in areas if r.count(a) > 0 or r.board.cities.get(a) == r.me]
    if len(mine) == len(areas):
        return pick_loss_area(r, options)
    return "area:" + max(areas, key=lambda a: (harm_score(r, a), a))


def pick_player(r: Reading, kind: str, options: list[str]) -> str:
    players = [p for p in with_prefix(options, "player") if p in r.players]
    if not players:
        return options[0]
    if kind in GIFT_PLAYER_KINDS:
        return "player:" + r.weakest_among(players)
    return "player:" + r.leader_among(players)


def pick_number(r: Reading, kind: str, options: list[str]) -> str:
    numbers = numbers_in(options)
    if not numbers:
        return options[0]
    if kind in ("share_amount", "plunder_treasury"):
        return f"number:{max(numbers)}"
    if kind == "uprising_treasury":
        surplus = sum(max(r.count(a) - r.limit(a), 0) for a in r.my_areas)
        return f"number:{min(numbers) if surplus >= max(numbers) else max(numbers)}"
    return f"number:{min(numbers)}"


def pick_site(r: Reading, options: list[str]) -> str:
    """A tie between volcanoes, flood plains or seas: the one that costs the viewer least."""

    def mine_near(label: str) -> float:
        prefix, site = label.split(":", 1)
        if prefix == "volcano" and site in r.map.volcanoes:
            areas: tuple[str, ...] = r.map.volcanoes[site].areas
        elif prefix == "flood":
            areas = r.map.flood_plains.get(site, ())
        elif prefix == "sea" and site in r.map.seas:
            areas = r.map.seas[site].borders
        else:
            return 0.0
        return sum(harm_score(r, a) for a in areas)

    return max(options, key=lambda o: (mine_near(o), o))

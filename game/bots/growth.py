"""Growing on the board: movement, population expansion when stock runs short, and city
building (phases 2, 3 and 5).

At its first movement pick of a turn the bot plans the whole movement on its reading of the
board, then plays the plan one pick at a time:
1. gather tokens on free city sites next to its tokens, but only where the new cities can be
   supported after the surplus check (every other area capped at its limit), and only from
   the turn `gather_from` on (the normal bot from the first; the hard bot grows first);
2. move tokens above an area's limit to free neighbouring land with room, empty areas first
   (a new area grows by two next turn);
3. seed pairs from crowded areas into empty free land, for growth;
4. ship surplus from a crowded coast to free coastal land within a ship's reach (the ship is
   paid with two of the surplus tokens, which the surplus check would remove anyway, and is
   left to lapse at the end of the movement);
5. attack an enemy city from the areas beside it when the attack pays (`plan_attacks`: the
   tokens it costs against the city destroyed, the card and treasury taken; the defender's
   counter-move counted when the defender moves later), with a siege card in hand if it
   turns the attack with fewer tokens;
6. let surplus that still has nowhere to go guard its own cities that an enemy moving later
   could take, then fight where it outnumbers the tokens there (it would die in the surplus
   check anyway, so neither costs anything).
Before all of these (step 0) it defends: when an enemy moving earlier has entered one of its
city areas with enough tokens to take it, tokens from beside the city go in to make the
attack fail, when the city is worth them.
It never starts any other fight and never builds a city its tokens cannot support.

City attacks are weighed in the points of choices.py (a kept token about 1, a city
`choices.CITY_WORTH` to its owner), from the viewer's reading only; the weights below.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import EPOCHS, PIRATE, EventCard, treasury_value

from . import events as ev
from .choices import city_worth
from .reading import Reading, numbers_in, with_prefix

MAX_CITIES_KEY = "max_cities_in_play"

# City attacks (rules §4 phase 3 "Attacking a city" and phase 4b; numbers.toml holds the
# tokens needed, 7, and the 6 that replace a taken city). Weights, in choices.py's points:
# a token within its area's limit sent to attack: the token, and the growth it would bring
# (an area of two or more grows by two a turn), so more than choices.token_worth's 1.0
ATTACK_TOKEN = 1.5
# a token above its area's limit: the surplus check would remove it anyway (choices.py)
ATTACK_SURPLUS = 0.25
# the trade card drawn at random from the defender's hand (events.TRADE_CARD)
ATTACK_CARD = 4.0
# what an attack must gain over its cost: the reading is rough (calamities, a third player's
# move, hidden siege cards), so a close call stays home
ATTACK_MARGIN = 3.0
# a city defended only when the tokens it takes cost less than the city
DEFEND_SHARE = 1.0
# a city whose loss keeps its owner from the next A.S.T. space (it has just the cities that
# space asks): two steps' worth more, as hurting the owner helps the viewer (the game is a
# race along the A.S.T., bots README)
ATTACK_GATE = 10.0


def fight(sides: list[int], limit: int | None) -> list[int]:
    """A token conflict (rules §4 phase 4a) between sides of these counts: each round the
    side with fewest tokens removes one first, equal sides together; it stops at once, even
    mid-round, when one side is left or (with `limit`) the tokens fit the limit."""
    left = list(sides)

    def over() -> bool:
        return (sum(1 for n in left if n > 0) <= 1
                or (limit is not None and sum(left) <= limit))

    while not over():
        start = list(left)
        for group in sorted({n for n in start if n > 0}):
            for i, n in enumerate(start):
                if n == group and left[i] > 0:
                    left[i] -= 1
            if over():
                break
    return left


def siege_amount(card: EventCard) -> int:
    """The tokens a siege card changes an attack's need by (its siege_tokens effects)."""
    return sum(e.get("amount") for e in card.effects if e.do == "siege_tokens")


def siege_cards(r: Reading, side: str = "attacker") -> dict[str, int]:
    """The viewer's private siege cards for `side` and the tokens each changes an attack's
    need by (Siegecraft and Breach -1, Treason -3; Saint +1 for a defender)."""
    if r.view.events is None:
        return {}
    found: dict[str, int] = {}
    for cid in r.view.events.hand:
        card = ev.cards().get(cid)
        if card is None or card.window != "siege" or card.side != side:
            continue
        found[cid] = siege_amount(card)
    return found


@dataclass
class Move:
    source: str
    target: str
    count: int
    ship: bool = False  # built here from surplus tokens, then sailed with `count` aboard
    built: bool = False


def tokens_for_city(r: Reading, area: str) -> int:
    n = r.data.numbers
    return n["city_tokens_on_site"] if r.map.areas[area].site != "none" else n[
        "city_tokens_wilderness"]


def siege_turns(r: Reading, card_id: str) -> bool:
    """Whether playing the siege card turns a city attack being judged now (rules §4 phase
    4b; 000 events 15, 58, 65, 55 as events.toml adapts them): as an attacker, an enemy city
    whose area holds fewer of the viewer's tokens than the attack needs but enough with the
    card; as a defender, one of its cities whose attacker has enough, but not with the card.
    The view does not say which attack the window is for: any such city will do."""
    card = ev.cards().get(card_id)
    if card is None or card.window != "siege":
        return False
    amount = siege_amount(card)
    me = r.me
    for area, owner in r.board.cities.items():
        if card.side == "attacker" and owner not in (me, PIRATE) and owner in r.players:
            have = r.count(area)
            need = r.attack_numbers(me, owner)[0]
            if 0 < have < need <= have - amount:
                return True
        elif card.side == "defender" and owner == me:
            for foe, have in r.owners_in(area).items():
                if foe != me and foe in r.players:
                    need = r.attack_numbers(foe, me)[0]
                    if need <= have < need + amount:
                        return True
    return False


class _Limits(dict[str, int]):
    """The viewer's population limit of each area, read from the view when first asked (a plan
    looks at the areas near its tokens, not at the whole map)."""

    def __init__(self, r: Reading) -> None:
        super().__init__()
        self.reading = r

    def __missing__(self, area: str) -> int:
        found = self[area] = self.reading.limit(area)
        return found


# Movement plans the hard bot weighs against each other (Grower's knobs by name).
PLANS: dict[str, dict[str, int]] = {
    "normal": {},
    "no_fights": {"fight_surplus": 0},
    "no_sites": {"gather_sites": 0},
    "spread": {"seed_from": 3},
}


class Grower:
    def __init__(self, *, gather_sites: int = 1, seed_from: int = 4,
                 fight_surplus: int = 1, gather_from: int = 0, attack_cities: int = 1,
                 token_cost: float = ATTACK_TOKEN, gate: float = ATTACK_GATE) -> None:
        self.gather_sites = bool(gather_sites)  # step 1: gather tokens on free city sites
        self.gather_from = gather_from  # step 1 from this turn on (before it: growth only)
        self.seed_from = seed_from  # step 3: areas holding this many seed pairs
        self.fight_surplus = bool(fight_surplus)  # step 6: surplus fights where it outnumbers
        self.attack_cities = bool(attack_cities)  # steps 0, 5 and 6's guard: city attacks
        self.token_cost = token_cost  # a kept token sent to attack a city (ATTACK_TOKEN)
        self.gate = gate  # a city that holds its owner at the A.S.T. (ATTACK_GATE)
        self.attacks: dict[str, str] = {}  # this turn's attacked city areas -> siege card or ""
        self.turn = -1
        self.plan: list[Move] = []
        self.current: Move | None = None

    # -- planning ------------------------------------------------------------------------------
    def make_plan(self, r: Reading) -> None:
        tokens = {a: r.count(a) for a in r.my_areas}
        movable = dict(tokens)
        limit = _Limits(r)
        plan: list[Move] = []
        locked: set[str] = set()
        cities = r.mine.cities
        rate = r.support_rate()
        most = r.data.numbers[MAX_CITIES_KEY]

        def support_ok(sites: set[str], extra: int) -> bool:
            kept = sum(min(n, limit[a]) for a, n in tokens.items() if a not in sites)
            return kept >= rate * (cities + extra)

        self.attacks = {}
        # 0. defend a city an enemy moving earlier has entered with enough to take it
        if self.attack_cities:
            self.plan_defence(r, tokens, movable, limit, plan)

        # 1. city sites
        near: set[str] = set()
        for a in tokens:
            near.add(a)
            near.update(r.map.land.get(a, ()))
        sites = sorted(
            (a for a in near if r.map.areas[a].site != "none" and r.map.areas[a].pop > 0
             and r.is_free_land(a)),
            key=lambda a: (tokens_for_city(r, a) - tokens.get(a, 0), -r.map.areas[a].pop, a))
        built: set[str] = set()
        gathering = self.gather_sites and r.view.turn >= self.gather_from
        for site in sites if gathering else ():
            if cities + len(built) >= most:
                break
            need = tokens_for_city(r, site) - tokens.get(site, 0)
            sources = sorted(
                (s for s in r.map.land.get(site, ()) if movable.get(s, 0) > 0
                 and s not in built and s not in locked),
                key=lambda s: (-(tokens[s] - limit[s]), -tokens[s], s))
            takes: list[tuple[str, int]] = []
            for s in sources:
                if need <= 0:
                    break
                k = min(movable[s], need)
                takes.append((s, k))
                need -= k
            if need > 0:
                continue
            for s, k in takes:
                tokens[s] -= k
                tokens[site] = tokens.get(site, 0) + k
            if support_ok(built | {site}, len(built) + 1):
                for s, k in takes:
                    movable[s] -= k
                    plan.append(Move(s, site, k))
                built.add(site)
                locked.add(site)
                movable[site] = 0
            else:
                for s, k in takes:
                    tokens[s] += k
                    tokens[site] -= k
                if tokens.get(site) == 0:
                    tokens.pop(site)

        # 2. surplus to free land with room; 3. pairs into empty land
        def room(t: str) -> int:
            return limit[t] - tokens.get(t, 0)

        def free(t: str) -> bool:
            return (t not in built and r.is_free_land(t) and r.map.areas[t].pop > 0
                    and limit[t] > 0)

        for a in sorted(tokens, key=lambda a: (-(tokens[a] - limit[a]), a)):
            if a in built:
                continue
            surplus = min(tokens[a] - limit[a], movable.get(a, 0))
            if surplus <= 0:
                continue
            targets = sorted((t for t in r.map.land.get(a, ()) if free(t) and room(t) > 0),
                             key=lambda t: (tokens.get(t, 0) > 0, -room(t), t))
            for t in targets:
                if surplus <= 0:
                    break
                k = min(surplus, room(t))
                plan.append(Move(a, t, k))
                surplus -= k
                tokens[a] -= k
                movable[a] -= k
                tokens[t] = tokens.get(t, 0) + k
        for a in sorted(tokens, key=lambda a: (-tokens[a], a)):
            if a in built or tokens[a] < self.seed_from or movable.get(a, 0) < 2:
                continue
            for t in sorted(r.map.land.get(a, ()), key=lambda t: (-limit[t], t)):
                if tokens[a] < self.seed_from or movable[a] < 2:
                    break
                if free(t) and tokens.get(t, 0) == 0 and limit[t] >= 2:
                    plan.append(Move(a, t, 2))
                    tokens[a] -= 2
                    movable[a] -= 2
                    tokens[t] = 2
        # 4. ships carry surplus to free coastal land further away
        self.plan_ships(r, tokens, movable, limit, built, plan)
        # 5. enemy cities attacked where it pays
        if self.attack_cities:
            self.plan_attacks(r, tokens, movable, limit, built, plan)
            # 6. surplus beside a city an enemy moving later could take guards it
            self.plan_guard(r, tokens, movable, limit, plan)
        # 6. surplus with nowhere free to go would die in the surplus check: it fights instead,
        # where it outnumbers the tokens there (a fight that costs nothing)
        for a in sorted(tokens, key=lambda a: (-(tokens[a] - limit[a]), a)):
            surplus = min(tokens[a] - limit[a], movable.get(a, 0))
            if a in built or surplus <= 0 or not self.fight_surplus:
                continue
            foes = [t for t in r.map.land.get(a, ())
                    if t not in r.board.cities and r.foreign_in(t) > 0 and limit[t] > 0
                    and r.foreign_in(t) < surplus + tokens.get(t, 0)]
            if not foes:
                continue
            target = max(foes, key=lambda t: (
                sum(r.threat(o) for o in r.owners_in(t) if o != r.me) - r.foreign_in(t) / 4, t))
            plan.append(Move(a, target, surplus))
            tokens[a] -= surplus
            movable[a] -= surplus
            tokens[target] = tokens.get(target, 0) + surplus
        self.plan = plan

    # -- city attacks and their defence (rules §4 phase 3 "Attacking a city", phase 4b) -------
    def _offers(self, tokens: dict[str, int], movable: dict[str, int], limit: dict[str, int],
                sources: list[str]) -> list[tuple[float, str]]:
        """Every movable token of `sources`, each with what sending it away costs, cheapest
        first (an area's tokens above its limit before those within it)."""
        offers = [(ATTACK_SURPLUS if tokens[s] - j > limit[s] else self.token_cost, s)
                  for s in sources for j in range(movable.get(s, 0))]
        offers.sort()
        return offers

    @staticmethod
    def _send(plan: list[Move], taken: list[tuple[float, str]], target: str,
              tokens: dict[str, int], movable: dict[str, int]) -> None:
        counts: dict[str, int] = {}
        for _, s in taken:
            counts[s] = counts.get(s, 0) + 1
        for s, k in sorted(counts.items()):
            plan.append(Move(s, target, k))
            tokens[s] -= k
            movable[s] -= k
            tokens[target] = tokens.get(target, 0) + k

    def plan_attacks(self, r: Reading, tokens: dict[str, int], movable: dict[str, int],
                     limit: dict[str, int], built: set[str], plan: list[Move]) -> None:
        """Attack the enemy cities beside its tokens where the attack gains ATTACK_MARGIN more
        than it costs: gained, the city destroyed (worth `choices.city_worth` to its owner, as
        much as hurting the owner helps the viewer: `Reading.threat`), the card drawn from
        its hand, up to 3 treasury (rules §4 phase 4b, 3-4), the attackers left after the
        fight with the 6 tokens that replace the city; lost, the tokens that die, and a siege
        card if one is needed. An owner who moves later may move its tokens beside the city
        in first (rules §4 phase 3: "the defender may move tokens in"): the attack is made
        only if it succeeds after that."""
        me = r.me
        rate = r.support_rate()
        per_token = treasury_value(r.data, r.mine.advances)
        cards = {c: -k for c, k in siege_cards(r).items() if k < 0}
        card_cost = {c: ev.card_value(r.view, c) for c in cards}
        stock = r.mine.stock
        while True:
            best: tuple[float, str, int, str] | None = None
            for city, owner in sorted(r.board.cities.items()):
                if (owner in (me, PIRATE) or owner not in r.players or city in self.attacks
                        or not r.may_enter_city(owner)):
                    continue
                here = r.owners_in(city)
                if any(n > 0 and o not in (owner, me) for o, n in here.items()):
                    continue  # a third side there: a three-way fight nobody reads well
                sources = [s for s in r.map.land.get(city, ()) if movable.get(s, 0) > 0
                           and s not in built and s not in self.attacks]
                if not sources:
                    continue
                need, replacement = r.attack_numbers(me, owner)
                guard = here.get(owner, 0)
                if r.moves_after(owner):
                    guard += sum(r.count(a, owner) for a in r.map.land.get(city, ()))
                offers = self._offers(tokens, movable, limit, sources)
                foe = r.players[owner]
                rep = min(replacement, foe.stock)
                worth = (city_worth(r, city) + self.gate * self.at_gate(r, owner)) * r.threat(
                    owner) + (ATTACK_CARD if foe.hand_size else 0.0)
                for card in [""] + sorted(cards):
                    needed = need - cards.get(card, 0)
                    k = next((k for k in range(1, len(offers) + 1)
                              if fight([k, guard], None)[0] >= needed), 0)
                    if not k:
                        continue
                    left = fight([k, guard], None)[0]
                    survivors = fight([left, rep], r.map.areas[city].pop)[0]
                    cost = sum(c for c, _ in offers[:k])
                    lost = cost * (k - survivors) / k + card_cost.get(card, 0.0)
                    loot = min(r.data.numbers["city_attack_treasury_max"], stock) * per_token
                    kept = sum(min(n, limit[a]) for a, n in tokens.items()) - (k - survivors)
                    if kept < rate * r.mine.cities:
                        continue  # its own cities would go unsupported
                    value = worth + loot - lost
                    if value > ATTACK_MARGIN and (best is None or value > best[0]):
                        best = (value, city, k, card)
            if best is None:
                return
            _, city, k, card = best
            sources = [s for s in r.map.land.get(city, ()) if movable.get(s, 0) > 0
                       and s not in built and s not in self.attacks]
            self._send(plan, self._offers(tokens, movable, limit, sources)[:k], city,
                       tokens, movable)
            self.attacks[city] = card
            cards.pop(card, None)
            movable[city] = 0

    @staticmethod
    def at_gate(r: Reading, owner: str) -> bool:
        """Whether one city fewer keeps `owner` from its next A.S.T. space, for which it has
        all else (rules: the A.S.T. requirements, ast.toml)."""
        missing = r.ast_missing(owner)
        if missing:
            return False
        space = r.players[owner].ast + 1
        if space > r.data.ast_numbers["last_space"]:
            return False
        side = r.view.config.ast_side
        epoch = r.data.civilizations[owner].epoch_of(space, side)
        return r.players[owner].cities <= r.data.ast[side][EPOCHS.index(epoch)].cities

    def plan_defence(self, r: Reading, tokens: dict[str, int], movable: dict[str, int],
                     limit: dict[str, int], plan: list[Move]) -> None:
        """Its cities that enemies have entered (having moved earlier) with enough tokens to
        take them: tokens from beside the city go in, enough for the attack to fail after
        the fight in the city's area (rules §4 phase 4: removal goes on until one side is
        left there), when they cost less than the city."""
        me = r.me
        for city in r.my_cities:
            here = {o: n for o, n in r.owners_in(city).items() if o != me and n > 0}
            if len(here) != 1:
                continue
            (foe, n), = here.items()
            need = r.attack_numbers(foe, me)[0]
            mine = tokens.get(city, 0)
            if fight([n, mine], None)[0] < need:
                continue  # fails as it stands
            sources = [s for s in r.map.land.get(city, ()) if movable.get(s, 0) > 0]
            offers = self._offers(tokens, movable, limit, sources)
            k = next((k for k in range(1, len(offers) + 1)
                      if fight([n, mine + k], None)[0] < need), 0)
            if k and sum(c for c, _ in offers[:k]) < DEFEND_SHARE * city_worth(r, city):
                self._send(plan, offers[:k], city, tokens, movable)
                movable[city] = 0

    def plan_guard(self, r: Reading, tokens: dict[str, int], movable: dict[str, int],
                   limit: dict[str, int], plan: list[Move]) -> None:
        """Surplus tokens beside one of its cities (they die in the surplus check anyway) go
        into it when an enemy moving later has enough beside it to take it, so that the
        attack would need more (rules §4 phase 4: removal until one side is left)."""
        me = r.me
        for city in r.my_cities:
            near = r.map.land.get(city, ())
            threat = 0
            for foe in r.others():
                if not r.moves_after(foe) or not r.may_enter_city(me, foe):
                    continue
                reach = sum(r.count(a, foe) for a in near)
                if reach >= r.attack_numbers(foe, me)[0]:
                    threat = max(threat, reach)
            if not threat:
                continue
            sources = [s for s in near if movable.get(s, 0) > 0]
            spare = [o for o in self._offers(tokens, movable, limit, sources)
                     if o[0] <= ATTACK_SURPLUS]
            if spare:
                self._send(plan, spare, city, tokens, movable)

    def plan_ships(self, r: Reading, tokens: dict[str, int], movable: dict[str, int],
                   limit: dict[str, int], built: set[str], plan: list[Move]) -> None:
        n = r.data.numbers
        pieces = n["ships_per_player"] - r.board.ships_of(r.me)
        pieces = min(pieces, n["ships_built_per_turn_max"])
        reach = n["ship_move_cloth_making"] if r.has("ships_move_5") else n["ship_move"]
        hold = n["ship_capacity_naval_warfare"] if r.has("ships_carry_6") else n["ship_capacity"]
        price = n["ship_cost_tokens"]
        for a in sorted(tokens, key=lambda a: (-(tokens[a] - limit[a]), a)):
            if pieces <= 0:
                return
            surplus = min(tokens[a] - limit[a], movable.get(a, 0))
            if a in built or surplus < price + 2 or not r.map.areas[a].coastal:
                continue
            dests = [t for t in self.sea_reach(r, a, reach)
                     if t not in built and r.is_free_land(t) and limit[t] - tokens.get(t, 0) >= 2]
            if not dests:
                continue
            target = max(dests, key=lambda t: (
                r.map.areas[t].site != "none" and t not in r.board.cities,
                tokens.get(t, 0) == 0, limit[t], t))
            cargo = min(surplus - price, hold, limit[target] - tokens.get(target, 0))
            plan.append(Move(a, target, cargo, ship=True))
            pieces -= 1
            tokens[a] -= cargo + price
            movable[a] -= cargo + price
            tokens[target] = tokens.get(target, 0) + cargo

    @staticmethod
    def sea_reach(r: Reading, start: str, steps: int) -> list[str]:
        """Land areas a ship from `start` may end in along water borders (open seas left
        out: without Astronavigation a ship never crosses them), passing through out-of-play
        areas but never ending there (rules §3.1)."""
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                if seen[here] >= steps:
                    continue
                for there in r.map.ship_water(here):
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        nxt.append(there)
            frontier = nxt
        near = set(r.map.land.get(start, ()))
        return sorted(a for a in seen if a != start and a not in near and a in r.map.areas)

    # -- movement picks ------------------------------------------------------------------------
    def movement_area(self, r: Reading, options: list[str]) -> str:
        if r.view.turn != self.turn:
            self.turn = r.view.turn
            self.make_plan(r)
        while self.plan:
            move = self.plan[0]
            if f"area:{move.source}" in options and r.count(move.source) > 0:
                self.current = move
                return f"area:{move.source}"
            self.plan.pop(0)
        self.current = None
        return "done"

    def movement_action(self, r: Reading, options: list[str]) -> str:
        move = self.current
        if move is not None and move.ship:
            if not move.built:
                pay = sorted(numbers_in(options))  # treasury paid; the rest in tokens
                if pay:
                    move.built = True
                    return f"number:{pay[0]}"
            elif "yes" in options:
                return "yes"
            self.plan.pop(0)  # the ship cannot be built or sailed after all
            self.current = None
            move = None
        if move is not None and f"area:{move.target}" in options:
            return f"area:{move.target}"
        # the planned target is closed: the best open free neighbour, else the first option
        if self.plan and move is self.plan[0]:
            self.plan.pop(0)
        self.current = None
        targets = [t for t in with_prefix(options, "area") if r.is_free_land(t)]
        if targets:
            best = max(targets, key=lambda t: (r.limit(t) - r.count(t), t))
            self.current = Move(move.source if move else "", best, 1)
            return f"area:{best}"
        ships = [o for o in options if o.startswith("number:")]
        return "yes" if "yes" in options else (ships[-1] if ships else options[0])

    def ship_destination(self, r: Reading, options: list[str]) -> str:
        move = self.current
        if move is not None and move.ship and f"area:{move.target}" in options:
            return f"area:{move.target}"
        if self.plan and move is self.plan[0]:
            self.plan.pop(0)
        self.current = None
        return "done" if "done" in options else options[0]

    def ship_cargo(self, r: Reading, options: list[str]) -> str:
        move = self.current
        counts = numbers_in(options)
        want = move.count if move is not None else 0
        if self.plan and move is self.plan[0]:
            self.plan.pop(0)
        self.current = None
        fitting = [n for n in counts if n <= want]
        return f"number:{max(fitting) if fitting else min(counts)}"

    def movement_tokens(self, r: Reading, options: list[str]) -> str:
        counts = numbers_in(options)
        want = self.current.count if self.current else 1
        if self.plan and self.current is self.plan[0]:
            self.plan.pop(0)
        self.current = None
        fitting = [n for n in counts if n <= want]
        return f"number:{max(fitting) if fitting else min(counts)}"

    # -- expansion when stock runs short -------------------------------------------------------
    def expansion_area(self, r: Reading, options: list[str]) -> str:
        def worth(a: str) -> tuple[float, str]:
            n = r.count(a)
            score = 2.0 if n < r.limit(a) else 0.0
            score += 1.0 if n == 1 else 0.0
            site = r.map.areas[a].site != "none" and a not in r.board.cities
            score += 1.5 if site else 0.0
            return (score, a)

        return "area:" + max(with_prefix(options, "area"), key=worth)

    # -- city building -------------------------------------------------------------------------
    def build_city(self, r: Reading, options: list[str]) -> str:
        areas = with_prefix(options, "area")
        rate = r.support_rate()
        ok = [a for a in areas
              if r.supported_tokens(skip=a) >= rate * (r.mine.cities + 1)]
        if not ok:
            return "done"

        def worth(a: str) -> tuple[int, int, str]:
            return (r.map.areas[a].site != "none", r.map.areas[a].pop, a)

        return "area:" + max(ok, key=worth)

    def city_treasury_tokens(self, r: Reading, options: list[str]) -> str:
        return f"number:{min(numbers_in(options))}"

    def city_adjacent_tokens(self, r: Reading, options: list[str]) -> str:
        areas = with_prefix(options, "area")
        return "area:" + max(areas, key=lambda a: (r.count(a) - r.limit(a), r.count(a), a))

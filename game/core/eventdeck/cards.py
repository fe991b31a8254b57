"""The event cards as data: `game/core/data/events.toml` and the realm-specific events of
`realm_events.toml` (004:16.1), loaded and checked once.

Every seed 000 card is either a `[cards.ID]` entry (adapted) or a `[not_adapted.ID]` entry with
its one-line reason; the checks here refuse a file that names an unknown primitive, symbol,
marker, window or civilization, so a broken file fails at load with one line naming the key.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType

from ..gamedata import GROUPS, RULESET_IDS, _Checker, _read, load_game_data
from .model import MARKER_KINDS

KINDS = ("A", "B", "realm")
HALVES = ("1", "2", "X")
TARGETS = ("taker", "chosen", "random", "each", "none", "realm")  # realm: its civilization
# Private events' timing windows that the core offers (others make a card not adapted).
# battle: as a token conflict the holder fights in begins; siege: as a city attack it makes or
# suffers is judged; after_siege: when that city is taken; movement: as the movement phase
# begins (war.py).
# "event_played": not a phase but a reaction, offered when an event card is revealed or played
# (Cancellation, cancel.py); its cards need no effect of their own.
REACTION = "event_played"
WINDOWS = ("taxation", "population_expansion", "movement", "battle", "siege", "after_siege",
           "trade_card_acquisition", "advance_acquisition", "ast_alteration", REACTION)
# Who plays a siege or after-siege card: the attacker or the defender of the city.
SIDES = ("attacker", "defender")
SYMBOLS = ("lost_at_sea", "unrest")
# Each primitive with the parameters it takes; the procedures are in effects/.
PRIMITIVES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "treasury": ("amount",),  # gain (or with amount < 0 pay) treasury tokens
    "treasury_halved": (),  # lose half the treasury, rounded up
    "lose_tokens": ("pass", "fail"),  # D2 check: lose `pass` tokens, else `fail`, at random
    "city_fire": ("turns",),  # a random city: D2 pass: pillage marker, else reduced
    "return_private": ("count",),  # random private events from hand back into the deck
    "pool": (),  # every player returns half their private events, rounded down
    # kind: an index into model.MARKER_KINDS (famine 0, plague 1, scarcity 2, heresy 3,
    # revolt 4, in_decline 5, pillage 6); the loader also accepts the name
    "region_marker": ("kind", "turns"),  # a marker on a region from a D10 region roll
    # on one of the player's areas at random; chooser 1: a player drawn at random chooses it
    "own_area_marker": ("kind", "turns", "least", "chooser"),
    "plague": ("turns", "tokens"),  # region roll, plague marker, cities D2, tokens lost
    "gain_tokens": ("count",),  # tokens from stock into the player's own areas
    "free_city": (),  # a city, free, on a site in one of the player's own areas
    # war (effects/conflict.py): in the battle or city attack being fought, or this turn
    "battle_strike": ("count",),  # each other side removes `count` tokens before the removal
    "battle_spared": ("count",),  # the holder's next `count` losses are not taken
    "battle_extra_round": (),  # the limit holding, every side still removes one more token
    "battle_vp": ("per",),  # bonus VP per token of another side removed in the battle
    "battle_won_vp": ("amount",),  # bonus VP if the holder ends with the most tokens there
    "mortal_enemy": ("per", "least"),  # bonus VP per token of the chosen foe removed this turn
    "siege_tokens": ("amount",),  # the city attack needs `amount` more tokens (< 0: fewer)
    "attrition": ("die",),  # another's first entry into the holder's areas: D10 >= die, lost
    "overrun": ("ratio",),  # the holder's first move to `ratio` times the others removes them
    # economy.py: money, trade cards, sea raids
    "treasury_check": ("pass", "fail"),  # D2 check: gain `pass` treasury, else `fail`
    "extra_tax": (),  # treasury equal to a turn's tax of the player's cities at the base rate
    "trade_card": ("count",),  # extra trade cards, from the stacks above its city count
    "piracy": ("turns",),  # a sea's coastal cities looted on failed D2 checks (pillage)
    # church.py: heresies condemned, monasteries bought
    "council": (),  # every heresy marker removed
    "monastery": ("price", "vp", "most"),  # pay `price` per `vp` bonus VP, up to `most`
    # decline.py: the status of nations on the A.S.T.
    "decline": ("turns",),  # an In Decline marker on the player (a second: doubled side)
    "age": (),  # D10 + decline: A.S.T. forward 2, none, or back 1-3 (seed 000's Age)
    "rejuvenate": ("steps",),  # A.S.T. forward up to `steps`, each space's needs met
    "usurper": ("turns", "if_in_decline"),  # a usurper's roll-off (000:calamity:12)
    "homeland_tokens": ("count",),  # tokens into the start area and its neighbours (realm.py)
    "free_ship": (),  # a ship, free, kept this turn, in a coastal area of the player's tokens
    "advance_credit": ("group", "amount"),  # credit points in one group (index into GROUPS)
})
REALM_FILE = "realm_events.toml"
REALM_SOURCE = "004:16.1"


@dataclass(frozen=True)
class Effect:
    do: str
    params: Mapping[str, int]

    def get(self, name: str, default: int = 0) -> int:
        return self.params.get(name, default)


@dataclass(frozen=True)
class EventCard:
    id: str
    title: str
    source: str  # the seed clause it adapts: "000:event:21", "000:calamity:7"
    age: int
    half: str  # "1", "2" or "X" (004:16 optional rule 6)
    kind: str  # "A", "B" or "realm"
    realm: str  # the civilization of a realm-specific event
    listed: bool  # a B-event in the set-up's list (004:16.1)
    public: bool
    window: str  # a private event's timing window
    target: str
    effects: tuple[Effect, ...]
    symbols: tuple[str, ...]  # secondary symbols, left to right (004:16.5)
    choice: tuple[tuple[Effect, ...], ...] = ()  # options A and B, after `effects` (004:16.3)
    from_turn: int = 0  # taken earlier, it has no effect ("not during turns 1 or 2")
    redraw_before: int = 0  # drawn for the display earlier, discarded and the next drawn
    side: str = ""  # a siege or after-siege card's player: "attacker" or "defender"

    def cost(self, option: int) -> int:
        """The treasury an option's payments ask for (what "can pay" means, 004:16.3)."""
        return sum(-e.get("amount") for e in self.choice[option]
                   if e.do == "treasury" and e.get("amount") < 0)


@dataclass(frozen=True)
class EventCards:
    cards: Mapping[str, EventCard]
    not_adapted: Mapping[str, tuple[str, str]]  # id -> (seed clause, reason)
    # how many displays an Age deck is sized for, by the least player count it holds from
    turns_per_age: Mapping[int, int]
    # the same for a rule set whose games run longer or shorter (`[deck.ruleset_turns_per_age]`)
    ruleset_turns: Mapping[str, Mapping[int, int]] = field(default_factory=dict)

    def age_turns(self, players: int, ruleset: str = "") -> int:
        """The turns an Age lasts with `players` under `ruleset` (the entry of the most players
        not above; a rule set without its own table uses `turns_per_age`)."""
        table = self.ruleset_turns.get(ruleset, self.turns_per_age)
        fitting = [n for n in table if n <= players]
        return table[max(fitting) if fitting else min(table)]


def _effect(c: _Checker, key: str, raw: object) -> Effect:
    table = c.table(key, raw)
    do = c.choice(f"{key}.do", table.get("do"), PRIMITIVES)
    params: dict[str, int] = {}
    for name, value in table.items():
        if name == "do":
            continue
        if name not in PRIMITIVES[do]:
            raise c.fail(f"{key}.{name}", f"not a parameter of {do!r}")
        if name == "kind" and isinstance(value, str):
            value = MARKER_KINDS.index(c.choice(f"{key}.kind", value, MARKER_KINDS))
        if name == "group" and isinstance(value, str):
            value = GROUPS.index(c.choice(f"{key}.group", value, GROUPS))
        params[name] = c.integer(f"{key}.{name}", value, -50, 50)
    return Effect(do, MappingProxyType(params))


def _card(c: _Checker, cid: str, raw: object, civs: Mapping[str, object]) -> EventCard:
    key = f"cards.{cid}"
    table = c.table(key, raw)
    known = {"title", "source", "age", "half", "type", "realm", "listed", "public", "window",
             "target", "effects", "symbols", "note", "choice", "from_turn", "side",
             "redraw_before"}
    for name in table:
        if name not in known:
            raise c.fail(f"{key}.{name}", "unknown key")
    for name in ("title", "source", "age", "half", "type", "public", "target", "effects"):
        if name not in table:
            raise c.fail(f"{key}.{name}", "missing key")
    kind = c.choice(f"{key}.type", table["type"], KINDS)
    realm = ""
    if kind == "realm":
        realm = c.choice(f"{key}.realm", table.get("realm"), civs)
    if table["target"] == "realm" and (kind != "realm" or table["public"] is not True):
        raise c.fail(f"{key}.target", "only a public realm-specific event strikes its realm")
    public = c.boolean(f"{key}.public", table["public"])
    window = ""
    if not public:
        window = c.choice(f"{key}.window", table.get("window"), WINDOWS)
    side = ""
    if window in ("siege", "after_siege"):
        side = c.choice(f"{key}.side", table.get("side"), SIDES)
    elif "side" in table:
        raise c.fail(f"{key}.side", "only siege and after-siege cards name a side")
    effects = table["effects"]
    choice: list[tuple[Effect, ...]] = []
    if "choice" in table:
        options = c.table(f"{key}.choice", table["choice"], required=("a", "b"))
        for name in ("a", "b"):
            raw_effects = options[name]
            if not isinstance(raw_effects, list) or not raw_effects:
                raise c.fail(f"{key}.choice.{name}", "expected a non-empty list of effects")
            choice.append(tuple(_effect(c, f"{key}.choice.{name}[{i}]", e)
                                for i, e in enumerate(raw_effects)))
    if not isinstance(effects, list) or not (effects or choice or window == REACTION):
        raise c.fail(f"{key}.effects", "expected a list of effects (empty only with a choice)")
    return EventCard(
        id=c.ident(key, cid),
        title=c.string(f"{key}.title", table["title"]),
        source=c.string(f"{key}.source", table["source"]),
        age=c.integer(f"{key}.age", table["age"], 1, 4),
        half=c.choice(f"{key}.half", table["half"], HALVES),
        kind=kind,
        realm=realm,
        listed=c.boolean(f"{key}.listed", table.get("listed", kind == "B")),
        public=public,
        window=window,
        target=c.choice(f"{key}.target", table["target"], TARGETS),
        effects=tuple(_effect(c, f"{key}.effects[{i}]", e) for i, e in enumerate(effects)),
        symbols=c.strings(f"{key}.symbols", table.get("symbols", []), SYMBOLS, empty=True),
        choice=tuple(choice),
        from_turn=c.integer(f"{key}.from_turn", table.get("from_turn", 0), 0, 20),
        redraw_before=c.integer(f"{key}.redraw_before", table.get("redraw_before", 0), 0, 20),
        side=side,
    )


def _load(root: Traversable) -> EventCards:
    c, doc = _read(root, "events.toml")
    c.table("", doc, required=("deck", "cards", "not_adapted"))
    deck = c.table("deck", doc["deck"])
    for name in deck:
        if name not in ("turns_per_age", "ruleset_turns_per_age"):
            raise c.fail(f"deck.{name}", "unknown key")
    if "turns_per_age" not in deck:
        raise c.fail("deck.turns_per_age", "missing key")
    civs = load_game_data().civilizations
    cards = {cid: _card(c, cid, raw, civs) for cid, raw in c.table("cards", doc["cards"]).items()}
    skipped: dict[str, tuple[str, str]] = {}
    for cid, raw in c.table("not_adapted", doc["not_adapted"]).items():
        key = f"not_adapted.{cid}"
        entry = c.table(key, raw, required=("source", "reason"))
        if cid in cards:
            raise c.fail(key, "also adapted under [cards]")
        skipped[c.ident(key, cid)] = (c.string(f"{key}.source", entry["source"]),
                                      c.string(f"{key}.reason", entry["reason"]))
    sources = [card.source for card in cards.values()] + [s for s, _ in skipped.values()]
    for source in sources:
        if source.startswith("000:") and sources.count(source) > 1:
            raise c.fail("cards", f"seed card {source} is listed twice")
    cards.update(_realm_cards(root, civs, cards))
    by_ruleset = c.table("deck.ruleset_turns_per_age", deck.get("ruleset_turns_per_age", {}))
    ruleset_turns = {}
    for rid, raw in by_ruleset.items():
        key = f"deck.ruleset_turns_per_age.{rid}"
        c.choice(key, rid, RULESET_IDS)
        ruleset_turns[rid] = MappingProxyType(_turns_per_age(c, raw, key))
    return EventCards(
        cards=MappingProxyType(cards),
        not_adapted=MappingProxyType(skipped),
        turns_per_age=MappingProxyType(_turns_per_age(c, deck["turns_per_age"])),
        ruleset_turns=MappingProxyType(ruleset_turns),
    )


def _turns_per_age(c: _Checker, raw: object, where: str = "deck.turns_per_age") -> dict[int, int]:
    """`[deck.turns_per_age]` (or a rule set's table): player count (as a key) -> turns, at
    least one entry."""
    table = c.table(where, raw)
    out: dict[int, int] = {}
    for key, value in table.items():
        name = f"{where}.{key}"
        if not key.isdigit() or not 1 <= int(key) <= 99:
            raise c.fail(name, "expected a player count from 1 to 99 as the key")
        out[int(key)] = c.integer(name, value, 1, 50)
    if not out:
        raise c.fail(where, "expected at least one player count")
    return out


def _realm_cards(root: Traversable, civs: Mapping[str, object],
                 others: Mapping[str, EventCard]) -> dict[str, EventCard]:
    """`realm_events.toml`: realm-specific events only, each naming 004:16.1 and a
    civilization, ids apart from events.toml's."""
    c, doc = _read(root, REALM_FILE)
    c.table("", doc, required=("cards",))
    out: dict[str, EventCard] = {}
    for cid, raw in c.table("cards", doc["cards"]).items():
        key = f"cards.{cid}"
        if cid in others:
            raise c.fail(key, "also in events.toml")
        card = _card(c, cid, raw, civs)
        if card.kind != "realm":
            raise c.fail(f"{key}.type", "only realm-specific events belong here")
        if card.source != REALM_SOURCE:
            raise c.fail(f"{key}.source", f"a realm-specific event adapts {REALM_SOURCE}")
        out[cid] = card
    return out


@functools.cache
def load_event_cards() -> EventCards:
    return _load(resources.files("game.core") / "data")


def load_event_cards_from(directory: Path) -> EventCards:
    """Cards from `directory` (not cached); for tests with broken copies."""
    return _load(directory)

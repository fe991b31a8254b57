"""The game's numbers: the TOML files in ``game/core/data``, loaded and validated once.

``load_game_data()`` returns one immutable ``GameData`` (cached). Every file is checked when it
is loaded; a broken file raises ``DataError`` naming the file, the dotted key and the problem, so
a typo in a data file stops the game at start instead of in the middle of a calamity.

Calamity parameters (``Calamity.params``) follow the conventions written at the head of
``data/ruleset-classic.toml``: ``X_modifiers`` maps advance ids to the delta each held advance
adds to the number ``X``; ``*_advances`` lists advance ids; ``*_table`` holds ``[threshold, value]``
rows; anything else is a plain int, bool or str. Lists come back as tuples and tables as
read-only mappings.
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any

# A parsed TOML table. `Any`: its values are read through _Checker, which checks each one's type
# (and names the file and key) before it is used; nothing unchecked leaves this module.
TomlTable = dict[str, Any]

GROUPS: tuple[str, ...] = ("arts", "civics", "crafts", "religion", "science")
RULESET_IDS: tuple[str, ...] = ("classic", "mega-empires", "double-empires")
EPOCHS: tuple[str, ...] = (
    "stone_age", "early_bronze", "middle_bronze", "late_bronze", "early_iron", "late_iron",
)
KINDS: tuple[str, ...] = ("non_tradable", "tradable", "minor")
BLOCKS: tuple[str, ...] = ("west", "east")
CARD_SETS: tuple[str, ...] = ("blue", "orange")
AST_SIDES: tuple[str, ...] = ("basic", "expert")
STACKS: tuple[int, ...] = tuple(range(1, 10))
CALAMITY_STACKS: tuple[int, ...] = tuple(range(2, 10))

# Every key of numbers.toml and of [numbers] in ast.toml: a key missing or unknown is an error.
NUMBER_KEYS: tuple[str, ...] = (
    "tokens_per_player", "cities_per_player", "ships_per_player", "min_players", "max_players",
    "token_unit_points", "city_unit_points", "tax_rate", "tax_rate_monarchy_raise",
    "tax_rate_coinage_change", "expansion_from_one_token", "expansion_from_two_or_more",
    "land_move", "land_move_roadbuilding", "ship_cost_treasury", "ship_cost_tokens",
    "ship_upkeep", "ships_built_per_turn_max", "ship_move", "ship_move_cloth_making",
    "ship_capacity", "ship_capacity_naval_warfare", "city_attack_tokens", "city_defence_tokens",
    "city_attack_tokens_engineering_attacker", "city_defence_tokens_vs_engineering_attacker",
    "city_attack_tokens_vs_engineering_defender", "city_defence_tokens_engineering_defender",
    "city_attack_cards_taken", "city_attack_treasury_max", "pirate_city_barbarian_tokens",
    "city_tokens_on_site", "city_tokens_wilderness", "max_cities_in_play", "support_rate",
    "support_rate_cultural_ascendancy_raise", "architecture_treasury_share_divisor",
    "urbanism_adjacent_tokens", "public_works_tokens_per_city", "agriculture_limit_bonus",
    "agriculture_max_printed_limit", "extra_card_stack", "extra_card_price",
    "cartography_stack_low", "cartography_price_low", "cartography_stack_high",
    "cartography_price_high", "rhetoric_stack", "rhetoric_price", "mining_stack_low",
    "mining_stack_high", "mining_price", "wonder_free_cards_per_turn", "water_card_value",
    "trade_min_cards_each", "trade_named_commodities", "trade_minutes",
    "trade_offers_per_player", "trade_requests_most", "max_calamities_held",
    "max_major_calamities_held", "diaspora_tokens", "provincial_empire_players",
    "provincial_empire_min_face_value", "universal_doctrine_barbarian_tokens",
    "universal_doctrine_pirate_cities", "politics_treasury",
    "politics_annex_treasury_per_unit_point", "trade_routes_face_value_multiplier",
    "mining_treasury_value", "library_discount", "anatomy_free_max_cost",
    "written_record_extra_credits", "monument_extra_credits", "hand_limit",
    "hand_limit_two_blocks", "hand_limit_two_blocks_from_players",
    "hand_limit_roadbuilding_bonus", "starting_credits_5_players", "starting_credits_6_players",
    "starting_credits_12_players", "extra_credit_step", "advance_purchase_cancels_max",
)
AST_NUMBER_KEYS: tuple[str, ...] = (
    "last_space", "vp_per_step", "vp_advance_under_100", "vp_advance_100", "vp_advance_200",
    "vp_threshold_100", "vp_threshold_200", "vp_per_city", "vp_lone_late_iron_bonus_expert",
    "expert_extra_turns_after_late_iron", "expert_steps_back_without_cities",
    "wonder_extra_cities",
)
_AST_FIELDS = (
    "cities", "advances", "advances_100", "advances_200", "advances_under_100", "advance_vp",
)
_ID = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
_CLAUSE = re.compile(r"[0-9a-z]+:.+")


class DataError(Exception):
    """A data file is broken. ``str(err) == f"{file}: {key}: {problem}"``."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        super().__init__(f"{file}: {key}: {problem}")
        self.file = file
        self.key = key
        self.problem = problem


@dataclass(frozen=True)
class Advance:
    id: str
    name: str
    number: int
    groups: tuple[str, ...]
    cost: int
    vp: int
    group_credits: Mapping[str, int]        # group -> points (only non-zero)
    specific_credits: Mapping[str, int]     # advance id -> points
    effects: tuple[str, ...]
    rulesets: tuple[str, ...]               # where it can be bought


@dataclass(frozen=True)
class Civilization:
    id: str
    name: str
    rank: int
    block: str
    colour: str
    emblem: str
    epochs_basic: tuple[int, ...]   # first space of early_bronze .. late_iron
    epochs_expert: tuple[int, ...]

    def epoch_of(self, space: int, side: str) -> str:
        """The EPOCHS id of A.S.T. ``space`` (0 = the start arrow = stone_age) on ``side``."""
        if side not in AST_SIDES:
            raise ValueError(f"unknown A.S.T. side {side!r}")
        bounds = self.epochs_basic if side == "basic" else self.epochs_expert
        if not 0 <= space <= bounds[-1]:
            raise ValueError(f"A.S.T. space {space} is off the table")
        return EPOCHS[bisect.bisect_right(bounds, space)]


@dataclass(frozen=True)
class AstRequirement:
    epoch: str
    cities: int
    advances: int
    advances_100: int
    advances_200: int
    advances_under_100: int
    advance_vp: int


@dataclass(frozen=True)
class Commodity:
    id: str
    name: str
    value: int           # face value == stack number


@dataclass(frozen=True)
class Calamity:
    id: str
    name: str
    stack: int
    kind: str            # "non_tradable" | "tradable" | "minor"
    order: int           # resolution order within the stack (0 first)
    clauses: tuple[str, ...]
    summary: str
    params: Mapping[str, Any]  # the rule file's TOML values (see calamities.common.params)


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    description: str
    seed: str
    calamities: Mapping[str, Calamity]      # ordered by (stack, order)
    kind_order: tuple[str, ...] = KINDS     # resolution order of kinds within a stack
    order_source: str = ""                  # the clause the resolution order follows

    def in_stack(self, stack: int, minors: bool) -> tuple[Calamity, ...]:
        """The calamities shuffled into ``stack``, in resolution order."""
        return tuple(
            c for c in self.calamities.values()
            if c.stack == stack and (minors or c.kind != "minor")
        )


@dataclass(frozen=True)
class StackCards:
    stack: int
    commodities: tuple[tuple[str, int], ...]    # (commodity id, number of cards)


@dataclass(frozen=True)
class Setup:
    id: str
    players: int
    civilizations: tuple[str, ...]              # in A.S.T. rank order
    blocks: Mapping[str, tuple[str, ...]]       # block id -> civs in it
    card_set: str                               # "blue" | "orange"
    stacks: Mapping[str, tuple[StackCards, ...]]    # block id -> 9 stacks (1..9)
    minors: bool
    starting_credits: int                       # per group colour
    hand_limit: int


@dataclass(frozen=True)
class GameData:
    advances: Mapping[str, Advance]             # ordered by number
    civilizations: Mapping[str, Civilization]   # ordered by rank
    ast: Mapping[str, tuple[AstRequirement, ...]]   # "basic"/"expert" -> one per EPOCHS entry
    commodities: Mapping[str, Commodity]        # ordered by stack
    setups: Mapping[str, Setup]
    rulesets: Mapping[str, Ruleset]
    numbers: Mapping[str, int]
    ast_numbers: Mapping[str, int]
    effects: Mapping[str, str]                  # advance effect id -> meaning
    water: Commodity

    @functools.cached_property
    def _holders(self) -> Mapping[str, frozenset[str]]:
        out: dict[str, set[str]] = {}
        for advance in self.advances.values():
            for effect in advance.effects:
                out.setdefault(effect, set()).add(advance.id)
        return MappingProxyType({effect: frozenset(ids) for effect, ids in out.items()})

    def advances_with(self, effect: str) -> frozenset[str]:
        """The advances that have an in-game effect: whether a player holds an effect is asked
        at every move, so the answer is looked up, not searched for (the data never changes)."""
        return self._holders.get(effect, frozenset())

    def setups_for(self, players: int) -> tuple[Setup, ...]:
        """The setups for ``players`` players; the first is the default. Empty if none."""
        return tuple(s for s in self.setups.values() if s.players == players)

    def card_ids(self) -> tuple[str, ...]:
        """Every trade-card id: commodities, "water", then the calamities of all rule sets."""
        ids = [*self.commodities, self.water.id]
        for ruleset in self.rulesets.values():
            ids.extend(c for c in ruleset.calamities if c not in ids)
        return tuple(ids)


# --- Checking raw TOML values ---------------------------------------------------------------


def _kind(value: object) -> str:
    names = {bool: "a boolean", int: "an integer", str: "a string", list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


class _Checker:
    """Typed access to one file's raw values; every failure names the file and the key."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, problem: str) -> DataError:
        return DataError(self.file, key, problem)

    def table(self, key: str, value: object, required: Iterable[str] = ()) -> TomlTable:
        """A table; when ``required`` is given, exactly those keys (else any keys)."""
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, got {_kind(value)}")
        required = tuple(required)
        for name in required:
            if name not in value:
                raise self.fail(_join(key, name), "missing key")
        for name in value:
            if required and name not in required:
                raise self.fail(_join(key, name), "unknown key")
        return value

    def integer(
        self, key: str, value: object, low: int | None = None, high: int | None = None
    ) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"expected an integer, got {_kind(value)}")
        if low is not None and value < low:
            raise self.fail(key, f"{value} is below {low}")
        if high is not None and value > high:
            raise self.fail(key, f"{value} is above {high}")
        return value

    def string(self, key: str, value: object) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {_kind(value)}")
        if not value.strip():
            raise self.fail(key, "empty string")
        return value

    def boolean(self, key: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {_kind(value)}")
        return value

    def ident(self, key: str, value: object) -> str:
        text = self.string(key, value)
        if not _ID.fullmatch(text):
            raise self.fail(key, f"{text!r} is not a snake_case id")
        return text

    def choice(self, key: str, value: object, choices: Iterable[str]) -> str:
        text = self.string(key, value)
        choices = tuple(choices)
        if text not in choices:
            known = f"one of {', '.join(choices)}" if len(choices) <= 6 else "a known id"
            raise self.fail(key, f"{text!r} is not {known}")
        return text

    def strings(self, key: str, value: object, choices: Iterable[str] | None = None,
                empty: bool = False) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {_kind(value)}")
        if not value and not empty:
            raise self.fail(key, "empty list")
        items = tuple(
            self.string(f"{key}[{i}]", v) if choices is None
            else self.choice(f"{key}[{i}]", v, choices)
            for i, v in enumerate(value)
        )
        for i, item in enumerate(items):
            if item in items[:i]:
                raise self.fail(f"{key}[{i}]", f"duplicate {item!r}")
        return items

    def points(self, key: str, value: object, choices: Iterable[str]) -> Mapping[str, int]:
        """A table of id -> positive points, ids among ``choices``."""
        raw = self.table(key, value)
        choices = tuple(choices)
        for name, points in raw.items():
            if name not in choices:
                raise self.fail(_join(key, name), f"unknown id {name!r}")
            self.integer(_join(key, name), points, low=1)
        return MappingProxyType(dict(raw))


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _read(root: Traversable, name: str) -> tuple[_Checker, TomlTable]:
    checker = _Checker(name)
    item = root / name
    if not item.is_file():
        raise checker.fail("(file)", "file not found")
    try:
        return checker, tomllib.loads(item.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise checker.fail("(syntax)", str(exc)) from None


# --- One loader per file --------------------------------------------------------------------


def _load_numbers(c: _Checker, doc: TomlTable, keys: tuple[str, ...],
                  key: str = "") -> Mapping[str, int]:
    c.table(key, doc, required=keys)
    return MappingProxyType({k: c.integer(_join(key, k), doc[k]) for k in keys})


def _load_ast(c: _Checker, doc: TomlTable) -> tuple[
        Mapping[str, tuple[AstRequirement, ...]], Mapping[str, int]]:
    c.table("", doc, required=(*AST_SIDES, "numbers"))
    sides: dict[str, tuple[AstRequirement, ...]] = {}
    for side in AST_SIDES:
        rows = doc[side]
        if not isinstance(rows, list) or len(rows) != len(EPOCHS):
            raise c.fail(side, f"expected {len(EPOCHS)} entries, one per epoch")
        reqs = []
        for i, (epoch, row) in enumerate(zip(EPOCHS, rows, strict=True)):
            key = f"{side}[{i}]"
            c.table(key, row, required=("epoch", *_AST_FIELDS))
            if row["epoch"] != epoch:
                raise c.fail(f"{key}.epoch", f"expected {epoch!r}, got {row['epoch']!r}")
            values = {f: c.integer(f"{key}.{f}", row[f], low=0) for f in _AST_FIELDS}
            reqs.append(AstRequirement(epoch=epoch, **values))
        sides[side] = tuple(reqs)
    return MappingProxyType(sides), _load_numbers(c, doc["numbers"], AST_NUMBER_KEYS, "numbers")


def _expected_vp(cost: int, n: Mapping[str, int]) -> int:
    if cost >= n["vp_threshold_200"]:
        return n["vp_advance_200"]
    if cost >= n["vp_threshold_100"]:
        return n["vp_advance_100"]
    return n["vp_advance_under_100"]


def _load_advances(c: _Checker, doc: TomlTable, ast_numbers: Mapping[str, int]) -> tuple[
        Mapping[str, Advance], Mapping[str, str]]:
    c.table("", doc, required=("effects", "advances"))
    effects = {
        c.ident(f"effects.{k}", k): c.string(f"effects.{k}", v)
        for k, v in c.table("effects", doc["effects"]).items()
    }
    raw = c.table("advances", doc["advances"])
    fields = ("name", "number", "groups", "cost", "vp", "group_credits", "specific_credits",
              "effects", "rulesets")
    advances: list[Advance] = []
    numbers: dict[int, str] = {}
    for aid, entry in raw.items():
        key = f"advances.{aid}"
        c.ident(key, aid)
        c.table(key, entry, required=fields)
        number = c.integer(f"{key}.number", entry["number"], low=1)
        if number in numbers:
            raise c.fail(f"{key}.number", f"number {number} also used by {numbers[number]}")
        numbers[number] = aid
        cost = c.integer(f"{key}.cost", entry["cost"], low=1)
        vp = c.integer(f"{key}.vp", entry["vp"])
        if vp != _expected_vp(cost, ast_numbers):
            raise c.fail(f"{key}.vp", f"{vp} VP does not match cost {cost} "
                                      f"(expected {_expected_vp(cost, ast_numbers)})")
        specific = c.points(f"{key}.specific_credits", entry["specific_credits"], raw)
        if aid in specific:
            raise c.fail(f"{key}.specific_credits.{aid}", "an advance cannot credit itself")
        advances.append(Advance(
            id=aid,
            name=c.string(f"{key}.name", entry["name"]),
            number=number,
            groups=c.strings(f"{key}.groups", entry["groups"], GROUPS),
            cost=cost,
            vp=vp,
            group_credits=c.points(f"{key}.group_credits", entry["group_credits"], GROUPS),
            specific_credits=specific,
            effects=c.strings(f"{key}.effects", entry["effects"], effects, empty=True),
            rulesets=c.strings(f"{key}.rulesets", entry["rulesets"], RULESET_IDS),
        ))
    advances.sort(key=lambda a: a.number)
    return MappingProxyType({a.id: a for a in advances}), MappingProxyType(effects)


def _epochs(c: _Checker, key: str, value: object, last_space: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != len(EPOCHS) - 1:
        raise c.fail(key, f"expected a list of {len(EPOCHS) - 1} first spaces")
    spaces = tuple(c.integer(f"{key}[{i}]", v, 1, last_space) for i, v in enumerate(value))
    for i in range(1, len(spaces)):
        if spaces[i] <= spaces[i - 1]:
            raise c.fail(f"{key}[{i}]", f"epochs not increasing: {spaces[i]} after {spaces[i - 1]}")
    return spaces


def _load_civilizations(c: _Checker, doc: TomlTable,
                        last_space: int) -> Mapping[str, Civilization]:
    c.table("", doc, required=("civilizations",))
    raw = c.table("civilizations", doc["civilizations"])
    fields = ("name", "rank", "block", "colour", "emblem", "epochs_basic", "epochs_expert")
    civs: list[Civilization] = []
    seen: dict[tuple[str, object], str] = {}
    for cid, entry in raw.items():
        key = f"civilizations.{cid}"
        c.ident(key, cid)
        c.table(key, entry, required=fields)
        colour = c.string(f"{key}.colour", entry["colour"])
        if not _COLOUR.fullmatch(colour):
            raise c.fail(f"{key}.colour", f"{colour!r} is not #RRGGBB")
        civ = Civilization(
            id=cid,
            name=c.string(f"{key}.name", entry["name"]),
            rank=c.integer(f"{key}.rank", entry["rank"], 1, len(raw)),
            block=c.choice(f"{key}.block", entry["block"], BLOCKS),
            colour=colour.upper(),
            emblem=c.ident(f"{key}.emblem", entry["emblem"]),
            epochs_basic=_epochs(c, f"{key}.epochs_basic", entry["epochs_basic"], last_space),
            epochs_expert=_epochs(c, f"{key}.epochs_expert", entry["epochs_expert"], last_space),
        )
        for field, value in (("rank", civ.rank), ("colour", civ.colour), ("emblem", civ.emblem)):
            if (field, value) in seen:
                raise c.fail(f"{key}.{field}",
                             f"same {field} {value!r} as civilizations.{seen[field, value]}")
            seen[field, value] = cid
        civs.append(civ)
    civs.sort(key=lambda civ: civ.rank)
    return MappingProxyType({civ.id: civ for civ in civs})


def _load_card_lists(c: _Checker, raw: TomlTable,
                     commodities: Mapping[str, Commodity]) -> dict[str, dict[int, dict[str, int]]]:
    lists: dict[str, dict[int, dict[str, int]]] = {}
    for name, stacks in raw.items():
        key = f"card_lists.{name}"
        c.table(key, stacks, required=[str(s) for s in STACKS])
        lists[name] = {}
        for stack in STACKS:
            skey = f"{key}.{stack}"
            cards = c.points(skey, stacks[str(stack)], commodities)
            for cid in cards:
                if commodities[cid].value != stack:
                    raise c.fail(f"{skey}.{cid}", f"face value {commodities[cid].value} "
                                                  f"does not belong in stack {stack}")
            lists[name][stack] = dict(cards)
    return lists


def _load_setup(c: _Checker, sid: str, entry: object, civs: Mapping[str, Civilization],
                lists: dict[str, dict[int, dict[str, int]]], n: Mapping[str, int]) -> Setup:
    key = f"setups.{sid}"
    fields = ("players", "civilizations", "card_set", "minors", "starting_credits", "hand_limit",
              "blocks")
    spec = c.table(key, entry, required=fields)
    players = c.integer(f"{key}.players", spec["players"], n["min_players"], n["max_players"])
    members = c.strings(f"{key}.civilizations", spec["civilizations"], civs)
    if len(members) != players:
        raise c.fail(f"{key}.civilizations", f"{len(members)} civilizations for {players} players")
    blocks: dict[str, tuple[str, ...]] = {}
    stacks: dict[str, tuple[StackCards, ...]] = {}
    placed: dict[str, str] = {}
    for block, raw in c.table(f"{key}.blocks", spec["blocks"]).items():
        bkey = f"{key}.blocks.{block}"
        c.choice(bkey, block, BLOCKS)
        part = c.table(bkey, raw, required=("civilizations", "cards"))
        blocks[block] = c.strings(f"{bkey}.civilizations", part["civilizations"], members)
        for civ in blocks[block]:
            if civ in placed:
                raise c.fail(f"{bkey}.civilizations", f"{civ!r} is also in block {placed[civ]!r}")
            placed[civ] = block
        stacks[block] = _block_stacks(c, f"{bkey}.cards", part["cards"], lists)
    if not blocks:
        raise c.fail(f"{key}.blocks", "no blocks")
    missing = [civ for civ in members if civ not in placed]
    if missing:
        raise c.fail(f"{key}.blocks", f"{', '.join(missing)} in no block")
    return Setup(
        id=sid,
        players=players,
        civilizations=tuple(sorted(members, key=lambda civ: civs[civ].rank)),
        blocks=MappingProxyType(blocks),
        card_set=c.choice(f"{key}.card_set", spec["card_set"], CARD_SETS),
        stacks=MappingProxyType(stacks),
        minors=c.boolean(f"{key}.minors", spec["minors"]),
        starting_credits=c.integer(f"{key}.starting_credits", spec["starting_credits"], low=0),
        hand_limit=c.integer(f"{key}.hand_limit", spec["hand_limit"], low=1),
    )


def _block_stacks(c: _Checker, key: str, value: object,
                  lists: dict[str, dict[int, dict[str, int]]]) -> tuple[StackCards, ...]:
    merged: dict[int, dict[str, int]] = {stack: {} for stack in STACKS}
    for i, name in enumerate(c.strings(key, value, lists)):
        for stack, cards in lists[name].items():
            for cid, count in cards.items():
                if cid in merged[stack]:
                    raise c.fail(f"{key}[{i}]", f"commodity {cid!r} is already in this block")
                merged[stack][cid] = count
    return tuple(StackCards(stack, tuple(merged[stack].items())) for stack in STACKS)


def _load_trade_cards(c: _Checker, doc: TomlTable, civs: Mapping[str, Civilization],
                      n: Mapping[str, int]) -> tuple[
        Mapping[str, Commodity], Commodity, Mapping[str, Setup]]:
    c.table("", doc, required=("water", "commodities", "card_lists", "setups"))
    water_raw = c.table("water", doc["water"], required=("name", "value"))
    water = Commodity("water", c.string("water.name", water_raw["name"]),
                      c.integer("water.value", water_raw["value"], 0, 0))
    commodities: list[Commodity] = []
    for cid, entry in c.table("commodities", doc["commodities"]).items():
        key = f"commodities.{cid}"
        c.ident(key, cid)
        if cid == water.id:
            raise c.fail(key, "'water' is the water card, not a commodity")
        c.table(key, entry, required=("name", "value"))
        commodities.append(Commodity(cid, c.string(f"{key}.name", entry["name"]),
                                     c.integer(f"{key}.value", entry["value"], 1, len(STACKS))))
    commodities.sort(key=lambda com: com.value)
    by_id = MappingProxyType({com.id: com for com in commodities})
    lists = _load_card_lists(c, c.table("card_lists", doc["card_lists"]), by_id)
    setups = {
        sid: _load_setup(c, sid, entry, civs, lists, n)
        for sid, entry in c.table("setups", doc["setups"]).items()
    }
    for players in range(n["min_players"], n["max_players"] + 1):
        if not any(s.players == players for s in setups.values()):
            raise c.fail("setups", f"no setup for {players} players")
    return by_id, water, MappingProxyType(setups)


def _param(c: _Checker, key: str, name: str, value: object,
           advances: Iterable[str]) -> object:
    """One calamity parameter, checked by the naming convention of its key."""
    c.ident(key, name)
    if name.endswith("_modifiers"):
        raw = c.table(key, value)
        if not raw:
            raise c.fail(key, "empty modifier table")
        advances = tuple(advances)
        for aid, delta in raw.items():
            if aid not in advances:
                raise c.fail(_join(key, aid), f"unknown advance {aid!r}")
            if c.integer(_join(key, aid), delta) == 0:
                raise c.fail(_join(key, aid), "a modifier of 0 changes nothing")
        return MappingProxyType(dict(raw))
    if name.endswith("_advances"):
        return c.strings(key, value, advances)
    if name.endswith("_table"):
        if not isinstance(value, list) or not value:
            raise c.fail(key, "expected a non-empty list of [threshold, value] rows")
        rows: list[tuple[int, int]] = []
        for i, row in enumerate(value):
            if not isinstance(row, list) or len(row) != 2:
                raise c.fail(f"{key}[{i}]", "expected a [threshold, value] row")
            rows.append((c.integer(f"{key}[{i}]", row[0]), c.integer(f"{key}[{i}]", row[1])))
            if i and rows[i][0] <= rows[i - 1][0]:
                raise c.fail(f"{key}[{i}]", "thresholds not increasing")
        return tuple(rows)
    if isinstance(value, bool | str):
        return c.string(key, value) if isinstance(value, str) else value
    return c.integer(key, value)


def _load_calamity(c: _Checker, cid: str, entry: object, advances: Iterable[str],
                   taken: Iterable[str]) -> Calamity:
    key = f"calamities.{cid}"
    c.ident(key, cid)
    if cid in tuple(taken):
        raise c.fail(key, f"calamity id {cid!r} is also a commodity or the water card")
    fields = ("name", "stack", "kind", "order", "clauses", "summary", "params")
    spec = c.table(key, entry, required=fields)
    clauses = c.strings(f"{key}.clauses", spec["clauses"])
    for i, clause in enumerate(clauses):
        if not _CLAUSE.fullmatch(clause):
            raise c.fail(f"{key}.clauses[{i}]", f"{clause!r} is not 'source:clause'")
    params = {
        name: _param(c, f"{key}.params.{name}", name, value, advances)
        for name, value in c.table(f"{key}.params", spec["params"]).items()
    }
    return Calamity(
        id=cid,
        name=c.string(f"{key}.name", spec["name"]),
        stack=c.integer(f"{key}.stack", spec["stack"], CALAMITY_STACKS[0], CALAMITY_STACKS[-1]),
        kind=c.choice(f"{key}.kind", spec["kind"], KINDS),
        order=c.integer(f"{key}.order", spec["order"], low=0),
        clauses=clauses,
        summary=c.string(f"{key}.summary", spec["summary"]),
        params=MappingProxyType(params),
    )


def _load_ruleset(c: _Checker, doc: TomlTable, rid: str, advances: Mapping[str, Advance],
                  taken: Iterable[str]) -> Ruleset:
    fields = ("id", "name", "description", "seed", "kind_order", "order_source", "calamities")
    c.table("", doc, required=fields)
    if doc["id"] != rid:
        raise c.fail("id", f"expected {rid!r}, got {doc['id']!r}")
    kind_order = c.strings("kind_order", doc["kind_order"], KINDS)
    if len(kind_order) != len(KINDS):
        raise c.fail("kind_order", f"must list all of {', '.join(KINDS)}")
    available = [a.id for a in advances.values() if rid in a.rulesets]
    calamities = [
        _load_calamity(c, cid, entry, available, taken)
        for cid, entry in c.table("calamities", doc["calamities"]).items()
    ]
    calamities.sort(key=lambda cal: (cal.stack, cal.order))
    for stack in CALAMITY_STACKS:
        in_stack = [cal for cal in calamities if cal.stack == stack]   # sorted by order
        for i, cal in enumerate(in_stack):
            key = f"calamities.{cal.id}.order"
            if cal.order != i:
                raise c.fail(key, f"orders in stack {stack} must be 0..{len(in_stack) - 1}, "
                                  "each used once")
            before = in_stack[i - 1] if i else cal
            if kind_order.index(cal.kind) < kind_order.index(before.kind):
                raise c.fail(key, f"{cal.kind} {cal.id!r} resolves after {before.kind} "
                                  f"{before.id!r}, against kind_order")
    return Ruleset(
        id=rid,
        name=c.string("name", doc["name"]),
        description=c.string("description", doc["description"]),
        seed=c.string("seed", doc["seed"]),
        calamities=MappingProxyType({cal.id: cal for cal in calamities}),
        kind_order=kind_order,
        order_source=c.string("order_source", doc["order_source"]),
    )


def _load(root: Traversable) -> GameData:
    c, doc = _read(root, "numbers.toml")
    numbers = _load_numbers(c, doc, NUMBER_KEYS)
    c, doc = _read(root, "ast.toml")
    ast, ast_numbers = _load_ast(c, doc)
    c, doc = _read(root, "advances.toml")
    advances, effects = _load_advances(c, doc, ast_numbers)
    c, doc = _read(root, "civilizations.toml")
    civilizations = _load_civilizations(c, doc, ast_numbers["last_space"])
    c, doc = _read(root, "trade_cards.toml")
    commodities, water, setups = _load_trade_cards(c, doc, civilizations, numbers)
    taken = (*commodities, water.id)
    rulesets: dict[str, Ruleset] = {}
    for rid in RULESET_IDS:
        c, doc = _read(root, f"ruleset-{rid}.toml")
        rulesets[rid] = _load_ruleset(c, doc, rid, advances, taken)
    return GameData(
        advances=advances,
        civilizations=civilizations,
        ast=ast,
        commodities=commodities,
        setups=setups,
        rulesets=MappingProxyType(rulesets),
        numbers=numbers,
        ast_numbers=ast_numbers,
        effects=effects,
        water=water,
    )


@functools.cache
def load_game_data() -> GameData:
    """The package's own data files, loaded and validated once."""
    return _load(resources.files("game.core") / "data")


def load_game_data_from(directory: Path) -> GameData:
    """Data files from ``directory`` (not cached); for tests with broken copies."""
    return _load(directory)

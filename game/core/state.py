"""The game state: plain data, cheap to clone, serialisable at any pending decision."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from itertools import repeat
from typing import TYPE_CHECKING, ClassVar, Literal, TypeVar

from .errors import StateError
from .eventdeck.model import EventDeck, EventsOptions
from .gamedata import GameData, Ruleset, load_game_data
from .mapgraph import MapGraph
from .plain import (
    clone,
    fields_from_plain,
    from_plain,
    optional_part,
    to_plain,
    transient,
)
from .rng import Rng
from .words import Words

if TYPE_CHECKING:
    from .eventdeck.view import KeptEvents
    from .player_view import KeptFacts, KeptSizes

BARBARIANS = "barbarians"  # owner id of barbarian tokens on the board
PIRATE = "pirate"  # owner id of pirate cities

FORMAT_VERSION = 1
_get = dict.get


@dataclass
class GameConfig:
    players: list[str]  # civilization ids, in A.S.T. ranking order
    ruleset: str = "classic"
    ast_side: str = "basic"  # "basic" | "expert"
    setup: str = ""  # id of the trade-card / civilization set-up (gamedata Setup.id)
    map_id: str = ""
    # the map's set-up (which areas are in play; mapsetup.py): "" picks the one matching
    # `setup` at new game, or the whole board on a map without set-ups
    map_setup: str = ""
    seed: int = 0
    max_turns: int = 0  # 0: play until the game ends by the rules
    names: dict[str, str] = field(default_factory=dict)
    # Optional parts (plain.optional_part) are written only when they differ from their default,
    # so the states of games made before they existed, and the hashes their saves recorded,
    # stay the same.
    # Trade as open bargaining: offers are reviewed before they go, may ask for cards by name,
    # and may be cancelled; a player may pass for the whole phase (game/core/phases/trade.py).
    # Games made before it existed keep the older protocol, so their action logs replay.
    open_bargaining: bool = optional_part(False)
    # The last turn the players agree on (rules §7.4: "unless the group sets a time limit"): the
    # game ends after that turn's A.S.T. alteration and is scored as usual. 0: none.
    last_turn: int = optional_part(0)
    events: EventsOptions | None = optional_part()  # the Events module (issue 18); None: off

    def __clone__(self) -> GameConfig:
        """`plain.clone`'s fast path (every view and every action copies it)."""
        copy = object.__new__(GameConfig)  # field by field: see GameState._copy_with
        copy.players, copy.ruleset, copy.ast_side = self.players.copy(), self.ruleset, \
            self.ast_side
        copy.setup, copy.map_id, copy.map_setup = self.setup, self.map_id, self.map_setup
        copy.seed, copy.max_turns, copy.names = self.seed, self.max_turns, self.names.copy()
        copy.open_bargaining, copy.last_turn = self.open_bargaining, self.last_turn
        copy.events = None if self.events is None else clone(self.events)
        return copy


@dataclass(frozen=True, slots=True)
class HandCard:
    card: str
    traded_by: str = ""  # who last traded this card to the holder ("" = drawn or bought)


@dataclass(slots=True)
class Player:
    id: str
    stock: int
    treasury: int = 0
    advances: list[str] = field(default_factory=list)
    credits: dict[str, int] = field(default_factory=dict)  # chosen and starting group credits
    hand: list[HandCard] = field(default_factory=list)
    ast: int = 0
    census: int = 0
    block: str = ""
    flags: dict[str, int] = field(default_factory=dict)  # per-turn bookkeeping, cleared each turn

    def __clone__(self) -> Player:
        """`plain.clone`'s fast path (every player is copied at every action): the containers
        hold only atoms and frozen cards."""
        copy = object.__new__(Player)  # field by field: see GameState._copy_with
        copy.id, copy.stock, copy.treasury = self.id, self.stock, self.treasury
        copy.advances, copy.credits = self.advances.copy(), self.credits.copy()
        copy.hand, copy.ast, copy.census = self.hand.copy(), self.ast, self.census
        copy.block, copy.flags = self.block, self.flags.copy()
        return copy


@dataclass
class Board:
    """The pieces on the map. Tokens change only through `add`: a board is copied at every
    action (and for every view) while an action moves few tokens, so copies share each area's
    counts, and `add` copies an area's counts before it changes them unless this board made
    them itself."""

    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # area -> owner -> count
    cities: dict[str, str] = field(default_factory=dict)  # area -> owner (civ id or PIRATE)
    ships: dict[str, dict[str, int]] = field(default_factory=dict)  # area -> owner -> count

    def __post_init__(self) -> None:
        self._own: set[str] = set()  # areas whose counts no other board can see

    def __clone__(self) -> Board:
        """`plain.clone`'s fast path: the areas' token counts are shared (see the class), the
        rest copied."""
        self._own = set()  # what this board made is now the copy's too
        copy = object.__new__(Board)  # field by field: see GameState._copy_with
        copy.tokens, copy.cities = self.tokens.copy(), self.cities.copy()
        copy.ships = {a: here.copy() for a, here in self.ships.items()} if self.ships else {}
        copy._own = set()
        return copy

    def count(self, area: str, owner: str) -> int:
        return self.tokens.get(area, {}).get(owner, 0)

    def add(self, area: str, owner: str, n: int) -> None:
        """Add (or with n < 0 remove) tokens; empty entries are dropped to keep one form."""
        here = self.tokens.get(area)
        if here is None or area not in self._own:
            here = self.tokens[area] = {} if here is None else here.copy()
            self._own.add(area)
        left = here.get(owner, 0) + n
        if left < 0:
            raise ValueError(f"{owner} has too few tokens in {area}")
        if left:
            here[owner] = left
        else:
            here.pop(owner, None)
        if not here:
            del self.tokens[area]

    def add_ships(self, area: str, owner: str, n: int) -> None:
        here = self.ships.setdefault(area, {})
        left = here.get(owner, 0) + n
        if left < 0:
            raise ValueError(f"{owner} has too few ships in {area}")
        if left:
            here[owner] = left
        else:
            here.pop(owner, None)
        if not here:
            del self.ships[area]

    # Read over every area of the board in play, which grows with the players (issue 40): at C
    # speed (dict.get mapped over the areas), not by a Python loop.
    def tokens_of(self, owner: str) -> int:
        return sum(map(_get, self.tokens.values(), repeat(owner), repeat(0)))

    def cities_of(self, owner: str) -> list[str]:
        return sorted([area for area, who in self.cities.items() if who == owner])

    def ships_of(self, owner: str) -> int:
        return sum(map(_get, self.ships.values(), repeat(owner), repeat(0)))


@dataclass
class Progress:
    """A procedure's progress: each procedure subclasses it (a dataclass of typed fields) and
    names its task kind in `KIND` (flow.register records the pair in PROGRESS_TYPES)."""

    KIND: ClassVar[str] = ""

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        """Why `player` loses units while this task runs, as cause labels for the loss events
        (`calamity:ID`, `event:ID`, `conflict:PID`, `city_support`, ...; see
        ops.loss_causes); () when the task is no cause of its own."""
        return ()


# task kind -> its progress type, filled as procedures register (flow.register)
PROGRESS_TYPES: dict[str, type[Progress]] = {}


def read_progress(kind: str, fields: Mapping[str, object]) -> Progress:
    """The progress of task kind `kind` from its plain form (a saved state, a test's dict);
    StateError for an unknown kind or fields that do not fit."""
    progress = PROGRESS_TYPES.get(kind)
    if progress is None:
        raise StateError(f"unknown task kind {kind[:40]!r}")
    return from_plain(progress, dict(fields), f"task {kind}")


@dataclass(init=False)
class Task:
    """One step of the flow (a phase, a calamity, a sub-procedure) with its progress: the
    procedure's own `Progress` dataclass. Given as plain fields (a dict), the progress is read
    into the kind's type."""

    kind: str
    data: Progress

    def __init__(self, kind: str, data: Progress | Mapping[str, object] | None = None) -> None:
        self.kind = kind
        self.data = data if isinstance(data, Progress) else read_progress(kind, data or {})
        self._lent = False  # the progress is another task's until `own` copies it

    def __clone__(self) -> Task:
        """`plain.clone`'s fast path (the task stack is copied at every action)."""
        copy = object.__new__(Task)
        copy.kind, copy.data, copy._lent = self.kind, clone(self.data), False
        return copy

    def lend(self) -> Task:
        """A task for `apply`'s working copy that shares this one's progress until the flow
        hands it to its procedure (`own`): most tasks of the stack only wait, and copying
        their progress at every action was a large part of its cost."""
        copy = object.__new__(Task)
        copy.kind, copy.data, copy._lent = self.kind, self.data, True
        return copy

    def own(self) -> Progress:
        """The progress, for the procedure that may change it: copied first if it is lent, so
        the task it was lent by keeps it as it was (the flow calls this, procedures never
        change another task's progress)."""
        if self._lent:
            self.data, self._lent = clone(self.data), False
        return self.data

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "data": to_plain(self.data)}

    @staticmethod
    def from_dict(data: dict[str, object]) -> Task:
        kind = data.get("kind")
        if type(kind) is not str:
            raise StateError("task: expected a kind")
        unknown = set(data) - {"kind", "data"}
        if unknown:
            raise StateError(f"task: unknown key {sorted(unknown)[0]!r}")
        progress = data.get("data", {})
        if not isinstance(progress, dict):
            raise StateError(f"task {kind}: expected an object")
        return Task(kind, progress)


@dataclass(frozen=True)
class Detail:
    """The facts of a decision in progress, typed per decision kind (the prices of advances,
    the offer on the table, the losses still owed and why): bots and the client read these,
    never the prompt, which is rendered from them for people. Subclasses are frozen
    dataclasses registered with `detail_type`; their plain form names the class in "type"."""

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"type": type(self).__name__}
        for f in fields(self):
            out[f.name] = to_plain(getattr(self, f.name))
        return out

    @staticmethod
    def from_dict(data: dict[str, object]) -> Detail:
        kind = DETAIL_TYPES.get(str(data.get("type")))
        if kind is None:
            raise StateError(f"unknown decision detail {str(data.get('type'))[:40]!r}")
        return fields_from_plain(kind, {k: v for k, v in data.items() if k != "type"},
                                 f"detail {kind.__name__}")


DETAIL_TYPES: dict[str, type[Detail]] = {}
D = TypeVar("D", bound=type[Detail])


def detail_type(cls: D) -> D:
    """Class decorator: register a Detail subclass so saved decisions read back."""
    DETAIL_TYPES[cls.__name__] = cls
    return cls


@dataclass(slots=True)
class Pending:
    """Who must decide what. Options are labels in the SCENARIOS.md grammar, sorted; `detail`
    carries the decision's facts, typed (None where the prompt and options say it all)."""

    player: str
    kind: str
    prompt: str
    options: list[str]
    rule: str = ""
    detail: Detail | None = optional_part()
    words: Words | None = optional_part()  # the prompt with its names apart (core/words.py)

    def __clone__(self) -> Pending:
        """`plain.clone`'s fast path (copied for every view): the detail and words are
        immutable."""
        return Pending(self.player, self.kind, self.prompt, self.options.copy(), self.rule,
                       self.detail, self.words)


@dataclass
class GameState:
    config: GameConfig
    map: MapGraph
    players: dict[str, Player]  # keyed in config.players order (the A.S.T. ranking)
    board: Board
    rng: Rng
    # The trade cards: block -> 9 piles, stacks top first. A pile changes only through `pile`:
    # apply's working copy shares the piles with the state it copies (an action changes one
    # or two), and `pile` copies a pile before it is changed unless this state made it itself.
    stacks: dict[str, list[list[str]]] = field(default_factory=dict)
    discards: dict[str, list[list[str]]] = field(default_factory=dict)
    turn: int = 1
    phase: str = ""
    tasks: list[Task] = field(default_factory=list)
    pending: Pending | None = None
    game_over: bool = False
    ended_by: str = ""
    counters: dict[str, int] = field(default_factory=dict)  # e.g. "calamity:flood" -> times
    eventdeck: EventDeck | None = optional_part()  # the Events module's state, when it is on
    version: int = FORMAT_VERSION
    # The rules' numbers, bound when the game is made or read (never saved: the rule set named
    # in the configuration is what a save records).
    data: GameData = transient(load_game_data)

    def __post_init__(self) -> None:
        """The turn order is data: `config.players`, a list, serialised and hashed as it is.
        `players` is keyed in that order on every (re)build, since JSON written with sorted keys
        (`to_json`, the hash) keeps no dict order. A state whose players are not those of its
        configuration is left as it is: `invariants.violations` names it."""
        order = self.config.players
        if list(self.players) != order and sorted(self.players) == sorted(order):
            self.players = {pid: self.players[pid] for pid in order}
        self._own_piles: set[tuple[bool, str, int]] = set()  # (a stack?, block, index)
        self._before: dict[str, Player] | None = None  # see player_to_change
        # The players' public facts as the last view read them (player_view.KeptFacts), and
        # the players changed since (by player_to_change): a view rebuilds the facts of those
        # only. Neither is part of the state: never saved, hashed or compared; copies share
        # the kept facts (immutable) and copy the set.
        self._kept: KeptFacts | None = None
        self._changed: set[str] = set()
        # And the Events part of the views, with the deck's facts it was made from
        # (eventdeck.view.KeptEvents): as the kept facts, never part of the state.
        self._kept_events: KeptEvents | None = None
        # And the sizes of the trade card piles as the last view counted them, with the stacks
        # and discards dicts they were counted in (a copy of the state takes them over for its
        # own, which hold the same piles): `pile` forgets them (player_view.pile_sizes).
        self._kept_sizes: KeptSizes | None = None

    def player_to_change(self, pid: str) -> Player:
        """Player `pid`, to change: the one way to change a player (reading needs none).
        `apply`'s working copy shares the players with the state it copies (an action changes
        one or two), and gives that state a copy of a player before the player's first change,
        so the state is left as it was if the action fails; the player itself stays the same
        object in the working copy, so a procedure holding it sees every change. The next view
        reads the player's public facts again (only those of the players changed: see
        player_view.KeptFacts), so a player changed any other way once a view was taken shows
        stale facts (the invariants name it)."""
        player = self.players[pid]
        self._changed.add(pid)  # its public facts are read again by the next view
        before = self._before
        if before is not None and before.get(pid) is player:
            before[pid] = player.__clone__()
        return player

    def pile(self, kind: Literal["stack", "discards"], block: str, index: int) -> list[str]:
        """Stack or discard pile `index` (0 for stack 1) of `block`, to change: the one way to
        change a pile (see `stacks`)."""
        stack = kind == "stack"
        piles = (self.stacks if stack else self.discards)[block]
        self._kept_sizes = None  # its size is counted again by the next view
        key = (stack, block, index)
        if key not in self._own_piles:
            piles[index] = piles[index].copy()
            self._own_piles.add(key)
        return piles[index]

    def clone(self) -> GameState:
        return clone(self)

    def __clone__(self) -> GameState:
        """`plain.clone`'s fast path: the players, the board and the decks by their own
        copiers, the rest generically; the map and the rules' data are immutable and shared."""
        return self._copy_with(clone(self.tasks), clone(self.config), clone(self.pending))

    def working_copy(self) -> GameState:
        """The copy `apply` works on, which replaces this state's contents once the action has
        succeeded: its tasks lend their progress (Task.lend); no decision is pending (the action
        answers it); and the configuration is this state's own, since no procedure changes it
        (it is fixed once the game is made), so it is not copied for every action."""
        self._own_piles = set()  # the copy shares them: what this state made is the copy's too
        return self._copy_with([task.lend() for task in self.tasks], self.config, None,
                               working=True)

    def _copy_with(self, tasks: list[Task], config: GameConfig, pending: Pending | None,
                   working: bool = False) -> GameState:
        copy = object.__new__(GameState)
        if working:  # the piles and players are shared (see `pile` and `player_to_change`)
            stacks = {b: piles.copy() for b, piles in self.stacks.items()}
            discards = {b: piles.copy() for b, piles in self.discards.items()}
            players, before = self.players.copy(), self.players
        else:
            stacks = {b: [pile.copy() for pile in piles] for b, piles in self.stacks.items()}
            discards = {b: [pile.copy() for pile in piles] for b, piles in self.discards.items()}
            players, before = {pid: p.__clone__() for pid, p in self.players.items()}, None
        # Field by field, as __init__ does: an object whose __dict__ is assigned or read keeps
        # its fields in a dict of their own, and every later read of them is slower.
        copy.config, copy.map = config, self.map
        copy.players, copy._before = players, before
        copy.board, copy.rng = self.board.__clone__(), self.rng.__clone__()
        copy.stacks, copy.discards, copy._own_piles = stacks, discards, set()
        copy.turn, copy.phase, copy.tasks, copy.pending = self.turn, self.phase, tasks, pending
        copy.game_over, copy.ended_by = self.game_over, self.ended_by
        copy.counters = self.counters.copy()
        copy.eventdeck = None if self.eventdeck is None else clone(self.eventdeck)  # mostly off
        copy.version, copy.data = self.version, self.data
        copy._kept, copy._changed = self._kept, self._changed.copy()
        copy._kept_events = self._kept_events
        sizes = self._kept_sizes
        copy._kept_sizes = (None if sizes is None or sizes[0] is not self.stacks
                            or sizes[1] is not self.discards
                            else (stacks, discards, sizes[2], sizes[3]))
        return copy

    def take_over(self, work: GameState) -> None:
        """Replace this state's contents with those of `work` (apply's working copy, once the
        action has succeeded), field by field (see _copy_with)."""
        self.config, self.map, self.players, self.board = work.config, work.map, work.players, \
            work.board
        self.rng, self.stacks, self.discards = work.rng, work.stacks, work.discards
        self._own_piles, self.turn, self.phase = work._own_piles, work.turn, work.phase
        self._before = None  # the state `work` was copied from is this one, now replaced
        self.tasks, self.pending, self.game_over = work.tasks, work.pending, work.game_over
        self.ended_by, self.counters, self.eventdeck = work.ended_by, work.counters, \
            work.eventdeck
        self.version, self.data = work.version, work.data
        self._kept, self._changed = work._kept, work._changed
        self._kept_events, self._kept_sizes = work._kept_events, work._kept_sizes

    def to_json(self) -> str:
        return json.dumps(to_plain(self), separators=(",", ":"), sort_keys=True)

    @property
    def ruleset(self) -> Ruleset:
        """The rule set this game is played by."""
        return self.data.rulesets[self.config.ruleset]

    @staticmethod
    def from_json(text: str) -> GameState:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            raise StateError(f"not valid JSON: {err}") from None
        if not isinstance(data, dict):
            raise StateError("state: expected an object")
        if data.get("version") != FORMAT_VERSION:
            raise StateError(f"state: unsupported format version {data.get('version')!r}")
        return from_plain(GameState, data)

    def state_hash(self) -> str:
        plain = to_plain(self)
        plain["map"] = map_digest(self.map)
        # The map held (hashed just above) already says which areas are in play, and games
        # recorded before the set-up was named keep their hashes.
        del plain["config"]["map_setup"]
        text = json.dumps(plain, separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


_DIGESTS: dict[int, tuple[MapGraph, str]] = {}


def map_digest(graph: MapGraph) -> str:
    """A short digest of the map's rules graph; cached, since maps never change."""
    hit = _DIGESTS.get(id(graph))
    if hit is not None and hit[0] is graph:
        return hit[1]
    rules = {k: v for k, v in graph.to_dict().items() if k != "regions"}  # see MapGraph.regions
    text = json.dumps(rules, separators=(",", ":"), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    if len(_DIGESTS) > 64:  # scenario runs make many small maps; keep the cache small
        _DIGESTS.clear()
    _DIGESTS[id(graph)] = (graph, digest)
    return digest

"""No raw ids (issue 36): no text drawn on screen or printed by the CLI holds an id of the
game's data or a bare label word in parentheses ("offering to egypt", "(done)", "(X)",
"rules:phase-5b · city_construction" were all seen by a person).

The ids come from the data files: civilizations, advances, commodity and calamity cards, the
phases, event cards, and the kinds of decision the core asks (read from its `ask(...)` calls,
and every kind met while the check ran). The comparison is case-sensitive and whole-word: an id
is lower-case snake_case, a word on screen is written as a person writes it ("Egypt").

Which ids are searched for (a sensible line between ids and words):
- every id with an underscore ("city_construction", "late_iron", "barbarian_hordes"): no
  English text writes words joined so;
- one-word civilization ids ("egypt", "minoa", "celt"): names of peoples are capitalised in
  text, so a lower-case one is the id leaking ("offering to egypt");
- one-word ids of advances, commodities, calamities, phases and event cards are NOT searched:
  they are ordinary English words that players' text uses in lower case in its own right
  ("a famine marker", "pay in gold", "trade", "law"), and their names on screen are the same
  words; their snake_case siblings are still caught.
A bare label word in parentheses is one of the core's bare option labels ("(done)", "(no)"), a
snake_case word or a single capital letter in parentheses ("(X)"), or the "(s)" of a plural not
worked out: words in parentheses such as "(slower)" or "(you)" are words; a prefixed label
("rules:phase-5b", "event:face_down:3") is caught by its `word:` form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

ID = re.compile(r"(?<![A-Za-z0-9_.\-/])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_]|\.[a-z])")
WORD = re.compile(r"(?<![A-Za-z0-9_.\-/])[a-z]+(?![A-Za-z0-9_])")
BARE_LABELS = frozenset({"done", "no", "yes", "pass", "end", "keep", "stop", "accept",
                         "decline", "none", "s"})  # the core's bare option labels; "(s)"
BARE = re.compile(r"\(([a-z_]+|[A-Z])\)")
LABEL = re.compile(r"(?<![A-Za-z0-9_])([a-z_]+):(?!//)([a-z0-9_\-]+)")
ASK = re.compile(r"\bask\(\s*[a-z_.]+,\s*[^,()]+,\s*\"([a-z_]+)\"")
# words allowed in a label-like "word:rest" form: none yet (a clock "10:45" has no letters)
LABEL_WORDS_OK: frozenset[str] = frozenset()


@lru_cache(maxsize=1)
def decision_kinds() -> frozenset[str]:
    """The kinds of decision the core asks, read from its source (absent in a frozen build:
    then only the kinds met during the check count)."""
    import game.core as core

    kinds: set[str] = set()
    root = Path(core.__file__).parent
    for path in root.rglob("*.py"):
        try:
            kinds.update(ASK.findall(path.read_text(encoding="utf-8")))
        except OSError:
            continue
    return frozenset(kinds)


@lru_cache(maxsize=1)
def data_ids() -> dict[str, str]:
    """Every id searched for, with what it names."""
    from game.core import load_event_cards, load_game_data

    from ..theme import PHASE_NAMES

    data = load_game_data()
    found: dict[str, str] = {}

    def add(ids: Iterable[str], what: str, one_word: bool = False) -> None:
        for i in ids:
            if "_" in i or one_word:
                found.setdefault(i, what)

    add(data.civilizations, "civilization", one_word=True)
    add(data.advances, "advance")
    add(data.card_ids(), "trade card")
    add(PHASE_NAMES, "phase")
    add(load_event_cards().cards, "event card")
    add(decision_kinds(), "decision kind")
    return found


def raw_ids_in(text: str, extra_kinds: Iterable[str] = ()) -> list[str]:
    """What in `text` is an id or a label rather than words: one phrase per finding."""
    ids = data_ids()
    kinds = {k for k in extra_kinds if "_" in k}
    out: list[str] = []
    for match in ID.finditer(text):
        word = match.group(0)
        if word in ids:
            out.append(f"the {ids[word]} id {word!r}")
        elif word in kinds:
            out.append(f"the decision kind id {word!r}")
        else:
            out.append(f"the snake_case word {word!r}")
    for match in WORD.finditer(text):
        word = match.group(0)
        if "_" not in word and ids.get(word) == "civilization":
            out.append(f"the civilization id {word!r}")
    out += [f"the bare label {m.group(0)!r}" for m in BARE.finditer(text)
            if m.group(1) in BARE_LABELS or "_" in m.group(1) or m.group(1).isupper()]
    out += [f"the label {m.group(0)!r}" for m in LABEL.finditer(text)
            if m.group(1) not in LABEL_WORDS_OK]
    return out


def problems(texts: Iterable[tuple[str, str]], extra_kinds: Iterable[str] = ()) -> list[str]:
    """(where, text) pairs to one line per text holding a raw id: where, what, the text."""
    kinds = tuple(extra_kinds)
    found: list[str] = []
    for where, text in texts:
        hits = raw_ids_in(text, kinds)
        if hits:
            found.append(f"{where}: {', '.join(hits)} in {text!r}")
    return found


def widget_texts(manager: object) -> list[str]:
    """The texts of the pygame-gui widgets on screen: buttons, labels, text boxes, entries and
    the options of drop-downs."""
    out: list[str] = []
    group = getattr(manager, "get_sprite_group", None)
    if group is None:
        return out
    for element in group().sprites():
        if not getattr(element, "visible", True):
            continue
        for attr in ("text", "html_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value:
                out.append(re.sub(r"<[^>]+>", "", value))
        options = getattr(element, "options_list", None)
        if isinstance(options, list):
            out += [o[0] if isinstance(o, tuple) else str(o) for o in options]
    return out


class TextWatch:
    """Every text drawn (through the theme) or shown in a widget, by the screen it was on: the
    selftest's tours take one after each screen and fail on any raw id."""

    def __init__(self) -> None:
        from ..theme import listen_to_texts

        self.drawn = listen_to_texts()
        self.seen: dict[str, str] = {}  # text -> the first screen it was seen on
        self.kinds: set[str] = set()

    def take(self, where: str, manager: object, kind: str = "",
             more: Iterable[str] = ()) -> None:
        """The texts drawn since the last take, the widgets' and `more` (tooltips the screen
        holds ready), as seen on `where`."""
        for text in [*self.drawn, *widget_texts(manager), *more]:
            self.seen.setdefault(text, where)
        self.drawn.clear()
        if kind:
            self.kinds.add(kind)

    def problems(self) -> list[str]:
        return problems(((where, text) for text, where in self.seen.items()), self.kinds)

    def close(self) -> None:
        from ..theme import stop_listening

        stop_listening()


def tooltip_texts(scene: object) -> list[str]:
    """The tooltips a screen holds ready for the mouse (the phase track's, the side panels'):
    drawn only under the mouse, so a tour would not see them otherwise."""
    parts = [getattr(scene, "topbar", None), *(getattr(scene, "panels", None) or [])]
    out: list[str] = []
    for part in parts:
        for _, lines in getattr(part, "tips", None) or []:
            out += [line for line in lines if isinstance(line, str)]
    return out

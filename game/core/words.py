"""A decision's question with the things it names kept apart from its words.

    say("Conflict in {area}: take one loss", area=ref("area", "knossos"))

is `Words(("Conflict in ", ": take one loss"), ("area:knossos",))`: the core's prompt joins the
parts with bare ids ("Conflict in knossos: ..."), the client with the names the map and the
cards bear ("Conflict in Knossos: ..."), and neither reads the sentence back. The parts are plain
strings, so a hostile save can hold nothing that runs or formats."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from . import labels
from .errors import StateError


@dataclass(frozen=True)
class Ref:
    """A thing a question names, as an option label would: "area:knossos", "player:egypt"."""

    label: str


def ref(kind: str, ident: str) -> Ref:
    return Ref(labels.make(kind, ident))


@dataclass(frozen=True)
class Words:
    text: tuple[str, ...]  # the words around the names: one more part than `names`
    names: tuple[str, ...] = ()  # labels: "area:knossos", "player:egypt", "advance:law"

    def __post_init__(self) -> None:
        if len(self.text) != len(self.names) + 1:
            raise StateError(f"words with {len(self.text)} parts for {len(self.names)} names")

    def render(self, name: Callable[[str], str] = labels.value) -> str:
        """The sentence, each name given by `name(label)` (bare ids by default)."""
        if not self.names:
            return self.text[0]
        out = [self.text[0]]
        for label, after in zip(self.names, self.text[1:], strict=True):
            out += (name(label), after)
        return "".join(out)


def joined(idents: Iterable[str], kind: str, sep: str = " and ") -> list[Ref | str]:
    """Several names in a row: `joined(["wine", "gold"], "card")` reads "wine and gold"."""
    out: list[Ref | str] = []
    for i, ident in enumerate(idents):
        out += [sep, ref(kind, ident)] if i else [ref(kind, ident)]
    return out


# Plain sentences' words (immutable, so shared): the code's own few hundred sentences.
_PLAIN: dict[str, Words] = {}
_PLAIN_KEPT = 1024


def say(template: str, **values: object) -> Words:
    """`template`'s `{field}`s filled from `values`: a `Ref` becomes a name, a list the names
    and words it holds in turn, anything else its text (numbers, counts, words)."""
    if not values and "{" not in template and "}" not in template:
        # a plain sentence (most prompts): nothing to parse, and its words are kept
        plain = _PLAIN.get(template)
        if plain is None:
            if len(_PLAIN) >= _PLAIN_KEPT:
                _PLAIN.clear()
            plain = _PLAIN[template] = Words((template,))
        return plain
    text, names = [""], []
    for before, field in _parsed(template):
        text[-1] += before
        if field is None:
            continue
        value = values[field]
        for part in value if isinstance(value, list) else [value]:
            if isinstance(part, Ref):
                names.append(part.label)
                text.append("")
            else:
                text[-1] += str(part)
    return Words(tuple(text), tuple(names))


@lru_cache(maxsize=1024)  # the templates are the code's own few hundred sentences
def _parsed(template: str) -> tuple[tuple[str, str | None], ...]:
    """A template's literal parts, each with the field after it (None after the last)."""
    return tuple((before, field) for before, field, _, _ in string.Formatter().parse(template))

"""Civil Disorder (tradable): all but a few of the victim's cities are reduced; the victim
chooses which.

Classic (001:29.7.2.1-3): all but three; Music, Drama and Poetry, Law and Democracy spare one
more each; Military, Naval Warfare, Roadbuilding and Advanced Military reduce one more each.
Mega Empires (rules §6.1): all but three, Music, Drama and Poetry, Law, Democracy -1 each,
Advanced Military and Naval Warfare +1 each. Double Empires (002:Civil Disorder): all but six,
the modifiers doubled.

decided: the modifiers change the number of cities kept ("all but three, one additional" is "all
but two"), so a victim with no more cities than that number loses none.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..state import GameState
from .common import modified, params
from .damage import ReduceCities
from .losses import CalamityAverted
from .outcome import CalamityProgress

ID = "civil_disorder"

RULES = {
    "classic": {"base": "001:29.7.2.1", "lessen": "001:29.7.2.2", "worsen": "001:29.7.2.3"},
    "mega-empires": dict.fromkeys(("base", "lessen", "worsen"), "rules:6.1"),
    "double-empires": dict.fromkeys(("base", "lessen", "worsen"), "002:Civil Disorder"),
}


@dataclass(kw_only=True)
class CivilDisorder(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: CivilDisorder, events: list[Event]) -> None:
    victim = d.victim
    rules = RULES[state.config.ruleset]
    base = int(params(state, ID)["cities_kept"])
    kept = modified(state, ID, "cities_kept", victim)
    rule = rules["lessen" if kept > base else "worsen" if kept < base else "base"]
    count = len(state.board.cities_of(victim)) - kept
    done(state, d)
    if count <= 0:
        events.append(CalamityAverted(calamity=ID, victim=victim, rule=rule,
                                      reason=f"no more than {kept} cities"))
        return
    push(state, ReduceCities(player=victim, count=count, rule=rule))


register(CivilDisorder, _step)

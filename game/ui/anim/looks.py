"""How each calamity looks while it is resolved: its banner, the weather over its place, the way
the tokens it takes leave the board. Every calamity id of every rule set has a look (a test holds
this table against the rule-set data); minor calamities share the plainer ones.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    name: str
    colour: Colour  # banner and area wash
    place: str  # where its weather sits: "sea", "plain", "victim" (the victim's areas), "none"
    weather: str = ""  # particle style drifting over the place while it lasts
    losses: str = "fall"  # how lost tokens go: fall, wash (float away), wither, burn, scatter


HORDE = Look("horde", (150, 40, 30), "none", "dust", "fall")
STORM = Look("storm", (70, 100, 140), "sea", "rain", "wash")
ERUPTION = Look("eruption", (120, 35, 15), "none", "", "burn")
FLOOD = Look("flood", (50, 110, 190), "plain", "rain", "wash")
PLAGUE = Look("plague", (110, 140, 70), "victim", "miasma", "wither")
FAMINE = Look("famine", (170, 130, 60), "victim", "dust", "wither")
WAR = Look("war", (170, 50, 50), "victim", "smoke", "fall")
UNREST = Look("unrest", (200, 110, 40), "victim", "smoke", "scatter")
FIRE = Look("fire", (220, 90, 30), "victim", "smoke", "burn")
PIRATES = Look("pirates", (40, 40, 50), "victim", "spray", "wash")
WAVE = Look("wave", (40, 120, 170), "victim", "spray", "wash")
QUAKE = Look("quake", (130, 100, 70), "victim", "dust", "scatter")
WEALTH = Look("wealth", (190, 150, 50), "victim", "", "scatter")
DECLINE = Look("decline", (110, 90, 130), "victim", "", "wither")

CALAMITY_LOOKS: dict[str, Look] = {
    "avalanches": QUAKE,
    "banditry": WEALTH,
    "barbarian_hordes": HORDE,
    "city_in_flames": FIRE,
    "city_riots": UNREST,
    "civil_disorder": UNREST,
    "civil_war": WAR,
    "coastal_migration": WAVE,
    "corruption": WEALTH,
    "cyclone": STORM,
    "drought": FAMINE,
    "epidemic": PLAGUE,
    "famine": FAMINE,
    "flood": FLOOD,
    "general_drought": FAMINE,
    "iconoclasm_and_heresy": DECLINE,
    "minor_uprising": UNREST,
    "pestilence": PLAGUE,
    "piracy": PIRATES,
    "raiders": HORDE,
    "rebels": UNREST,
    "regression": DECLINE,
    "revival_of_past_empire": WAR,
    "slave_revolt": UNREST,
    "squandered_wealth": WEALTH,
    "superstition": DECLINE,
    "tempest": STORM,
    "total_war": WAR,
    "treachery": WAR,
    "tribal_conflict": UNREST,
    "tsunamis": WAVE,
    "tyranny": WAR,
    "volcanic_eruption": ERUPTION,
}

PLAIN = Look("calamity", (150, 60, 50), "victim", "", "fall")


def look_for(calamity: str) -> Look:
    return CALAMITY_LOOKS.get(calamity, PLAIN)

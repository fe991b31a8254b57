"""The 13 phases in brief, in our own words, for the rules screen and the phase track; and
the track itself, which opens with the Event action when the Events module is on."""

from __future__ import annotations

from game.core import PHASES

EVENTS_STEP = "events"  # the core's phase name for the Event action (004:16.2)


def phase_track(events_on: bool) -> tuple[str, ...]:
    """The steps of a turn as the phase track shows them: the Event action first with the
    Events module on, then the 13 phases."""
    return (EVENTS_STEP, *PHASES) if events_on else PHASES


def step_number(step: str) -> str:
    """A step's mark on the track: the phase's number, "E" for the Event action."""
    return "E" if step == EVENTS_STEP else str(PHASES.index(step) + 1)


PHASE_BRIEFS = {
    EVENTS_STEP: "With the Events module on, each turn opens with a row of event cards; in "
                 "A.S.T. order every civilization takes one. Public events strike at once, "
                 "private ones go to the hand; the card left over has no effect but its "
                 "symbols.",
    "taxation": "Each player pays tax from stock into the treasury for every city; a city "
                "whose owner cannot pay may revolt to the player with the most tokens in stock.",
    "population_expansion": "Every area with one of your tokens grows by one token, with two "
                            "or more by two, as far as your stock allows; then the census is "
                            "counted.",
    "movement": "In census order each player moves tokens by land to a neighbouring area (two "
                "with Roadbuilding) and builds and sails ships along the coast.",
    "conflict": "Where tokens of several players exceed the population limit, they remove "
                "tokens in turn; cities are attacked by enough tokens of another player.",
    "city_construction": "Six tokens on a city site (twelve elsewhere) may become a city.",
    "trade_card_acquisition": "Each player draws a trade card from every stack up to their "
                              "number of cities, and may buy extra cards from the top stacks.",
    "trade": "Players offer each other at least three cards, naming two commodities truly; "
             "the rest may hide anything tradable — calamities included. An offer may ask for "
             "cards by name (binding nobody), be cancelled before it goes, or be countered.",
    "calamity_selection": "Calamities held are revealed; beyond the limits, some are returned "
                          "unresolved.",
    "calamity_resolution": "Calamities strike in stack order: primary victims, secondary "
                           "victims and beneficiaries, each modified by the advances held.",
    "special_abilities": "Advances with special abilities are used (Diaspora, Politics, "
                         "Provincial Empire, Trade Routes and others).",
    "surplus_and_support": "Tokens over an area's limit are removed, and cities without enough "
                           "tokens to support them are reduced.",
    "advance_acquisition": "Players buy civilization advances with sets of commodity cards and "
                           "treasury; credits from advances owned lower the price.",
    "ast_alteration": "Every civilization that meets the requirements of its next A.S.T. "
                      "space moves one step; the game ends when someone reaches the end.",
}

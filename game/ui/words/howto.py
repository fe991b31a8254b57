"""How to play: the book's pages as data, for someone who owns no rulebook (issue 39).

Each page is a key, a title, paragraphs and the picture drawn above them (a name the book scene
knows how to paint from the game's own sprites and cards). Numbers are never typed here: a
paragraph names them in braces, `{city_tokens_on_site}`, and `figures()` reads them from the
data the rules core loads (numbers.toml, ast.toml, trade_cards.toml), so the book cannot
disagree with the game. The turn's page lists the phases with the rules screen's own briefs.

Checked against rules/mega-civilization.md (§1 pieces, §4 the phases, §5.4 and phase 7 set
values, §7 the A.S.T. and victory, §8 credits) and EVENTS.md (the Events module, seeds 004/000).

    pages()                 # the pages, numbers filled in
    page_for(phase, calamity_under_way)   # the page a decision's "Why:" line opens
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core import PHASES, load_game_data

from ..theme import PHASE_NAMES
from .rules import EVENTS_STEP, PHASE_BRIEFS


@dataclass(frozen=True)
class Page:
    key: str
    title: str
    paragraphs: tuple[str, ...]
    picture: str  # what the book draws above the text (see scenes/book.py PICTURES)


# (key, title, picture, paragraphs); {names} are figures read from the game's data
_PAGES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("goal", "The goal and victory", "emblems", (
        "Each player leads one civilization of the ancient world, from a few tokens of "
        "people to an empire of cities, trade and learning.",
        "Victory points decide: {vp_per_step} for every space your marker has reached on the "
        "A.S.T. (the track of the ages), {vp_under_100} for each advance that cost under "
        "{vp_threshold_100}, {vp_100} for one from {vp_threshold_100} to "
        "{vp_threshold_200_less}, {vp_200} for one of {vp_threshold_200} or more, and "
        "{vp_per_city} for each city on the board.",
        "The game ends after the turn in which a marker first reaches the last space of the "
        "A.S.T. (space {last_space}, the Late Iron Age; on the Expert side "
        "{expert_extra_turns_after_late_iron} turn later), or after the last turn chosen at "
        "New game. Reaching the end first does not win by itself: the most victory points "
        "win.",
    )),
    ("turn", "The turn: thirteen phases", "phases", (
        "Every turn runs through the same thirteen phases, in order. The phase track at the top "
        "of the game screen shows where the turn is; the bar under the map says what is asked "
        "of you and why. The first six grow your people and cities:",
        "{phase_list_first}",
    )),
    ("turn-end", "The turn: trade to the A.S.T.", "phases", (
        "The last seven phases trade, strike with calamities and buy advances:",
        "{phase_list_last}",
    )),
    ("tokens", "Tokens, growth and movement", "tokens", (
        "You have {tokens_per_player} tokens, {cities_per_player} cities and "
        "{ships_per_player} ships. Tokens not on the board are your stock; tokens in your "
        "treasury are your money.",
        "Taxation: each city pays {tax_rate} tokens from stock into the treasury. "
        "Population expansion: an area with one of your tokens gains "
        "{expansion_from_one_token}, an area with two or more gains "
        "{expansion_from_two_or_more}, as far as your stock allows.",
        "Movement: tokens move {land_move} area by land; ships cost {ship_cost_treasury} "
        "(treasury, tokens or both) and carry up to {ship_capacity} tokens along the coast.",
        "The circled number of an area is its population limit. Where several players' tokens "
        "together exceed it, there is conflict: they remove tokens in turn. A city is attacked "
        "by {city_attack_tokens} or more tokens of another player.",
    )),
    ("cities", "Cities and their support", "cities", (
        "In city construction, {city_tokens_on_site} of your tokens on a city site (the white "
        "or black square) may become a city; elsewhere it takes {city_tokens_wilderness}. "
        "Building returns the area's tokens to stock.",
        "Cities are what everything else grows from: each one pays tax, and each one lets you "
        "draw a trade card from one more stack.",
        "A city must be supported: you need {support_rate} tokens on the board for each city. "
        "For each city you cannot support, one of your cities is reduced: it is replaced by as "
        "many tokens as its area's population limit.",
        "Tokens over an area's population limit are removed, and an area with a city holds "
        "no tokens of yours besides it.",
    )),
    ("cards", "Trade cards and sets", "cards", (
        "In trade-card acquisition you draw one card from each stack numbered 1 up to the "
        "number of your cities, so three cities draw from stacks 1, 2 and 3. A stack's number "
        "is the face value of its commodities. You may buy more from stack 9 for "
        "{extra_card_price} treasury each.",
        "Cards count in sets: n cards of one commodity are worth n x n x its face value. "
        "One {set_card} is worth {set_one}, two are worth {set_two}, three {set_three}, four "
        "{set_four}. The boxes along a card's foot show these values.",
        "Different commodities of the same value only add up their single values, so trade "
        "to complete sets: a set is what pays for advances.",
        "A card from an empty stack is Water, worth nothing. After buying advances you keep at "
        "most {hand_limit} cards in games of up to eleven players.",
    )),
    ("trade", "Trade", "trade", (
        "In the trade phase players exchange cards in pairs. Each side gives at least "
        "{trade_min_cards_each} cards and must name {trade_named_commodities} of them truly; "
        "the rest of the offer is unseen until it is received.",
        "A calamity marked tradable may hide among the cards you give, and one may come to "
        "you in a trade: the hand panel marks the cards you received. Calamities that are "
        "not tradable can never be passed on.",
        "Look for sets: two players who each hold pieces of the other's set both gain.",
    )),
    ("calamities", "Calamities", "calamity", (
        "Calamity cards lie in the trade stacks and come to you when you draw. After trade, "
        "in calamity selection, you may hold at most {max_calamities_held} calamities and "
        "{max_major_calamities_held} major ones; the rest are returned unresolved.",
        "In calamity resolution they strike in stack order: volcanic eruption, famine, civil "
        "war, flood and the others. The card's holder is its primary victim; some calamities "
        "also strike secondary victims or give a beneficiary what the victim loses.",
        "A tradable calamity strikes the player who holds it when trade ends, so passing it "
        "on in a trade is part of the game. The one who gave it is named when it strikes.",
        "Advances soften many calamities (Pottery against famine, Medicine against epidemic "
        "...); the Rules screen lists each calamity with the advances that change it.",
    )),
    ("advances", "Advances and credits", "advances", (
        "In advance acquisition you buy civilization advances with sets of commodity cards "
        "and treasury tokens. Each advance belongs to one or two groups (arts, crafts, civics, "
        "religion, science) and has a printed cost.",
        "Every advance you own gives credits towards the others: credits for a group lower "
        "the price of every advance in it, and some advances give credits aimed at one "
        "advance. For an advance of two groups only the larger group credit counts.",
        "Advances give victory points, count for the A.S.T., and change the rules for you: "
        "Roadbuilding moves tokens {land_move_roadbuilding} areas, Engineering helps "
        "against city attacks, and so on. Each advance can be owned once.",
    )),
    ("ast", "The A.S.T.", "ast", (
        "The Archaeological Succession Table has a row for each civilization, from the Stone "
        "Age to the Late Iron Age. At the end of each turn your marker moves one space if you "
        "meet the requirements of the epoch that space belongs to; never more than one.",
        "{ast_requirements}",
        "Your row shows where your epochs begin; the A.S.T. panel (F3) shows every row.",
    )),
    ("events", "The Events module", "event", (
        "With Events chosen at New game, each turn opens with an Event action before "
        "taxation: a row of event cards, one more than the players, is laid out, and in "
        "A.S.T. order every civilization takes one.",
        "Public events take effect at once. Private events go to your hand and are played "
        "later, in the moment the card names: during a conflict, a city attack, taxation "
        "and so on; the game asks you when that moment comes.",
        "The card left over has no effect, but the symbols along its foot still resolve. "
        "Some events leave markers such as famine, plague or revolt on the map's regions for "
        "a few turns. The decks run through four Ages.",
    )),
)

# The page a decision opens, by the phase it is asked in (the Event action's own key too)
_BY_PHASE = {
    EVENTS_STEP: "events",
    "taxation": "tokens", "population_expansion": "tokens", "movement": "tokens",
    "conflict": "tokens", "city_construction": "cities", "trade_card_acquisition": "cards",
    "trade": "trade", "calamity_selection": "calamities", "calamity_resolution": "calamities",
    "special_abilities": "advances", "surplus_and_support": "cities",
    "advance_acquisition": "advances", "ast_alteration": "ast",
}

FIRST = PHASES.index("trade")  # the turn's first page: the phases before trade

_EPOCHS = {"stone_age": "Stone Age", "early_bronze": "Early Bronze",
           "middle_bronze": "Middle Bronze", "late_bronze": "Late Bronze",
           "early_iron": "Early Iron", "late_iron": "Late Iron"}


def _requirement(req: object) -> str:
    parts = []
    for field, words in (("cities", "{} cities"), ("advances", "{} advances"),
                         ("advances_100", "{} advances of cost 100 or more"),
                         ("advances_200", "{} advances of cost 200 or more"),
                         ("advances_under_100", "{} advances of cost under 100"),
                         ("advance_vp", "{} victory points from advances")):
        n = getattr(req, field)
        if n:
            parts.append(words.format(n))
    return ", ".join(parts) if parts else "nothing"


def figures() -> dict[str, str]:
    """Every figure a page names, read from the game's data."""
    data = load_game_data()
    out = {k: str(v) for k, v in data.numbers.items()}
    ast = data.ast_numbers
    out["expert_extra_turns_after_late_iron"] = str(ast["expert_extra_turns_after_late_iron"])
    out |= {"vp_per_step": str(ast["vp_per_step"]), "last_space": str(ast["last_space"]),
            "vp_under_100": str(ast["vp_advance_under_100"]), "vp_100": str(ast["vp_advance_100"]),
            "vp_200": str(ast["vp_advance_200"]), "vp_per_city": str(ast["vp_per_city"]),
            "vp_threshold_100": str(ast["vp_threshold_100"]),
            "vp_threshold_200": str(ast["vp_threshold_200"]),
            "vp_threshold_200_less": str(ast["vp_threshold_200"] - 1)}
    card = set_card()
    face = data.commodities[card].value
    out["set_card"] = data.commodities[card].name
    for n, word in enumerate(("one", "two", "three", "four"), 1):
        out[f"set_{word}"] = str(n * n * face)
    listed = [f"{i}. {PHASE_NAMES[p]}: {PHASE_BRIEFS[p]}" for i, p in enumerate(PHASES, 1)]
    out["phase_list_first"] = "\n".join(listed[:FIRST])
    out["phase_list_last"] = "\n".join(listed[FIRST:])
    rows = [f"{_EPOCHS.get(r.epoch, r.epoch)}: {_requirement(r)}."
            for r in data.ast["basic"][1:]]
    out["ast_requirements"] = "To enter each epoch (the basic side):\n" + "\n".join(rows)
    return out


def set_card() -> str:
    """The commodity the cards page counts sets with (the first of face value 2)."""
    data = load_game_data()
    return next(c for c, v in data.commodities.items() if v.value == 2)


def pages() -> list[Page]:
    """The book's pages, in order, their figures filled in (made once: the data is fixed)."""
    return list(_pages())


@lru_cache(maxsize=1)
def _pages() -> tuple[Page, ...]:
    found = figures()
    return tuple(Page(key, title, tuple(p.format(**found) for p in paras), picture)
                 for key, title, picture, paras in _PAGES)


def page_for(phase: str, calamity: bool = False) -> str:
    """The page a decision's "Why:" line opens: calamities while one strikes, else the phase's."""
    if calamity:
        return "calamities"
    return _BY_PHASE.get(phase, "turn")

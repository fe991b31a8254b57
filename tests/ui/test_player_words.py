"""Words on screen are for players (issue 36, defect 10): no internal ids, labels or bad plurals.

Seeded games with the Events module on are played by normal bots; every event any action
reports goes through the log's formatter, every pending decision through the prompt's formatter
(for its decider and for another seat) and the cause line, and every event card through its
face's, tooltip's and rules screen's words. No text may hold a data id in snake_case
("late_iron"), a civilization's id where its name belongs ("offering to egypt"), "1" before a
plural ("1 cards", "1 offers left") or a bare option label in parentheses ("(done)", "(no)")."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from game.bots import make_bot
from game.core import (
    Action,
    EventCardTaken,
    EventsOptions,
    GameConfig,
    MapGraph,
    TradePartnerChoice,
    apply,
    load_event_cards,
    load_game_data,
    new_game,
    view,
)
from game.maps.files import load_map_file
from game.ui.words.cause import cause_line
from game.ui.words.events import card_lines, card_text, half_words, headline, source_line
from game.ui.words.log import log_line, rule_words
from game.ui.words.prompts import log_lines, question

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
ONE_PLURAL = re.compile(r"(?<![\d.])\b1 (cards|offers|tokens|turns|ships|points|events|lines|"
                        r"calamities|credits|players|cities|commodities)\b")
BARE_LABEL = re.compile(r"\((done|no|yes|card|pass|number|area|player)\)")


@cache
def _graph() -> MapGraph:
    return load_map_file(ARENA)[0]


def _civ_ids() -> re.Pattern[str]:
    ids = sorted(c.id for c in load_game_data().civilizations.values())
    return re.compile(r"\b(" + "|".join(ids) + r")\b")  # case-sensitive: "Egypt" passes


def faults(text: str) -> list[str]:
    """What is wrong with one text shown to players."""
    found = [f"snake_case {m}" for m in SNAKE.findall(text)]
    found += [f"civilization id {m}" for m in _civ_ids().findall(text)]
    found += [f"1 {m}" for m in ONE_PLURAL.findall(text)]
    found += [f"bare label ({m})" for m in BARE_LABEL.findall(text)]
    return found


def _played_texts(players: int, seed: int, actions: int) -> list[str]:
    config = GameConfig(players=[], setup=f"{players}-west", seed=seed, max_turns=12,
                        events=EventsOptions())
    graph = _graph()
    state = new_game(config, graph)
    bots = {pid: make_bot("normal", seed * 100 + i) for i, pid in enumerate(state.players)}
    texts: list[str] = []
    for _ in range(actions):
        if state.game_over or state.pending is None:
            break
        pending = state.pending
        who = pending.player
        for seat in (who, next(p for p in state.players if p != who)):
            seen = view(state, seat).pending
            if seen is not None:
                texts.append(question(seen.kind, seen.words, seen.detail, graph, seen.prompt))
        texts.append(cause_line(state, who))
        turn, phase = state.turn, state.phase
        events = apply(state, Action(who, bots[who].choose(view(state, who))))
        texts += [ln.text for ln in log_lines(events, turn, phase, graph)]
        texts += [rule_words(ln.rule) for ln in log_lines(events, turn, phase, graph) if ln.rule]
    return texts


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (6, 11), (8, 7)])
def test_log_lines_and_prompts_of_seeded_games_are_in_players_words(players: int,
                                                                    seed: int) -> None:
    texts = _played_texts(players, seed, actions=6000)
    assert len(texts) > 1000
    bad = [(t, f) for t in texts if (f := faults(t))]
    assert not bad, f"{len(bad)} texts, e.g. {bad[:5]}"


def test_every_event_cards_words_are_in_players_words() -> None:
    bad = []
    for card in load_event_cards().cards.values():
        for text in [headline(card), *card_text(card), *card_lines(card), half_words(card),
                     source_line(card)]:
            if faults(text) or "Adapts" in text or "Seed" in text:
                bad.append((card.id, text, faults(text)))
    assert not bad, f"{len(bad)} texts, e.g. {bad[:5]}"


def test_the_words_the_checks_catch() -> None:
    """The checks themselves: each kind of fault the issue quotes is found."""
    for text in ["pass for this round (done) or for the whole phase (no)", "offering to egypt",
                 "late_iron after 264 turns", "1 offers left", "Hand — 1 cards"]:
        assert faults(text), text
    assert not faults("Egypt offers Babylon 1 card; 2 cards left")


def test_counts_of_one_and_plural_subjects_agree() -> None:
    """"1 offer left", "Barbarians attack", a private event played is "plays"."""
    from game.core import CityAttacked

    assert "(1 offer left)" in question("trade_partner", None,
                                        TradePartnerChoice(offers_left=1, may_leave=True))
    attack = CityAttacked(attacker="barbarians", defender="egypt", area="x", tokens=7,
                          needed=7, success=False, rule="rules:phase-4b")
    assert log_line(attack, 1, "conflict").text.startswith("Barbarians attack Egypt's city")
    private = next(c for c in load_event_cards().cards.values() if not c.public)
    played = EventCardTaken(player="egypt", card=private.id, private=False, rule=private.source)
    assert log_line(played, 1, "taxation").text == f"Egypt plays {private.title}"
    assert rule_words("rules:phase-5b") == "Rules, phase 5b"


def test_the_command_lines_game_summary_names_why_and_who() -> None:
    from game.cli import result_lines

    lines = result_lines({"ended_by": "late_iron", "turns": 264, "winner": "egypt",
                          "scores": {"egypt": 60, "minoa": 51}})
    assert lines[0] == "A civilization reached the end of the A.S.T. after 264 turns; Egypt wins"
    assert not any(faults(line) for line in lines), lines


@pytest.fixture(scope="module")
def theme():  # type: ignore[no-untyped-def]
    import pygame

    from game.ui.theme import Theme

    pygame.init()
    return Theme(1.0)


def test_long_event_titles_stay_readable_at_1366x768(theme) -> None:  # type: ignore[no-untyped-def]
    """The display gives each card 142 pixels at 1366x768: a long title goes on two lines
    rather than shrinking to 6 points (8 pixels high), "Narmer Unites the Two Lands"."""
    from game.ui.cards.events import card_size, title_lines

    w, h = card_size(142)
    band = max(14, round(h * 0.15))
    small = []
    for card in load_event_cards().cards.values():
        lines = title_lines(theme, card.title, band, 90, (0, 0, 0))
        if min(img.get_height() for img in lines) < 10:
            small.append(card.title)
    assert not small, small


def test_the_count_badge_of_a_fan_of_trade_cards_leaves_the_name_clear(theme) -> None:  # type: ignore[no-untyped-def]
    """"×2" on a fan of two trade cards is drawn below the title band, not over the name."""
    import pygame

    from game.ui.cards.trade import card_size as trade_size
    from game.ui.cards.trade import draw_card

    card = sorted(load_game_data().commodities)[0]
    w, h = trade_size(80)
    step = max(2, w // 14)
    band = round(h * 0.22)
    one, two = pygame.Surface((200, 200)), pygame.Surface((200, 200))
    draw_card(one, theme, card, pygame.Rect(10, 10 + step, 80, 100), "classic", count=1)
    draw_card(two, theme, card, pygame.Rect(10, 10, 80, 100), "classic", count=2)
    top = pygame.Rect(10, 10 + step, w, band)  # the top card's title band in both
    assert all(one.get_at((x, y)) == two.get_at((x, y))
               for x in range(top.left + 2, top.right - 2) for y in range(top.top + 2, top.bottom))

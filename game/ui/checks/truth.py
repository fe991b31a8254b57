"""Panels tell the truth (issue 36): at a decision a person faces, every figure the side panels,
the trade window's partner buttons and the summaries show equals what the person's view says.

`mismatches(game, view)` reads what the screen shows as a person would see it: the You and
Table panels as they are drawn (the cached drawing when it is still current, else what a click
on the tab would draw now), the texts of the partner buttons, the "Recently" lines and the news
of "Since your last turn" not yet shown; it returns each figure that differs from `view`, in
words ("You tab: Hand shows 6 cards, the view holds 8"). An empty list: the panels agree.

The texts a panel draws are caught by drawing it once more into a scratch surface, from the
very context its cached drawing was made from, with the theme's `text` recording each string;
the panel is left as it was.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core import PlayerView, load_game_data, set_value

from ..panels import Ctx, Panel
from ..panels.hand import HandPanel, hand_groups
from ..panels.players import COLUMNS, EVENTS_COLUMN, PlayersPanel, public_vp
from ..words.summary import summary_lines

if TYPE_CHECKING:
    from ..scenes.game import GameScene

STATS = (("Treasury", "treasury"), ("Stock", "stock"), ("Cities", "cities"), ("Ships", "ships"),
         ("Census", "census"), ("A.S.T.", "ast"))
_HAND = re.compile(r"Hand — (\d+) cards?, sets worth (\d+)")
_EVENTS = re.compile(r"Events in hand(?: — (\d+))?$")
_TURN = re.compile(r"Turn (\d+) — the table")
_PARTNER = re.compile(r"· (\d+) cards?$")


def drawn_texts(panel: Panel, ctx: Ctx) -> tuple[list[str], list[str]]:
    """Every text the panel shows now, in the order drawn: its cached drawing if that is still
    current for `ctx`, else the drawing `ctx` gives (a tab not showing is drawn when clicked);
    and the private event cards drawn (the You panel)."""
    used = panel.made_from if panel.made_from is not None and panel.current(ctx) else ctx
    saved = {k: copy.copy(v) for k, v in vars(panel).items()}
    theme = panel.theme
    texts: list[str] = []
    cards: list[str] = []
    original: Callable[..., pygame.Surface] = theme.text

    def record(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(text)
        return original(text, *args, **kwargs)

    setattr(theme, "text", record)  # noqa: B010 -- this instance only, for one drawing
    try:
        panel.hits, panel.tips = [], []
        panel.render(pygame.Surface(panel.rect.size), used)
        if isinstance(panel, HandPanel):
            cards = [card for _, card in panel.event_cards]
    finally:
        delattr(theme, "text")
        panel.__dict__.update(saved)
    return texts, cards


def _after(texts: list[str], label: str) -> str | None:
    """The text drawn right after `label` (a figure under its caption)."""
    for i, text in enumerate(texts[:-1]):
        if text == label:
            return texts[i + 1]
    return None


def you_panel(panel: HandPanel, ctx: Ctx, view: PlayerView, log: list[str]) -> list[str]:
    """The You tab against the view: holdings, hand, events in hand, "Recently"."""
    out: list[str] = []
    if view.viewer is None:
        return out
    texts, drawn_cards = drawn_texts(panel, ctx)
    me = view.player(view.viewer)
    for label, attr in STATS:
        shown, truth = _after(texts, label), str(getattr(me, attr))
        if shown != truth:
            out.append(f"You tab: {label} shows {shown}, the view says {truth}")
    data = load_game_data()
    worth = sum(set_value(n, data.commodities[c].value) for c, n in hand_groups(view)
                if c in data.commodities)
    found = [m for m in map(_HAND.match, texts) if m]
    if not found:
        out.append("You tab: no hand size is shown")
    else:
        cards, sets = int(found[0].group(1)), int(found[0].group(2))
        if cards != len(view.hand):
            out.append(f"You tab: Hand shows {cards} cards, the view holds {len(view.hand)}")
        if sets != worth:
            out.append(f"You tab: the hand's sets show worth {sets}, the view's are worth "
                       f"{worth}")
    if view.events is not None:
        heads = [m for m in map(_EVENTS.match, texts) if m]
        held = list(view.events.hand)
        shown_n = int(heads[0].group(1) or 0) if heads else None
        if shown_n != len(held):
            out.append(f"You tab: Events in hand shows {shown_n}, the view holds {len(held)}")
        if drawn_cards != held:
            out.append(f"You tab: the events in hand drawn are {drawn_cards}, the view holds "
                       f"{held}")
    if "Recently" in texts:
        lines = texts[texts.index("Recently") + 1:]
        truth_lines = log[-len(lines):] if lines else []
        if len(lines) != len(truth_lines) or not all(
                shown == whole or (shown.endswith("…") and whole.startswith(shown[:-1]))
                for shown, whole in zip(lines, truth_lines, strict=True)):
            out.append(f"You tab: Recently shows {lines[-1:]!r} last, the log's last line is "
                       f"{log[-1:]!r}")
    return out


def table_panel(panel: PlayersPanel, ctx: Ctx, view: PlayerView) -> list[str]:
    """The Table tab against the view: each player's public figures, row by row."""
    out: list[str] = []
    texts, _ = drawn_texts(panel, ctx)
    turn = [m for m in map(_TURN.match, texts) if m]
    if not turn or int(turn[0].group(1)) != view.turn:
        out.append(f"Table tab: the turn shown is {turn[0].group(1) if turn else None}, the "
                   f"view's is {view.turn}")
    known = dict(COLUMNS + (EVENTS_COLUMN,))
    try:
        at = texts.index(COLUMNS[0][0])
    except ValueError:
        return [*out, "Table tab: no table is drawn"]
    heads = []
    for text in texts[at:]:
        if text not in known or text in heads:
            break
        heads.append(text)
    columns = [(head, known[head]) for head in heads]
    if view.events is not None and EVENTS_COLUMN[0] not in heads:
        out.append("Table tab: no column of events in hand, though the Events module is on")
    rows = texts[at + len(heads):]
    held = dict(view.events.hand_sizes) if view.events is not None else {}
    for n, p in enumerate(view.players):
        row = rows[n * (len(columns) + 1):(n + 1) * (len(columns) + 1)]
        if len(row) < len(columns) + 1:
            out.append(f"Table tab: no row for {p.id}")
            continue
        truth = {"vp": public_vp(p, view), "advances": len(p.advances), "events": held.get(p.id, 0)}
        for (head, key), shown in zip(columns, row[1:], strict=True):
            value = str(truth.get(key, getattr(p, key, "")))
            if shown != value:
                out.append(f"Table tab: {row[0]}'s {head} shows {shown}, the view says {value}")
    return out


def partner_buttons(game: GameScene, view: PlayerView) -> list[str]:
    """The trade window's partner buttons ("Egypt · 8 cards") against the view."""
    out: list[str] = []
    if not game.trade_open():
        return out
    for button, label in game.trade.buttons.buttons:
        found = _PARTNER.search(button.text) if label.startswith("player:") else None
        if found is None:
            continue
        pid = label.split(":", 1)[1]
        truth = view.player(pid).hand_size
        if int(found.group(1)) != truth:
            out.append(f"Trade window: the button {button.text!r} counts {found.group(1)} "
                       f"cards, the view says {truth}")
    return out


def summary(game: GameScene, view: PlayerView) -> list[str]:
    """What the others did since the person's last decision is shown, not kept back."""
    who = view.viewer
    if who is None:
        return []
    waiting = summary_lines(game.session.since.get(who, []), who, game.session.state.map)
    if waiting:
        return [f"Since your last turn: {len(waiting)} lines are not shown yet "
                f"(first: {waiting[0]!r})"]
    return []


def mismatches(game: GameScene, view: PlayerView) -> list[str]:
    """Every figure the screen shows the person that differs from `view` (their view now),
    in words; [] when all agree. Call it once a frame has been drawn at the decision."""
    ctx = game.ctx()
    you, table = game.panels[0], game.panels[3]
    assert isinstance(you, HandPanel) and isinstance(table, PlayersPanel)
    log = [ln.text for ln in game.session.log[-200:] if not ln.heading]
    return [*you_panel(you, ctx, view, log), *table_panel(table, ctx, view),
            *partner_buttons(game, view), *summary(game, view)]

"""What bots say to the people at the table, beside their decisions (issue 39).

A bot's answer to a person's trade offer is a label of the core's protocol (`yes`, `no`, a
counter); why it refused is the bot's own business, so it travels beside the label as a
`Remark` and never enters the core's state, its events or the game's record. Whoever seats the
bots (the local session, the network server, a bench) does three things:

    meet_people(bot, people)              # once: which seats people play
    label, remark = decide(bot, seen)     # instead of bot.choose(seen)
    remarks += unasked_refusals(state_before_or_view, events, bots, mover)
                                          # refusals the core made without asking the bot

and hands each remark to the person it is said to (`Remark.to`): the trade window and the log
show it. The words are for players: civilization and commodity names, never ids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from game.core import Event, GameConfig, PlayerView, TradeRefused, load_game_data

from .trading import Trader


@dataclass(frozen=True)
class Remark:
    by: str  # the bot's seat
    to: str  # the person it speaks to
    text: str  # one sentence, for players
    label: str = ""  # the answer it goes with ("" for a refusal the core made)


def meet_people(bot: object, people: Iterable[str]) -> None:
    """Tell a bot which seats people play (its trading bargains with them: trading.py). A bot
    without a trader (random, basic) has nothing to tell."""
    trader = getattr(bot, "trader", None)
    if isinstance(trader, Trader):
        trader.people = frozenset(people)


def decide(bot: object, seen: PlayerView) -> tuple[str, Remark | None]:
    """The bot's label for its pending decision in `seen`, and what it says with it."""
    choose = getattr(bot, "choose")  # noqa: B009 (any object with the Bot protocol)
    label = str(choose(seen))
    said = getattr(bot, "said", None)
    return label, said if isinstance(said, Remark) and said.label == label else None


def name_of(config: GameConfig, pid: str) -> str:
    """A civilization as the table calls it: the seat's name, else the civilization's."""
    found = load_game_data().civilizations.get(pid)
    return config.names.get(pid, "") or (found.name if found is not None else pid)


def unasked_refusals(config: GameConfig, events: Iterable[Event], bots: Collection[str],
                     mover: str) -> list[Remark]:
    """A person's offer to a bot that cannot give a side back is refused by the core itself
    (the bot is not asked): what the bot would have said. `mover` made the action that
    reported `events`; a refusal the bot chose itself carries its own remark."""
    numbers = load_game_data().numbers
    least, named = numbers["trade_min_cards_each"], numbers["trade_named_commodities"]
    out = []
    for event in events:
        if isinstance(event, TradeRefused) and event.player in bots and event.player != mover \
                and event.partner not in bots:
            who = name_of(config, event.player)
            out.append(Remark(by=event.player, to=event.partner, text=(
                f"{who} has no side to give back: it does not hold {least} cards it may "
                f"trade, {named} of them commodities.")))
    return out

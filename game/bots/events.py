"""What an event card is worth to a bot, from its view only (PlayerView and its EventsView).

Values are in the normal bot's points, where one treasury token is worth what it pays towards
an advance (1, or 2 with Mining). The weights, chosen by hand and kept simple:

  TOKEN       a population token gained (or lost) on the board: 2 points
  CITY        a city gained (or reduced): 8 points (a city VP, its tax and its trade card)
  VP          a bonus victory point: 3 points
  AST_STEP    a step on the A.S.T.: 5 points (5 VP each, but worth less before the end)
  MARKER      a marker on one of the player's own areas, per turn it lasts: 3 points lost
  DECLINE     an In Decline marker, per turn: 3 points lost
  CREDIT      a credit point towards advances: 0.3 points (it lowers prices of one group)
  TRADE_CARD  a trade card drawn: 4 points
  PRIVATE     a private event in hand: 3 points (returned to the deck, it is lost)
  WAR         a battle or siege bonus (a token struck, spared or needed): 2 points
  RIVAL       a point taken from another player is worth this share of a point of one's own
  HELD        a private event taken is worth this share of its effect: it may never find its
              window
  SIEGE       an attacker's siege card (Breach, Siegecraft, Treason) while a rival's city stands
              beside the taker's tokens: 4 points more (a city taken from a rival, CITY at the
              RIVAL share; the normal bot plans its attacks with the card in hand)

Public events strike when taken; the card nobody takes has no effect, so a bot takes the best
value and leaves the worst. A card aimed at "each" player strikes the viewer and its rivals; a
region card (famine, plague, piracy) strikes the viewer by its share of the tokens on the board
and the others by theirs; a realm card strikes its civilization only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.core import (
    EventCard,
    EventEffect,
    PlayerView,
    PublicPlayer,
    load_event_cards,
    load_game_data,
    treasury_value,
)

TOKEN = 2.0
CITY = 8.0
VP = 3.0
AST_STEP = 5.0
MARKER = 3.0
DECLINE = 3.0
CREDIT = 0.3
TRADE_CARD = 4.0
PRIVATE = 3.0
WAR = 2.0
RIVAL = 0.5
HELD = 0.7
SIEGE = CITY * RIVAL
TAX_RATE = 2  # extra_tax: a turn's tax at the base rate, per city


def cards() -> Mapping[str, EventCard]:
    return load_event_cards().cards


def _player(view: PlayerView, pid: str) -> PublicPlayer | None:
    return next((p for p in view.players if p.id == pid), None)


def _share(view: PlayerView, pid: str) -> float:
    """The player's share of the tokens on the board (what a random region strikes)."""
    total = sum(p.census for p in view.players)
    p = _player(view, pid)
    return p.census / total if p is not None and total else 1.0 / max(len(view.players), 1)


def _private_count(view: PlayerView, pid: str) -> int:
    ev = view.events
    if ev is None:
        return 0
    return dict(ev.hand_sizes).get(pid, 0)


def effect_value(view: PlayerView, pid: str, effect: EventEffect) -> float:
    """What one effect does to player `pid`, in its points (public facts only)."""
    p = _player(view, pid)
    if p is None:
        return 0.0
    per_token = float(treasury_value(load_game_data(), p.advances))
    do, get = effect.do, effect.get
    if do == "treasury":
        amount = get("amount")
        return per_token * (amount if amount > 0 else -min(-amount, p.treasury))
    if do == "treasury_halved":
        return -per_token * ((p.treasury + 1) // 2)
    if do == "treasury_check":
        return per_token * (get("pass") + get("fail")) / 2
    if do == "extra_tax":
        return per_token * TAX_RATE * p.cities
    if do == "lose_tokens":
        return -TOKEN * min((get("pass") + get("fail")) / 2, p.census)
    if do in ("gain_tokens", "homeland_tokens"):
        return TOKEN * min(get("count"), p.stock)
    if do == "city_fire":
        return -CITY / 2 if p.cities else 0.0
    if do == "free_city":
        return CITY
    if do == "free_ship":
        return 1.0
    if do == "own_area_marker":
        return -MARKER * get("turns") if p.census else 0.0
    if do in ("region_marker", "plague", "piracy"):  # a random region: by share of the board
        turns = get("turns", 1) + get("tokens") / 2
        return -MARKER * turns * _share(view, pid) * len(view.players) / 2
    if do == "return_private":
        return -PRIVATE * min(get("count"), _private_count(view, pid))
    if do == "pool":
        return -PRIVATE * (_private_count(view, pid) // 2)
    if do == "decline":
        return -DECLINE * get("turns")
    if do == "usurper":
        return -DECLINE * get("turns") / 2
    if do == "age":
        return -AST_STEP / 2  # forward 2 on a good roll, back 1-3 otherwise
    if do == "rejuvenate":
        return AST_STEP * get("steps") / 2
    if do == "advance_credit":
        return CREDIT * get("amount")
    if do == "trade_card":
        return TRADE_CARD * get("count")
    if do == "monastery":  # pays `price` for `vp` bonus VP while the treasury lasts
        price, vp, most = get("price"), get("vp"), get("most")
        buys = min(p.treasury, most) // price if price > 0 else 0
        return max(0.0, buys * (vp * VP - price * per_token))
    if do in ("battle_vp", "mortal_enemy"):
        return VP * get("per")
    if do == "battle_won_vp":
        return VP * get("amount") / 2
    if do in ("battle_strike", "battle_spared"):
        return WAR * get("count")
    if do == "siege_tokens":
        return WAR * abs(get("amount"))
    if do in ("battle_extra_round", "attrition", "overrun"):
        return WAR
    return 0.0  # council and what has no value of its own


def effects_value(view: PlayerView, pid: str, effects: Iterable[EventEffect]) -> float:
    return sum(effect_value(view, pid, e) for e in effects)


def strike_value(view: PlayerView, card: EventCard, pid: str) -> float:
    """The card resolved on `pid`, with its better A/B option for that player."""
    base = effects_value(view, pid, card.effects)
    options = [effects_value(view, pid, o) for o in card.choice]
    return base + (max(options) if options else 0.0)


def leader(view: PlayerView, candidates: Iterable[str]) -> str | None:
    """The candidate with the most points in the view (ties: the most treasury, then id)."""
    data = load_game_data()
    n = data.ast_numbers

    def points(pid: str) -> tuple[int, int, str]:
        p = _player(view, pid)
        if p is None:
            return (-1, -1, pid)
        vp = (p.ast * n["vp_per_step"] + p.cities * n["vp_per_city"]
              + sum(data.advances[a].vp for a in p.advances))
        return (vp, p.treasury, pid)

    found = [c for c in candidates if _player(view, c) is not None]
    return max(found, key=points) if found else None


def rival_harm(view: PlayerView, card: EventCard, pids: Iterable[str]) -> float:
    """What the card striking the viewer's rivals is worth to the viewer."""
    return -RIVAL * sum(strike_value(view, card, p) for p in pids if p != view.viewer)


def card_value(view: PlayerView, card_id: str) -> float:
    """What taking the card is worth to the viewer."""
    me = view.viewer
    card = cards().get(card_id)
    if me is None or card is None:
        return 0.0
    if not card.public:  # to the hand: played later in its window, if it comes
        if not card.effects:
            return HELD * PRIVATE
        held = HELD * max(0.0, strike_value(view, card, me))
        if card.window == "siege" and card.side == "attacker" and siege_in_reach(view):
            held += HELD * SIEGE  # it may turn an attack on a rival's city beside its tokens
        return held
    others = [p.id for p in view.players if p.id != me]
    target = card.target
    if target == "taker":
        return strike_value(view, card, me)
    if target == "realm":
        if card.realm == me:
            return strike_value(view, card, me)
        return rival_harm(view, card, [card.realm])
    if target == "chosen":  # the taker names a target: itself, or the leader
        victim = leader(view, others)
        return max(strike_value(view, card, me),
                   rival_harm(view, card, [victim]) if victim else 0.0)
    everyone = [p.id for p in view.players]
    if target == "random":
        n = max(len(everyone), 1)
        return (strike_value(view, card, me) + rival_harm(view, card, others)) / n
    if target in ("each", "none"):  # "none": its effects strike a region, or every player
        return strike_value(view, card, me) + rival_harm(view, card, others)
    return 0.0


def siege_in_reach(view: PlayerView) -> bool:
    """Whether a rival's city stands in an area land-adjacent to one of the viewer's tokens."""
    me = view.viewer
    players = {p.id for p in view.players}
    board = view.board
    for area, owner in board.cities.items():
        if owner != me and owner in players and any(
                board.tokens.get(a, {}).get(me or "", 0) for a in view.map.land.get(area, ())):
            return True
    return False


def face_down_candidates(view: PlayerView) -> list[str]:
    """The cards a face-down card of the display could be: the current Age's cards in the
    deck for this game, less those seen (discards, the face-up display, the viewer's hand)."""
    ev = view.events
    if ev is None:
        return []
    players = {p.id for p in view.players}
    options = view.config.events
    chosen = set(options.b_events) if options is not None else set()
    in_age = sorted(c.id for c in cards().values() if c.age == ev.age and (
        c.kind == "A" or (c.kind == "realm" and c.realm in players)
        or (c.kind == "B" and (c.id in chosen if chosen else c.listed))))
    seen = set(ev.discards) | set(ev.display) | set(ev.hand)
    unseen = [c for c in in_age if c not in seen]
    return unseen or in_age


def face_down_value(view: PlayerView) -> float:
    """A face-down card: the average value of what it could be."""
    candidates = face_down_candidates(view)
    if not candidates:
        return 0.0
    return sum(card_value(view, c) for c in candidates) / len(candidates)


def take_value(view: PlayerView, label: str) -> float:
    """The value of an `event_take` option: `event:ID` face up, `event:face_down:N` hidden."""
    card_id = label.split(":", 1)[1] if ":" in label else label
    if card_id.startswith("face_down:"):
        return face_down_value(view)
    return card_value(view, card_id)


def card_titled(prompt: str) -> str | None:
    """The card a prompt "Title: ..." is about (a target or an A/B choice)."""
    title = prompt.split(":", 1)[0]
    return next((c.id for c in cards().values() if c.title == title), None)


def play_value(view: PlayerView, card_id: str) -> float:
    """What playing a private card now is worth to the viewer (its window is open)."""
    card = cards().get(card_id)
    if view.viewer is None or card is None:
        return 0.0
    return strike_value(view, card, view.viewer)

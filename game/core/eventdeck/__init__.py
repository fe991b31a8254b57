"""The Events module (issue 18): seed 004's Age-based event deck with seed 000's cards.

An optional rule, off by default: `GameConfig.events` is None and `GameState.eventdeck` is None,
neither is written to a save or a hash, and nothing below runs. With it on:

State (`model.EventDeck`, in `GameState.eventdeck`):
  age        the current Age, 1-4; `over` once Age IV has run out (events end, see deck.py)
  deck       the current Age's deck, top first: its first half on top of its second (004:16)
  display    the row laid out at the start of the turn, left first; `shown` says which cards
             are face up (the first 3, or 4 with 6+ players under optional rule 7, 004:16.2)
  hands      each player's private events (views show the others only a count)
  markers    famine, plague, scarcity, heresy, revolt, in_decline, pillage: on a region, an
             area or a player, with the turns they have left
  regions    the D10 tables of the map (two halves, ten numbered regions each)
  d2, d10    dice a scenario forces, used before the game's generator (rng.py)

Turn flow: the Event Action is a step at the start of each turn, before Taxation (and before
population expansion on turn 1, which has no Taxation): `turn.py` pushes `phase:events` (a
scenario plays it as phase `events`). In A.S.T. order every player takes one card from the
display (action.py); public events resolve at once, private ones go to the hand; the card left
over has no effect, but its secondary symbols auto-resolve (004:16.4, symbols.py). At the end of
the turn markers count down and, when the deck holds no card of the current Age, the next Age's
deck is prepared (deck.py).

Private events are played in windows (windows.py): as a phase begins (taxation, population
expansion, movement, trade card acquisition, advance acquisition, the A.S.T.), and, through
war.py's hooks in the conflict rules, as a token conflict begins (`battle`), as a city attack is
judged (`siege`) and when a city is taken (`after_siege`); those cards' lasting effects are
`modifiers`, the fight being fought `fight`, and the victory points events win `bonus_vp`
(counted in the score). Cancellation (cancel.py) is a reaction when any card is revealed or
played.

Cards are data (`game/core/data/events.toml`, and the realm-specific events of
`realm_events.toml`, in a deck only while their civilization plays, 004:16.1; loaded and checked
by cards.py). A card's effect is a list of primitives, each run by one family module in
`effects/` (treasury, losses, markers, hands, growth, conflict, economy, church, decline,
realm); a card names its seed clause, which every event it causes carries as its `rule`.
Where a card gives a choice (where a gained token, city or ship goes, how much to spend, how far
to move, which sea, foe, area or ship), the one it serves or strikes is asked (004:16.3): those
primitives run in an `EventEffects` task with the rest of the card queued behind them
(effects/progress.py); where a card cannot do all it says, `EventFellShort` says what was done
and why the rest was not.
Checks: a D2 passes on a 50% draw, a D10 region roll takes the half from a D2 (pass: west) and
the region from a D10 (dice.py), all from the game's seeded generator.
"""

"""Cards on screen: trade cards (trade), event cards with their families and emblems (events),
and the rules screen's book of event cards (book).

May import: the root's drawing helpers (theme, draw, emblems), the words room and game.core.
Never the map, the seat, the animations, panels or scenes.
"""

"""The map on screen: the board drawn from a map's geometry (view), its painted base layer and
terrain (tiles), the Events module's markers over it (markers), and the maps a player may pick
and how a map is found again for a save (offered).

May import: the root's drawing helpers (theme, draw, emblems), the cards and words rooms,
game.core, game.maps and game.resources. Never the seat, the animations, panels or scenes.
"""

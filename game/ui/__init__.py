"""The pygame-ce client, in rooms by what each part is about (a room imports only the rooms
below it; import-linter checks it, and tests/test_import_cycles.py that no modules import
each other in a circle):

- `checks/`  the self-test (`python -m game selftest`), its layout check and showcases
- `app.py`   the window, the main loop, the scene stack and its registry (`App.make`)
- `scenes/`  the screens; they open each other through the app by name, never by import
- `panels/`  the game screen's panels
- `seat/`    the seat behind the screen: session, network seat, controller, pace, thinking,
             ruin warnings, loss plans
- `anim/`    animations of the core's events: the stage owns its parts
- `map/`     the map on screen: view, tiles, markers, the maps offered
- `cards/`   trade cards, event cards, the rules screen's card book
- `words/`   words for players: prompts, options, log lines, causes, summaries, rules text,
             event cards' words, which event questions are asked
- the root's helpers under them all: `scene.py` (the scene protocol), `input.py`, `theme.py`,
  `draw.py`, `emblems.py`, `sound.py`
"""

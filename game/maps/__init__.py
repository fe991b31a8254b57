"""Map files: reading one from disk, parsing it, checking it, and the outline (ring) geometry.

- `files`: a map file on disk (size limit, strict JSON, errors naming the file), the geometry
  the client draws, the `validate-map` report and the maps shipped in ``maps/``.
- `parse`: the file's JSON object read into typed records and the rules graph built from them.
- `checks`: every problem in a map file, and the summary `validate-map` prints.
- `rings`: whether a map outline crosses itself.

The rules core keeps only the graph (game/core/mapgraph.py) and its typed readers
(game/core/mapread.py); this package builds that graph from files. It may import game.core
(including those map readers, game.core.mapgraph, mapread and mapsetup) and game.resources,
nothing above: never ui, net, bots, persist, scenario, simulate or cli (import-linter checks it,
pyproject.toml). It is not the top-level ``maps/`` folder, which holds the map data and the map
build (``python -m maps.build``); nothing here imports that.
"""

"""Every problem in a map file, one line each, and the summary `validate-map` prints above them.

`checked_map` reads the file (game/maps/parse.py, collecting problems instead of stopping at the
first) and then runs the rules checks on the reading: coastal consistency, connectivity, start
areas, volcanoes, flood plains, set-ups and geometry (rules reference §2, maps/schema.json).
`checked_graph` and `check_map` are its two common uses.

Pure: stdlib only, no I/O.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from game.core.mapgraph import BLOCKS, SITES, MapGraph
from game.core.mapread import Point, Ring, describe
from game.core.mapsetup import board_parts, not_one_board, unreached
from game.maps.parse import ParsedMap, adjacency_table, build_graph, read_map
from game.maps.rings import self_crossing

# The 18 civilizations, in A.S.T. ranking order.
CIVILIZATIONS = (
    "minoa", "saba", "assyria", "maurya", "celt", "babylon", "carthage", "dravidia", "hatti",
    "kushan", "rome", "persia", "iberia", "nubia", "hellas", "indus", "egypt", "parthia",
)


def check_map(data: object) -> list[str]:
    """All problems with a map file dict (shape, types, ids and the rules checks); [] = ok.

    Connectivity: within each block ("west", "east"; areas whose block is null count in every
    block), every area must be reachable from every other by land, strait, water adjacency or
    open sea (two areas bordering the same open sea, and open seas linked by
    `adjacency.seas`). So an island reached only by ship is fine, an area nothing leads to is
    not. When no area has a block the whole map is one group; when blocks are used and each is
    connected, the whole map must be connected too.
    """
    return checked_map(data)[1]


def checked_graph(data: object, *, outlines: bool = False) -> tuple[MapGraph | None, list[str]]:
    """`check_map` and `graph_from_map_dict(require_geometry=True)` in one reading of the file:
    (the graph, every problem). The graph is None when the file's shape, types or ids are wrong;
    the first problem is then the one `graph_from_map_dict` raises."""
    parsed, problems = checked_map(data, outlines=outlines)
    return (build_graph(parsed) if parsed is not None else None), problems


def checked_map(data: object, *, outlines: bool = False) -> tuple[ParsedMap | None, list[str]]:
    """(the file's reading, every problem). The reading is None when the file's shape, types or
    ids are wrong, as a graph built from it would hold fallbacks. With `outlines`, also no
    outline may cross itself (`rings.self_crossing`, too slow for every start)."""
    parsed, problems = read_map(data, strict=False, require_geometry=True)
    if parsed is None:
        return None, problems
    clean = not problems  # a clean reading: as a strict one gives
    return (parsed if clean else None), problems + _deep_checks(parsed, outlines)


def _deep_checks(p: ParsedMap, outlines: bool = False) -> list[str]:
    out: list[str] = []
    if not p.areas:
        out.append("areas: the map has no land areas")
    out += _check_pairs(p)
    out += _check_areas(p)
    out += _check_features(p)
    out += _check_starts(p)
    out += _check_setups(p)
    out += _check_coastal(p)
    out += _check_connected(p)
    out += _check_regions(p)
    out += _check_geometry(p, outlines)
    return out


def _dupes(items: Iterable[tuple[int, str]], path: str) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for j, item in items:
        if item in seen:
            out.append(f"{path}[{j}]: {item!r} is listed twice (also [{seen[item]}])")
        else:
            seen[item] = j
    return out


def _check_pairs(p: ParsedMap) -> list[str]:
    out = []
    for kind, pairs in (("land", p.land), ("water", p.water), ("seas", p.sea_pairs)):
        seen: dict[tuple[str, str], int] = {}
        for k, a, b in pairs:
            key = (min(a, b), max(a, b))
            if key in seen:
                out.append(f"adjacency.{kind}[{k}]: {a}-{b} is listed twice "
                           f"(also adjacency.{kind}[{seen[key]}])")
            else:
                seen[key] = k
    land = {(min(a, b), max(a, b)) for _, a, b in p.land}
    for s in p.straits.values():
        if len(s.refs) == 2:
            a, b = s.refs[0][1], s.refs[1][1]
            if (min(a, b), max(a, b)) in land:
                out.append(f"straits[{s.index}].areas: {a} and {b} are already adjacent by land")
    return out


def _check_areas(p: ParsedMap) -> list[str]:
    out = []
    for rec in p.areas.values():
        if rec.pop == 0 and rec.site != "none":
            out.append(f"areas[{rec.index}].site: an area with population limit 0 cannot have a "
                       f"city site, got {rec.site!r}")
        if rec.site_point is not None and rec.site == "none":
            out.append(f"areas[{rec.index}].site_point: the area has no city site")
    out += _dupes(p.edge_areas, "edge_areas")
    return out


def _check_features(p: ParsedMap) -> list[str]:
    out = []
    land = {(a, b) for _, a, b in p.land} | {(b, a) for _, a, b in p.land}
    for sea in p.seas.values():
        path = f"seas[{sea.index}].borders"
        if not sea.refs:
            out.append(f"{path}: an open sea must border at least one area")
        out += _dupes(sea.refs, path)
    for v in p.volcanoes.values():
        path = f"volcanoes[{v.index}].areas"
        if not v.refs:
            out.append(f"{path}: a volcano must touch at least one area")
        out += _dupes(v.refs, path)
        touched = sorted({a for _, a in v.refs})
        for i, a in enumerate(touched):
            for b in touched[i + 1:]:
                if (a, b) not in land:
                    out.append(f"{path}: {a} and {b} are not adjacent by land (a volcano sits "
                               "on the border of the areas it touches)")
    for plain in p.flood_plains.values():
        path = f"flood_plains[{plain.index}].areas"
        if not plain.refs:
            out.append(f"{path}: a flood plain must touch at least one area")
        out += _dupes(plain.refs, path)
        for j, aid in plain.refs:
            rec = p.areas[aid]
            if rec.flood_plain != plain.id:
                out.append(f"{path}[{j}]: area {aid} has flood_plain "
                           f"{describe(rec.flood_plain)}, expected {plain.id!r}")
    for rec in p.areas.values():
        if rec.flood_plain is not None:
            plain = p.flood_plains[rec.flood_plain]
            if rec.id not in {a for _, a in plain.refs}:
                out.append(f"areas[{rec.index}].flood_plain: {rec.id} is not in "
                           f"flood_plains[{plain.index}].areas")
    return out


def _check_starts(p: ParsedMap) -> list[str]:
    out = []
    taken: dict[str, str] = {}
    for civ, aid in p.start_areas.items():
        path = f"start_areas.{civ}"
        if civ not in CIVILIZATIONS:
            out.append(f"{path}: unknown civilization {civ!r}")
        if p.areas[aid].pop == 0:
            out.append(f"{path}: area {aid} has population limit 0; a starting location needs "
                       "at least 1")
        if aid in taken:
            out.append(f"{path}: area {aid} is already the start area of {taken[aid]}")
        else:
            taken[aid] = civ
    return out


def _check_setups(p: ParsedMap) -> list[str]:
    """Each set-up's out-of-play list names known areas, and none of its civilizations'
    start areas (game.core.mapsetup plays a game on the rest), and the areas it leaves in play
    are one board: joined by land, straits, water borders (across out-of-play areas too, which
    ships pass, rules §3.1) and open seas."""
    out = []
    for sid, setup in p.setups.items():
        path = f"setups.{sid}"
        if not isinstance(setup, Mapping):
            out.append(f"{path}: must be an object, got {describe(setup)}")
            continue
        listed = setup.get("out_of_play", [])
        if not isinstance(listed, list) or not all(isinstance(a, str) for a in listed):
            out.append(f"{path}.out_of_play: must be a list of area ids")
            continue
        unknown = sorted(set(listed) - set(p.areas))
        if unknown:
            out.append(f"{path}.out_of_play: unknown area {unknown[0]!r}")
        civs = setup.get("civilizations", [])
        homes = [c for c in civs if isinstance(c, str) and p.start_areas.get(c) in listed] \
            if isinstance(civs, list) else []
        if homes:
            out.append(f"{path}.out_of_play: holds the start area of {homes[0]}")
        if not unknown:
            out += not_one_board(_board_parts(p, listed), f"{path}.out_of_play")
    return out


def _board_parts(p: ParsedMap, out: list[str]) -> list[list[str]]:
    """The parts a set-up's areas in play form (game.core.mapsetup.board_parts)."""
    straits = [(s.refs[0][1], s.refs[1][1]) for s in p.straits.values() if len(s.refs) == 2]
    return board_parts(p.areas, [(a, b) for _, a, b in p.land] + straits,
                       [(a, b) for _, a, b in p.water],
                       {sid: [a for _, a in sea.refs] for sid, sea in p.seas.items()},
                       [(a, b) for _, a, b in p.sea_pairs], out)


def _check_coastal(p: ParsedMap) -> list[str]:
    """Coastal = bordering an open sea, or joined to such an area through water adjacency."""
    water = adjacency_table([(a, b) for _, a, b in p.water], p.areas)
    on_sea: dict[str, str] = {}
    for sea in p.seas.values():
        for _, aid in sea.refs:
            on_sea.setdefault(aid, sea.id)
    via: dict[str, str] = dict.fromkeys(on_sea, "")
    queue = deque(sorted(on_sea))
    while queue:
        here = queue.popleft()
        for nxt in water[here]:
            if nxt not in via:
                via[nxt] = here
                queue.append(nxt)
    out = []
    for aid, rec in p.areas.items():
        path = f"areas[{rec.index}].coastal"
        if rec.coastal is None:
            continue
        if rec.coastal and aid not in via:
            out.append(f"{path}: {aid} is marked coastal but its water does not reach an open "
                       "sea (it borders none and no water neighbour leads to one)")
        elif not rec.coastal and aid in on_sea:
            out.append(f"{path}: {aid} borders the open sea {on_sea[aid]} but is not marked "
                       "coastal")
        elif not rec.coastal and aid in via:
            out.append(f"{path}: {aid} reaches an open sea over water (through {via[aid]}) but "
                       "is not marked coastal")
    return out


def _components(nodes: set[str], links: Mapping[str, Iterable[str]]) -> list[list[str]]:
    seen: set[str] = set()
    parts = []
    for start in sorted(nodes):
        if start in seen:
            continue
        part = [start]
        seen.add(start)
        queue = deque([start])
        while queue:
            for nxt in links.get(queue.popleft(), ()):
                if nxt in nodes and nxt not in seen:
                    seen.add(nxt)
                    part.append(nxt)
                    queue.append(nxt)
        parts.append(part)
    return parts


def _check_connected(p: ParsedMap) -> list[str]:
    links: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    for pairs in (p.land, p.water, p.sea_pairs):
        for _, a, b in pairs:
            link(a, b)
    for s in p.straits.values():
        if len(s.refs) == 2:
            link(s.refs[0][1], s.refs[1][1])
    for sea in p.seas.values():
        for _, aid in sea.refs:
            link(sea.id, aid)
    blocks = sorted({rec.block for rec in p.areas.values() if rec.block is not None})
    groups: list[tuple[str, set[str]]] = [
        (f"block {b}", {a for a, rec in p.areas.items() if rec.block in (b, None)})
        for b in blocks
    ]
    out: list[str] = []
    for label, members in groups or [("the map", set(p.areas))]:
        out += _split_message(label, members, set(p.seas), links)
    if groups and not out:
        out += _split_message("the map", set(p.areas), set(p.seas), links)
    return out


def _split_message(
    label: str, members: set[str], seas: set[str], links: Mapping[str, Iterable[str]]
) -> list[str]:
    # sorted: a part found from an open sea lists its areas in set order, which varies by run
    parts = [sorted(a for a in part if a in members)
             for part in _components(members | seas, links)]
    parts = sorted((part for part in parts if part), key=lambda part: (-len(part), part[0]))
    if len(parts) <= 1:
        return []
    return [f"adjacency: {label} is not connected (by land, strait, water or open sea): "
            f"{unreached(parts)}"]


def _check_regions(p: ParsedMap) -> list[str]:
    """The D10 region tables, when the file has them: every land area in exactly one region,
    and each region one patch of the board.

    decided: a region must be connected, as an error, not a warning: a roll strikes one place
    on the map and the map draws the region while a marker is on it, so a scattered region
    would strike unrelated lands at once. Islands belong to regions, so land, straits, coastal
    water and bordering the same open sea all connect (seed 000's regions are contiguous
    provinces with their islands)."""
    if not p.regions:
        return []
    out: list[str] = []
    seen: dict[str, str] = {}
    for half, table in p.regions.items():
        for i, region in enumerate(table):
            for j, aid in region:
                where = f"regions.{half}[{i}][{j}]"
                if aid in seen:
                    out.append(f"{where}: {aid} is already in region {seen[aid]}")
                else:
                    seen[aid] = f"{half} {i + 1}"
    left = [a for a in p.areas if a not in seen]
    if left and len(p.regions) == len(BLOCKS):
        shown = ", ".join(left[:12]) + (f" and {len(left) - 12} more" if len(left) > 12 else "")
        out.append(f"regions: every land area must be in a region; {shown} "
                   f"{'is' if len(left) == 1 else 'are'} in none")
    links: dict[str, set[str]] = {}
    pairs = [(a, b) for _, a, b in (*p.land, *p.water)]
    pairs += [(s.refs[0][1], s.refs[1][1]) for s in p.straits.values() if len(s.refs) == 2]
    pairs += [(sea.id, aid) for sea in p.seas.values() for _, aid in sea.refs]
    for a, b in pairs:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    for half, table in p.regions.items():
        for i, region in enumerate(table):
            members = {aid for _, aid in region}
            parts = [sorted(a for a in part if a in members)
                     for part in _components(members | set(p.seas), links)]
            parts = sorted((part for part in parts if part), key=lambda q: (-len(q), q[0]))
            if len(parts) > 1:
                cut = sorted(a for part in parts[1:] for a in part)
                out.append(f"regions.{half}[{i}]: region {half} {i + 1} is not one patch of the "
                           f"board (by land, strait, water or open sea): {', '.join(cut[:12])} "
                           f"cannot be reached from {parts[0][0]}")
    return out


def _check_geometry(p: ParsedMap, outlines: bool) -> list[str]:
    out: list[str] = []
    bounds = p.bounds

    def inside(pt: Point) -> bool:
        if bounds is None:
            return True
        return bounds[0] <= pt[0] <= bounds[2] and bounds[1] <= pt[1] <= bounds[3]

    def outside(points: list[Point]) -> int:
        if bounds is None or not points:
            return 0
        xs, ys = zip(*points, strict=True)
        if (bounds[0] <= min(xs) and max(xs) <= bounds[2]
                and bounds[1] <= min(ys) and max(ys) <= bounds[3]):
            return 0  # the usual case, without a test per point
        return sum(not inside(pt) for pt in points)

    def rings(rs: list[Ring] | None, path: str, need_one: bool) -> None:
        if rs is None:
            return
        if need_one and not rs:
            out.append(f"{path}: needs at least one polygon")
        for j, ring in enumerate(rs):
            n = len(ring) - 1 if len(ring) > 1 and ring[0] == ring[-1] else len(ring)
            if n < 3:
                out.append(f"{path}[{j}]: a polygon needs at least 3 points, got {n}")
            off = outside(ring)
            if off:
                out.append(f"{path}[{j}]: {off} point(s) outside the map bounds")
            crossing = self_crossing(ring) if outlines and n > 3 else None
            if crossing:
                out.append(f"{path}[{j}]: {crossing}")

    def spot(pt: Point | None, path: str) -> None:
        if pt is not None and not inside(pt):
            out.append(f"{path}: {_fmt(pt)} is outside the map bounds")

    for rec in p.areas.values():
        path = f"areas[{rec.index}]"
        rings(rec.polygons, f"{path}.polygons", True)
        rings(rec.water_polygons, f"{path}.water_polygons", False)
        spot(rec.label, f"{path}.label")
        spot(rec.site_point, f"{path}.site_point")
    for key, feats in (("seas", p.seas), ("lakes", p.lakes), ("flood_plains", p.flood_plains)):
        for f in feats.values():
            rings(f.polygons, f"{key}[{f.index}].polygons", key != "flood_plains")
            spot(f.label, f"{key}[{f.index}].label")
    rings(p.off_board, "off_board", False)
    for v in p.volcanoes.values():
        spot(v.point, f"volcanoes[{v.index}].point")
    for river in p.rivers.values():
        path = f"rivers[{river.index}].points"
        if river.points is not None:
            if len(river.points) < 2:
                out.append(f"{path}: a river needs at least 2 points, got {len(river.points)}")
            off = outside(river.points)
            if off:
                out.append(f"{path}: {off} point(s) outside the map bounds")
    return out


def _fmt(pt: Point) -> str:
    return f"[{pt[0]:g}, {pt[1]:g}]"


# --------------------------------------------------------------------------------------------
# Summary and the plain (to_dict) form.


def map_summary(graph: MapGraph) -> str:
    """A few lines describing the map: counts, city sites, features and population limits."""
    areas = list(graph.areas.values())
    sites = {s: sum(a.site == s for a in areas) for s in SITES}
    plain_areas = len({a for v in graph.flood_plains.values() for a in v})
    named = graph.name and graph.name != graph.id
    lines = [
        f"Map {graph.id}" + (f" ({graph.name})" if named else ""),
        f"land areas: {len(areas)} ({sum(a.coastal for a in areas)} coastal, "
        f"{sum(a.edge for a in areas)} on the map edge); open seas: {len(graph.seas)}",
        f"city sites: {sites['white']} white, {sites['black']} black; "
        f"{_count(sites['none'], 'area')} without a site",
        f"flood plains: {len(graph.flood_plains)} ({_count(plain_areas, 'area')}); "
        f"volcanoes: {len(graph.volcanoes)}; straits: {len(graph.straits)}",
        f"start areas: {len(graph.start_areas)}"
        + (f" ({', '.join(graph.start_areas)})" if graph.start_areas else ""),
    ]
    parts = [f"population limit: total {sum(a.pop for a in areas)}"]
    if any(a.block is not None for a in areas):
        for block in (*BLOCKS, None):
            inb = [a for a in areas if a.block == block]
            if inb or block is not None:
                name = block if block is not None else "no block"
                parts.append(f"{name} {sum(a.pop for a in inb)} in {_count(len(inb), 'area')}")
    lines.append("; ".join(parts))
    if graph.regions:
        lines.append("D10 regions: " + "; ".join(
            f"{half} {len(table)} ({sum(map(len, table))} areas)"
            for half, table in graph.regions.items()))
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")

"""The build, step by step: sources -> land -> partition -> topology -> map file and preview."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.mapsetup import board_parts, not_one_board

from .fairness import balance, setup_tables
from .geo import Albers
from .land import Land, build_land
from .output import dumps, map_document, off_board_land
from .partition import Partition, make_partition
from .setups import build_setups
from .sources import DATA, Sources, read_sources
from .topology import Topology, build_topology

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Built:
    src: Sources
    proj: Albers
    land: Land
    part: Partition
    topo: Topology
    doc: dict[str, Any]
    text: str
    report: str
    problems: list[str]


def links_of(topo: Topology, areas: list[str]) -> dict[str, set[str]]:
    links: dict[str, set[str]] = {a: set() for a in areas}
    pairs = topo.land_pairs + topo.water_pairs + [tuple(s["areas"]) for s in topo.straits]
    for a, b in pairs:
        links[a].add(b)
        links[b].add(a)
    return links


def game_setups() -> dict[str, Any]:
    from game.core.gamedata import load_game_data

    data = load_game_data()
    return {sid: {"players": s.players, "civilizations": list(s.civilizations),
                  "blocks": {b: list(c) for b, c in s.blocks.items()}}
            for sid, s in data.setups.items()}


def build(data_dir: Path = DATA, log: Any = print) -> Built:
    started = time.perf_counter()
    src = read_sources(data_dir)
    p = src.board["projection"]
    proj = Albers(float(p["lon0"]), float(p["lat0"]), float(p["sp1"]), float(p["sp2"]))
    land = build_land(src, proj)
    part = make_partition(src, proj, land)
    topo = build_topology(src, proj, land, part)
    ids = sorted(part.land)
    links = links_of(topo, ids)
    starts = {a.start: a.id for a in src.areas if a.start}
    setups = build_setups(game_setups(), starts, topo.blocks, links, topo.sea_borders)
    pop = {a.id: a.pop for a in src.areas}
    sites = {a.id: a.site for a in src.areas}

    def parts(out: set[str]) -> list[list[str]]:  # the set-up's board (validate-map's count)
        land_links = topo.land_pairs + [tuple(s["areas"]) for s in topo.straits]
        return board_parts(ids, land_links, topo.water_pairs, topo.sea_borders, topo.sea_pairs,
                           out)

    taken = balance(setups, starts, links, pop, sites, lambda out: len(parts(out)) <= 1)
    off_board, off_warnings = off_board_land(land, part)
    doc = map_document(src, proj.as_dict(), land, part, topo, setups, off_board)
    text = dumps(doc)
    fair, problems = setup_tables(setups, starts, links, pop, sites)
    for sid, setup in setups.items():
        problems += not_one_board(parts(set(setup["out_of_play"])), f"set-up {sid}")
    specs = {a.id: a for a in src.areas}
    sizes = sorted(part.land[a].area for a in ids)
    report = [
        f"{len(ids)} land areas, {len(part.seas)} open seas, {len(topo.straits)} straits, "
        f"{sum(topo.coastal.values())} coastal areas; built in "
        f"{time.perf_counter() - started:.1f} s",
        f"area size km2: min {sizes[0]:,.0f}, median {sizes[len(sizes) // 2]:,.0f}, "
        f"max {sizes[-1]:,.0f}; population limit total {sum(specs[a].pop for a in ids)}",
        "set-ups: " + ", ".join(f"{k} ({len(v['out_of_play'])} out, reach {v['reach']})"
                                for k, v in setups.items()),
        "out of play for fairness: " + ("; ".join(f"{k}: {', '.join(v)}"
                                                  for k, v in taken.items() if v) or "none"),
        fair,
    ]
    warnings = part.warnings + topo.warnings + off_warnings
    report += [f"warning: {w}" for w in warnings]
    return Built(src, proj, land, part, topo, doc, text, "\n".join(report), problems)

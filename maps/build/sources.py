"""Reading the hand-edited inputs: data/areas.txt and data/features.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
CIVILIZATIONS = (
    "minoa", "saba", "assyria", "maurya", "celt", "babylon", "carthage", "dravidia", "hatti",
    "kushan", "rome", "persia", "iberia", "nubia", "hellas", "indus", "egypt", "parthia",
)
SITES = {"-": "none", "W": "white", "B": "black"}


class SourceError(ValueError):
    """A hand-edited input that cannot be used; the message names the file and line."""


@dataclass(frozen=True)
class AreaSpec:
    id: str
    name: str
    lon: float
    lat: float
    pop: int
    site: str
    start: str | None = None
    zone: str | None = None
    block: str | None = None  # an override: "west", "east" or "both"


@dataclass(frozen=True)
class Sources:
    areas: tuple[AreaSpec, ...]
    board: dict[str, Any]
    seas: tuple[dict[str, Any], ...]
    inland: tuple[dict[str, Any], ...]
    straits: tuple[dict[str, Any], ...]
    volcanoes: tuple[dict[str, Any], ...]
    plains: tuple[dict[str, Any], ...]
    rivers: tuple[dict[str, Any], ...]
    offboard: tuple[dict[str, Any], ...]
    coastal_water: tuple[dict[str, Any], ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)


def read_areas(path: Path) -> tuple[AreaSpec, ...]:
    out: list[AreaSpec] = []
    seen: set[str] = set()
    starts: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path.name}:{number}"
        cols = [c.strip() for c in line.split("|")]
        if len(cols) != 7:
            raise SourceError(f"{where}: expected 7 columns, got {len(cols)}")
        aid, name, lon, lat, pop, site, flags = cols
        if aid in seen:
            raise SourceError(f"{where}: duplicate id {aid!r}")
        seen.add(aid)
        if site not in SITES:
            raise SourceError(f"{where}: site must be -, W or B, got {site!r}")
        opts: dict[str, str] = {}
        for flag in flags.split():
            key, _, value = flag.partition("=")
            if key not in ("start", "zone", "block") or not value:
                raise SourceError(f"{where}: unknown flag {flag!r}")
            opts[key] = value
        start = opts.get("start")
        if start is not None and (start not in CIVILIZATIONS or start in starts):
            raise SourceError(f"{where}: bad or repeated start {start!r}")
        if start:
            starts.add(start)
        try:
            spec = AreaSpec(aid, name, float(lon), float(lat), int(pop), SITES[site], start,
                            opts.get("zone"), opts.get("block"))
        except ValueError as err:
            raise SourceError(f"{where}: {err}") from None
        if not 0 <= spec.pop <= 5 or (spec.pop == 0 and spec.site != "none"):
            raise SourceError(f"{where}: pop must be 0-5, and a pop-0 area has no site")
        if spec.site == "black" and spec.zone is None:
            raise SourceError(f"{where}: a black site belongs on a flood plain (zone=...)")
        out.append(spec)
    missing = [c for c in CIVILIZATIONS if c not in starts]
    if missing:
        raise SourceError(f"{path.name}: no start area for {', '.join(missing)}")
    return tuple(out)


def read_sources(data_dir: Path = DATA) -> Sources:
    areas = read_areas(data_dir / "areas.txt")
    with (data_dir / "features.toml").open("rb") as handle:
        doc = tomllib.load(handle)
    src = Sources(
        areas=areas,
        board=doc["board"],
        seas=tuple(doc.get("sea", ())),
        inland=tuple(doc.get("inland", ())),
        straits=tuple(doc.get("strait", ())),
        volcanoes=tuple(doc.get("volcano", ())),
        plains=tuple(doc.get("plain", ())),
        rivers=tuple(doc.get("river", ())),
        offboard=tuple(doc.get("offboard", ())),
        coastal_water=tuple(doc.get("coastal_water", ())),
    )
    ids = [a.id for a in areas] + [s["id"] for s in src.seas]
    if len(ids) != len(set(ids)):
        raise SourceError("features.toml: a sea id repeats or equals an area id")
    plains = {p["id"] for p in src.plains}
    rivers = {r["id"] for r in src.rivers}
    for a in areas:
        if a.zone is not None and a.zone not in plains:
            raise SourceError(f"areas.txt: {a.id} names an unknown zone {a.zone!r}")
    for p in src.plains:
        if not set(p["rivers"]) <= rivers:
            raise SourceError(f"features.toml: plain {p['id']} names an unknown river")
    return src

"""The attacks of issue #38 on `python -m game serve`, at the issue's sizes (or --quick ones),
each against a server of its own that this script starts (or against --host/--port, a
running server, where the server's memory is not measured), printing per attack what the
server did and how long another game's messages took meanwhile (median and p90 of a probe:
a person in a separate game sending a cheap `try` in a loop).

    python bench/attacks.py                       # every attack, a fresh server for each
    python bench/attacks.py --only watch_flood,code_guess --quick
    python bench/attacks.py --host 127.0.0.1 --port 8765 --only squatter
    python bench/attacks.py --cores 0             # the server on CPU 0 only

The attacks themselves live in tests/net/attackers.py (one copy, shared with
tests/net/test_attacks.py). HELD: the attack was refused or stayed cheap by the limit given
beside it; BROKE: it was not. On a shared machine the times are noisy: run it more than once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

import attackers  # noqa: E402  (tests/net/attackers.py)

# The sizes (#38), made shorter in time where the issue ran minutes; --quick: the
# tests' sizes.
SIZES: dict[str, dict[str, Any]] = {
    "slow_readers": {"readers": 10, "players": 18, "seconds": 30},
    "hard_table": {"seconds": 20},
    "cap_fill": {"attempts": 250, "most": 50},
    "cap_frees": {"attempts": 250, "wait": 60},
    "watch_flood": {"conns": 3, "rate": 100, "seconds": 10},
    "code_guess": {"conns": 200, "rate": 100, "seconds": 10},
    "squatter": {},
    "idle_flood": {"conns": 1030, "batch": 100},
    "deep_json": {"depth": 5000},
    "try_pileup": {"conns": 60, "rate": 95, "seconds": 30},
    "version_float": {},
    "unknown_b_events": {},
}
QUICK: dict[str, dict[str, Any]] = {
    "slow_readers": {"readers": 10, "players": 18, "seconds": 12},
    "hard_table": {"seconds": 6},
    "cap_fill": {"attempts": 30, "most": 29},
    "cap_frees": {"attempts": 10, "wait": 20},
    "watch_flood": {"conns": 3, "rate": 100, "seconds": 4},
    "code_guess": {"conns": 50, "rate": 100, "seconds": 3},
    "idle_flood": {"conns": 300, "batch": 100},
    "try_pileup": {"conns": 60, "rate": 95, "seconds": 15},
}
# What the attack needs of the server it starts (a smaller cap, to fill it quickly; a lower
# open-file limit, to reach it).
SERVER: dict[str, dict[str, Any]] = {
    "cap_frees": {"overrides": {"game.net.server.MAX_GAMES": 5}},
    "idle_flood": {"nofile": 1024},
}
QUICK_SERVER: dict[str, dict[str, Any]] = {"idle_flood": {"nofile": 256}}


def run_one(name: str, args: argparse.Namespace) -> attackers.Result:
    sizes = dict(SIZES[name])
    if args.quick:
        sizes.update(QUICK.get(name, {}))
    attack = attackers.ATTACKS[name]
    if args.port:
        address = f"ws://{args.host}:{args.port}"
        return asyncio.run(attack(address, None, **sizes))
    options = dict(SERVER.get(name, {}))
    if args.quick:
        options.update(QUICK_SERVER.get(name, {}))
    cores = [int(c) for c in args.cores.split(",")] if args.cores else None
    server = attackers.ServedGame(cores=cores, **options)
    server.start()
    try:
        return asyncio.run(attack(server.address, server, **sizes))
    finally:
        server.stop(grace=5.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="attacks to run, comma-separated: "
                        + ", ".join(attackers.ATTACKS))
    parser.add_argument("--quick", action="store_true", help="the tests' small sizes")
    parser.add_argument("--host", default="127.0.0.1", help="with --port: a running server")
    parser.add_argument("--port", type=int, default=0, help="attack a running server there "
                        "(default: start one for each attack)")
    parser.add_argument("--cores", help="CPUs the server it starts may use, e.g. 0 or 0,1")
    parser.add_argument("--json", action="store_true", help="one JSON line per attack too")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(attackers.ATTACKS)
    unknown = [n for n in names if n not in attackers.ATTACKS]
    if unknown:
        parser.error(f"no attack {unknown[0]!r}")
    broke = 0
    for name in names:
        start = time.monotonic()
        try:
            result = run_one(name, args)
        except Exception as err:  # an attack that could not be run says so, the rest go on
            print(f"{name}: could not run: {type(err).__name__}: {err}", flush=True)
            broke += 1
            continue
        broke += not result.held
        print(f"{result.line()} [{time.monotonic() - start:.0f} s]", flush=True)
        if args.json:
            print(json.dumps({"name": name, "held": result.held, "what": result.what,
                              **result.figures, "probe": result.probe}, default=str),
                  flush=True)
    return 1 if broke else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""netcheck: a real server and real client processes play a game; the check can tell when a
client was shown something other than the server's view for its seat."""

from __future__ import annotations

import json
from pathlib import Path

from game.net.netcheck import judge, netcheck


def test_clients_of_a_short_network_game_see_exactly_their_seats_views(tmp_path: Path) -> None:
    result = netcheck(players=5, seed=2, max_turns=2, timeout=300, folder=tmp_path)
    assert result.problems == []
    assert result.actions > 0 and result.bytes > 0
    # the same verdict with one view changed on one client: caught
    reports = {p.stem: json.loads(p.read_text()) for p in tmp_path.glob("*.json")}
    seat = sorted(reports)[0]
    at, digest = reports[seat]["views"][-1]
    reports[seat]["views"][-1] = [at, "0" * len(digest)]
    reports[seat]["leaks"] = [".players[1].hand"]
    (game_folder,) = [p for p in (tmp_path / "server" / "net").iterdir() if p.is_dir()]
    problems = judge(5, game_folder, reports, 1.0, []).problems
    assert any(f"{seat}: 1 view(s) differ" in p for p in problems)
    assert any("hidden information" in p for p in problems)

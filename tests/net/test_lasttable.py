"""The last network table a client sat at is kept in a small file (issue 37, item 3): read
back as written, forgotten when its game ends, and a damaged file counts as none."""

from __future__ import annotations

from pathlib import Path

from game.persist.lasttable import LastTable, forget_table, last_table, remember_table


def test_the_last_table_is_kept_and_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "last-table.json"
    assert last_table(path) is None
    remember_table(LastTable("192.168.1.20:7417", "ABC234", ["egypt"]), path)
    known = last_table(path)
    assert known is not None and known.address == "192.168.1.20:7417"
    assert known.code == "ABC234" and known.seats == ["egypt"] and not known.hosted
    assert known.when > 0
    forget_table("OTHER2", path)
    assert last_table(path) is not None
    forget_table("ABC234", path)
    assert last_table(path) is None


def test_a_damaged_file_counts_as_none(tmp_path: Path) -> None:
    path = tmp_path / "last-table.json"
    for text in ("", "{", "[]", '{"address": 3, "code": "A"}', '{"address": "", "code": ""}',
                 '{"address": "x", "code": "A", "seats": [1]}'):
        path.write_text(text)
        assert last_table(path) is None, text

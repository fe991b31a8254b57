"""The release workflow asks for no runner GitHub has retired or deprecated (the list, with the
source and date of each, is retired-runners.toml beside this file), builds on all three
systems, and publishes only from a pushed tag."""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
RETIRED = Path(__file__).with_name("retired-runners.toml")
# a GitHub-hosted runner label: ubuntu-24.04, windows-2025, macos-15-intel, ubuntu-latest, ...
LABEL = re.compile(r"(?<![\w.:/-])((?:ubuntu|windows|macos)-[a-z0-9.-]*[a-z0-9])(?![\w.:/-])")
COMMENT = re.compile(r"(^|\s)#.*$")


def workflow_without_comments() -> str:
    return "\n".join(COMMENT.sub("", line) for line in WORKFLOW.read_text("utf-8").splitlines())


def labels_in(text: str) -> set[str]:
    return set(LABEL.findall(text))


def retired_runners() -> list[dict[str, object]]:
    return tomllib.loads(RETIRED.read_text("utf-8"))["runner"]


def test_the_label_reader_finds_runner_labels_and_nothing_else():
    text = ("runs-on: ${{ matrix.os }}\n  - os: macos-15-intel\n  - os: windows-2025\n"
            "container: ubuntu:22.04\nruns-on: ubuntu-24.04\nname: calamitas-macos-arm64")
    assert labels_in(text) == {"macos-15-intel", "windows-2025", "ubuntu-24.04"}


def test_each_retired_runner_says_when_and_where_it_was_announced():
    runners = retired_runners()
    assert len({r["label"] for r in runners}) == len(runners)
    for runner in runners:
        assert runner["status"] in ("retired", "deprecated"), runner
        assert isinstance(runner["date"], datetime.date), runner
        assert str(runner["source"]).startswith("https://"), runner


def test_the_release_workflow_uses_no_retired_or_deprecated_runner():
    used = labels_in(workflow_without_comments())
    retired = {str(r["label"]): r for r in retired_runners()}
    bad = sorted(used & set(retired))
    assert not bad, [f"{label}: {retired[label]['status']} on {retired[label]['date']}, "
                     f"{retired[label]['source']}" for label in bad]


def test_the_release_workflow_builds_on_each_system():
    used = labels_in(workflow_without_comments())
    for system in ("ubuntu", "windows", "macos"):
        assert any(label.startswith(system) for label in used), system


def test_only_a_pushed_tag_publishes_and_through_a_draft():
    text = workflow_without_comments()
    release_if = re.search(r"^  release:\n(?:.*\n)*?    if: (.*)$", text, re.MULTILINE)
    assert release_if and "github.event_name == 'push'" in release_if.group(1)
    assert re.search(r"gh release create [^\n]*--draft", text)
    assert text.index("gh release create") < text.index("gh release edit \"$TAG\" --draft=false")

"""The client at the size the new player tried (1366x768), animations fast, settings kept in
memory only. A test module that needs another window defines its own `app`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.persist import Settings
from game.ui.app import App


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1366, 768), settings=Settings(animation_speed=8.0),
                      persist_settings=False)
    yield application
    application.close()

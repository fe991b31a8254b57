"""Importing this module registers every procedure of the flow: the game and turn tasks, and
every module in the `phases` and `calamities` packages (each registers itself on import)."""

from __future__ import annotations

import importlib
import pkgutil

from . import calamities, phases, turn  # noqa: F401

for _package in (phases, calamities):
    for _module in pkgutil.iter_modules(_package.__path__):
        importlib.import_module(f"{_package.__name__}.{_module.name}")

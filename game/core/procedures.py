"""Importing this module registers every procedure of the flow."""

from __future__ import annotations

from . import turn  # noqa: F401
from .phases import taxation  # noqa: F401

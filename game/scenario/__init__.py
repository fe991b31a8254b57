"""Conformance scenarios (../shared/SCENARIOS.md): parse, build, play one phase, check."""

from .runner import list_ids, run_file, run_paths

__all__ = ["list_ids", "run_file", "run_paths"]

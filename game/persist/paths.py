"""Where Calamitas keeps what it writes: saves, autosaves, replays, settings and logs.

By default the per-user folders that platformdirs names for this system; never beside the code.
One folder given by `--data-dir` (see `use_data_dir`) or by the environment variable
``CALAMITAS_DATA_DIR`` moves all of it, for tests and portable installs. Folders are created on
demand, when something is about to be written, never at import.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "calamitas"
ENV_VAR = "CALAMITAS_DATA_DIR"

_override: Path | None = None


def use_data_dir(path: str | Path | None) -> None:
    """Put everything under `path` from now on in this process (None: back to the default)."""
    global _override
    _override = Path(path).expanduser() if path is not None else None


def portable_root() -> Path | None:
    """The one folder that holds everything, if `--data-dir` or the environment names one."""
    if _override is not None:
        return _override
    value = os.environ.get(ENV_VAR, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    root = portable_root()
    return root if root is not None else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    root = portable_root()
    return root if root is not None else Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    root = portable_root()
    if root is not None:
        return root / "logs"
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosaves_dir() -> Path:
    return data_dir() / "autosaves"


def replays_dir() -> Path:
    return data_dir() / "replays"


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def ensure(folder: Path) -> Path:
    """Create `folder` (and its parents) if missing; return it."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder

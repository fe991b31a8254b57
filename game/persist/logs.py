"""The program's log file in the user log folder (rotated, so it never grows without bound)."""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from . import paths

LOG_NAME = "calamitas.log"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def start_logging(level: int = logging.INFO, folder: Path | None = None) -> Path | None:
    """Send the `game` loggers to calamitas.log (1 MB, 3 old files kept); the file's path, or
    None when the folder cannot be written (the game then runs without a log file)."""
    folder = folder if folder is not None else paths.log_dir()
    path = folder / LOG_NAME
    logger = logging.getLogger("game")
    for handler in logger.handlers:
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    try:
        paths.ensure(folder)
        handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level)
    return path

"""Entry point of the standalone build: the same program as `python -m game`.

With CALAMITAS_FIRST_FRAME set, the program prints `first-frame <epoch seconds>` when the first
frame reaches the screen and exits at once: `bench/startup.py` times launches with it.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time


def _exit_at_first_frame() -> None:
    import pygame

    def flip() -> None:
        real_flip()
        print(f"first-frame {time.time():.6f}", flush=True)
        os._exit(0)  # no teardown: the figure is launch to first frame, nothing after

    real_flip = pygame.display.flip
    pygame.display.flip = flip


def main() -> int:
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on the console
    if os.environ.get("CALAMITAS_FIRST_FRAME"):
        _exit_at_first_frame()
    from game.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())

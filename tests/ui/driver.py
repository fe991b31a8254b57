"""Drives the real client with input events, the way a person at the mouse would."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.game import GameScene

DT = 1 / 60


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app
        self.clicks = 0
        self.keys = 0

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(pygame.event.get(), DT)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.clicks += 1
        self.frames(2)  # widgets post their own events, handled the frame after

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        steps = 6
        for k in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * k // steps
            y = start[1] + (end[1] - start[1]) * k // steps
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                 buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(2)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                             scancode=0))
        self.keys += 1
        self.frames(2)

    # -- the game screen ----------------------------------------------------------------------
    def perform(self, game: GameScene, label: str) -> str:
        """Make the pick `label` through the screen; returns how (for the test's record)."""
        if label == "done" and "done" in game.labels():
            self.key(pygame.K_RETURN)
            return "enter"
        if label.startswith("area:"):
            assert game.mapview is not None
            area = label.split(":", 1)[1]
            pos = game.mapview.area_point(area)
            assert game.mapview.rect.collidepoint(pos), f"{area} is off the map view"
            self.click(pos)
            return "map"
        for rect, hit, _ in game.eventrow.cards:  # a card of the Events module's display
            if hit == label and label in game.eventrow.labels:
                self.click(rect.center)
                return "event-display"
        if game.trade_open() and label.startswith("card:"):
            for rect, hit in game.trade.hits:
                if hit == label:
                    self.click(rect.center)
                    return "trade-card"
        for buttons in (game.decision.options, game.trade.buttons):
            button = buttons.button_for(label)
            if button is not None:
                self.click(button.rect.center)
                return "button"
        if label.startswith("card:"):
            for rect, hit in game.panels[game.tab].hits:
                if hit == label:
                    self.click(rect.center)
                    return "panel"
        pending = game.session.state.pending
        raise AssertionError(f"no way to pick {label!r} on screen "
                             f"(kind {pending.kind if pending else ''})")

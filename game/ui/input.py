"""Raw pygame events to intents: what the player wants, not which button they pressed.

The game scene acts on intents only, so the keys live in one table here and scripted tests
can feed either real pygame events or intents.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

PAN_KEYS = {
    pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1),
}
TAB_KEYS = {pygame.K_F1: 0, pygame.K_F2: 1, pygame.K_F3: 2, pygame.K_F4: 3, pygame.K_F5: 4}
# 1-9 choose among a row of things (the event display's cards); the arrows also step through it
NUMBER_KEYS = {**{getattr(pygame, f"K_{n}"): n for n in range(1, 10)},
               **{getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}}
STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
DRAG_THRESHOLD = 6


@dataclass(frozen=True)
class Intent:
    kind: str  # press, release, click, drag, hover, zoom, fit, confirm, cancel, undo, tab, menu,
    #            skip, wheel, help, number (amount: 1-9), step (amount: -1 or 1)
    pos: tuple[int, int] = (0, 0)
    amount: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    button: int = 1


class InputMap:
    """Keeps the little state needed to tell a click from a drag and held arrow keys."""

    def __init__(self) -> None:
        self.down: tuple[int, int] | None = None
        self.down_button = 0
        self.dragging = False
        self.last: tuple[int, int] = (0, 0)
        self.held: set[int] = set()

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.down, self.down_button, self.dragging = event.pos, event.button, False
            self.last = event.pos
            return [Intent("press", event.pos, button=event.button)]
        if t == pygame.MOUSEMOTION:
            out = [Intent("hover", event.pos)]
            if self.down is not None:
                far = (abs(event.pos[0] - self.down[0]) + abs(event.pos[1] - self.down[1])
                       > DRAG_THRESHOLD)
                if self.dragging or far:
                    self.dragging = True
                    out.append(Intent("drag", event.pos, dx=event.pos[0] - self.last[0],
                                      dy=event.pos[1] - self.last[1], button=self.down_button))
            self.last = event.pos
            return out
        if t == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            out = [Intent("release", event.pos, button=event.button, amount=float(self.dragging))]
            if self.down is not None and not self.dragging and event.button == self.down_button:
                out.append(Intent("click", event.pos, button=event.button))
            self.down, self.dragging = None, False
            return out
        if t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            return [Intent("wheel", pos, amount=float(event.y))]
        if t == pygame.KEYDOWN:
            return self._key(event)
        if t == pygame.KEYUP:
            self.held.discard(event.key)
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if key in PAN_KEYS:
            self.held.add(key)
            return [Intent("step", amount=STEP_KEYS[key])] if key in STEP_KEYS else []
        if key in NUMBER_KEYS:
            return [Intent("number", amount=NUMBER_KEYS[key])]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return [Intent("confirm")]
        if key == pygame.K_ESCAPE:
            return [Intent("cancel")]
        if (key == pygame.K_z and ctrl) or key == pygame.K_BACKSPACE:
            return [Intent("undo")]
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return [Intent("zoom", amount=1)]
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return [Intent("zoom", amount=-1)]
        if key in (pygame.K_f, pygame.K_HOME, pygame.K_0):
            return [Intent("fit")]
        if key in TAB_KEYS:
            return [Intent("tab", amount=TAB_KEYS[key])]
        if key == pygame.K_TAB:
            return [Intent("skip")]
        if key in (pygame.K_h, pygame.K_QUESTION, pygame.K_SLASH):
            return [Intent("help")]
        return []

    def pan_velocity(self) -> tuple[int, int]:
        """Direction of the held arrow keys (the map moves the other way)."""
        dx = sum(PAN_KEYS[k][0] for k in self.held if k in PAN_KEYS)
        dy = sum(PAN_KEYS[k][1] for k in self.held if k in PAN_KEYS)
        return (dx, dy)

"""The decision bar: who decides, what is asked, and a button per option that is not picked on
the map (areas light up there instead). Long lists become a drop-down; long number ranges a
slider. The same flow of buttons serves the trade window."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider

from game.core.gamedata import load_game_data

from ..draw import civ_badge, panel, text_block
from ..options import option_text
from ..prompts import readable
from ..theme import Palette, Theme
from . import Ctx

MAX_BUTTONS = 14
MAX_NUMBER_BUTTONS = 16
_PRIMARY = ("done", "yes")


class OptionButtons:
    """Buttons (or a drop-down, or a slider) for a set of option labels inside a rectangle."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.widgets: list[object] = []
        self.buttons: list[tuple[UIButton, str]] = []
        self.dropdown: UIDropDownMenu | None = None
        self.dropdown_labels: dict[str, str] = {}
        self.choose: UIButton | None = None
        self.slider: UIHorizontalSlider | None = None
        self.numbers: list[int] = []

    def clear(self) -> None:
        for w in self.widgets:
            w.kill()  # type: ignore[attr-defined]
        self.widgets.clear()
        self.buttons.clear()
        self.dropdown = None
        self.choose = None
        self.slider = None

    def build(self, labels: list[str], kind: str, ctx: Ctx, rect: pygame.Rect,
              manager: pygame_gui.UIManager, container: object) -> None:
        self.clear()
        if not labels:
            return
        px = self.theme.px
        h = px(36)
        gap = px(8)
        numbers = [int(lb.split(":", 1)[1]) for lb in labels if lb.startswith("number:")]
        plain = [lb for lb in labels if not lb.startswith("number:")]
        main = [lb for lb in plain if lb not in _PRIMARY]
        tail = [lb for lb in plain if lb in _PRIMARY]
        x, y = rect.x, rect.y
        font = self.theme.font("bold", 15)

        def add(label: str) -> None:
            nonlocal x, y
            text = option_text(label, kind, ctx.view)
            width = max(px(64), font.size(text)[0] + px(28))
            if x + width > rect.right and x > rect.x:
                x, y = rect.x, y + h + gap
            primary = label in _PRIMARY
            button = UIButton(pygame.Rect(x, y, width, h), text, manager,
                              container=container,  # type: ignore[arg-type]
                              tool_tip_text=self._tip(label, kind),
                              object_id=pygame_gui.core.ObjectID(
                                  object_id=f"#opt_{label.replace(':', '_')}",
                                  class_id="@primary" if primary else "@option"))
            self.widgets.append(button)
            self.buttons.append((button, label))
            x += width + gap

        if len(numbers) > MAX_NUMBER_BUTTONS:
            self.numbers = sorted(numbers)
            slider = UIHorizontalSlider(pygame.Rect(x, y, px(260), h), self.numbers[0],
                                        (self.numbers[0], self.numbers[-1]), manager,
                                        container=container)  # type: ignore[arg-type]
            self.slider = slider
            self.widgets.append(slider)
            x += px(268)
            self.choose = UIButton(pygame.Rect(x, y, px(120), h), f"Choose {self.numbers[0]}",
                                   manager, container=container,  # type: ignore[arg-type]
                                   object_id=pygame_gui.core.ObjectID(class_id="@option"))
            self.widgets.append(self.choose)
            x += px(128)
        else:
            main = [f"number:{n}" for n in numbers] + main
        if len(main) > MAX_BUTTONS:
            texts = {}
            for lb in main:
                texts[option_text(lb, kind, ctx.view)] = lb
            self.dropdown_labels = texts
            first = next(iter(texts))
            self.dropdown = UIDropDownMenu(list(texts), first,
                                           pygame.Rect(x, y, px(300), h), manager,
                                           container=container)  # type: ignore[arg-type]
            self.widgets.append(self.dropdown)
            x += px(308)
            self.choose = UIButton(pygame.Rect(x, y, px(110), h), "Choose", manager,
                                   container=container,  # type: ignore[arg-type]
                                   object_id=pygame_gui.core.ObjectID(class_id="@option"))
            self.widgets.append(self.choose)
            x += px(118)
        else:
            for lb in main:
                add(lb)
        for lb in tail:
            add(lb)

    def _tip(self, label: str, kind: str) -> str | None:
        if label.startswith("advance:"):
            adv = load_game_data().advances.get(label.split(":", 1)[1])
            return f"{adv.name}: printed cost {adv.cost}" if adv else None
        if label.startswith("card:"):
            return None
        return None

    def handle(self, event: pygame.event.Event) -> str | None:
        """The label a widget event picks, if any."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, label in self.buttons:
                if event.ui_element is button:
                    return label
            if event.ui_element is self.choose:
                if self.slider is not None:
                    return f"number:{self._slider_value()}"
                if self.dropdown is not None:
                    return self.dropdown_labels.get(self.dropdown.selected_option[0]
                                                    if isinstance(self.dropdown.selected_option,
                                                                  tuple)
                                                    else self.dropdown.selected_option)
        moved = event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
        if moved and event.ui_element is self.slider and self.choose is not None:
                self.choose.set_text(f"Choose {self._slider_value()}")
        return None

    def _slider_value(self) -> int:
        assert self.slider is not None
        want = self.slider.get_current_value()
        return min(self.numbers, key=lambda n: abs(n - want))

    def button_for(self, label: str) -> UIButton | None:
        for button, lb in self.buttons:
            if lb == label:
                return button
        return None


class DecisionBar:
    """The strip under the map: the prompt and the option buttons."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.options = OptionButtons(theme)
        self.undo: UIButton | None = None
        self.fit: UIButton | None = None
        self.skip: UIButton | None = None  # "Skip to my turn", while bots play
        self._key: object = None
        self._image: tuple[object, pygame.Surface] | None = None

    def rebuild(self, ctx: Ctx, labels: list[str], manager: pygame_gui.UIManager,
                container: object, can_undo: bool, key: object, skip: bool = False) -> None:
        key = (key, skip)
        if key == self._key:
            return
        self.clear()
        self._key = key
        px = self.theme.px
        r = self.rect
        side = px(120)
        self.undo = UIButton(pygame.Rect(r.right - side - px(10), r.y + px(10), side, px(34)),
                             "Undo", manager, container=container,  # type: ignore[arg-type]
                             tool_tip_text="Take back your last pick (Ctrl+Z). Not past a card "
                             "draw, a die roll, a revealed calamity or another player's turn.")
        if not can_undo:
            self.undo.disable()
        self.fit = UIButton(pygame.Rect(r.right - side - px(10), r.y + px(50), side, px(34)),
                            "Fit map", manager, container=container,  # type: ignore[arg-type]
                            tool_tip_text="Show the whole map (F). Wheel or +/- zoom, drag or "
                            "arrow keys pan.")
        area = pygame.Rect(r.x + px(12), r.y + px(52), r.width - side - px(40), px(80))
        if skip:
            self.skip = UIButton(pygame.Rect(area.x, area.y, px(190), px(34)),
                                 "Skip to my turn", manager,
                                 container=container,  # type: ignore[arg-type]
                                 tool_tip_text="Bots play on at full speed, without "
                                 "animations, until a person must decide (Tab: the same, "
                                 "until pressed again).")
        self.options.build(labels, ctx.kind, ctx, area, manager, container)

    def clear(self) -> None:
        self.options.clear()
        for w in (self.undo, self.fit, self.skip):
            if w is not None:
                w.kill()
        self.undo = self.fit = self.skip = None
        self._key = None

    def draw(self, surface: pygame.Surface, ctx: Ctx, prompt: str, decider: str | None,
             hint: str, cause: str = "") -> None:
        key = (prompt, decider, hint, cause, self.rect.size, ctx.names.get(decider or "", ""))
        if self._image is None or self._image[0] != key:
            image = pygame.Surface(self.rect.size)
            self._render(image, ctx, prompt, decider, hint, cause)
            self._image = (key, image)
        surface.blit(self._image[1], self.rect.topleft)

    def _render(self, surface: pygame.Surface, ctx: Ctx, prompt: str, decider: str | None,
                hint: str, cause: str = "") -> None:
        t = self.theme
        px = t.px
        box = surface.get_rect()
        panel(surface, box, t, fill=(26, 23, 18), edge=Palette.panel_edge, radius=0)
        x = px(12)
        y = px(8)
        if decider:
            emblem = load_game_data().civilizations[decider].emblem
            civ_badge(surface, t, decider, emblem, (x + px(12), y + px(13)), px(26))
            name = t.text(ctx.names.get(decider, decider), 16, Palette.gold_light, "bold")
            surface.blit(name, (x + px(30), y + px(2)))
            x += px(40) + name.get_width()
        width = box.right - px(150) - x
        used = text_block(surface, t, readable(prompt, ctx.view.map), (x, y + px(3)), width,
                          size=14, colour=Palette.text, max_lines=1 if cause else 2)
        if cause:  # what brought this decision: the second line under the prompt
            text_block(surface, t, cause, (x, y + px(3) + used), width, size=13,
                       colour=Palette.gold_light, role="italic", max_lines=1)
        if hint:
            img = t.text(hint, 14, Palette.highlight, "italic")
            surface.blit(img, (px(14), box.bottom - img.get_height() - px(8)))

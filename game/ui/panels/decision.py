"""The decision bar: who decides, what is asked, and a button per option that is not picked on
the map (areas light up there instead). Long lists become a drop-down; long number ranges a
slider. The same flow of buttons serves the trade window."""

from __future__ import annotations

from typing import cast

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider

from game.core import load_game_data

from ..draw import civ_badge, panel, shortened, wrap
from ..dropdown import fitted_menu
from ..theme import Palette, Theme
from ..words.asking import QUIET
from ..words.options import option_text
from . import Ctx

MAX_BUTTONS = 14
_ARROW = 20  # pygame-gui's open-arrow button in a drop-down (its theme's open_button_width)
MAX_NUMBER_BUTTONS = 16
_PRIMARY = ("done", "yes")
NAME_ROOM = 120  # unscaled: the most the decider's name takes beside its badge


class OptionButtons:
    """Buttons (or a drop-down, or a slider) for a set of option labels inside a rectangle."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.widgets: list[object] = []
        self.buttons: list[tuple[UIButton, str]] = []
        self.dropdown: UIDropDownMenu | None = None
        self.dropdown_labels: dict[str, str] = {}  # an option's id in the drop-down: its label
        self.dropdown_texts: dict[str, str] = {}  # an option's id: its whole text
        self.choose: UIButton | None = None
        self.slider: UIHorizontalSlider | None = None
        self.numbers: list[int] = []
        self.end = (0, 0)

    def clear(self) -> None:
        for w in self.widgets:
            w.kill()  # type: ignore[attr-defined]
        self.widgets.clear()
        self.buttons.clear()
        self.dropdown = None
        self.choose = None
        self.slider = None

    def rows_needed(self, labels: list[str], kind: str, ctx: Ctx, width: int) -> int:
        """How many rows `labels` take as buttons flowed into `width` pixels."""
        px = self.theme.px
        font = self.theme.font("bold", 15)
        x, rows = 0, 1
        for label in labels:
            w = max(px(64), font.size(option_text(label, kind, ctx.view))[0] + px(28))
            if x + w > width and x > 0:
                x, rows = 0, rows + 1
            x += w + px(8)
        return rows

    def build(self, labels: list[str], kind: str, ctx: Ctx, rect: pygame.Rect,
              manager: pygame_gui.UIManager | None, container: object, rows: int = 0,
              dry: bool = False, keep: tuple[str, ...] = ()) -> tuple[int, int]:
        """`rows`: at most that many rows of buttons (0: as many as they need); options that
        would need more go into the drop-down, but for Done, Yes and those in `keep`, which
        stay buttons after it. Returns where the last row ends; `dry`: only that, no widgets
        made."""
        if not dry:
            self.clear()
            self.end = (rect.x, rect.y)
        if not labels:
            return (rect.x, rect.y)
        px = self.theme.px
        h = px(36)
        gap = px(8)
        numbers = [int(lb.split(":", 1)[1]) for lb in labels if lb.startswith("number:")]
        plain = [lb for lb in labels if not lb.startswith("number:")]
        main = [lb for lb in plain if lb not in _PRIMARY and lb not in keep]
        tail = [lb for lb in plain if lb in keep] + [lb for lb in plain if lb in _PRIMARY]
        x, y = rect.x, rect.y
        font = self.theme.font("bold", 15)

        def add(label: str) -> None:
            nonlocal x, y
            text = option_text(label, kind, ctx.view)
            width = max(px(64), font.size(text)[0] + px(28))
            if x + width > rect.right and x > rect.x:
                x, y = rect.x, y + h + gap
            primary = label in _PRIMARY
            if dry:
                x += width + gap
                return
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
            if not dry:
                self.numbers = sorted(numbers)
                slider = UIHorizontalSlider(pygame.Rect(x, y, px(260), h), self.numbers[0],
                                            (self.numbers[0], self.numbers[-1]), manager,
                                            container=container)  # type: ignore[arg-type]
                self.slider = slider
                self.widgets.append(slider)
                self.choose = UIButton(pygame.Rect(x + px(268), y, px(120), h),
                                       f"Choose {self.numbers[0]}",
                                       manager, container=container,  # type: ignore[arg-type]
                                       object_id=pygame_gui.core.ObjectID(class_id="@option"))
                self.widgets.append(self.choose)
            x += px(268) + px(128)
        else:
            main = [f"number:{n}" for n in numbers] + main
        crowded = rows and self.rows_needed(main + tail, kind, ctx, rect.width) > rows
        if len(main) > MAX_BUTTONS or (crowded and len(main) > 1):
            tails = sum(max(px(64), font.size(option_text(lb, kind, ctx.view))[0] + px(28))
                        + gap for lb in tail)
            alone = rect.right - x - px(118)  # the row after the menu's Choose button

            def need(labels: list[str]) -> int:  # as wide as the longest option
                return max(font.size(option_text(lb, kind, ctx.view))[0]
                           for lb in labels) + px(16) + _ARROW + px(8)

            if rows == 1 and tail and need(main) > alone - tails:
                # one row, and Done or Yes would not fit after a menu wide enough: they go
                # into the menu too (a button wrapped to a row that is not there fell on the
                # hint line, or below the window)
                main, tail, tails = main + tail, [], 0
            # as wide as its longest option (the open list is as wide as the menu), no wider
            # than the row; a longer option is shortened there, whole in Choose's tooltip.
            # With rows to spare, Done and Yes go on the next row when the menu needs this one.
            room = alone if rows != 1 else alone - tails
            wide = max(px(160), min(need(main), room))
            texts = [option_text(lb, kind, ctx.view) for lb in main]
            if not dry:
                fit = wide - px(16) - _ARROW - px(8)
                shown = [(t if font.size(t)[0] <= fit else shortened(font, t, fit),
                          f"#opt_{i}") for i, t in enumerate(texts)]
                self.dropdown_labels = {f"#opt_{i}": lb for i, lb in enumerate(main)}
                self.dropdown_texts = {f"#opt_{i}": t for i, t in enumerate(texts)}
                self.dropdown = fitted_menu(shown, shown[0], pygame.Rect(x, y, wide, h),
                                            manager, container)  # type: ignore[arg-type]
                self.widgets.append(self.dropdown)
                self.choose = UIButton(pygame.Rect(x + wide + gap, y, px(110), h), "Choose",
                                       manager, container=container,  # type: ignore[arg-type]
                                       tool_tip_text=self._whole(shown[0][1]),
                                       object_id=pygame_gui.core.ObjectID(class_id="@option"))
                self.widgets.append(self.choose)
            x += wide + gap + px(118)
        else:
            for lb in main:
                add(lb)
        for lb in tail:
            add(lb)
        if not dry:
            self.end = (x, y)  # where the last row ends: the hint may go on after it
        return (x, y)

    def _tip(self, label: str, kind: str) -> str | None:
        if label.startswith("advance:"):
            adv = load_game_data().advances.get(label.split(":", 1)[1])
            return f"{adv.name}: printed cost {adv.cost}" if adv else None
        if label.startswith(QUIET):
            return ("Your private events are no longer offered as this window opens: the "
                    "client answers Not now for you. Settings turns it back on.")
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
                    return self.dropdown_labels.get(self._picked())
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.dropdown is not None
                and event.ui_element is self.dropdown and self.choose is not None):
            self.choose.set_tooltip(self._whole(self._picked()))
        moved = event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
        if moved and event.ui_element is self.slider and self.choose is not None:
                self.choose.set_text(f"Choose {self._slider_value()}")
        return None

    def _picked(self) -> str:
        """The id of the drop-down's option now chosen."""
        assert self.dropdown is not None
        chosen = self.dropdown.selected_option
        return chosen[1] if isinstance(chosen, tuple) else str(chosen)

    def _whole(self, oid: str) -> str | None:
        """Choose's tooltip: the chosen option's whole text, when the menu shows it short."""
        whole = self.dropdown_texts.get(oid, "")
        label = self.dropdown_labels.get(oid, "")
        pairs = cast(list[tuple[str, str]], self.dropdown.options_list if self.dropdown else [])
        shown = [t for t, o in pairs if o == oid]
        if shown and shown[0] != whole:
            return whole
        return self._tip(label, "") if label else None

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
    """The strip under the map: the prompt and the option buttons, then the hint on the line
    under them (or after the buttons, when it fits there). The prompt takes the lines it needs;
    the buttons the rows left under it (more options than fit become a drop-down)."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.options = OptionButtons(theme)
        self.undo: UIButton | None = None
        self.undo_why = ""  # why Undo is off, for the player to read (set before `rebuild`)
        self._undo_tip = UNDO_TIP
        self.fit: UIButton | None = None
        self.skip: UIButton | None = None  # "Skip to my turn", while bots play
        self._skip_room = 0  # the prompt's width given up to Skip, in the bar's top row
        self._key: object = None
        self._image: tuple[object, pygame.Surface] | None = None
        self._texts: tuple[str, str | None, str, str] = ("", None, "", "")
        self.marks: list[tuple[str, pygame.Rect]] = []  # texts drawn, in window coordinates
        self.cut: list[str] = []  # texts cut short for lack of room
        self._why = pygame.Rect(0, 0, 0, 0)  # the "Why:" line and its "?", in the bar

    # -- where things go ----------------------------------------------------------------------
    def _text_x(self, ctx: Ctx, decider: str | None) -> int:
        px = self.theme.px
        if not decider:
            return px(12)
        lines, size = self.name_lines(ctx, decider)
        font = self.theme.font("bold", size)
        return px(52) + max(font.size(line)[0] for line in lines)

    def name_lines(self, ctx: Ctx, decider: str) -> tuple[list[str], int]:
        """The decider's name as drawn beside the badge, and its size: one line at 16 points
        when it fits NAME_ROOM, else smaller or on two lines, cut only if even that fails (a
        long seat name took the prompt's room: "Why: Event action (rule…", issue 36)."""
        t = self.theme
        name = ctx.names.get(decider, decider)
        room = t.px(NAME_ROOM)
        for size in (16, 15, 14):
            if t.font("bold", size).size(name)[0] <= room:
                return [name], size
        for size in (15, 14, 13):
            font = t.font("bold", size)
            lines = wrap(t, name, room, size, "bold")
            if len(lines) <= 2 and all(font.size(line)[0] <= room for line in lines):
                return lines, size
        font = t.font("bold", 13)
        lines = wrap(t, name, room, 13, "bold")[:2]
        lines[-1] = _cut(font, lines[-1], room)
        return [line if font.size(line)[0] <= room else _cut(font, line, room)
                for line in lines], 13

    def _text_width(self, x: int) -> int:
        return self.rect.width - self.theme.px(150) - self._skip_room - x

    def _skip_rect(self) -> pygame.Rect:
        """Skip's place: the top row, left of Undo, where no option button ever goes (the
        options start under the prompt): a double click on End movement, whose second click
        lands after the bots have begun, cannot hit it (issue 36, defect 12b)."""
        px = self.theme.px
        r = self.rect
        return pygame.Rect(r.right - px(130) - px(196), r.y + px(10), px(190), px(34))

    def _hint_height(self) -> int:
        return self.theme.font("italic", 14).get_linesize()

    def _prompt_lines(self, ctx: Ctx, prompt: str, decider: str | None,
                      cause: str) -> tuple[list[str], list[str]]:
        x = self._text_x(ctx, decider)
        width = self._text_width(x)
        lines = wrap(self.theme, prompt, width, 14) if prompt else []
        causes = wrap(self.theme, cause, width - self.theme.px(WHY_ROOM), 13, "italic") \
            if cause else []
        return lines, causes

    def _options_area(self, ctx: Ctx, texts: tuple[str, str | None, str, str],
                      max_prompt: int, hint_line: bool = True) -> pygame.Rect:
        """The room for the buttons: under the prompt (at most `max_prompt` lines of it),
        above the hint line if it has one."""
        px = self.theme.px
        prompt, decider, _, cause = texts
        lines, causes = self._prompt_lines(ctx, prompt, decider, cause)
        step = self.theme.font("regular", 14).get_linesize()
        cause_step = self.theme.font("italic", 13).get_linesize()
        used = px(11) + min(len(lines), max_prompt) * step + min(len(causes), 1) * cause_step
        top = max(px(52), used + px(6))
        bottom = self.rect.height - px(10) - (self._hint_height() if hint_line else 0)
        r = self.rect
        return pygame.Rect(r.x + px(12), r.y + top, r.width - px(160), max(0, bottom - top))

    # -- widgets ------------------------------------------------------------------------------
    def rebuild(self, ctx: Ctx, labels: list[str], manager: pygame_gui.UIManager,
                container: object, can_undo: bool, key: object, skip: bool = False,
                texts: tuple[str, str | None, str, str] = ("", None, "", "")) -> None:
        """`texts`: (prompt, decider, hint, cause), what `draw` will show."""
        px = self.theme.px
        h, gap = px(36), px(8)
        self._skip_room = px(200) if skip else 0
        lines, _ = self._prompt_lines(ctx, texts[0], texts[1], texts[3])
        hint = texts[2]
        hint_w = self.theme.font("italic", 14).size(hint)[0] + px(12) if hint else 0

        def one_row(area: pygame.Rect) -> bool:  # the buttons and the hint after them
            rows = max(1, (area.height + gap) // (h + gap))
            x, y = self.options.build(labels, ctx.kind, ctx, area, None, None, rows, dry=True)
            return y == area.y and x + hint_w <= area.right

        side_fits = bool(hint) and hint_w <= px(140) and (
            self.rect.height >= px(96) + self._hint_height())  # under "Fit map"
        keep = len(lines)
        while True:  # the whole prompt if a row of buttons fits under it, else lines go
            area = self._options_area(ctx, texts, keep, bool(hint))
            if not labels or area.height >= h or keep <= 1:
                break
            bare = self._options_area(ctx, texts, keep, False)
            if bare.height >= h and (not hint or side_fits or one_row(bare)):
                area = bare
                break
            keep -= 1
        self._texts = texts
        self._keep = keep
        self._hint_side = side_fits
        key = (key, skip, tuple(area))
        if key == self._key:
            return
        self._key = key
        self._keep_chrome(manager, container, can_undo, self._skip_rect() if skip else None)
        rows = max(1, (area.height + gap) // (h + gap))
        self.options.build(labels, ctx.kind, ctx, area, manager, container, rows)

    def _keep_chrome(self, manager: pygame_gui.UIManager, container: object, can_undo: bool,
                     skip: pygame.Rect | None) -> None:
        """Undo, Fit map and Skip outlive a new decision, moved if they must: a click on one
        is handled the frame after it, and a state arriving in between (a bot's move, the
        server's answer) must not lose it with the button it was made on."""
        px = self.theme.px
        r, side = self.rect, px(120)
        self.undo = _placed(self.undo, pygame.Rect(r.right - side - px(10), r.y + px(10), side,
                                                   px(34)), "Undo", manager, container,
                            UNDO_TIP)
        tip = UNDO_TIP if can_undo or not self.undo_why else f"{self.undo_why} {UNDO_TIP}"
        if tip != self._undo_tip:
            self.undo.set_tooltip(tip)
            self._undo_tip = tip
        self.fit = _placed(self.fit, pygame.Rect(r.right - side - px(10), r.y + px(50), side,
                                                 px(34)), "Fit map", manager, container,
                           "Show the whole map (F). Wheel or +/- zoom, drag or arrow keys pan.")
        if skip is not None:
            self.skip = _placed(self.skip, skip, "Skip to my turn", manager, container,
                                "Bots play on at full speed, without animations, until a "
                                "person must decide (Tab: the same, until pressed again).")
        elif self.skip is not None:
            self.skip.kill()
            self.skip = None
        if can_undo:
            self.undo.enable()
        else:
            self.undo.disable()

    def clear(self) -> None:
        self.options.clear()
        for w in (self.undo, self.fit, self.skip):
            if w is not None:
                w.kill()
        self.undo = self.fit = self.skip = None
        self._undo_tip = UNDO_TIP
        self._key = None

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: Ctx, prompt: str, decider: str | None,
             hint: str, cause: str = "") -> None:
        keep = getattr(self, "_keep", 2) if self._texts == (prompt, decider, hint, cause) else 2
        key = (prompt, decider, hint, cause, self.rect.size, ctx.names.get(decider or "", ""),
               keep, self.options.end, self._skip_room)
        if self._image is None or self._image[0] != key:
            image = pygame.Surface(self.rect.size)
            self.marks, self.cut, self._why = [], [], pygame.Rect(0, 0, 0, 0)
            self._render(image, ctx, prompt, decider, hint, cause, keep)
            self._image = (key, image)
        surface.blit(self._image[1], self.rect.topleft)

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        return list(self.marks)

    def _why_mark(self, surface: pygame.Surface, line: pygame.Rect) -> pygame.Rect:
        """A "?" after the "Why:" line: the line and it open How to play at its page."""
        px = self.theme.px
        r = px(8)
        centre = (line.right + px(6) + r, line.centery)
        pygame.draw.circle(surface, Palette.gold_light, centre, r, max(1, px(1)))
        mark = self.theme.text("?", 12, Palette.gold_light, "bold")
        surface.blit(mark, mark.get_rect(center=centre))
        chip = pygame.Rect(0, 0, 2 * r, 2 * r)
        chip.center = centre
        self.marks.append(("?", chip.move(self.rect.topleft)))
        return line.union(chip)

    def why_at(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` (window coordinates) is on the "Why:" line or its "?"."""
        return self._image is not None and self._why.width > 0 and \
            self._why.move(self.rect.topleft).collidepoint(pos)

    def layout_problems(self) -> list[str]:
        return [f"decision bar: {what} cut short for lack of room" for what in self.cut]

    def _line(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour: tuple[int, int, int], role: str = "regular") -> pygame.Surface:
        img = self.theme.text(text, size, colour, role)
        surface.blit(img, pos)
        self.marks.append((text, img.get_rect(topleft=pos).move(self.rect.topleft)))
        return img

    def _render(self, surface: pygame.Surface, ctx: Ctx, prompt: str, decider: str | None,
                hint: str, cause: str = "", keep: int = 2) -> None:
        t = self.theme
        px = t.px
        box = surface.get_rect()
        panel(surface, box, t, fill=(26, 23, 18), edge=Palette.panel_edge, radius=0)
        y = px(8)
        if decider:
            emblem = load_game_data().civilizations[decider].emblem
            civ_badge(surface, t, decider, emblem, (px(24), y + px(13)), px(26))
            names, size = self.name_lines(ctx, decider)
            step = t.font("bold", size).get_linesize()
            top = y + px(2) + (t.font("bold", 16).get_linesize() - step) // 2
            for k, line in enumerate(names):
                self._line(surface, line, (px(42), top + k * step), size, Palette.gold_light,
                           "bold")
        x = self._text_x(ctx, decider)
        width = self._text_width(x)
        lines, causes = self._prompt_lines(ctx, prompt, decider, cause)
        if len(lines) > keep:
            self.cut.append(f"the prompt ({len(lines)} lines, room for {keep})")
            lines = lines[:keep]
            lines[-1] = _ellipsis(t, lines[-1], width, 14, "regular")
        y += px(3)
        for line in lines:
            y += self._line(surface, line, (x, y), 14, Palette.text).get_height()
        if causes:  # what brought this decision: the line under the prompt
            text = causes[0] if len(causes) == 1 else _ellipsis(
                t, causes[0], width - px(WHY_ROOM), 13, "italic")
            shown = self._line(surface, text, (x, y), 13, Palette.gold_light, "italic")
            self._why = self._why_mark(surface, shown.get_rect(topleft=(x, y)))
        if hint:
            ex, ey = self.options.end
            ex, ey = ex - self.rect.x, ey - self.rect.y
            h = px(36)
            room = box.width - px(150) - ex
            font = t.font("italic", 14)
            if ex > px(12) and font.size(hint)[0] <= room:  # after the last row of buttons
                pos = (ex + px(4), ey + (h - font.get_linesize()) // 2)
            elif getattr(self, "_hint_side", False):  # under the Undo and Fit buttons
                room = px(140)
                pos = (box.right - px(130), px(92))
            else:  # a line of its own, under everything
                pos = (px(14), box.bottom - self._hint_height() - px(6))
                room = box.width - px(150) - px(14)
            text = hint if font.size(hint)[0] <= room else _ellipsis(t, hint, room, 14,
                                                                       "italic")
            self._line(surface, text, pos, 14, Palette.highlight, "italic")


WHY_ROOM = 26  # after the "Why:" line: its "?" (a link to How to play)
WHY_TIP = "How to play: {page}. Click the line or its ? to read it."

UNDO_TIP = ("Take back your last pick (Ctrl+Z). Not past a card drawn, a die rolled, a card or "
            "calamity revealed, or another player's move.")


def _placed(button: UIButton | None, rect: pygame.Rect, text: str,
            manager: pygame_gui.UIManager, container: object, tip: str) -> UIButton:
    """`button` moved to `rect`, or made there if there is none yet."""
    if button is None:
        return UIButton(rect, text, manager, container=container,  # type: ignore[arg-type]
                        tool_tip_text=tip)
    if button.relative_rect != rect:
        button.set_relative_position(rect.topleft)
        button.set_dimensions(rect.size)
    return button


def _cut(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` cut, letter by letter, so that it and "…" fit in `width` pixels."""
    while len(text) > 1 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _ellipsis(theme: Theme, text: str, width: int, size: int, role: str) -> str:
    """`text` cut at a word so that it and "…" fit in `width` pixels."""
    font = theme.font(role, size)
    words = text.split()
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    return " ".join(words).rstrip(".,;:— ") + "…"

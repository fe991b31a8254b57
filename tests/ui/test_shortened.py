"""A line too long for its panel ends in "…" at a word, never a letter cut in half by the edge
(the You tab's "Recently" showed "Age I events laid out: Caravan, Caravan, Windfall and 3 cards
face d" at 1366x768)."""

from __future__ import annotations

import pygame

from game.ui.draw import shortened


def test_a_long_line_is_cut_at_a_word_with_an_ellipsis() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    line = "Age I events laid out: Caravan, Caravan, Windfall and 3 cards face down"
    width = font.size(line)[0] - 10
    cut = shortened(font, line, width)
    assert cut.endswith("…") and font.size(cut)[0] <= width
    assert line.startswith(cut[:-1])
    assert line[len(cut) - 1] == " " or cut[-2] == ","  # at a word's end

"""Words for players: decision prompts and place names (prompts), the options of a decision
(options), log lines (log), why a decision is asked (cause), turn and game summaries (summary),
the rules screen's phase briefs (rules), event cards' words (events) and which event questions
the table is asked (asking).

May import: the root's theme, game.core and game.persist (settings). Never anything that
draws a card or a map, the seat, animations, panels or scenes.
"""

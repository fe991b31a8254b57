"""The self-test and what it uses: `python -m game selftest` (selftest), the layout checker
(layout), calamity and event showcases staged on a real game screen (showcase, eventshow).

May import anything in game.ui, the app included: nothing in the client imports it back.
"""

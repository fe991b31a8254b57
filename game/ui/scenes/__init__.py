"""The client's screens: main menu, new game, load, settings, rules, the game, final scores."""

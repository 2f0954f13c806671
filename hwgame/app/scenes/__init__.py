"""The screens of the game: title, new game, setup, play, menus, review, rules, settings, load."""

"""The building blocks of screens: what a screen is made of, apart from the screens themselves.

``base`` holds the kinds of scene a screen derives from (a scene with buttons, a form with a text
field) and the helpers every screen shares (reading a save, a click on a drawn row); ``dialogs`` the
confirmations, messages and menus of choices pushed over a screen; ``card`` the tutorial's card, an
overlay over a play screen for a lesson or a puzzle; ``asked_turn`` the card that asks one turn on a board
and judges it by the verdict (the retry and the strategy lessons). Screens (``hwgame.app.scenes``) import the kit and
never each other; the kit imports no screen, and opens one only by name through the app.
"""

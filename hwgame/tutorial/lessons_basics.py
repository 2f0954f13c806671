"""Tier 1, first steps: the pieces and the bank, reading a position, a good homeworld, connections.

You play Sol (seat 0, drawn at the bottom) against Vega, except in "A good homeworld" where Vega sets
up first and you take the second seat. The first player to set up also takes the first turn.
"""

from __future__ import annotations

from hwgame.i18n import N_
from hwgame.rules import GREEN

from .board import B1, B2, B3, G1, G3, R3, Y1, Y3, board_dict
from .goals import ME, NEW, HasShip, HomeSetUp, More, NoShip
from .lesson import Lesson, Mistake, Step, hl_bank, hl_ship, hl_star, hl_system

PIECES_AND_BANK = Lesson(
    id="pieces-and-bank",
    title=N_("The pieces and the bank"),
    tier=1,
    intro=(
        N_(
            "Homeworlds is played with 36 pyramids: four colours (red, yellow, green, blue), three sizes "
            "(small, medium, large) and three copies of each. A pyramid standing up is a star; a pyramid "
            "lying down is a ship, pointing away from its owner. Every piece that is not on the table waits "
            "in the bank, and every piece you use comes from there."
        )
    ),
    board=board_dict("", stage=0),
    steps=(
        Step(
            instruction=(
                N_(
                    "At the start the whole set is in the bank. You set up first: take two stars for your "
                    "homeworld and one ship to sit there. Then Vega sets up, and you take the first turn. "
                    "Pick any two stars and a ship."
                )
            ),
            goal=HomeSetUp(),
            goal_text=N_("Set up your homeworld: two stars and one ship"),
            hints=(
                N_("Choose two bank pieces as stars, then a third as your ship."),
                N_(
                    "Any three pieces are allowed. Most players take a large ship and two stars of different "
                    "sizes and colours, for example a small yellow and a medium blue star with a large green "
                    "ship."
                ),
            ),
            solution=("homeworld y1 b2 g3",),
            highlights=(hl_bank(Y1), hl_bank(B2), hl_bank(G3)),
            illegal="homeworld b2 - g3",
            advice=(("homeworld-two-stars", N_("A homeworld always starts with two stars.")),),
            reply=("homeworld r1 y2 b3", "homeworld g1 r2 y3", "homeworld b1 g2 r3"),
            reply_note=N_(
                "A homeworld is named after its owner: in these lessons you play Sol, so yours is called Sol, "
                "and Vega's is Vega."
            ),
            done=N_("Your homeworld is on the map, and three pieces left the bank."),
        ),
        Step(
            instruction=(
                N_(
                    "The lesson goes on from a prepared board, the same for everyone: your homeworld Sol now "
                    "has a small yellow and a medium blue star and one ship of yours, a large green (pieces "
                    "you picked otherwise are back in the bank). Ships come from the bank too: your green "
                    "ship can build, taking a green piece from the bank as a new ship beside it. Build a "
                    "second ship at Sol."
                )
            ),
            goal=HasShip("Sol", count=2),
            goal_text=N_("Have two ships at Sol"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | g3 |
                Vega@1: r1 y2 |    | b3
                """
            ),
            hints=(
                N_("Your large green ship gives you the green power at Sol: build."),
                N_("Drag a green piece from the bank onto Sol."),
            ),
            solution=("build g1 Sol",),
            highlights=(hl_ship("Sol", G3, 0), hl_bank(G1)),
            illegal="build y1 Sol",
            advice=(
                ("build-needs-own-colour", N_("Your only ship at Sol is green, so green is the colour you can build.")),
            ),
            wrong="trade g3 r3 Sol",
            mistakes=(
                Mistake(
                    NoShip("Sol", owner=ME, color=GREEN),
                    N_("A trade swaps one of your ships for another; it never adds one. Build instead."),
                    after="trade",
                ),
                Mistake(
                    NoShip("Sol", owner=ME),
                    N_(
                        "You sacrificed your only ship at Sol: with no ship of yours left there, there is no "
                        "colour to build. Keep the green ship and let it build."
                    ),
                    after="sacrifice",
                ),
            ),
            missed=N_("This step asks for a second ship at Sol: drag a green piece from the bank onto Sol."),
            done=(
                N_(
                    "The bank gave you its smallest green, a small one. When a piece leaves the board it goes "
                    "back to the bank, ready to be used again."
                )
            ),
        ),
    ),
    outro=N_("You know the pieces: colours, sizes, stars, ships, and the bank they come from."),
)

READING = Lesson(
    id="reading-a-position",
    title=N_("Reading a position"),
    tier=1,
    intro=(
        N_(
            "A system is one or two stars with ships around them. A ship points away from its owner: "
            "yours sit below the stars and point up, Vega's sit above and point down. Your homeworld, Sol, "
            "is at the bottom of the map and Vega's at the top; the systems between were discovered in play."
        )
    ),
    board=board_dict(
        """
        Sol@0:  g1 b3 | g3 |
        Vega@1: y1 r2 |    | g3 b2
        Beta:   r2    | y1 | y1
        Gamma:  b3    |    | g2
        """
    ),
    steps=(
        Step(
            instruction=(
                N_("Look at Beta: two small yellow ships are there, one yours and one Vega's. Bring yours home to Sol.")
            ),
            goal=HasShip("Sol", piece=Y1),
            goal_text=N_("Have your small yellow ship at Sol"),
            hints=(
                N_("Your small yellow at Beta is the one below the star, pointing up."),
                N_("Drag your small yellow from Beta onto Sol."),
            ),
            solution=("move y1 Beta Sol",),
            highlights=(hl_ship("Beta", Y1, 0), hl_system("Sol")),
            illegal="move y1 Beta Vega",
            advice=(("not-connected", N_("Vega is your rival's homeworld, at the top. Sol is yours, at the bottom.")),),
            wrong="move y1 Beta Gamma",
            missed=N_("Your homeworld is Sol, at the bottom of the map."),
            reply=("move g3 Vega Gamma",),
            reply_note=N_("A ship points away from its owner wherever it goes: that large green at Gamma is Vega's."),
            done=N_("Home again. Ships belong to whoever they point away from, wherever they are."),
        ),
        Step(
            instruction=(
                N_(
                    "Stars stand in the middle of each system. Only one system has a green star, and green "
                    "builds. A build makes a new ship of a colour you already have a ship of in that system. "
                    "Find the green star and build a ship there."
                )
            ),
            goal=More("Sol"),
            goal_text=N_("Build a ship at the system with a green star"),
            hints=(
                N_("Sol's stars are a small green and a large blue. Your ships there are green and yellow."),
                N_("Drag a green piece from the bank onto Sol."),
            ),
            solution=("build g1 Sol",),
            highlights=(hl_star("Sol", G1), hl_ship("Sol", G3, 0), hl_ship("Sol", Y1, 0)),
            illegal="build b1 Sol",
            advice=(
                (
                    "build-needs-own-colour",
                    N_("You have no blue ship at Sol. Build green or yellow, like your ships there."),
                ),
                ("no-power-here", N_("That system has no green. Look for the system with a green star in its middle.")),
            ),
            wrong="move y1 Sol Beta",
            missed=N_("A green star is needed for this build: which system has one?"),
            done=N_("Right: Sol's green star gives the power, and your ship there gives the colour."),
        ),
    ),
    outro=N_("Stars in the middle, your ships below them pointing up, Vega's above: you can read a map."),
)

GOOD_HOMEWORLD = Lesson(
    id="good-homeworld",
    title=N_("A good homeworld"),
    tier=1,
    intro=(
        N_(
            "Any two stars and any ship make a legal homeworld, but some choices make the game hard from "
            "the start. Here Vega has set up first; now you set up. After that, Vega takes the first turn."
        )
    ),
    board=board_dict(
        """
        Vega@0: y1 b2 | g3 |
        """,
        to_move=1,
        players=("Vega", "Sol"),
        stage=1,
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Set up a sound homeworld. Good habits: a large ship; two stars of different sizes; three "
                    "different colours among your three pieces; green or blue somewhere, so you can build or "
                    "trade at home; and share one star size with Vega's home (small yellow, medium blue), so "
                    "the two homes are not directly connected."
                )
            ),
            goal=HomeSetUp(good=True),
            goal_text=N_("Set up a homeworld without the usual mistakes"),
            hints=(
                N_(
                    "Vega's stars are small and medium. Share one of those sizes, and take the other size "
                    "from the size Vega does not have."
                ),
                N_("For example: a small blue star and a large red star, with a large green ship."),
            ),
            solution=("homeworld b1 r3 g3",),
            highlights=(hl_star("Vega", Y1), hl_star("Vega", B2)),
            illegal="homeworld g1 - y3",
            advice=(("homeworld-two-stars", N_("Pick a second star of another size and colour.")),),
            wrong="homeworld r3 g3 y3",
            missed=N_("Check the list of good habits in the instructions."),
            reply=("build g1 Vega", "trade g3 r3 Vega"),
            reply_note=N_("Vega set up first, so Vega also takes the first turn."),
            done=(
                N_(
                    "A sound start: a large ship, two star sizes, three colours, a way to build or trade, "
                    "and no direct road between the two homes."
                )
            ),
        ),
    ),
    outro=N_("You will set up like this in every game. The setup screen warns you about the usual mistakes."),
)

CONNECTIONS = Lesson(
    id="connections-and-discovery",
    title=N_("Connections and discovery"),
    tier=1,
    intro=(
        N_(
            "There is no board: the systems on the table are the map. Two systems are connected when they "
            "share no star size. A homeworld counts both of its star sizes."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 b2 | g3 y2 g1 |
        Vega@1: r1 g3 |          | b3
        Alpha:  r3    |          | g1
        Beta:   b1    |          | y1
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Sol's stars are small and medium. Alpha's star is large, so Sol and Alpha share no size: "
                    "they are connected. Beta's star is small, like one of Sol's: no way through. Move one of "
                    "your ships from Sol to Alpha."
                )
            ),
            goal=HasShip("Alpha"),
            goal_text=N_("Have a ship at Alpha"),
            hints=(
                N_("Sol's yellow star gives you the move power there."),
                N_("Drag your medium yellow (or your large green) from Sol onto Alpha."),
            ),
            solution=("move y2 Sol Alpha",),
            highlights=(hl_star("Sol", Y1), hl_star("Sol", B2), hl_star("Alpha", R3), hl_star("Beta", B1)),
            illegal="move y2 Sol Beta",
            advice=(("not-connected", N_("Compare star sizes: Beta's small star matches Sol's small star.")),),
            wrong="discover y2 Sol y3 Gamma",
            mistakes=(
                Mistake(
                    HasShip(NEW),
                    N_("You discovered a brand-new system. That comes next; for now, go to Alpha."),
                    after="discover",
                ),
            ),
            reply=("build b1 Vega",),
            reply_note=N_("Vega's homeworld has a green star, so Vega can build there."),
            done=N_("Connected systems share no star size, so ships can travel between them."),
        ),
        Step(
            instruction=(
                N_(
                    "Ships can also discover a new system: drag one of your ships into the empty space of the "
                    "map, then choose a bank piece as the new star. The new star must not share a size with "
                    "the stars of the system you leave. From Sol (small and medium stars) that means a large "
                    "star. Discover a new system."
                )
            ),
            goal=HasShip(NEW),
            goal_text=N_("Have a ship at a newly discovered system"),
            hints=(
                N_("Drag a ship of yours from Sol into the empty space of the map, then choose the new star."),
                N_("From Sol, pick a large piece as the new star, for example a large yellow."),
            ),
            solution=("discover g3 Sol y3 Gamma",),
            highlights=(hl_bank(Y3), hl_bank(B3), hl_system("Sol")),
            illegal="discover g3 Sol b1 Delta",
            advice=(("star-shares-size", N_("Only a size Sol does not have will do: large.")),),
            wrong="move g3 Sol Alpha",
            missed=N_("Alpha is already on the map. Drag the ship into empty space to discover a new system."),
            done=N_("A new system joins the map, connected to the one you came from."),
        ),
    ),
    outro=N_("Connections come from star sizes. Discovery grows the map one star at a time."),
)

BASICS = (PIECES_AND_BANK, READING, GOOD_HOMEWORLD, CONNECTIONS)

__all__ = ["BASICS", "CONNECTIONS", "GOOD_HOMEWORLD", "PIECES_AND_BANK", "READING"]

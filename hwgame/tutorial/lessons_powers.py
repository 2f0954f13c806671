"""Tier 2, the four powers: build, trade, move, capture, where powers come from, and sacrifice.

The last two lessons of the tier, on where powers come from and on sacrifice, are in ``lessons_sources``.
"""

from __future__ import annotations

from hwgame.i18n import N_
from hwgame.rules import BLUE, GREEN, YELLOW

from .board import B1, B2, B3, G1, G2, G3, R1, R3, Y1, Y2, board_dict
from .goals import ME, HasShip, More, NoShip
from .lesson import Lesson, Mistake, Step, hl_bank, hl_ship, hl_star, hl_system
from .lessons_sources import ACCESS, SACRIFICE

BUILD = Lesson(
    id="build",
    title=N_("Build and the bank's smallest piece"),
    tier=2,
    intro=(
        N_(
            "Green builds. Choose a colour of which you already have a ship in the system, and the bank "
            "hands you the smallest piece of that colour it still holds, as a new ship beside it."
        )
    ),
    board=board_dict(
        """
        Sol@0:  g1 b2 | g3 |
        Vega@1: r2 y3 |    | g1 b3
        Alpha:  g2    | y1 | g1
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "All three small greens are on the board: Sol's star and two of Vega's ships. Build a "
                    "green ship at Sol and see what the bank gives you."
                )
            ),
            goal=HasShip("Sol", piece=G2),
            goal_text=N_("Have a medium green ship at Sol"),
            hints=(
                N_("The small green cell of the bank is empty, so the smallest green left is a medium one."),
                N_("Drag a green piece from the bank onto Sol."),
            ),
            solution=("build g2 Sol",),
            highlights=(hl_bank(G1), hl_bank(G2), hl_star("Sol", G1)),
            illegal="build g1 Sol",
            advice=(("build-not-smallest", N_("The bank has no small green left: look at its green column.")),),
            wrong="build y1 Alpha",
            mistakes=(
                Mistake(
                    More("Alpha"), N_("You built at Alpha. This step asks for a green ship at Sol."), after="build"
                ),
                Mistake(
                    NoShip("Sol", owner=ME, color=GREEN),
                    N_("You traded your green ship away: a trade swaps a ship for another and never adds one."),
                    after="trade",
                ),
            ),
            missed=N_("This step asks for a new green ship at Sol: drag a green piece from the bank onto Sol."),
            reply=("build g2 Alpha",),
            reply_note=(
                N_(
                    "Vega took the last medium green: the next green anyone builds will be large. Watching the "
                    "bank is part of the game."
                )
            ),
            done=N_("A build's size comes from the bank, not from you."),
        ),
        Step(
            instruction=(
                N_(
                    "You can only build a colour you already have in that system. At Alpha you own a small "
                    "yellow, and Alpha's green star gives you the build power. Build a second yellow ship there."
                )
            ),
            goal=HasShip("Alpha", color=YELLOW, count=2),
            goal_text=N_("Have two yellow ships at Alpha"),
            hints=(
                N_("Your ship at Alpha is yellow, so yellow is the colour you can build there."),
                N_("Drag a yellow piece from the bank onto Alpha."),
            ),
            solution=("build y1 Alpha",),
            highlights=(hl_ship("Alpha", Y1, 0), hl_star("Alpha", G2)),
            illegal="build g3 Alpha",
            advice=(
                ("build-needs-own-colour", N_("Alpha's star is green, but a star's colour is not yours to build.")),
            ),
            wrong="build g3 Sol; endturn",
            mistakes=(
                Mistake(
                    More("Sol"), N_("You built at Sol. This step asks for a second yellow ship at Alpha."),
                    after="build",
                ),
                Mistake(
                    HasShip("Sol", color=YELLOW),
                    N_("A trade changes a ship's colour but adds no ship. Build a yellow at Alpha."),
                    after="trade",
                ),
            ),
            missed=N_("This step asks for a build at Alpha: drag a yellow piece from the bank onto Alpha."),
            done=N_("Green star, yellow ship: you built yellow. The power and the colour come from different pieces."),
        ),
    ),
    outro=N_("Build adds ships: the colour of one of yours, the smallest size the bank holds."),
)

TRADE = Lesson(
    id="trade",
    title=N_("Trade"),
    tier=2,
    intro=(
        N_(
            "Blue trades. One of your ships goes back to the bank and a bank piece of the same size and "
            "another colour takes its place. The ship stays where it is and stays yours."
        )
    ),
    board=board_dict(
        """
        Sol@0:  b1 y2 | r3 |
        Vega@1: g3 r1 |    | y3
        Alpha:  r2    | b1 |
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Your only ship at Sol is a large red: it cannot build. Sol has a blue star, so you can "
                    "trade. Trade your red for a green ship of the same size."
                )
            ),
            goal=HasShip("Sol", color=GREEN),
            goal_text=N_("Have a green ship at Sol"),
            hints=(
                N_("A trade keeps the size: your large red can only become another large piece."),
                N_("Drag a large green from the bank onto your large red at Sol."),
            ),
            solution=("trade r3 g3 Sol",),
            highlights=(hl_ship("Sol", R3, 0), hl_star("Sol", B1), hl_bank(G3)),
            illegal="trade r3 g2 Sol",
            advice=(("trade-needs-same-size", N_("Your ship is large, so pick a large piece.")),),
            wrong="trade r3 b3 Sol",
            mistakes=(
                Mistake(
                    HasShip("Sol", color=BLUE),
                    N_("A large blue gives you the trade power again, but still no way to build: green builds."),
                    after="trade",
                ),
            ),
            reply=("build y1 Vega",),
            reply_note=N_("Vega built at home, using its green star."),
            done=N_("Same size, new colour, same place: that is a trade."),
        ),
        Step(
            instruction=(
                N_(
                    "Alpha has no blue star, but your small blue ship is there, and a ship of your own gives "
                    "you its colour's power. Trade that blue ship for a small yellow."
                )
            ),
            goal=HasShip("Alpha", color=YELLOW),
            goal_text=N_("Have a yellow ship at Alpha"),
            hints=(
                N_("Your small blue ship can trade itself."),
                N_("Drag a small yellow from the bank onto your small blue at Alpha."),
            ),
            solution=("trade b1 y1 Alpha",),
            highlights=(hl_ship("Alpha", B1, 0), hl_bank(Y1)),
            illegal="trade b1 y2 Alpha",
            advice=(("trade-needs-same-size", N_("Your blue ship at Alpha is small.")),),
            wrong="trade b1 g1 Alpha",
            done=N_("Now that ship is yellow: wherever it goes, it gives you the move power."),
        ),
    ),
    outro=N_("Trade changes what your fleet can do, without changing its sizes."),
)

MOVE = Lesson(
    id="move",
    title=N_("Move"),
    tier=2,
    intro=(
        N_(
            "Yellow moves. One of your ships travels to a connected system. The yellow must be where the "
            "ship starts, as a star or as a ship of yours; what is at the destination does not matter."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 b2 | g3 y2 r1 |
        Vega@1: g2 r3 |          | b3
        Alpha:  b3    |          | b1
        Beta:   b1    |          | r2
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Sol's yellow star lets any of your ships there travel. Send your large green to Alpha, "
                    "the system with a large blue star."
                )
            ),
            goal=HasShip("Alpha", piece=G3),
            goal_text=N_("Have your large green at Alpha"),
            hints=(
                N_("Sol has small and medium stars and Alpha a large one: they are connected."),
                N_("Drag your large green from Sol onto Alpha."),
            ),
            solution=("move g3 Sol Alpha",),
            highlights=(hl_ship("Sol", G3, 0), hl_star("Sol", Y1), hl_system("Alpha")),
            illegal="move g3 Sol Beta",
            advice=(("not-connected", N_("Beta's star is small, like Sol's small yellow.")),),
            wrong="move r1 Sol Alpha",
            mistakes=(
                Mistake(
                    HasShip("Alpha", piece=R1),
                    N_(
                        "You moved your small red. Any of your ships at Sol can use the yellow star; the "
                        "goal is to send the large green."
                    ),
                    after="move",
                ),
            ),
            reply=("build b1 Vega",),
            reply_note=N_("Vega built a ship at home."),
            done=N_("Your large green is at Alpha."),
        ),
        Step(
            instruction=(
                N_(
                    "Alpha has no yellow, so your green is stuck there for now. Send your medium yellow to "
                    "Alpha as well: a yellow ship of your own brings the move power with it."
                )
            ),
            goal=HasShip("Alpha", color=YELLOW),
            goal_text=N_("Have a yellow ship at Alpha"),
            hints=(
                N_("Try moving the green on from Alpha first, and read why it is refused."),
                N_("Drag your medium yellow from Sol onto Alpha."),
            ),
            solution=("move y2 Sol Alpha",),
            highlights=(hl_ship("Sol", Y2, 0), hl_star("Alpha", B3)),
            illegal="move g3 Alpha Beta",
            advice=(
                ("no-power-here", N_("Alpha's star is blue and your green is not yellow: no move from Alpha yet.")),
            ),
            wrong="move r1 Sol Alpha",
            reply=("build b2 Vega", "build b1 Vega"),
            reply_note=N_("Vega built again."),
            done=N_("Two ships at Alpha, and one of them is yellow."),
        ),
        Step(
            instruction=(
                N_(
                    "Your yellow ship gives you the move power at Alpha. Alpha's star is large and Beta's "
                    "small: they are connected. Move your large green on to Beta."
                )
            ),
            goal=HasShip("Beta", piece=G3),
            goal_text=N_("Have your large green at Beta"),
            hints=(
                N_("The yellow ship stays behind; it only lends its power."),
                N_("Drag your large green from Alpha onto Beta."),
            ),
            solution=("move g3 Alpha Beta",),
            highlights=(hl_ship("Alpha", G3, 0), hl_ship("Alpha", Y2, 0), hl_system("Beta")),
            illegal="move g3 Alpha Vega",
            advice=(("not-connected", N_("Vega has a large star, like Alpha.")),),
            wrong="move y2 Alpha Beta",
            missed=N_("The yellow ship lends its power; it is the green that should travel."),
            done=N_("The green travelled on thanks to a yellow ship beside it."),
        ),
    ),
    outro=N_("Move needs yellow where the ship starts: a yellow star, or a yellow ship of yours."),
)

CAPTURE = Lesson(
    id="capture",
    title=N_("Capture and the largest ship"),
    tier=2,
    intro=(
        N_(
            "Red captures. An enemy ship in the same system becomes yours, keeping its size and colour. "
            "The red can come from a star or from any of your ships there, but the size limit comes from "
            "your largest ship in that system: it must be at least as big as the target."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 g2 | g3    |
        Vega@1: r1 y3 |       | b2
        Beta:   b1    | r1 y2 | g2 b3
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "At Beta you have a small red and a medium yellow; Vega has a medium green and a large "
                    "blue. Your small red gives you the power, your medium yellow gives you the size. "
                    "Capture Vega's medium green."
                )
            ),
            goal=HasShip("Beta", piece=G2),
            goal_text=N_("Own the medium green ship at Beta"),
            hints=(
                N_("The acting piece does not need to be big: your largest ship in the system does."),
                N_("Drag your small red at Beta onto Vega's medium green there."),
            ),
            solution=("attack g2 Beta",),
            highlights=(hl_ship("Beta", R1, 0), hl_ship("Beta", Y2, 0), hl_ship("Beta", G2, 1)),
            illegal="attack b3 Beta",
            advice=(("capture-too-small", N_("Your largest ship at Beta is medium; Vega's blue is large.")),),
            wrong="trade r1 y1 Beta",
            missed=N_("Without your red ship you have no red at Beta."),
            reply=("trade b3 r3 Beta",),
            reply_note=(
                N_(
                    "Vega traded its large blue for a large red. Now Vega has red at Beta, and its large ship "
                    "could capture any of yours there: time to be careful."
                )
            ),
            done=N_("Captured: the medium green is yours now, same size, same colour, same place."),
        ),
        Step(
            instruction=(
                N_(
                    "Gamma's red star gives the capture power to everyone with a ship there, you included. "
                    "Your small green is too small to capture Vega's medium blue. Bring a large ship from "
                    "Sol to Gamma."
                )
            ),
            goal=HasShip("Gamma", size=3),
            goal_text=N_("Have a large ship at Gamma"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | y3 g3 |
                Vega@1: b1 y3 |       | g3
                Gamma:  r3    | g1    | b2
                """
            ),
            hints=(
                N_("Try the capture first and read why it is refused."),
                N_("Drag your large yellow (or large green) from Sol onto Gamma."),
            ),
            solution=("move y3 Sol Gamma",),
            highlights=(hl_star("Gamma", R3), hl_ship("Gamma", G1, 0), hl_ship("Gamma", B2, 1)),
            illegal="attack b2 Gamma",
            advice=(("capture-too-small", N_("Bring a bigger ship to Gamma first.")),),
            wrong="trade y3 r3 Sol",
            reply=("attack g1 Gamma",),
            reply_note=N_("The red star works for Vega too: it captured your small green."),
            done=N_("A large ship of yours is at Gamma."),
        ),
        Step(
            instruction=N_("Now your largest ship at Gamma is large. Capture Vega's medium blue."),
            goal=HasShip("Gamma", piece=B2),
            goal_text=N_("Own the medium blue ship at Gamma"),
            hints=(
                N_("The red star gives you the power; your large ship gives you the size."),
                N_("Drag your large ship at Gamma onto Vega's medium blue."),
            ),
            solution=("attack b2 Gamma",),
            highlights=(hl_ship("Gamma", B2, 1),),
            wrong="attack g1 Gamma",
            mistakes=(
                Mistake(
                    HasShip("Gamma", piece=G1),
                    N_(
                        "You took back your small green, but Vega's medium blue is still there and can capture it "
                        "again."
                    ),
                    after="capture",
                ),
            ),
            done=N_("Captured. A capture needs red access and a large enough ship, both in the same system."),
        ),
    ),
    outro=N_(
        "A capture needs red and size, and they may come from different ships: a small red gives the "
        "power, a bigger ship of yours beside it gives the size."
    ),
)

POWERS = (BUILD, TRADE, MOVE, CAPTURE, ACCESS, SACRIFICE)

__all__ = ["ACCESS", "BUILD", "CAPTURE", "MOVE", "POWERS", "SACRIFICE", "TRADE"]

"""Tier 2, the last two lessons: where powers come from (a system's stars and ships), and sacrifice.

``lessons_powers.POWERS`` puts them in the tier's order, after the four powers themselves.
"""

from __future__ import annotations

from hwgame.i18n import N_
from hwgame.rules import RED, YELLOW

from .board import B1, B2, G1, G2, R2, Y1, Y2, Y3, board_dict
from .goals import HasShip, More, NoShip, both
from .lesson import Lesson, Mistake, Step, hl_bank, hl_ship, hl_star, hl_system

ACCESS = Lesson(
    id="access",
    title=N_("Where powers come from"),
    tier=2,
    intro=(
        N_(
            "In a system you may use a colour's power when that colour is there as a star or as one of "
            "your own ships. Enemy ships give you nothing: their colours are theirs."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 g2 | r3 |
        Vega@1: b1 g3 |    | g1
        Beta:   g2    | b2 | r2 y3
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "What can you do at Beta? Its green star lets you build, and your blue ship lets you "
                    "trade. Vega's red and yellow ships give you nothing. Build a ship at Beta."
                )
            ),
            goal=HasShip("Beta", count=2),
            goal_text=N_("Have two ships at Beta"),
            hints=(
                N_("Try to capture Vega's red and read why it is refused."),
                N_("Drag a blue piece from the bank onto Beta."),
            ),
            solution=("build b1 Beta",),
            highlights=(hl_star("Beta", G2), hl_ship("Beta", B2, 0), hl_ship("Beta", R2, 1)),
            illegal="attack r2 Beta",
            advice=(
                (
                    "no-power-here",
                    N_("Vega's red ship gives red to Vega only. Stars and your own ships are what count."),
                ),
            ),
            wrong="trade b2 r2 Beta",
            mistakes=(
                Mistake(
                    HasShip("Beta", color=RED),
                    N_(
                        "Legal: your blue ship let you trade, and now you own a red at Beta. But the goal was "
                        "a second ship: build."
                    ),
                    after="trade",
                ),
            ),
            reply=("attack b1 Beta",),
            reply_note=N_("Vega's own red ship gives Vega the capture power at Beta: it took your new small blue."),
            done=N_("Built, thanks to the green star."),
        ),
        Step(
            instruction=(
                N_(
                    "Make red yours: trade your medium blue for a medium red. A red ship of your own gives "
                    "you the capture power at Beta."
                )
            ),
            goal=HasShip("Beta", color=RED),
            goal_text=N_("Have a red ship at Beta"),
            hints=(
                N_("Your blue ship gives you the trade power, even though Beta's star is green."),
                N_("Drag a medium red from the bank onto your medium blue at Beta."),
            ),
            solution=("trade b2 r2 Beta",),
            highlights=(hl_ship("Beta", B2, 0), hl_bank(R2)),
            illegal="trade b2 r1 Beta",
            advice=(("trade-needs-same-size", N_("Your blue ship is medium.")),),
            wrong="trade b2 g2 Beta",
            reply=("move y3 Beta Vega",),
            reply_note=N_("Vega took its large yellow home, leaving its medium red beside yours."),
            done=N_("You own a red ship at Beta: red is yours there now."),
        ),
        Step(
            instruction=(
                N_(
                    "Capture Vega's medium red. Your red ship gives you the power, and your largest ship at "
                    "Beta is medium: big enough."
                )
            ),
            goal=NoShip("Beta", color=RED),
            goal_text=N_("Leave Vega no red ship at Beta"),
            hints=(
                N_("Vega's small blue was yours a moment ago; the red is the dangerous one."),
                N_("Drag your medium red onto Vega's medium red."),
            ),
            solution=("attack r2 Beta",),
            highlights=(hl_ship("Beta", R2, 1),),
            illegal="move r2 Beta Sol",
            advice=(("no-power-here", N_("Beta has no yellow star and you have no yellow ship there.")),),
            wrong="attack b1 Beta",
            mistakes=(
                Mistake(
                    HasShip("Beta", piece=B1),
                    N_("You took back your small blue, but Vega's red is still there and can capture again."),
                    after="capture",
                ),
            ),
            done=N_("Captured. Stars give power to everyone there; ships only to their owner."),
        ),
    ),
    outro=N_("Access: a star of that colour, or a ship of yours of that colour. Never an enemy ship."),
)

SACRIFICE = Lesson(
    id="sacrifice",
    title=N_("Sacrifice"),
    tier=2,
    intro=(
        N_(
            "Instead of one action, you may sacrifice one of your ships: it goes back to the bank and you "
            "get actions of its colour, one for a small, two for a medium, three for a large. They need no "
            "star of that colour: only a ship of yours in each system where you use one."
        )
    ),
    board=board_dict(
        """
        Sol@0:  r1 b2 | g3 y2 g1 b1 |
        Vega@1: y1 g2 |             | b3
        Alpha:  y3    |             | r2
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Get two of your ships to Alpha in one turn, and keep one at home. One action moves one "
                    "ship; sacrificing your medium yellow gives you two moves."
                )
            ),
            goal=HasShip("Alpha", count=2),
            goal_text=N_("Have two ships at Alpha, with one still at Sol"),
            hints=(
                N_("Drag your medium yellow to the bank to sacrifice it."),
                N_("Then move your small green and your small blue from Sol to Alpha."),
            ),
            solution=("sacrifice y2 Sol", "move g1 Sol Alpha", "move b1 Sol Alpha"),
            highlights=(hl_ship("Sol", Y2, 0), hl_system("Alpha")),
            illegal="sacrifice y2 Sol; build g2 Sol",
            advice=(("sacrifice-gave-other-power", N_("A sacrificed yellow gives moves only.")),),
            wrong="move g1 Sol Alpha",
            missed=N_("One action moves one ship. Sacrifice a yellow to get more moves."),
            done=N_("Two moves from one medium yellow. Sacrifices win games, and they cost a ship."),
        ),
        Step(
            instruction=(
                N_(
                    "Vega has a ship at Alpha and one at Beta, and you have a ship at each. There is no red "
                    "at either. Sacrifice your medium red for two captures and take both."
                )
            ),
            goal=both(NoShip("Alpha"), NoShip("Beta")),
            goal_text=N_("Leave Vega no ship at Alpha and none at Beta"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | r2 g3 |
                Vega@1: g1 b3 |       | y3
                Alpha:  g3    | y2    | g1
                Beta:   b1    | b2    | y2
                Gamma:  r1    |       | y1
                """
            ),
            hints=(
                N_("Sacrifice actions can be used in different systems, wherever you have a ship."),
                N_("Drag your medium red at Sol to the bank, then capture at Alpha and at Beta."),
            ),
            solution=("sacrifice r2 Sol", "attack g1 Alpha", "attack y2 Beta"),
            highlights=(hl_ship("Sol", R2, 0), hl_ship("Alpha", G1, 1), hl_ship("Beta", Y2, 1)),
            illegal="sacrifice r2 Sol; attack y1 Gamma",
            advice=(("capture-needs-own-ship", N_("Gamma's red star is no use without a ship of yours there.")),),
            wrong="sacrifice r2 Sol; attack g1 Alpha; pass",
            done=N_("Two captures in two systems from one sacrifice."),
        ),
        Step(
            instruction=(
                N_(
                    "You need not use every action a sacrifice gives. Get a ship to Alpha and one to Beta, "
                    "and keep one at Sol. Your large yellow gives three moves: two are enough, and the "
                    "third is simply lost."
                )
            ),
            goal=both(HasShip("Alpha"), HasShip("Beta")),
            goal_text=N_("Have a ship at Alpha and one at Beta, with one still at Sol"),
            board=board_dict(
                """
                Sol@0:  r1 b2 | y3 g1 b1 g2 |
                Vega@1: y1 g3 |             | b3
                Alpha:  r3    |             | y2
                Beta:   b3    |             | r2
                """
            ),
            hints=(
                N_("One action moves one ship: for two moves, sacrifice your large yellow."),
                N_("Drag your large yellow to the bank, then move one small ship to Alpha and one to Beta."),
            ),
            solution=("sacrifice y3 Sol", "move g1 Sol Alpha", "move b1 Sol Beta"),
            highlights=(hl_ship("Sol", Y3, 0), hl_system("Alpha"), hl_system("Beta")),
            illegal="sacrifice y3 Sol; build g1 Sol",
            advice=(("sacrifice-gave-other-power", N_("A sacrificed yellow gives moves only.")),),
            wrong="move g1 Sol Alpha",
            missed=N_("One action moves one ship. Sacrifice your large yellow for more moves."),
            done=N_(
                "Two moves used, one left over. After a sacrifice you may stop at any time: the actions you "
                "do not use are lost."
            ),
        ),
        Step(
            instruction=(
                N_(
                    "Sacrifice your medium green for two builds, one at Alpha and one at Beta. A sacrificed "
                    "build still needs a ship of yours of the colour you build, in that system: yellow at "
                    "Alpha, blue at Beta."
                )
            ),
            goal=both(More("Alpha"), More("Beta")),
            goal_text=N_("Build a ship at Alpha and one at Beta, in one turn"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | g2 r3 |
                Vega@1: g1 r2 |       | y3
                Alpha:  b3    | y1    |
                Beta:   r3    | b1    |
                """
            ),
            hints=(
                N_("Drag your medium green at Sol to the bank to sacrifice it."),
                N_("Then drag a yellow piece onto Alpha and a blue piece onto Beta."),
            ),
            solution=("sacrifice g2 Sol", "build y1 Alpha", "build b1 Beta"),
            highlights=(hl_ship("Sol", G2, 0), hl_ship("Alpha", Y1, 0), hl_ship("Beta", B1, 0)),
            illegal="sacrifice g2 Sol; build r1 Alpha",
            advice=(
                (
                    "build-needs-own-colour",
                    N_("Your only ship at Alpha is yellow: even a sacrificed build makes yellow there."),
                ),
            ),
            wrong="sacrifice g2 Sol; build y1 Alpha; build y2 Alpha",
            mistakes=(
                Mistake(
                    HasShip("Alpha", color=YELLOW, count=3),
                    N_("Both builds went to Alpha. Use the second one at Beta."),
                    after="build",
                ),
            ),
            done=N_("The sacrifice gave the power to build; your ships there gave the colours."),
        ),
    ),
    outro=N_(
        "A sacrifice trades one ship for up to three actions of its colour, in any system where you have "
        "a ship. Use as many of them as you need."
    ),
)

__all__ = ["ACCESS", "SACRIFICE"]

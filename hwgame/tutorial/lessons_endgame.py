"""Tier 3, winning and losing: vanishing systems, catastrophes, defence, the three wins, and draws."""

from __future__ import annotations

from hwgame.i18n import N_
from hwgame.rules import BLUE, YELLOW

from .board import B1, B2, B3, G1, G2, R1, R2, R3, Y1, Y2, Y3, board_dict
from .goals import NEW, Draws, Gone, HasShip, NoShip, Safe, Wins, both
from .lesson import Lesson, Mistake, Step, hl_bank, hl_ship, hl_star, hl_system

VANISH = Lesson(
    id="vanishing-systems",
    title=N_("Systems that vanish"),
    tier=3,
    intro=(
        N_(
            "A discovered system exists only while at least one ship is there. When its last ship leaves, "
            "its star goes straight back to the bank. Homeworlds are different: an empty homeworld stays "
            "on the map until the end of the turn, and you may bring a ship back before you end it."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 b2 | g3 |
        Vega@1: g1 r3 |    | y2
        Alpha:  y3    | g1 |
        """
    ),
    steps=(
        Step(
            instruction=N_("Your small green is the only ship at Alpha. Bring it home to Sol and watch Alpha."),
            goal=Gone("Alpha"),
            goal_text=N_("Make Alpha vanish"),
            hints=(
                N_("Alpha's yellow star lets your green leave."),
                N_("Drag your small green from Alpha onto Sol."),
            ),
            solution=("move g1 Alpha Sol",),
            highlights=(hl_ship("Alpha", G1, 0), hl_star("Alpha", Y3)),
            illegal="move g1 Alpha Vega",
            advice=(("not-connected", N_("Vega has a large star, like Alpha. Try Sol.")),),
            wrong="build g1 Alpha",
            missed=N_("Alpha stays as long as a ship of yours is there."),
            done=N_("No ship, no system: Alpha is gone and its large yellow star is back in the bank."),
        ),
        Step(
            instruction=(
                N_(
                    "Every large blue is on the board, one of them Alpha's star. Sacrifice your medium "
                    "yellow for two moves: bring your small green home from Alpha, so Alpha vanishes and "
                    "its large blue goes back to the bank; then use the second move to discover a new system "
                    "with that very star."
                )
            ),
            goal=HasShip(NEW, star=B3),
            goal_text=N_("Have a ship at a new system whose star is a large blue"),
            board=board_dict(
                """
                Sol@0:  r1 b2 | g3 y2 |
                Vega@1: b3 y1 |       | b3
                Alpha:  b3    | g1    |
                """
            ),
            hints=(
                N_("The bank has no large blue yet: check its blue column before and after Alpha vanishes."),
                N_(
                    "Sacrifice the medium yellow, move the small green from Alpha to Sol, then drag your large "
                    "green into empty space and choose the large blue."
                ),
            ),
            solution=("sacrifice y2 Sol", "move g1 Alpha Sol", "discover g3 Sol b3 Beta"),
            highlights=(hl_star("Alpha", B3), hl_bank(B3), hl_ship("Sol", Y2, 0)),
            illegal="discover g3 Sol b3 Beta",
            advice=(("star-bank-empty", N_("Empty Alpha first: its star returns to the bank at once.")),),
            wrong="sacrifice y2 Sol; move g1 Alpha Sol; discover g3 Sol y3 Beta",
            done=N_("The star came back to the bank in the middle of your turn, and you used it at once."),
        ),
    ),
    outro=N_("Empty discovered systems vanish at once, and their stars are free for anyone to use again."),
)

CATASTROPHE = Lesson(
    id="catastrophe",
    title=N_("Overpopulation and catastrophe"),
    tier=3,
    intro=(
        N_(
            "A system holding four or more pieces of one colour (stars and both players' ships counted "
            "together) is overpopulated. During your turn you may trigger a catastrophe there: every piece "
            "of that colour in the system goes back to the bank. It costs no action, anyone may trigger it, "
            "and nobody has to."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 g2 | b1 g3 |
        Vega@1: r2 g1 |       | y3
        Beta:   b3    |       | b2 b1 r3
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Beta holds three blue pieces: its star and two of Vega's ships. Move your small blue in "
                    "to make four, then trigger the blue catastrophe. With its only star gone, Beta vanishes "
                    "with every ship there."
                )
            ),
            goal=Gone("Beta"),
            goal_text=N_("Wipe Beta off the map"),
            hints=(
                N_("Sol's yellow star lets you move; Beta's large star makes it connected to Sol."),
                N_("Drag your small blue onto Beta, then click the blue overpopulation marker at Beta."),
            ),
            solution=("move b1 Sol Beta", "catastrophe Beta b"),
            highlights=(hl_ship("Sol", B1, 0), hl_star("Beta", B3), hl_ship("Beta", R3, 1)),
            illegal="catastrophe Beta b",
            advice=(("catastrophe-too-few", N_("Bring a fourth blue piece first.")),),
            wrong="move b1 Sol Beta; endturn",
            mistakes=(
                Mistake(
                    HasShip("Beta", color=BLUE),
                    N_(
                        "Four blues at Beta, but you ended the turn without the catastrophe. It is free: "
                        "trigger it before you end the turn."
                    ),
                ),
            ),
            done=N_("Gone: Beta's star, your small blue, and Vega's three ships, its large red included."),
        ),
        Step(
            instruction=(
                N_(
                    "Alpha is overpopulated in green: three of Vega's ships and your small green. Trigger the "
                    "catastrophe (you lose one small ship, Vega three), and because it costs no action, also "
                    "build a ship at Sol in the same turn."
                )
            ),
            goal=both(NoShip("Alpha"), HasShip("Sol", count=2)),
            goal_text=N_("Clear Vega's ships from Alpha and build at Sol, in one turn"),
            board=board_dict(
                """
                Sol@0:  b2 y1 | g2    |
                Vega@1: r1 y3 |       | b1
                Alpha:  y2    | g1 r2 | g3 g2 g1
                """
            ),
            hints=(
                N_("Alpha keeps its yellow star and your red ship: only the greens go."),
                N_("Click the green marker at Alpha, then drag a green from the bank onto Sol."),
            ),
            solution=("catastrophe Alpha g", "build g1 Sol"),
            highlights=(hl_system("Alpha"), hl_ship("Sol", G2, 0)),
            illegal="catastrophe Alpha r",
            advice=(("catastrophe-too-few", N_("Count by colour: only green has four pieces at Alpha.")),),
            wrong="build g1 Sol; endturn",
            done=N_("Three of Vega's ships gone, and your action still used for a build."),
        ),
    ),
    outro=N_("Four of a colour: a catastrophe may follow, free, optional, and for anyone."),
)

DEFENCE = Lesson(
    id="defending-home",
    title=N_("Defending your homeworld"),
    tier=3,
    intro=(
        N_(
            "You lose when, at the end of a turn, you have no ship at your homeworld. A home with a single "
            "ship is fragile: one capture or one catastrophe ends the game. Before each turn, ask what Vega "
            "could do next."
        )
    ),
    board=board_dict(
        """
        Sol@0:  b1 y2 | g2 | r3
        Vega@1: y1 g3 |    | b3
        Alpha:  r3    | y3 |
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Vega's large red has reached Sol, and your medium green is your only ship there. Next "
                    "turn Vega could capture it and win. Make sure that cannot happen."
                )
            ),
            goal=Safe(),
            goal_text=N_("Leave Vega no winning move next turn"),
            hints=(
                N_("Vega can capture only one ship with one action. How many ships do you have at home?"),
                N_("Build a second ship at Sol (your green ship lets you build), or bring your large yellow home."),
            ),
            solution=("build g1 Sol",),
            highlights=(hl_ship("Sol", R3, 1), hl_ship("Sol", G2, 0), hl_ship("Alpha", Y3, 0)),
            illegal="attack r3 Sol",
            advice=(("no-power-here", N_("Vega's red ship gives red to Vega only, and Sol has no red star.")),),
            wrong="trade g2 r2 Sol",
            reply=("attack g1 Sol", "attack g2 Sol", "attack y3 Sol"),
            reply_note=N_("Vega captured one of your ships, but one is still yours at Sol: the game goes on."),
            done=N_("Two ships at home: one capture is no longer enough for Vega."),
        ),
        Step(
            instruction=(
                N_(
                    "Sol holds three blue pieces: its star and two of your ships. Vega's small blue at Alpha "
                    "could move in next turn, make four and trigger a catastrophe that takes your star and "
                    "both your ships. Stop it."
                )
            ),
            goal=Safe(),
            goal_text=N_("Leave Vega no winning move next turn"),
            board=board_dict(
                """
                Sol@0:  b2 y1 | b3 b1 |
                Vega@1: r2 g3 |       | y2
                Alpha:  y3    |       | b1
                """
            ),
            hints=(
                N_("Fewer blues at Sol means no blue catastrophe."),
                N_("Sol's blue star lets you trade: turn one of your blue ships into another colour."),
            ),
            solution=("trade b1 r1 Sol",),
            highlights=(hl_star("Sol", B2), hl_ship("Sol", B3, 0), hl_ship("Sol", B1, 0), hl_ship("Alpha", B1, 1)),
            illegal="catastrophe Sol b",
            advice=(("catastrophe-too-few", N_("Sol is not overpopulated yet, and you want to keep it that way.")),),
            wrong="pass",
            done=N_("Fewer blues at Sol: even with Vega's small blue, Sol cannot reach four."),
        ),
        Step(
            instruction=(
                N_(
                    "Vega's large red sits at Sol beside your two small ships: one capture cannot take both. But "
                    "every action here would hurt: a move or a sacrifice leaves one ship at home, and your "
                    "ships are too small to capture. Pass: end your turn without doing anything."
                )
            ),
            goal=Safe(),
            goal_text=N_("Pass: end your turn without an action"),
            board=board_dict(
                """
                Sol@0:  r1 y2 | r1 y1 | r3
                Vega@1: g3 b1 |       | b3
                """
            ),
            hints=(
                N_("Try a move and read what Vega could then do."),
                N_("Press End Turn without doing anything."),
            ),
            solution=("pass",),
            highlights=(hl_ship("Sol", R3, 1), hl_ship("Sol", R1, 0), hl_ship("Sol", Y1, 0)),
            illegal="attack r3 Sol",
            advice=(("capture-too-small", N_("Your ships are small and Vega's red is large.")),),
            wrong="discover y1 Sol g3 Alpha",
            reply=("build b1 Vega", "build b2 Vega"),
            reply_note=N_("Vega built at home. Both your ships are still at Sol."),
            done=N_("A pass is a legal turn. Use it when every action would make things worse."),
        ),
    ),
    outro=N_("Keep more than one ship at home, watch colours pile up there, and remember that you may pass."),
)

WINNING = Lesson(
    id="three-ways-to-win",
    title=N_("The three ways to win"),
    tier=3,
    intro=(
        N_(
            "Vega loses when, at the end of a turn, it has no ship at its homeworld, or no homeworld at all. "
            "There are three classic ways to get there."
        )
    ),
    board=board_dict(
        """
        Sol@0:  y1 b2 | g3 |
        Vega@1: g1 y3 | r2 | b2
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Direct assault: capture the defenders. Your medium red sits at Vega, beside Vega's "
                    "only ship there, a medium blue. Capture it."
                )
            ),
            goal=Wins(),
            goal_text=N_("Win the game"),
            hints=(
                N_("Your red ship gives you red at Vega, and it is as big as the blue."),
                N_("Drag your medium red onto Vega's medium blue."),
            ),
            solution=("attack b2 Vega",),
            highlights=(hl_ship("Vega", R2, 0), hl_ship("Vega", B2, 1)),
            wrong="build r1 Vega",
            missed=N_("Vega's last ship at home has to go."),
            done=N_("Vega has no ship at home: you win by direct assault."),
        ),
        Step(
            instruction=(
                N_(
                    "Fleet catastrophe: Vega's ships at home are both yellow, and so is one of its stars. "
                    "Bring your small yellow in from Alpha to make four yellows, then trigger the catastrophe."
                )
            ),
            goal=Wins(),
            goal_text=N_("Win the game"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | g3 |
                Vega@1: y3 b1 |    | y1 y2
                Alpha:  g2    | y1 |
                """
            ),
            hints=(
                N_("Your small yellow gives you the move power at Alpha."),
                N_("Drag your small yellow onto Vega, then click the yellow marker there."),
            ),
            solution=("move y1 Alpha Vega", "catastrophe Vega y"),
            highlights=(hl_ship("Alpha", Y1, 0), hl_star("Vega", Y3), hl_system("Vega")),
            illegal="catastrophe Vega y",
            advice=(("catastrophe-too-few", N_("Three yellows so far: bring a fourth.")),),
            wrong="move y1 Alpha Vega; endturn",
            mistakes=(
                Mistake(
                    HasShip("Vega", color=YELLOW),
                    N_(
                        "Four yellows at Vega: the free catastrophe would have wiped out Vega's fleet before "
                        "you ended the turn."
                    ),
                ),
            ),
            done=N_("Vega's yellow fleet went back to the bank: a homeworld with a star but no ship is lost."),
        ),
        Step(
            instruction=(
                N_(
                    "Star demolition: Vega's homeworld has a single star left, a small red. Its ships are "
                    "too big for you to capture. Bring your medium red from Alpha to make four reds, and "
                    "destroy the star itself."
                )
            ),
            goal=Wins(),
            goal_text=N_("Win the game"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | g3    |
                Vega@1: r1    | r1 r1 | g3 b3
                Alpha:  y3    | r2    |
                """
            ),
            hints=(
                N_("A system with no star left is gone, and every ship in it goes back to the bank."),
                N_("Drag your medium red from Alpha onto Vega, then click the red marker there."),
            ),
            solution=("move r2 Alpha Vega", "catastrophe Vega r"),
            highlights=(hl_star("Vega", R1), hl_ship("Alpha", R2, 0)),
            illegal="attack g3 Vega",
            advice=(("capture-too-small", N_("Your ships at Vega are small: capturing will not work here.")),),
            wrong="move r2 Alpha Vega; endturn",
            missed=N_("With four reds at Vega, a catastrophe takes Vega's last star."),
            done=N_("No star, no homeworld: Vega is out of the game."),
        ),
    ),
    outro=N_("Direct assault, fleet catastrophe, star demolition: every win is one of these."),
)

DRAWS = Lesson(
    id="draws",
    title=N_("Draws"),
    tier=3,
    intro=(
        N_(
            "When both players lose at the same moment, the game is a draw. The standard rules add two "
            "more ways: the same position a third time with the same player to move, and a draw the "
            "players agree."
        )
    ),
    board=board_dict(
        """
        Sol@0:  g2 b1 | y3    | r3 r2
        Vega@1: b2 g3 |       | b3
        Alpha:  g1    | b1 b1 |
        """
    ),
    steps=(
        Step(
            instruction=(
                N_(
                    "Vega's two red ships sit at Sol. Whatever you do, Vega can take every ship you have "
                    "there next turn, and you cannot win this turn. But your two small blues at Alpha could "
                    "make four blues at Vega. Sacrifice your large yellow for moves, bring both blues in and "
                    "trigger the catastrophe: both of you lose at once."
                )
            ),
            goal=Draws(),
            goal_text=N_("Make the game a draw"),
            may_lose=True,
            hints=(
                N_("Alpha has no yellow: only a sacrifice gives your blues moves."),
                N_(
                    "Sacrifice the large yellow at Sol, move both small blues from Alpha to Vega, then click "
                    "the blue marker at Vega."
                ),
            ),
            solution=("sacrifice y3 Sol", "move b1 Alpha Vega", "move b1 Alpha Vega", "catastrophe Vega b"),
            highlights=(hl_ship("Sol", Y3, 0), hl_ship("Alpha", B1, 0), hl_star("Vega", B2), hl_ship("Vega", B3, 1)),
            illegal="move b1 Alpha Vega",
            advice=(("no-power-here", N_("The moves must come from a sacrifice.")),),
            wrong="build y1 Sol",
            missed=(
                N_(
                    "Vega can sacrifice its medium red for two captures and take both your ships next turn. "
                    "When you can neither win nor hold on, a draw is the best result left."
                )
            ),
            done=N_("Neither of you has a ship at home: a draw."),
        ),
        Step(
            instruction=(
                N_(
                    "A new board. At Beta the red star lets both of you capture, and your medium yellow is "
                    "as big as Vega's ships there. Capture Vega's medium green."
                )
            ),
            goal=HasShip("Beta", piece=G2),
            goal_text=N_("Own the medium green ship at Beta"),
            board=board_dict(
                """
                Sol@0:  y1 b2 | g3 y3 |
                Vega@1: g1 r2 |       | b3 r3
                Beta:   r3    | y2    | g2 b2
                """
            ),
            hints=(
                N_("Beta's red star gives you the capture power there."),
                N_("Drag your medium yellow at Beta onto Vega's medium green."),
            ),
            solution=("attack g2 Beta",),
            highlights=(hl_star("Beta", R3), hl_ship("Beta", Y2, 0), hl_ship("Beta", G2, 1)),
            illegal="attack r3 Vega",
            advice=(("capture-needs-own-ship", N_("You have no ship at Vega. Capture at Beta, by the red star.")),),
            wrong="attack b2 Beta",
            mistakes=(
                Mistake(
                    HasShip("Beta", piece=B2), N_("You took the blue. This step wants the green: try again."),
                    after="capture",
                ),
            ),
            reply=("attack g2 Beta",),
            reply_note=N_("Vega took its green back. The board is as it was when this step began, with you to move."),
            done=N_("Captured."),
        ),
        Step(
            instruction=(
                N_(
                    "Capture the green again. If Vega takes it back once more, this position comes for the "
                    "third time with you to move: a draw by repetition."
                )
            ),
            goal=HasShip("Beta", piece=G2),
            goal_text=N_("Own the medium green ship at Beta"),
            hints=(
                N_("The same capture as before."),
                N_("Drag your medium yellow at Beta onto Vega's medium green."),
            ),
            solution=("attack g2 Beta",),
            highlights=(hl_ship("Beta", Y2, 0), hl_ship("Beta", G2, 1)),
            reply=("attack g2 Beta",),
            reply_note=N_(
                "The same position a third time: a draw. Against the computer the game ends there. Two "
                "players at one screen may claim it from the game menu (Esc), and may agree a draw there "
                "at any time."
            ),
            done=N_("Captured again."),
        ),
    ),
    outro=N_("A draw is better than a loss. Look for one when the game is slipping away."),
)

ENDGAME = (VANISH, CATASTROPHE, DEFENCE, WINNING, DRAWS)

__all__ = ["CATASTROPHE", "DEFENCE", "DRAWS", "ENDGAME", "VANISH", "WINNING"]

"""The play screen's side of a teaching game: the offer made when the game stops after a turn.

The flow (``control.teaching``, ``PlayController.teaching_stop``) decides when the game stops; this
puts the choice in front of the player once the board shows the turn played: a dialog with "Try again"
(the turn taken back, the position and the clock as they were), "Show the reply" (the computer's best
answer played with ghost pieces over the board, ``panels.show_me``, then taken back, after which the
dialog comes again) and "Keep my turn" (the computer answers as usual).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from hwgame.app.kit.dialogs import Dialog
from hwgame.app.panels.show_me import Demo
from hwgame.i18n import _
from hwgame.rules import IllegalActionError, TurnStep, turn_steps
from hwgame.words import POSSIBLE, Voice, narrate_turn

if TYPE_CHECKING:
    from collections.abc import Callable

    from hwgame.app.control.flow import PlayController
    from hwgame.app.control.teaching import Slip
    from hwgame.app.stage import AppLike
    from hwgame.app.view.anim import Transition


class Stops(Protocol):
    """What the offer reads and drives of the play screen under it."""

    app: AppLike
    ctl: PlayController
    demo: Demo | None
    current: Transition | None

    def undo(self) -> None:
        """Take back the player's turn."""
        ...

    def in_front(self) -> bool:
        """True when nothing covers the screen."""
        ...


def reply_shown() -> str:
    """The caption once the computer's answer has been shown."""
    return _("That is how the computer would answer.")


def reply_words(step: TurnStep, computer: int, voice: Voice) -> str:
    """The caption of one action of the computer's answer: "The computer's answer: The computer can
    capture your ..."."""
    # Translators: the caption while a teaching game shows the computer's answer with ghost pieces;
    # {action} is a sentence ("The computer captures your yellow 3 at your homeworld.").
    return _("The computer's answer: {action}").format(action=narrate_turn([step.action], computer, voice, POSSIBLE))


class TeachingOffer:
    """The offer of a teaching game over ``scene`` (see the module doc); ``update`` once a frame."""

    def __init__(self, scene: Stops):
        self.scene = scene
        self.asked: Slip | None = None  # the stop whose dialog is open (or was answered)
        self.replying = False  # the computer's answer is being shown with ghost pieces

    def update(self) -> None:
        """Open the dialog when the game has stopped and the board shows the turn; again after the reply
        was shown."""
        scene = self.scene
        slip = scene.ctl.teaching_stop()
        if slip is None:
            self.asked, self.replying = None, False
            return
        if self.replying:
            if scene.demo is not None:
                return
            self.replying, self.asked = False, None  # shown and taken back: the choice comes again
        if self.asked is slip or not scene.in_front() or scene.current is not None or scene.ctl.effects:
            return
        self.asked = slip
        scene.app.scenes.push(self.dialog(slip))

    def dialog(self, slip: Slip) -> Dialog:
        """The dialog of a stop: why the game stopped, and the three choices."""
        voice = self.scene.ctl.voice()
        buttons: list[tuple[Callable[[], str], Callable[[], object] | None]] = [
            (lambda: _("Try again"), self.try_again)]
        if slip.reply is not None:
            buttons.append((lambda: _("Show the reply"), self.show_reply))
        buttons.append((lambda: _("Keep my turn"), self.keep))
        lines = [lambda: slip.words(voice),
                 lambda: _("Take the turn back and look for a better one, see how the computer would answer it, "
                           "or keep it.")]  # fmt: skip
        # Translators: the title of the dialog of a teaching game after a turn that gives much away.
        return Dialog(self.scene.app, lambda: _("Think again?"), lines, buttons, width=640)

    def try_again(self) -> None:
        """Take the turn back: the position and the clock as they were at its start."""
        self.scene.undo()

    def keep(self) -> None:
        """Keep the turn: the computer answers it."""
        self.scene.ctl.keep_turn()

    def show_reply(self) -> None:
        """The computer's best answer played with ghost pieces from the board the turn left, then taken
        back; the dialog comes again after it."""
        scene, slip = self.scene, self.asked
        if slip is None or slip.reply is None:
            return
        try:
            steps = turn_steps(slip.position, slip.reply)
        except IllegalActionError:
            return  # the verdict's turn does not apply to this board: nothing to show
        if not steps:
            return
        voice, computer = scene.ctl.voice(), slip.position.to_move
        scene.demo = Demo(steps, slip.position, reply_shown, told=lambda step: reply_words(step, computer, voice))
        self.replying = True


__all__ = ["Stops", "TeachingOffer", "reply_shown", "reply_words"]

"""The gesture resolver: intents (drops and clicks on targets) become rule actions, judged once.

Pure logic, no pygame: the play screen feeds it targets (``hwgame.app.control.targets``, found under a point by
``view.layout``) and shows what it returns.

Who rules on an action is injected: a ``Judge`` answers "is this action legal, why not, play it". A game
judges itself (``GameJudge``, through ``Game.act`` and the rules engine's validator); a lesson's runner
(``tutorial.LessonRunner``) judges the same way and adds the step's goal. The resolver only guesses
which action a gesture means, asks the judge once, and hands on its answer (``Resolution``), so the play,
lesson and puzzle screens share it and nothing judges the same drop twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from hwgame.app.control.targets import (
    BankPieceTarget,
    BankTarget,
    Highlights,
    MarkerTarget,
    ShipTarget,
    SpaceTarget,
    StarTarget,
    SystemTarget,
    Target,
    system_of,
)
from hwgame.i18n import _, ngettext
from hwgame.rules import (
    PASS,
    PLAYING,
    Action,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    IllegalActionError,
    Move,
    Outcome,
    Pass,
    Position,
    Sacrifice,
    Trade,
    color_of,
    end_turn,
    opponent_of,
    refusal_of,
    size_of,
    smallest_in_bank,
)
from hwgame.words import Voice, colour_name, describe_action, piece_name, refusal_text

HUMAN, COMPUTER = "human", "computer"


class Judge(Protocol):
    """Who rules on the actions gestures mean: the game itself (``GameJudge``) or a lesson's runner.

    ``game`` is the game the board shows (a lesson's changes from step to step). ``legal_actions`` and
    ``refusal`` only read, as often as the screen draws a caption; ``try_action`` plays.
    """

    @property
    def game(self) -> Game:
        """The game whose board the gestures are made on."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every action that may be played now."""
        ...

    def refusal(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` may not be played now (the engine's refusal), or None when it may."""
        ...

    def try_action(self, action: Action) -> object:
        """Play ``action``: a game answers with the canonical action played (and raises
        IllegalActionError on a refusal), a lesson's runner with its feedback."""
        ...


class GameJudge:
    """A game judging its own actions through the rules engine's validator."""

    def __init__(self, game: Game):
        self.game = game

    def legal_actions(self) -> list[Action]:
        """Every legal action now (none once the game is over)."""
        return self.game.legal_actions()

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The engine's refusal of ``action`` now, or None when it checks out."""
        return refusal_of(self.game.state, action)

    def try_action(self, action: Action) -> Action:
        """Play ``action`` in the turn in progress (``Game.act``); return the canonical action."""
        return self.game.act(action)


@dataclass
class Resolution:
    """What a drop would do: the legal actions it can mean, or why it cannot be done.

    ``actions`` empty and ``reason`` None means the drop means nothing (snap back quietly).
    More than one action means the player chooses (for example the star of a discovery).
    ``refusal`` is the judge's refusal behind ``reason`` (None when the reason is not the engine's, or
    when the drop is legal): handed on as it is, so nobody judges the drop again to explain it.
    """

    actions: list[Action] = field(default_factory=list)
    reason: str | None = None
    caption: str = ""
    refusal: IllegalActionError | None = None

    @property
    def legal(self) -> bool:
        """True when at least one action can be played."""
        return bool(self.actions)


@dataclass(frozen=True)
class Effect:
    """One action that changed the board, for animation: positions before and after, who played it."""

    before: Position
    action: Action
    after: Position
    player: int
    by_computer: bool = False


def _same(a: Action, b: Action) -> bool:
    """Actions equal, except that the name of a discovered system does not matter."""
    if isinstance(a, Discover) and isinstance(b, Discover):
        return (a.ship, a.origin, a.star) == (b.ship, b.origin, b.star)
    return a == b


class ActionResolver:
    """Maps gestures to actions for the turn in progress, as ``judge`` rules (no turn flow, no computer).

    ``judge`` is a Judge, or a Game, which then judges itself (``GameJudge``).
    """

    def __init__(self, judge: Judge | Game):
        self.judge: Judge = GameJudge(judge) if isinstance(judge, Game) else judge
        self._legal_key: tuple | None = None
        self._legal: list[Action] = []
        self._outcome_key: tuple | None = None
        self._outcome: Outcome | None = None

    @property
    def game(self) -> Game:
        """The judge's game (a lesson's changes from step to step)."""
        return self.judge.game

    # --- the result, computed once per committed turn ---
    def outcome(self) -> Outcome | None:
        """The game's outcome or None (cached: the repetition count scans the whole game)."""
        g = self.game
        # A resignation or an agreed draw changes the outcome without a new turn.
        key = (len(g.turns), id(g.positions[-1]), getattr(g, "_declared", None))
        if key != self._outcome_key:
            self._outcome = g.outcome()
            self._outcome_key = key
        return self._outcome

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.outcome() is not None

    # --- the legal actions, computed once per state ---
    @property
    def legal(self) -> list[Action]:
        """Every legal action now, as the judge says (cached until the turn state changes)."""
        game = self.game
        key = (id(game), id(game.state), len(game.turns), game.state)
        if key != self._legal_key:
            self._legal = [] if self.is_over() else self.judge.legal_actions()
            self._legal_key = key
        return self._legal

    @property
    def me(self) -> int:
        """The player to move."""
        return self.game.to_move

    def voice(self) -> Voice:
        """Who the players are in a drop's caption and refusal: the player to move, who drags, is "you"
        (their homeworld "your homeworld"), the other by name."""
        return Voice(self.game.players, you=self.me)

    def _is_legal(self, action: Action) -> bool:
        return any(_same(action, a) for a in self.legal)

    def _canonical(self, action: Action) -> Action:
        """The legal action that ``action`` stands for (a discovery keeps the name ``action`` offers)."""
        for a in self.legal:
            if _same(action, a):
                return action if isinstance(action, Discover) else a
        return action

    def reason_for(self, action: Action) -> str:
        """The engine's reason for refusing ``action`` in plain words."""
        return self._refused(action).reason or ""

    def _refusal(self, action: Action) -> IllegalActionError | None:
        """The judge's refusal of ``action`` now, or None when it checks out (or the game is over)."""
        return None if self.is_over() else self.judge.refusal(action)

    def _refused(self, action: Action) -> Resolution:
        """A refused drop meaning ``action``: the judge's refusal and its words."""
        if self.is_over():
            return Resolution([], _("the game is over"))
        refusal = self._refusal(action)
        if refusal is not None:
            return Resolution([], refusal_text(refusal, voice=self.voice()), "", refusal)  # in the language in force
        return Resolution([], _("that is not possible now"))

    def refused(self, resolution: Resolution) -> None:
        """A drop refused as ``resolution`` says was let go (the screen shows its reason). Nothing more
        here; a lesson's controller hands the judge's refusal to the runner for the step's advice."""

    # --- drops ---
    def drag_refusal(self, source: Target | None) -> str | None:
        """Why ``source`` cannot be dragged now, or None when it can."""
        if isinstance(source, ShipTarget):
            if source.owner != self.me:
                name = self.game.players[source.owner]
                return _("that ship belongs to {name}: drag one of your own ships").format(name=name)
            return None
        if isinstance(source, BankPieceTarget):
            if not self.game.state.position.bank[source.piece]:
                return _("the bank has no {piece} left").format(piece=piece_name(source.piece))
            return None
        if isinstance(source, StarTarget):
            return _("stars stay where they are: drag a ship, or a piece from the bank")
        return ""  # nothing to drag here, and nothing to say

    def _candidates(self, source: Target, target: Target | None) -> list[Action]:
        """The actions a drop could mean, most likely first."""
        pos = self.game.state.position
        to = system_of(target)
        if isinstance(source, ShipTarget):
            p, origin = source.piece, source.system
            if isinstance(target, (BankTarget, BankPieceTarget)):
                return [Sacrifice(p, origin)]
            if isinstance(target, SpaceTarget):
                name = self.game.new_system_name()  # never a name this game used before
                return [Discover(p, origin, q, name) for q in range(12)]
            if to is None:
                return []
            if to.lower() == origin.lower():
                if isinstance(target, ShipTarget) and target.owner != self.me:
                    return [Capture(target.piece, origin)]
                if isinstance(target, MarkerTarget):
                    return [Catastrophe(to, target.color)]
                return []
            return [Move(p, origin, to)]
        if isinstance(source, BankPieceTarget):
            q = source.piece
            if to is None:
                return []
            smallest = smallest_in_bank(pos.bank, color_of(q))
            build = Build(q if smallest is None else smallest, to)
            if isinstance(target, ShipTarget) and target.owner == self.me:
                return [Trade(target.piece, q, to), build]
            return [build]
        return []

    def resolve(self, source: Target, target: Target | None) -> Resolution:
        """What dropping ``source`` on ``target`` would do (see Resolution); only reads, so the screen
        may ask it for the caption of every frame of a drag."""
        candidates = self._candidates(source, target)
        if not candidates:
            if isinstance(source, BankPieceTarget) and isinstance(target, SpaceTarget):
                # The likeliest meaning is a discovery started from its star: say how a discovery is made.
                return Resolution([], _("to discover a new system, drag one of your ships into empty space, "
                                        "then choose a bank piece as its star"))
            return Resolution()
        legal = [self._canonical(c) for c in candidates if self._is_legal(c)]
        first = candidates[0]
        if isinstance(first, Discover):
            if legal:
                caption = _("Discover a new system: choose its star") if len(legal) > 1 else _("Discover a new system")
                return Resolution(legal, None, caption)
            return self._discover_refused(first)
        if legal:
            # Several candidates (trade or build) may be legal: the first one is what the drop means.
            return Resolution([legal[0]], None, self._caption(legal[0]))
        return self._refused(first)

    def _caption(self, action: Action) -> str:
        """What a legal drop does, in words; a capture also says whose size counts (the largest of your
        ships there, which need not be the ship dragged: the red gives the power, the largest the size)."""
        caption = describe_action(action, self.voice())
        if isinstance(action, Capture):
            system = self.game.state.position.system_named(action.system)
            ships = system.ships_of(self.me) if system is not None else ()
            if ships:
                largest = max(ships, key=size_of)
                caption = _("{capture}: the size that counts is your largest ship there, {piece}").format(
                    capture=caption, piece=piece_name(largest))
        return caption

    def _discover_refused(self, sample: Discover) -> Resolution:
        """A refused drop in open space: the refusal of a star the bank has, of a size the origin's
        stars lack when there is one (the likeliest meaning), with plainer words for an empty bank."""
        pos = self.game.state.position
        in_bank = [q for q in range(12) if pos.bank[q]]
        if not in_bank:
            return Resolution([], _("the bank is empty: there is no piece to make a new star"), "",
                              self._refusal(sample))
        origin = pos.system_named(sample.origin)
        sizes = origin.star_sizes() if origin else 0
        fitting = [q for q in in_bank if not (sizes >> (size_of(q) - 1)) & 1]
        probe = Discover(sample.ship, sample.origin, (fitting or in_bank)[0], sample.name)
        refused = self._refused(probe)
        refusal = refused.refusal
        if not fitting and refusal is not None and refusal.code == "star-shares-size":
            refused.reason = _("the bank has no piece of a size that {system}'s stars lack, so no new star").format(
                system=self.voice().place(sample.origin))
        return refused

    def highlights(self, source: Target) -> Highlights:
        """Every target on which dropping ``source`` would be legal (from the legal actions)."""
        lit = Highlights()
        if self.drag_refusal(source) is not None:
            return lit
        for a in self.legal:
            if isinstance(source, ShipTarget):
                if isinstance(a, Move) and a.ship == source.piece and a.origin == source.system:
                    lit.systems.add(a.destination)
                elif isinstance(a, Discover) and a.ship == source.piece and a.origin == source.system:
                    lit.space = True
                elif isinstance(a, Sacrifice) and a.ship == source.piece and a.system == source.system:
                    lit.bank = True
                elif isinstance(a, Capture) and a.system == source.system:
                    lit.ships.add((a.system, opponent_of(self.me), a.piece))
            elif isinstance(source, BankPieceTarget):
                if isinstance(a, Build) and color_of(a.piece) == color_of(source.piece):
                    lit.systems.add(a.system)
                elif isinstance(a, Trade) and a.new == source.piece:
                    lit.ships.add((a.system, self.me, a.old))
        return lit

    # --- clicks ---
    def options_for(self, target: Target) -> list[Action]:
        """The legal actions that involve ``target``, for the click path (a menu of choices)."""
        out: list[Action] = []
        me = self.me
        for a in self.legal:
            if isinstance(a, (EndTurn, Pass)):
                continue
            if isinstance(target, ShipTarget) and target.owner == me:
                keep = (
                    (isinstance(a, (Move, Discover)) and a.ship == target.piece and a.origin == target.system)
                    or (isinstance(a, (Sacrifice,)) and a.ship == target.piece and a.system == target.system)
                    or (isinstance(a, Trade) and a.old == target.piece and a.system == target.system)
                    or (isinstance(a, Build) and color_of(a.piece) == color_of(target.piece)
                         and a.system == target.system)
                    or (isinstance(a, Capture) and a.system == target.system)
                )
            elif isinstance(target, ShipTarget):
                keep = isinstance(a, Capture) and a.piece == target.piece and a.system == target.system
            elif isinstance(target, BankPieceTarget):
                q = target.piece
                keep = (
                    (isinstance(a, Build) and a.piece == q)
                    or (isinstance(a, Trade) and a.new == q)
                    or (isinstance(a, Discover) and a.star == q)
                )
            elif isinstance(target, MarkerTarget):
                keep = isinstance(a, Catastrophe) and a.system == target.system and a.color == target.color
            elif isinstance(target, (StarTarget, SystemTarget)):
                name = target.system
                keep = getattr(a, "system", None) == name or getattr(a, "origin", None) == name
                keep = keep or getattr(a, "destination", None) == name
            else:
                keep = False
            if keep:
                out.append(a)
        return out

    # --- end of turn ---
    def end_turn_warnings(self) -> list[str]:
        """Reasons to confirm before ending the turn now (empty: end it without asking)."""
        state = self.game.state
        pos = state.position
        if pos.stage < PLAYING:
            return []
        me = pos.to_move
        out = []
        after = end_turn(pos)
        lost = after.losers()
        if me in lost:
            home = pos.home_of(me)
            gone = home is None or not home.stars
            if len(lost) == 2:
                out.append(_("Ending the turn now ends in a draw: your homeworld is gone.") if gone
                           else _("Ending the turn now ends in a draw: you have no ship at your homeworld."))
            else:
                out.append(_("Ending the turn now loses the game: your homeworld is gone.") if gone
                           else _("Ending the turn now loses the game: you have no ship at your homeworld."))
        if state.sac_left:
            n = state.sac_left
            out.append(ngettext(
                "You still have {count} {colour} action from your sacrifice: ending now gives it up.",
                "You still have {count} {colour} actions from your sacrifice: ending now gives them up.",
                n,
            ).format(count=n, colour=colour_name(state.sac_color)))
        elif state.free:
            out.append(_("You have not taken an action this turn: ending now passes."))
        for s in pos.systems:
            for c in s.overpopulated():
                out.append(_("{system} is overpopulated in {colour}: you could trigger a catastrophe.").format(
                    system=s.name, colour=colour_name(c)))
        return out


__all__ = ["ActionResolver", "Effect", "GameJudge", "Highlights", "Judge", "Resolution", "HUMAN", "COMPUTER",
           "PASS"]

"""The play controller: intents (drops and clicks on targets) become rule actions, checked by the engine.

Pure logic, no pygame: the play screen feeds it targets (``hwgame.app.targets``, found under a point by
``view.layout``) and shows what it returns.
Every action reaches the game through ``Game.act`` or ``Game.play``, so the rules engine's validator is
the only judge; this module only guesses which action a gesture means and explains refusals with the
engine's own reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hwgame.i18n import _, ngettext
from hwgame.rules import (
    PASS,
    PLAYING,
    Build,
    Capture,
    Catastrophe,
    Discover,
    EndTurn,
    Game,
    IllegalActionError,
    Move,
    Pass,
    Position,
    Sacrifice,
    Trade,
    check_action,
    end_turn,
    new_system_name,
    smallest_in_bank,
)
from hwgame.words import describe_action

from .targets import (
    BankPieceTarget,
    BankTarget,
    Highlights,
    MarkerTarget,
    ShipTarget,
    SpaceTarget,
    StarTarget,
    SystemTarget,
    system_of,
)
from .wording import colour_text, piece_text

HUMAN, COMPUTER = "human", "computer"


@dataclass
class Resolution:
    """What a drop would do: the legal actions it can mean, or why it cannot be done.

    ``actions`` empty and ``reason`` None means the drop means nothing (snap back quietly).
    More than one action means the player chooses (for example the star of a discovery).
    """

    actions: list = field(default_factory=list)
    reason: str | None = None
    caption: str = ""

    @property
    def legal(self) -> bool:
        """True when at least one action can be played."""
        return bool(self.actions)


@dataclass(frozen=True)
class Effect:
    """One action that changed the board, for animation: positions before and after, who played it."""

    before: Position
    action: object
    after: Position
    player: int
    by_computer: bool = False


def _same(a, b) -> bool:
    """Actions equal, except that the name of a discovered system does not matter."""
    if isinstance(a, Discover) and isinstance(b, Discover):
        return (a.ship, a.origin, a.star) == (b.ship, b.origin, b.star)
    return a == b


class ActionResolver:
    """Maps gestures to actions for the turn in progress of a Game (no turn flow, no computer)."""

    def __init__(self, game: Game):
        self.game = game
        self._legal_key: tuple | None = None
        self._legal: list = []
        self._outcome_key = None
        self._outcome = None

    # --- the result, computed once per committed turn ---
    def outcome(self):
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
    def legal(self) -> list:
        """Every legal action now (cached until the turn state changes)."""
        key = (id(self.game.state), len(self.game.turns), self.game.state)
        if key != self._legal_key:
            self._legal = [] if self.is_over() else self.game.legal_actions()
            self._legal_key = key
        return self._legal

    @property
    def me(self) -> int:
        """The player to move."""
        return self.game.to_move

    def _is_legal(self, action) -> bool:
        return any(_same(action, a) for a in self.legal)

    def _canonical(self, action):
        """The legal action that ``action`` stands for (with the proposed name for a discovery)."""
        for a in self.legal:
            if _same(action, a):
                return a
        return action

    def reason_for(self, action) -> str:
        """The engine's reason for refusing ``action`` in plain words."""
        return self._reason(action)

    def _refusal(self, action) -> IllegalActionError | None:
        """The engine's refusal of ``action`` now, or None when it checks out."""
        try:
            check_action(self.game.state, action)
        except IllegalActionError as exc:
            return exc
        return None

    def _reason(self, action) -> str:
        if self.is_over():
            return _("the game is over")
        refusal = self._refusal(action)
        if refusal is not None:
            return str(refusal)  # the refusal worded in the language in force
        return _("that is not possible now")

    # --- drops ---
    def drag_refusal(self, source) -> str | None:
        """Why ``source`` cannot be dragged now, or None when it can."""
        if isinstance(source, ShipTarget):
            if source.owner != self.me:
                name = self.game.players[source.owner]
                return _("that ship belongs to {name}: drag one of your own ships").format(name=name)
            return None
        if isinstance(source, BankPieceTarget):
            if not self.game.state.position.bank[source.piece]:
                return _("the bank has no {piece} left").format(piece=piece_text(source.piece))
            return None
        if isinstance(source, StarTarget):
            return _("stars stay where they are: drag a ship, or a piece from the bank")
        return ""  # nothing to drag here, and nothing to say

    def _candidates(self, source, target) -> list:
        """The actions a drop could mean, most likely first."""
        pos = self.game.state.position
        to = system_of(target)
        if isinstance(source, ShipTarget):
            p, origin = source.piece, source.system
            if isinstance(target, (BankTarget, BankPieceTarget)):
                return [Sacrifice(p, origin)]
            if isinstance(target, SpaceTarget):
                name = new_system_name(pos)
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
            smallest = smallest_in_bank(pos.bank, q // 3)
            build = Build(q if smallest is None else smallest, to)
            if isinstance(target, ShipTarget) and target.owner == self.me:
                return [Trade(target.piece, q, to), build]
            return [build]
        return []

    def resolve(self, source, target) -> Resolution:
        """What dropping ``source`` on ``target`` would do (see Resolution)."""
        candidates = self._candidates(source, target)
        if not candidates:
            return Resolution()
        legal = [self._canonical(c) for c in candidates if self._is_legal(c)]
        if isinstance(candidates[0], Discover):
            if legal:
                caption = _("Discover a new system: choose its star") if len(legal) > 1 else _("Discover a new system")
                return Resolution(legal, None, caption)
            return Resolution([], self._discover_reason(candidates[0]), "")
        if legal:
            # Several candidates (trade or build) may be legal: the first one is what the drop means.
            return Resolution([legal[0]], None, describe_action(legal[0]))
        return Resolution([], self._reason(candidates[0]), "")

    def _discover_reason(self, sample: Discover) -> str:
        pos = self.game.state.position
        in_bank = [q for q in range(12) if pos.bank[q]]
        if not in_bank:
            return _("the bank is empty: there is no piece to make a new star")
        origin = pos.system_named(sample.origin)
        sizes = origin.star_sizes() if origin else 0
        fitting = [q for q in in_bank if not (sizes >> (q % 3)) & 1]
        probe = Discover(sample.ship, sample.origin, (fitting or in_bank)[0], sample.name)
        refusal = None if self.is_over() else self._refusal(probe)
        shares = refusal is not None and (getattr(refusal, "code", None) == "star-shares-size"
                                          or "share a size" in str(refusal))
        if not fitting and shares:
            return _("the bank has no piece of a size that {system}'s stars lack, so no new star").format(
                system=sample.origin)
        return self._reason(probe)

    def highlights(self, source) -> Highlights:
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
                    lit.ships.add((a.system, 1 - self.me, a.piece))
            elif isinstance(source, BankPieceTarget):
                if isinstance(a, Build) and a.piece // 3 == source.piece // 3:
                    lit.systems.add(a.system)
                elif isinstance(a, Trade) and a.new == source.piece:
                    lit.ships.add((a.system, self.me, a.old))
        return lit

    # --- clicks ---
    def options_for(self, target) -> list:
        """The legal actions that involve ``target``, for the click path (a menu of choices)."""
        out = []
        me = self.me
        for a in self.legal:
            if isinstance(a, (EndTurn, Pass)):
                continue
            if isinstance(target, ShipTarget) and target.owner == me:
                keep = (
                    (isinstance(a, (Move, Discover)) and a.ship == target.piece and a.origin == target.system)
                    or (isinstance(a, (Sacrifice,)) and a.ship == target.piece and a.system == target.system)
                    or (isinstance(a, Trade) and a.old == target.piece and a.system == target.system)
                    or (isinstance(a, Build) and a.piece // 3 == target.piece // 3 and a.system == target.system)
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
            ).format(count=n, colour=colour_text(state.sac_color)))
        elif state.free:
            out.append(_("You have not taken an action this turn: ending now passes."))
        for s in pos.systems:
            for c in s.overpopulated():
                out.append(_("{system} is overpopulated in {colour}: you could trigger a catastrophe.").format(
                    system=s.name, colour=colour_text(c)))
        return out


__all__ = ["ActionResolver", "Effect", "Highlights", "Resolution", "HUMAN", "COMPUTER", "PASS"]

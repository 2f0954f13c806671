"""Builders for window tests: hand-made positions, games at them, an instant fake computer, events."""

from __future__ import annotations

import random
from concurrent.futures import Future

import pygame

from hwgame.ai.handoff import SearchInfo, SearchReply
from hwgame.analysis import VerdictInfo
from hwgame.rules import NO_HOME, PLAYING, STANDARD, Game, Position, System, parse_piece, start_turn

PLAYERS = ("North", "South")


def pieces(text: str) -> tuple[int, ...]:
    """Sorted piece codes of ``"g1 y3"``."""
    return tuple(sorted(parse_piece(t) for t in text.split()))


def position(text: str, to_move: int = 0, rules=STANDARD, players=PLAYERS) -> Position:
    """A position in play from lines ``NAME: STARS | SHIPS OF 0 | SHIPS OF 1``; the bank holds the rest."""
    systems = []
    counts = [3] * 12
    for line in text.strip().splitlines():
        name, _, rest = line.partition(":")
        parts = (rest.split("|") + ["", ""])[:3]
        name = name.strip()
        home = players.index(name) if name in players else NO_HOME
        s = System(home, pieces(parts[0]), pieces(parts[1]), pieces(parts[2]), name)
        for p in s.stars + s.ships0 + s.ships1:
            counts[p] -= 1
        systems.append(s)
    assert min(counts) >= 0, "more than three of a piece"
    return Position(tuple(systems), tuple(counts), to_move, PLAYING, rules, tuple(players))


class FakeWorker:
    """Answers at once: a turn from ``choose(position)`` (default: a random legal turn), or an error.

    A request for a verdict (``choose=partial(verdict_reply, ...)``, as the window asks for the analysis
    of the human's position) is answered with the exact proofs, which are quick; a full verdict adds
    ``choose(position)`` as its best turn with an estimate of ``score`` (evaluation points) where
    nothing is proven. Those requests are listed in ``analyses`` as (position, quick), not in
    ``requests``, which lists the computer's own searches. ``hint(position)``, when set, gives the
    verdict's best turn in place of ``choose`` (so a verdict does not take the computer's scripted
    answers)."""

    def __init__(self, choose=None, seed: int = 1, hint=None):
        self.rng = random.Random(seed)
        self.choose = choose or self.random_turn
        self.hint = hint
        self.requests = []
        self.analyses = []
        self.score = 0.0
        self.histories = []
        self.cancels = 0
        self._id = 0
        self.progress = {}

    def random_turn(self, position):
        from hwgame.app.tools.samples import random_turn

        game = Game.from_position(position) if position.stage >= PLAYING else Game(position.rules, position.players)
        if position.stage < PLAYING:
            game.positions = [position]
            game.state = start_turn(position)
        random_turn(game, self.rng)
        return game.turns[-1]

    def verdict(self, position, limit, history, choose):
        """The verdict a request with ``choose`` gets: exact proofs, then ``choose(position)`` as the best turn."""
        from hwgame.analysis import Verdict, estimate_of, exact_verdict

        quick, turn_index = choose.keywords.get("quick", False), choose.keywords.get("turn_index", 0)
        exact = exact_verdict(position, None, history, losses=not quick)
        if quick or (exact.proof is not None and exact.proof.result == "win"):
            return exact
        turn = (self.hint or self.choose)(position)
        why = None
        if getattr(limit, "explain", False) and turn is not None:
            from hwgame.ai.why import why_turn

            why = why_turn(position, turn)
        estimate = None if exact.proof is not None else estimate_of(self.score, turn_index)
        return Verdict(position.to_move, exact.proof, estimate, turn, (turn,), exact.threats, 1, why)

    def request(self, position, limit, seed=None, history=None, choose=None):
        self._id += 1
        future = Future()
        if choose is not None:
            self.analyses.append((position, choose.keywords.get("quick", False)))
            verdict = self.verdict(position, limit, history, choose)
            future.set_result(SearchReply(verdict.best, info=VerdictInfo(verdict=verdict, why=verdict.why),
                                          request_id=self._id))
            return future
        self.requests.append(position)
        self.histories.append(history)
        try:
            turn = self.choose(position)
            why = None
            if getattr(limit, "explain", False) and turn is not None and position.stage >= PLAYING:
                from hwgame.ai.why import why_turn

                why = why_turn(position, turn)  # as the search's process explains its turn
            future.set_result(SearchReply(turn, info=SearchInfo(why=why), request_id=self._id))
        except Exception as exc:
            future.set_result(SearchReply(None, error=str(exc), request_id=self._id))
        return future

    def cancel(self):
        self.cancels += 1

    def shutdown(self, wait=True):
        pass


def fake_opponent(choose=None, seed: int = 1, hint=None):
    """An Opponent whose worker answers at once (``hint``: see ``FakeWorker``)."""
    from hwgame.app.services.opponent import Opponent

    return Opponent(worker=FakeWorker(choose, seed, hint))


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(round(v) for v in pos), button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in pos), button=button)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in pos), rel=(0, 0), buttons=(1, 0, 0))


def key(k, mod=0, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def drag(src, dst, steps: int = 5):
    """Press at ``src``, move in steps to ``dst``, release: the events of a drag."""
    out = [down(src)]
    for i in range(1, steps + 1):
        out.append(motion((src[0] + (dst[0] - src[0]) * i / steps, src[1] + (dst[1] - src[1]) * i / steps)))
    out.append(up(dst))
    return out


def click(pos):
    return [down(pos), up(pos)]


def make_app(screen, still: bool = False, boot: bool = False):
    """An App for headless scene tests: strict, with a stand-in opponent; ``still`` switches
    animations off, ``boot`` opens the first scene as the program does."""
    from hwgame.app.app import App

    app = App(size=screen.get_size())
    app.strict = True
    app.opponent = fake_opponent()
    if still:
        app.settings.animation_speed = 0.0
    if boot:
        app.boot()
    return app


def run_frames(app, screen, events=(), frames: int = 1) -> None:
    """One frame with ``events``, then ``frames`` more without."""
    app.step(list(events), 1 / 60, screen)
    for _ in range(frames):
        app.step([], 1 / 60, screen)

"""What a player reads off the play screen: overpopulation told in words, messages and tooltips that
hide nothing, readable colour letters and bank counts, and a map that keeps its place."""

from __future__ import annotations

from concurrent.futures import Future

import pygame
import pytest

from hwgame.ai.handoff import SearchReply
from hwgame.app.app import App
from hwgame.app.control.controller import COMPUTER, HUMAN
from hwgame.app.control.flow import PlayController
from hwgame.app.control.targets import MarkerTarget, ShipTarget
from hwgame.app.scenes.play import PlayScene
from hwgame.app.view.layout import MARKER_MIN, board_layout, screen_layout
from hwgame.app.view.tooltip import tip_rect
from hwgame.rules import Catastrophe, Game, parse_piece

from .helpers import FakeWorker, click, drag, fake_opponent, motion, position

P = parse_piece

# Alpha holds four blue pieces (its star and three ships): overpopulated in blue.
CROWDED = """
    North: g3 y2 | y3 g1 |
    South: r1 y1 | | g3 r2
    Alpha: b1 | b2 b3 | b1
    Beta: y3 | | y1
"""


def open_play(screen, board=CROWDED, seats=(HUMAN, COMPUTER), choose=None):
    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    ctl = PlayController(Game.from_position(position(board)), seats, ("easy", "easy"), fake_opponent(choose))
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    return app, scene


def marker_box(scene, system="Alpha"):
    _, lay, _ = scene.layouts(scene.app.size, scene.display_position())
    return lay.system(system).markers[0][0]


def test_the_panel_says_where_the_overpopulation_is_and_how_to_trigger_it(screen, data_dir):
    app, scene = open_play(screen)
    assert scene.panel.notes() == [
        "Overpopulation at Alpha: four blue pieces. Click the ! on Alpha to make a catastrophe there."]


def test_the_marker_is_a_large_click_target_that_makes_the_catastrophe(screen, data_dir):
    app, scene = open_play(screen)
    box = marker_box(scene)
    assert box.w >= MARKER_MIN and box.h >= MARKER_MIN
    # A click near the marker's edge, not only at its centre, is a click on it.
    edge = (box.x + 2, box.y + box.h - 2)
    assert scene.hit(edge) == MarkerTarget("Alpha", 3)
    app.step(click(edge), 1 / 60, screen)
    app.step([], 1 / 60, screen)
    assert scene.ctl.game.pending == [Catastrophe("Alpha", 3)]
    assert scene.panel.notes() == []  # the blue pieces went back to the bank


def test_hovering_the_marker_explains_it_inside_the_window(screen, data_dir, monkeypatch):
    import hwgame.app.panels.play_board as pv

    tips = []
    real = pv.draw_tip
    monkeypatch.setattr(pv, "draw_tip", lambda surface, theme, text, pos, *a, **k: tips.append(
        (text, real(surface, theme, text, pos, *a, **k))))
    app, scene = open_play(screen)
    app.step([motion(marker_box(scene).center)], 1 / 60, screen)
    (text, rect), = tips
    assert "Alpha is overpopulated: four blue pieces" in text and "Click to make it." in text
    assert pygame.Rect(0, 0, *screen.get_size()).contains(rect)


@pytest.mark.parametrize("pointer", [(0, 0), (1279, 799), (1279, 0), (0, 799), (640, 400)])
def test_a_tooltip_never_leaves_the_window(pointer):
    window = pygame.Rect(0, 0, 1280, 800)
    for wh in ((360, 120), (200, 40), (1400, 900)):
        assert window.contains(tip_rect(window.size, pointer, wh))


def test_a_message_covers_neither_the_own_homeworld_nor_the_panel(screen, data_dir):
    app, scene = open_play(screen)
    scene.flash("Not possible: " + "a long reason that wraps over more than one line of the board " * 2)
    screen_box, lay, _ = scene.layouts(app.size, scene.display_position())
    rect = scene.flash_rect(screen_box.board, lay)
    home = lay.system("North").box
    assert not rect.colliderect(pygame.Rect(home.as_ints()))
    assert rect.right <= screen_box.panel.x and rect.left >= screen_box.board.x


class HeldWorker(FakeWorker):
    """A worker whose answer waits until ``release()``: the computer is still thinking until then."""

    def request(self, position, limit, seed=None, history=None):
        self._id += 1
        self.held = (Future(), position)
        return self.held[0]

    def release(self):
        future, pos = self.held
        future.set_result(SearchReply(self.choose(pos), request_id=self._id))


def test_wait_for_the_computer_goes_when_it_is_the_players_turn(screen, data_dir):
    from hwgame.app.services.opponent import Opponent

    app = App(size=screen.get_size())
    app.strict = True
    app.settings.animation_speed = 0.0
    worker = HeldWorker()
    ctl = PlayController(Game.from_position(position(CROWDED)), (COMPUTER, HUMAN), ("easy", "easy"),
                         Opponent(worker=worker))
    scene = PlayScene(app, ctl)
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    # South (the human, at the bottom) drags a ship while the computer thinks: told to wait.
    _, lay, _ = scene.layouts(app.size, scene.display_position())
    ship = next(pp for pp in lay.pieces() if pp.kind == "ship")
    app.step(drag(ship.box.center, (ship.box.x + 60, ship.box.y + 60)), 1 / 60, screen)
    assert scene.flash_text == "wait: it is the computer's turn" and scene.flash_time > 0
    app.step([], 1 / 60, screen)
    assert scene.flash_time > 0  # still the computer's turn: the message stays
    worker.release()
    app.step([], 1 / 60, screen)
    app.step([], 1 / 60, screen)
    assert scene.ctl.human_to_move() and scene.flash_time <= 0


def test_another_message_goes_when_the_board_changes(screen, data_dir):
    app, scene = open_play(screen)
    scene.flash("Not possible: the bank has no blue 3 left")
    app.step([], 1 / 60, screen)
    assert scene.flash_time > 0
    scene.act(Catastrophe("Alpha", 3))
    app.step([], 1 / 60, screen)
    assert scene.flash_time == 0


def test_pieces_grow_with_the_window():
    pos = position(CROWDED)
    units = []
    for size in ((1024, 700), (1920, 1080)):
        units.append(board_layout(pos, screen_layout(*size).board).unit)
    assert units[1] > units[0] * 1.3


def test_ship_target_still_reachable_from_targets():
    assert ShipTarget("Alpha", 0, 1) == ShipTarget("Alpha", 0, 1, index=2)


def test_a_system_that_grows_moves_only_itself():
    board = screen_layout(1280, 800).board
    before = board_layout(position(CROWDED), board)
    grown = board_layout(position(CROWDED.replace("Beta: y3 | | y1", "Beta: y3 | | y1 g1 r1 g1 r2")), board)
    assert grown.unit == before.unit
    assert grown.system("Beta").box != before.system("Beta").box
    for name in ("Alpha", "North", "South"):
        assert grown.system(name).box == before.system(name).box


TALL = CROWDED.replace("Alpha: b1 | b2 b3 | b1", "Alpha: b1 | b2 b3 | b1 b3 r3")


def test_the_screen_keeps_its_unit_when_a_system_shrinks(screen, data_dir):
    board = screen_layout(1280, 800).board
    before = board_layout(position(TALL), board)
    smaller = position(CROWDED)
    assert board_layout(smaller, board).unit > before.unit  # alone, the map would grow
    assert board_layout(smaller, board, keep=before.unit).unit == before.unit
    # The play screen passes the unit it shows: a catastrophe that takes Alpha away leaves the map's
    # pieces their size.
    app, scene = open_play(screen, TALL)
    unit = scene.layouts(app.size, scene.display_position())[1].unit
    scene.act(Catastrophe("Alpha", 3))
    app.step([], 1 / 60, screen)
    assert [s.name for s in scene.display_position().systems] == ["North", "South", "Beta"]
    assert scene.layouts(app.size, scene.display_position())[1].unit == pytest.approx(unit)


def _luminance(rgb):
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_colour_letters_are_readable_on_the_smallest_piece_at_1024x700(screen):
    from hwgame.app.tools.samples import busy_game
    from hwgame.app.view import pieces
    from hwgame.app.view.theme import Theme

    theme = Theme(colour_blind=True)
    lay = board_layout(busy_game(11, 70).state.position, screen_layout(1024, 700).board)
    smallest = min(pp.box.h for pp in lay.pieces())
    for color in range(4):
        tag = pieces.letter_image(theme, color, smallest)
        glyph = theme.text("RYGB"[color], max(21, int(smallest * 0.42)), pieces.LETTER_INK, bold=True)
        assert glyph.get_bounding_rect().h >= 10
        assert tag.get_width() > glyph.get_bounding_rect().w  # the letter sits on its tag
        light, dark = _luminance(pieces.LETTER_INK), _luminance(pieces.LETTER_GROUND)
        assert (light + 0.05) / (dark + 0.05) >= 7  # a strong contrast, whatever the piece's colour


def test_the_bank_shows_its_counts_as_digits(screen, monkeypatch):
    from hwgame.app.view.board import BoardOptions, BoardView
    from hwgame.app.view.layout import bank_layout
    from hwgame.app.view.theme import Theme

    theme = Theme()
    drawn = []
    real = theme.text
    monkeypatch.setattr(theme, "text",
                        lambda text, size, *a, **k: drawn.append((text, size)) or real(text, size, *a, **k))
    counts = (3, 2, 1, 0, 3, 3, 3, 3, 3, 3, 3, 1)
    BoardView(theme).draw_bank(screen, bank_layout(screen_layout(1024, 700).bank), counts, BoardOptions())
    digits = [(t, s) for t, s in drawn if t.isdigit()]
    assert [t for t, _ in digits] == [str(n) for n in counts]
    for text, size in digits:
        assert real(text, size, bold=True).get_bounding_rect().h >= 10


def test_the_replay_draws_connections_like_the_live_board(screen, data_dir, monkeypatch):
    from hwgame.app.scenes.replay import ReplayScene
    from hwgame.app.tools.samples import busy_game
    from hwgame.app.view.board import BoardView

    from .helpers import make_app

    seen = []
    monkeypatch.setattr(BoardView, "draw_lines", lambda self, surf, pos, lay, opts: seen.append(opts.all_lines))
    app = make_app(screen, still=True)
    app.settings.connection_lines = True
    scene = ReplayScene(app, busy_game(11, 30), ("North", "South"))
    app.scenes.reset(scene)
    app.step([], 1 / 60, screen)
    assert seen and all(seen)


def test_every_homeworld_is_labelled_as_one_whatever_its_room(screen):
    from hwgame.app.view.board import BoardView, home_label
    from hwgame.app.view.theme import Theme

    view = BoardView(Theme())
    # North is narrow (one small ship), South wide; a home with a long name; a home left with one small
    # star and no ship at all (its box as narrow as a home's gets): each is labelled a homeworld, always.
    long = "Dsheldon_the_patient_one"
    boards = [(CROWDED, ("North", "South")), (CROWDED.replace("North", long), (long, "South")),
              ("North: y1 | g1 |\nSouth: r1 y2 | | g3 b1\nAlpha: b1 | g2 | r1", ("North", "South"))]
    for text, players in boards:
        for size in ((1024, 700), (1280, 800), (1920, 1080)):
            lay = board_layout(position(text, players=players), screen_layout(*size).board)
            homes = [sp for sp in lay.systems if sp.home >= 0]
            words = [view.home_words(lay, sp, 16) for sp in homes]
            assert len(homes) == 2 and len({px for _words, px in words}) == 1  # the two alike
            for sp, (label, px) in zip(homes, words, strict=True):
                assert label.endswith(home_label("")), (label, size)  # "(home)" is never dropped
                assert view.theme.font(px, True).size(label)[0] <= view._name_room(sp)  # and fits its strip
            if long not in players:
                assert words == [(home_label(sp.name), 16) for sp in homes]  # the layout left room for both words


def test_the_flow_tells_the_screens_in_dataclasses(screen, data_dir):
    import dataclasses

    from hwgame.app.control import events

    app, scene = open_play(screen, seats=(HUMAN, COMPUTER))
    ctl = scene.ctl
    ctl.events.clear()
    ctl.play(Catastrophe("Alpha", 3))
    assert ctl.end_turn() is None
    ctl.update()  # the instant computer answers
    kinds = [type(e) for e in ctl.events]
    assert kinds[:2] == [events.Committed, events.ComputerPlayed]
    assert all(dataclasses.is_dataclass(e) for e in ctl.events)
    assert isinstance(ctl.events[1].notation, str) and ctl.events[1].notation


@pytest.mark.parametrize("name", ["play", "replay", "setup"])
def test_draw_changes_no_state(screen, data_dir, name):
    from hwgame.app.control.options import GameConfig
    from hwgame.app.tools.samples import busy_game

    from .helpers import make_app

    app = make_app(screen, still=True)
    if name == "play":
        app, scene = open_play(screen)
    elif name == "replay":
        scene = app.make_scene("replay", busy_game(11, 30), ("North", "South"))
        app.scenes.reset(scene)
    else:
        app.new_game(GameConfig(("Ann", "Bea"), ("human", "human"), ("easy", "easy")))
        scene = app.scenes.top
    app.step([], 1 / 60, screen)
    size = app.size
    other = pygame.Surface((1100, 720))
    before = {k: v for k, v in vars(scene).items() if not k.startswith("_")}
    panel = getattr(scene, "panel", None)
    panel_before = None if panel is None else {k: v for k, v in vars(panel).items()}
    notation_rect = None if panel is None else tuple(panel.notation.rect)
    scene.draw(other)
    assert app.size == size
    after = {k: v for k, v in vars(scene).items() if not k.startswith("_")}
    changed = sorted(k for k in before if after.get(k) is not before[k])
    assert changed == []
    if panel is not None:  # the play screen's side panel too: the log was placed in update
        assert panel_before is not None and panel.log_rect.h > 40  # placed before any drawing
        assert sorted(k for k, v in vars(panel).items() if panel_before.get(k) is not v) == []
        assert tuple(panel.notation.rect) == notation_rect


class Sounds:
    """Stands in for ``app.sounds``: remembers what was played."""

    def __init__(self):
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def prepare(self) -> None:
        """The app readies a sound a frame; nothing to ready here."""


@pytest.mark.slow
def test_sounds_as_actions_start_to_animate_and_at_the_end(screen, data_dir):
    from hwgame.rules import Build

    app, scene = open_play(screen)
    app.settings.animation_speed = 1.0
    app.sounds = Sounds()
    scene.act(Catastrophe("Alpha", 3))
    app.step([], 1 / 60, screen)
    assert app.sounds.played == ["catastrophe"]
    for _ in range(120):
        app.step([], 1 / 60, screen)
    scene.act(Build(P("g1"), "North"))
    app.step([], 1 / 60, screen)
    assert app.sounds.played == ["catastrophe", "build"]
    for _ in range(120):
        app.step([], 1 / 60, screen)
    scene.request_end_turn()
    for _ in range(400):  # the computer's turn, each of its actions animated
        app.step([], 1 / 60, screen)
    names = set(app.sounds.played[2:])
    assert names and names <= {"build", "move", "capture", "catastrophe", "sacrifice", "trade", "discover",
                               "game-end"}


def test_the_end_of_the_game_sounds_once(screen, data_dir):
    from hwgame.rules import Capture

    # North's red 3 at South (whose red star gives access) captures South's only ship at home.
    board = """
        North: g3 y2 | y3 |
        South: r1 y1 | r3 | g1
    """
    app, scene = open_play(screen, board, seats=(HUMAN, HUMAN))
    app.sounds = Sounds()
    scene.act(Capture(P("g1"), "South"))
    app.step([], 1 / 60, screen)
    assert scene.ctl.end_turn() is None
    for _ in range(5):
        app.step([], 1 / 60, screen)
    assert scene.ctl.is_over()
    assert app.sounds.played == ["capture", "game-end"]


def test_no_sounds_object_no_trouble(screen, data_dir):
    import types

    app, scene = open_play(screen)
    scene.app = types.SimpleNamespace(settings=app.settings)  # an app from before sounds existed
    scene.sound("build")
    scene.app = app
    scene.act(Catastrophe("Alpha", 3))
    app.step([], 1 / 60, screen)
    assert scene.ctl.game.pending == [Catastrophe("Alpha", 3)]

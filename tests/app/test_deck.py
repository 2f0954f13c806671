"""The puzzle deck in the window: a finished archive game's review leaves its clear mistakes in the deck
(the player's own turns only, each with the better turn the review found, once however often the game
is reviewed); the Tutorial's row says how many are due today; the deck's screen accepts the better turn,
refuses a turn that walks into a loss and shows the punishing answer, and writes the SM-2 step."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

pygame = pytest.importorskip("pygame")

from hwgame.ai.tactics import find_win  # noqa: E402
from hwgame.ai.thinking import Limit, Thinking  # noqa: E402
from hwgame.analysis.mistakes import better_turn_is_clear  # noqa: E402
from hwgame.analysis.review import BLUNDER, MISTAKE, review_of  # noqa: E402
from hwgame.app.services.deck import add_review, deck_path, game_key  # noqa: E402
from hwgame.persist.convert import save_to_game  # noqa: E402
from hwgame.persist.deck_file import DECK_FILE, read_deck  # noqa: E402
from hwgame.rules import PASS, SDG, EndTurn, apply_turn_unchecked, format_turn, parse_turn, read_transcript, replay  # noqa: E402

LIGHT = Thinking(Limit(depth=1, nodes=2000))
# SDG game 17917: OnePageWars' turn 17 builds a fourth green at home, and ts52 wins at once with a green
# catastrophe there (see tests/analysis/test_review.py).
GAME = "17917.raw"
BLUNDER_TURN = 17
SIZE = (1280, 800)


@pytest.fixture
def archive_game(sdg_games):
    game = replay(read_transcript(sdg_games / GAME), SDG)
    return game, review_of(game, LIGHT)


def test_the_deck_of_a_finished_archive_game_holds_its_clear_mistakes(archive_game, data_dir):
    game, review = archive_game
    path = data_dir / DECK_FILE
    me = game.players.index("OnePageWars")
    assert add_review(path, game, None, review, me, "SDG 17917") == 1
    deck = read_deck(path)
    [puzzle] = deck.puzzles
    assert (puzzle.index + 1, puzzle.player, puzzle.kind) == (BLUNDER_TURN, me, BLUNDER)
    # The puzzle's board, replayed from the deck's own copy of the game, is the board before the blunder:
    # the turn played there lets ts52 win at once, the better turn kept does not.
    kept = save_to_game(deck.games[puzzle.game].save)
    position = kept.positions[puzzle.index]
    assert position == game.positions[BLUNDER_TURN - 1]
    assert find_win(apply_turn_unchecked(position, parse_turn(puzzle.played))) is not None
    assert find_win(apply_turn_unchecked(position, parse_turn(puzzle.best))) is None
    assert puzzle.schedule.due == date.today() and puzzle.schedule.repetitions == 0
    # Reviewed again: nothing new, the file untouched.
    before = path.read_bytes()
    assert add_review(path, game, None, review, me) == 0 and path.read_bytes() == before
    # The other player's marks are theirs, never in OnePageWars' deck; theirs hold only clear ones.
    other = add_review(data_dir / "other.json", game, None, review, 1 - me)
    clear = [t for t in review.turns if t.player == 1 - me and t.kind in (BLUNDER, MISTAKE) and better_turn_is_clear(t)]
    assert other == len(clear)




@pytest.fixture
def app(tmp_path):
    """A window app on the dummy driver, its data in a temporary folder, animations off."""
    from hwgame.app.app import App
    from hwgame.app.main import _parse
    from hwgame.persist import set_data_dir

    set_data_dir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    application = App(_parse(["--seed", "3"]), SIZE)
    application.strict = True
    application.settings.animation_speed = 0.0
    application.boot()
    application.screen = screen
    yield application
    application.shutdown()
    set_data_dir(None)


def play(scene, text: str) -> None:
    """Play the turn ``text`` on the puzzle's board, action by action, as drags would."""
    for action in parse_turn(text):
        if not isinstance(action, EndTurn):
            scene.ctl.game.act(action)


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step([], 1 / 60, app.screen)


def judged(app, scene, text: str, seconds: float = 30.0) -> None:
    """Play ``text`` and press End Turn, then run frames until the card has its ruling."""
    import time

    play(scene, text)
    tries = scene.tries
    scene.play.request_end_turn()
    deadline = time.monotonic() + seconds
    while scene.tries == tries and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    assert scene.tries == tries + 1, "no ruling came back"
    frames(app)


def test_the_tutorial_row_shows_the_count_due_today(app, archive_game):
    from hwgame.app.scenes.tutorial import LessonList

    game, review = archive_game
    listing = app.open_scene("lessons")
    frames(app)
    assert isinstance(listing, LessonList) and listing.deck_label().endswith("0 due today")
    assert listing.deck_button in listing.controls()
    listing.open_deck()  # an empty deck: a message, no screen
    frames(app)
    assert app.scenes.top is listing
    add_review(deck_path(), game, None, review, 0)
    listing.resume()
    frames(app)
    assert listing.deck_label() == "Your puzzle deck  ·  1 due today"
    assert listing.deck_button.text == listing.deck_label()  # drawn on the row
    listing.open_deck()
    frames(app)
    assert type(app.scenes.top).__name__ == "DeckScene"


def test_a_deck_puzzle_accepts_the_better_turn_and_refuses_a_losing_one(app, archive_game):
    from hwgame.app.kit.dialogs import Dialog
    from hwgame.app.scenes.deck import DeckScene

    game, review = archive_game
    path = deck_path()
    add_review(path, game, None, review, 0, "SDG 17917")
    deck = read_deck(path)
    scene = DeckScene(app, deck, level="easy")
    app.scenes.push(scene)
    frames(app)
    assert "turn 17" in scene.header() and "blunder" in scene.task()
    puzzle = deck.puzzles[0]
    start = scene.ctl.entry.position
    # The blunder itself: refused, taken back, and ts52's winning answer told and shown with ghosts.
    judged(app, scene, puzzle.played)
    assert not scene.solved and not scene.ctl.game.pending and scene.tries == 1
    assert "The answer: ts52" in scene.message and scene.demo is not None
    assert scene.ruling is not None and scene.ruling.reply is not None
    after = apply_turn_unchecked(start, parse_turn(puzzle.played))
    assert apply_turn_unchecked(after, scene.ruling.reply).winner() == 1
    # The ghosts play the turn tried, then that answer.
    assert scene.demo is not None and scene.demo.steps[-1].action == scene.ruling.reply[-1]
    scene.stop_demo()
    # The better turn: accepted and kept on the board, graded (solved after a wrong try), its next day written.
    judged(app, scene, puzzle.best)
    assert scene.solved and isinstance(app.scenes.top, Dialog)
    assert scene.ctl.game.position == apply_turn_unchecked(start, parse_turn(puzzle.best))
    kept = read_deck(path).puzzles[0]
    assert kept.schedule.repetitions == 1 and kept.schedule.due == date.today() + timedelta(days=1)
    assert kept.schedule.ease == puzzle.schedule.ease  # solved after a wrong try: SM-2 grade 4 keeps the ease
    assert format_turn(parse_turn(puzzle.best), "canonical") == puzzle.best
    assert game_key(game) == puzzle.game


def test_a_review_not_complete_adds_nothing(archive_game, data_dir):
    game, review = archive_game
    path = data_dir / DECK_FILE
    review.total += 1  # the review stopped before the last turn
    assert add_review(path, game, None, review, 0) == 0 and not path.exists()


def test_a_puzzle_is_judged_as_the_retry_mode_judges_its_turn(archive_game, data_dir):
    from hwgame.analysis.retry import judge_try
    from hwgame.analysis.verdict import Estimate, Verdict
    from hwgame.app.services.deck import MARGIN, entry_of

    game, review = archive_game
    add_review(deck_path(), game, None, review, 0, "SDG 17917")
    puzzle = read_deck(deck_path()).puzzles[0]
    reviewed = review.turns[puzzle.index]
    entry = entry_of(puzzle, reviewed.position)
    # The puzzle keeps what the judgement reads of the review's entry.
    assert (entry.turn, entry.best, entry.refutation) == (reviewed.turn, reviewed.best, reviewed.refutation)
    assert entry.chance_before == reviewed.chance_before
    best = entry.chance_before
    other = (PASS,)  # neither the better turn nor the turn played
    assert other not in (entry.best, entry.turn)

    def ruling(chance):  # the verdict of the board after the try, from the opponent's side
        return judge_try(entry, other, Verdict(1 - puzzle.player, estimate=Estimate(0.0, 1.0 - chance)))

    assert ruling(best - MARGIN / 2).accepted
    assert not ruling(best - 2 * MARGIN).accepted
    assert judge_try(entry, entry.best, None).accepted  # the better turn itself, without a verdict
    played = judge_try(entry, entry.turn, None)
    assert not played.accepted and played.reply == reviewed.refutation  # punished by the review's reply


def test_a_review_finished_in_the_replay_viewer_fills_the_players_deck(app, archive_game):
    from hwgame.persist import Player

    game, review = archive_game
    players = [Player(name="OnePageWars"), Player(name="ts52")]
    viewer = app.scene_class("replay")(app, game, players)
    app.settings.player_name = "Someone"
    viewer._add_to_deck(review)
    assert read_deck(deck_path()).puzzles == []  # not the player's game: nothing added
    app.settings.player_name = "OnePageWars"
    viewer._add_to_deck(review)
    [puzzle] = read_deck(deck_path()).puzzles
    assert puzzle.player == 0 and puzzle.index + 1 == BLUNDER_TURN


def test_a_deck_puzzle_opens_the_game_it_came_from_at_its_turn(app, archive_game):
    from hwgame.app.scenes.deck import DeckScene

    game, review = archive_game
    add_review(deck_path(), game, None, review, 0, "SDG 17917")
    scene = DeckScene(app, read_deck(deck_path()), level="easy")
    app.scenes.push(scene)
    frames(app)
    scene.open_game()
    frames(app)
    viewer = app.scenes.top
    assert viewer is not scene and viewer.game.turns == game.turns
    assert viewer.position == game.positions[BLUNDER_TURN - 1]  # the board before the puzzle's turn


def test_a_skipped_puzzle_comes_back_tomorrow(app, archive_game):
    from hwgame.app.kit.dialogs import Dialog
    from hwgame.app.scenes.deck import DeckScene

    game, review = archive_game
    add_review(deck_path(), game, None, review, 0)
    scene = DeckScene(app, read_deck(deck_path()), level="easy")
    app.scenes.push(scene)
    frames(app)
    scene.skip()
    scene.skip()  # once is enough: a second press takes no second step
    frames(app)
    assert isinstance(app.scenes.top, Dialog)
    kept = read_deck(deck_path()).puzzles[0].schedule
    assert (kept.repetitions, kept.lapses, kept.due) == (0, 1, date.today() + timedelta(days=1))
    from hwgame.app.control.deck import due_count

    assert due_count(read_deck(deck_path()), date.today()) == 0

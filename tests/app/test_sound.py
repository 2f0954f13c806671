"""Sound effects: the synthesis, the volume and mute settings, silence without a device, the Settings screen."""

from __future__ import annotations

import io
import wave

import pygame
import pytest

from hwgame.app.scenes.info import VOLUME_STEPS, SettingsScene, nearest_step
from hwgame.app.services import sound
from hwgame.app.services.sound import MAX_SECONDS, PEAK, RATE, SOUND_NAMES, Sounds, synthesize, wav_bytes
from hwgame.persist import Settings

from .helpers import click, make_app, run_frames, up

# The names the play screen uses.
EVENTS = ("build", "move", "capture", "catastrophe", "sacrifice", "trade", "discover", "game-end", "clock-low")


class FakeSound:
    def __init__(self, log, name):
        self.log, self.name = log, name

    def set_volume(self, value):
        self.log.append(("volume", self.name, value))

    def play(self):
        self.log.append(("play", self.name))


class FakeMixer:
    """A stand-in for pygame.mixer that records what is played and at which volume."""

    def __init__(self):
        self.log: list[tuple] = []
        self.made = 0

    def Sound(self, file):  # noqa: N802  (pygame's name)
        self.made += 1
        with wave.open(file) as w:  # what the game hands the mixer is a readable WAV file
            assert w.getnframes() > 0
        return FakeSound(self.log, self.made)


def sounds_with(settings, mixer):
    opened = []

    def open_mixer():
        opened.append(1)
        return mixer

    return Sounds(lambda: settings, open_mixer), opened


def test_every_event_has_a_sound():
    assert set(EVENTS) == set(SOUND_NAMES)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_short_soft_and_ends_in_silence(name):
    samples = synthesize(name)
    assert samples.typecode == "h" and 0 < len(samples) <= MAX_SECONDS * RATE
    top = max(abs(v) for v in samples)
    assert 0.2 * 32767 < top <= PEAK * 32767 + 1  # audible, and far from clipping
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # no click at either end
    assert any(v > 0 for v in samples) and any(v < 0 for v in samples)
    with wave.open(io.BytesIO(wav_bytes(name))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        assert w.getnframes() == len(samples)


def test_the_synthesis_is_the_same_every_time():
    synthesize.cache_clear()
    first = {name: synthesize(name).tobytes() for name in SOUND_NAMES}
    synthesize.cache_clear()
    assert first == {name: synthesize(name).tobytes() for name in SOUND_NAMES}


def test_play_uses_the_volume_setting_at_once():
    settings = Settings(sound_volume=0.5)
    mixer = FakeMixer()
    sounds, _ = sounds_with(settings, mixer)
    sounds.play("build")
    assert mixer.log == [("volume", 1, 0.25), ("play", 1)]
    settings.sound_volume = 1.0
    sounds.play("build")
    assert mixer.log[-2:] == [("volume", 1, 1.0), ("play", 1)]
    assert mixer.made == 1  # each sound is made once


def test_muted_or_volume_zero_plays_nothing_and_opens_nothing():
    settings = Settings(sound_muted=True)
    mixer = FakeMixer()
    sounds, opened = sounds_with(settings, mixer)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert not sounds.prepare()
    settings.sound_muted = False
    settings.sound_volume = 0.0
    sounds.play("move")
    assert mixer.log == [] and opened == []
    settings.sound_volume = 0.4
    sounds.play("move")
    assert mixer.log[-1] == ("play", 1)


def test_an_unknown_name_is_ignored():
    mixer = FakeMixer()
    sounds, opened = sounds_with(Settings(), mixer)
    sounds.play("fanfare")
    assert mixer.log == [] and opened == []


def test_prepare_makes_one_sound_a_call_until_all_are_ready():
    mixer = FakeMixer()
    sounds, opened = sounds_with(Settings(), mixer)
    calls = 0
    while sounds.prepare():
        calls += 1
        assert calls <= len(SOUND_NAMES)
    assert mixer.made == len(SOUND_NAMES) and len(opened) == 1
    sounds.play("game-end")
    assert mixer.made == len(SOUND_NAMES) and mixer.log[-1][0] == "play"


def test_without_a_device_everything_is_a_quiet_no_op(capfd):
    sounds, opened = sounds_with(Settings(), None)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert not sounds.prepare() and not sounds.available and not sounds.audible
    assert opened == [1]  # the device is looked for once, not at every sound
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_a_mixer_that_cannot_start_says_nothing(monkeypatch, capfd):
    def broken_init(*args, **kwargs):
        import os

        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")  # what a C library prints without a sound card
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    sounds = Sounds(lambda: Settings(), lambda: sound._open_pygame_mixer())
    sounds.play("capture")
    sounds.play("build")
    assert not sounds.available
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_the_dummy_audio_driver_counts_as_no_device(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounds = Sounds(lambda: Settings())
    sounds.play("build")
    assert not sounds.available and not sounds.audible
    assert pygame.mixer.get_init() is None


def test_the_real_mixer_takes_every_sound_on_the_dummy_driver(capfd):
    # Asked for explicitly, the dummy driver's mixer opens: the sounds load and play, silently.
    sounds = Sounds(lambda: Settings(), lambda: sound._open_pygame_mixer())
    try:
        while sounds.prepare():
            pass
        if not sounds.available:
            pytest.skip("pygame's mixer does not start on this machine")
        for name in SOUND_NAMES:
            sounds.play(name)
            assert sounds._loaded[name].get_length() == pytest.approx(len(synthesize(name)) / RATE, abs=0.01)
    finally:
        sounds.close()
        pygame.mixer.quit()
    assert capfd.readouterr().out == ""


def test_the_app_has_sounds_from_the_start(screen, data_dir):
    app = make_app(screen)
    assert isinstance(app.sounds, Sounds)
    app.sounds.play("build")  # on the dummy driver: nothing, and no error
    app.settings.sound_muted = True
    assert not app.sounds.audible


def test_nearest_volume_step():
    assert VOLUME_STEPS[nearest_step(0.0)][1] == 0.0
    assert VOLUME_STEPS[nearest_step(0.62)][1] == 0.6
    assert VOLUME_STEPS[nearest_step(1.0)][1] == 1.0


def test_the_settings_screen_changes_and_saves_the_sound_settings(screen, data_dir):
    from hwgame import persist

    app = make_app(screen, boot=True)
    played = []
    app.sounds.play = played.append  # type: ignore[method-assign]
    run_frames(app, screen, (), 2)
    title = app.scenes.top
    run_frames(app, screen, click(next(b for b in title.buttons if b.text == "Settings").rect.center), 2)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    start = app.settings.sound_volume
    assert scene.volume.value == pytest.approx(start) and scene.sound.value is False

    run_frames(app, screen, click(scene.sound.rect.center), 2)  # On -> Off
    assert app.settings.sound_muted is True and played == []  # switching off is silent
    run_frames(app, screen, click(scene.volume.rect.center), 2)  # one step up
    assert app.settings.sound_volume == pytest.approx(start + 0.1)
    assert played == ["build"]  # the new volume can be heard at once (the muted Sounds stays silent)
    saved = persist.load_settings()
    assert saved.sound_muted is True and saved.sound_volume == pytest.approx(start + 0.1)

    pos = scene.volume.rect.center
    run_frames(app, screen, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3), up(pos, button=3)] * 2, 2)
    assert app.settings.sound_volume == pytest.approx(start - 0.1)  # right click steps down
    run_frames(app, screen, click(scene.sound.rect.center), 2)  # Off -> On
    assert app.settings.sound_muted is False and played[-1] == "build"
    saved = persist.load_settings()
    assert saved.sound_muted is False and saved.sound_volume == pytest.approx(start - 0.1)

    # Opened again, the screen shows what was saved.
    again = SettingsScene(app)
    assert again.sound.value is False and again.volume.value == pytest.approx(start - 0.1)

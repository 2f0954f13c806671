"""Sound effects, made by this module: short, soft tones synthesised in pure Python, no sound files.

``SOUND_NAMES`` are the events that have a sound. ``synthesize(name)`` gives the samples of one (16-bit
mono at ``RATE``), ``wav_bytes(name)`` the same as a WAV file in memory. ``Sounds`` plays them through
``pygame.mixer``: ``App.sounds.play("build")``. It is silent, and never says a word, when sound is
muted, the volume is 0, or there is no sound device (the mixer cannot start, or SDL's ``dummy`` driver).

The design is gentle on purpose, since a sound follows every action of a long game: sines with a few
quiet overtones, a soft attack (no click), an exponential fade, every sound under 0.6 s and at most half
of full scale before the volume setting scales it further down.
"""

from __future__ import annotations

import array
import contextlib
import functools
import io
import math
import os
import random
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass

RATE = 22050  # samples per second: plenty for soft tones, and half the work of 44.1 kHz
PEAK = 0.5  # the loudest sample of any sound, as a fraction of full scale (room to spare: no clipping)
MAX_SECONDS = 0.6
_FULL = 32767


@dataclass(frozen=True)
class Tone:
    """One note: ``freq`` Hz (gliding to ``to_freq`` if given) from ``start`` for ``length`` seconds.

    ``partials`` are the amplitudes of the harmonics (1st, 2nd, ...): few and quiet, for a soft timbre.
    The envelope rises over ``attack`` seconds, fades by ``exp(-decay * t)`` and closes smoothly to
    silence over its last ``release`` seconds.
    """

    start: float
    length: float
    freq: float
    to_freq: float | None = None
    level: float = 1.0
    partials: tuple[float, ...] = (1.0, 0.2, 0.05)
    attack: float = 0.012
    decay: float = 6.0
    release: float = 0.05


@dataclass(frozen=True)
class Hush:
    """Softened noise (a breath, a rumble): white noise through a two-stage low-pass at ``cutoff`` Hz,
    swelling and fading as ``sin(pi * t / length) ** 2`` so it starts and ends in silence."""

    start: float
    length: float
    cutoff: float
    level: float = 1.0
    seed: int = 1


# Notes of C major (Hz): calm intervals only, nothing dissonant.
_A4, _C5, _D5, _E5, _G5, _A5, _C6, _E6, _G6 = 440.0, 523.25, 587.33, 659.25, 783.99, 880.0, 1046.5, 1318.5, 1568.0

# name -> (loudness relative to PEAK, the parts mixed together)
_DESIGNS: dict[str, tuple[float, tuple[Tone | Hush, ...]]] = {
    # A small rising pluck: something appears.
    "build": (0.8, (Tone(0.0, 0.16, _G5, decay=14), Tone(0.07, 0.26, _C6, decay=10))),
    # A breath of air with a faint rising glide: a ship on its way.
    "move": (0.7, (Hush(0.0, 0.30, 900, seed=3),
                   Tone(0.02, 0.28, 330, 440, level=0.35, partials=(1.0,), attack=0.06, decay=4))),
    # Two falling notes, a little warmer: a ship changes hands.
    "capture": (0.85, (Tone(0.0, 0.16, _D5, partials=(1.0, 0.35, 0.12), decay=12),
                       Tone(0.09, 0.26, _A4, partials=(1.0, 0.35, 0.12), decay=9))),
    # A low, slow rumble under a falling tone: a whole colour leaves a system.
    "catastrophe": (1.0, (Hush(0.0, 0.55, 380, level=0.9, seed=7),
                          Tone(0.0, 0.55, 196, 98, level=0.8, partials=(1.0, 0.45, 0.2), attack=0.04, decay=3.5,
                               release=0.12))),
    # A slow fall of an octave: a ship given up.
    "sacrifice": (0.8, (Tone(0.0, 0.42, 660, 330, partials=(1.0, 0.2), attack=0.02, decay=5, release=0.1),)),
    # Down and back up: one piece for another.
    "trade": (0.75, (Tone(0.0, 0.13, _A5, decay=14), Tone(0.08, 0.13, _E5, decay=14), Tone(0.16, 0.2, _A5, decay=11))),
    # A small bell arpeggio (odd partials ring like a bell): a new star.
    "discover": (0.75, (Tone(0.0, 0.3, _C6, partials=(1.0, 0.0, 0.18, 0.0, 0.05), decay=8),
                        Tone(0.07, 0.3, _E6, partials=(1.0, 0.0, 0.18, 0.0, 0.05), decay=8),
                        Tone(0.14, 0.34, _G6, partials=(1.0, 0.0, 0.18, 0.0, 0.05), decay=7))),
    # Two soft, short high notes, like a small bell struck twice: ten seconds left on the clock.
    "clock-low": (0.7, (Tone(0.0, 0.12, _E6, partials=(1.0, 0.0, 0.12), decay=18),
                        Tone(0.16, 0.16, _E6, partials=(1.0, 0.0, 0.12), decay=14))),
    # A gentle major arpeggio: the game is over.
    "game-end": (0.9, (Tone(0.0, 0.3, _C5, decay=5), Tone(0.09, 0.3, _E5, decay=5), Tone(0.18, 0.3, _G5, decay=5),
                       Tone(0.27, 0.3, _C6, decay=4.5, release=0.1))),
}

SOUND_NAMES: tuple[str, ...] = tuple(_DESIGNS)


def _tone(out: list[float], tone: Tone) -> None:
    """Add one note into ``out`` (floats), integrating the phase so that a glide stays smooth."""
    first = round(tone.start * RATE)
    count = min(round(tone.length * RATE), len(out) - first)
    end_freq = tone.freq if tone.to_freq is None else tone.to_freq
    attack_n = max(1, round(tone.attack * RATE))
    release_n = max(1, round(tone.release * RATE))
    step = 2 * math.pi / RATE
    phase = 0.0
    harmonics = [(k, a) for k, a in enumerate(tone.partials, start=1) if a]
    for i in range(count):
        t = i / RATE
        freq = tone.freq + (end_freq - tone.freq) * (i / count)
        env = tone.level * math.exp(-tone.decay * t)
        if i < attack_n:  # a raised-cosine rise: a hard edge would click
            env *= 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
        left = count - 1 - i
        if left < release_n:  # and the same to close, so that every note ends in silence
            env *= 0.5 - 0.5 * math.cos(math.pi * left / release_n)
        value = 0.0
        for k, amp in harmonics:
            if k * freq < RATE / 2:  # an overtone above Nyquist would fold back as a harsh alias
                value += amp * math.sin(k * phase)
        out[first + i] += env * value
        phase += step * freq


def _hush(out: list[float], part: Hush) -> None:
    """Add a swell of low-passed noise into ``out``; the seed makes it the same every time."""
    rng = random.Random(part.seed)
    first = round(part.start * RATE)
    count = min(round(part.length * RATE), len(out) - first)
    alpha = 1 - math.exp(-2 * math.pi * part.cutoff / RATE)  # one-pole low-pass coefficient
    a = b = 0.0
    for i in range(count):
        a += alpha * (rng.uniform(-1.0, 1.0) - a)
        b += alpha * (a - b)  # a second stage: a gentler slope, no hiss
        shape = math.sin(math.pi * i / count) ** 2
        out[first + i] += part.level * shape * b * 3.0  # low-passing takes most of the noise's level away


@functools.cache
def synthesize(name: str) -> array.array:
    """The samples of the sound called ``name``: signed 16-bit mono at ``RATE``, peak ``PEAK`` times its
    design's loudness, starting and ending at silence. Raises KeyError for a name without a sound."""
    loudness, parts = _DESIGNS[name]
    length = max(p.start + p.length for p in parts)
    out = [0.0] * min(round(length * RATE), round(MAX_SECONDS * RATE))
    for part in parts:
        if isinstance(part, Tone):
            _tone(out, part)
        else:
            _hush(out, part)
    top = max(abs(v) for v in out) or 1.0
    scale = PEAK * loudness * _FULL / top  # every sound is set to its intended level, whatever its parts add to
    return array.array("h", (round(v * scale) for v in out))


def wav_bytes(name: str) -> bytes:
    """The sound called ``name`` as a WAV file in memory (the mixer converts it to the device's format)."""
    samples = synthesize(name)
    if samples.itemsize != 2:  # pragma: no cover - array "h" is 16 bits on every platform pygame runs on
        raise RuntimeError("16-bit samples expected")
    data = samples.tobytes() if array.array("h", [1]).tobytes()[0] == 1 else _swapped(samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)
    return buffer.getvalue()


def _swapped(samples: array.array) -> bytes:
    """Little-endian bytes on a big-endian machine (WAV is little-endian)."""
    copy = array.array("h", samples)
    copy.byteswap()
    return copy.tobytes()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C libraries' own messages while the mixer starts: without a sound card, ALSA writes
    lines to the terminal that mean nothing to a player (the game is simply silent)."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error at all (a windowed build): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _open_pygame_mixer():
    """Start pygame's mixer (or take the one already running); return it, or None without a device."""
    try:
        import pygame

        mixer = pygame.mixer
        if mixer.get_init() is None:
            with _quiet_stderr():
                # A short buffer: the sound should follow the drop at once, not a tenth of a second later.
                mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        return mixer if mixer.get_init() is not None else None
    except Exception:  # pygame.error, or pygame built without its mixer: no sound, and no fuss
        return None


class Sounds:
    """The game's sound effects, played through a mixer started on first need.

    ``settings`` is called for the current settings (``sound_volume`` 0..1, ``sound_muted``), so a
    change on the Settings screen applies to the next sound. ``open_mixer`` returns a mixer (pygame's,
    or a stand-in in tests) or None when there is no sound device.
    """

    def __init__(self, settings: Callable[[], object], open_mixer: Callable[[], object] | None = None):
        self._settings = settings
        self._open_mixer = open_mixer or _open_pygame_mixer
        self._mixer: object | None = None
        self._no_device = False
        self._loaded: dict[str, object] = {}
        self._failed: set[str] = set()  # sounds the mixer refused: not tried again every frame

    @property
    def volume(self) -> float:
        """The volume setting, 0 (silent) to 1."""
        try:
            return max(0.0, min(1.0, float(self._settings().sound_volume)))  # type: ignore[attr-defined]
        except (AttributeError, TypeError, ValueError):
            return 0.0

    @property
    def muted(self) -> bool:
        """True when the settings switch sound off."""
        return bool(getattr(self._settings(), "sound_muted", True))

    @property
    def audible(self) -> bool:
        """True when a sound would be heard: not muted, volume above 0, and a device (as far as known)."""
        return not self.muted and self.volume > 0 and not self._no_device

    @property
    def available(self) -> bool:
        """True once the mixer has started; False before that, and for good when there is no device."""
        return self._mixer is not None

    def _mixer_or_none(self) -> object | None:
        if self._mixer is None and not self._no_device:
            if os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy" and self._open_mixer is _open_pygame_mixer:
                self._no_device = True  # the dummy driver is "no sound card": start nothing at all
                return None
            self._mixer = self._open_mixer()
            self._no_device = self._mixer is None
        return self._mixer

    def _sound(self, name: str) -> object | None:
        """The mixer's Sound for ``name``, made on first use; None without a device or if it fails."""
        sound = self._loaded.get(name)
        if sound is None and name not in self._failed:
            mixer = self._mixer_or_none()
            if mixer is None:
                return None
            try:
                sound = mixer.Sound(file=io.BytesIO(wav_bytes(name)))  # type: ignore[attr-defined]
            except Exception:
                self._failed.add(name)  # a mixer that cannot take the sound: this one stays silent
                return None
            self._loaded[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play the sound called ``name`` (one of ``SOUND_NAMES``) at the volume setting; nothing when
        muted, at volume 0, without a device, or for a name that has no sound."""
        if name not in _DESIGNS or not self.audible:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            # The square follows how loud the ear hears it: half way on the setting sounds about half as loud.
            sound.set_volume(self.volume**2)  # type: ignore[attr-defined]
            sound.play()  # type: ignore[attr-defined]
        except Exception:
            pass  # a sound that cannot be played is not worth interrupting the game for

    def prepare(self) -> bool:
        """Get one more sound ready (called once a frame while the title is up, so that the first
        sound of a game does not wait for the mixer or the synthesis); True while there is more to do."""
        if not self.audible:
            return False
        for name in SOUND_NAMES:
            if name not in self._loaded and name not in self._failed:
                self._sound(name)
                return self.available
        return False

    def close(self) -> None:
        """Let the sounds go (the window is closing)."""
        self._loaded.clear()

"""Short, quiet, optional sounds: `sound.play("card_snap")`.

The sounds are the project's own, synthesized by tools/make_sounds.py into data/sounds/
(CC0). Nothing here can stop the game: without an audio device (or with SDL's dummy driver,
as in tests) `play` does nothing, and a sound file that will not load is skipped. The app
sets the volume (0–100) and mute from the settings; M mutes on every screen (scenes/app.py).

Names and where a table plays them:
    card_slide   a card starts moving (dealt, drawn, played, glides back)
    card_snap    a card lands in its place
    dice_rattle  dice are thrown
    coin_ring    a coin lands
    turn_chime   it becomes the turn of the person at the screen
"""

from __future__ import annotations

import pygame

from game.core.resources import data_path

NAMES = ("card_slide", "card_snap", "dice_rattle", "coin_ring", "turn_chime")
#: each sound's own loudness under the player's volume (the chime is meant to be noticed)
LEVELS = {"card_slide": 0.55, "card_snap": 0.7, "dice_rattle": 0.8, "coin_ring": 0.6,
          "turn_chime": 0.75}

_state = {"ready": None, "volume": 0.6, "muted": False}
_sounds: dict[str, pygame.mixer.Sound | None] = {}


def available() -> bool:
    """True once the mixer is open; opens it on first use (False for good if it cannot)."""
    if _state["ready"] is None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            pygame.mixer.set_num_channels(12)
            _state["ready"] = True
        except (pygame.error, NotImplementedError):  # no audio device: play silently
            _state["ready"] = False
    return bool(_state["ready"])


def configure(volume: int, muted: bool) -> None:
    """Volume 0–100 and mute, from the settings."""
    _state["volume"] = max(0, min(100, int(volume))) / 100
    _state["muted"] = bool(muted)


def muted() -> bool:
    return bool(_state["muted"]) or _state["volume"] <= 0


def _sound(name: str) -> pygame.mixer.Sound | None:
    if name not in _sounds:
        try:
            _sounds[name] = pygame.mixer.Sound(str(data_path("sounds", f"{name}.wav")))
        except (pygame.error, FileNotFoundError):
            _sounds[name] = None
    return _sounds[name]


def play(name: str) -> pygame.mixer.Channel | None:
    """Play one of NAMES at the player's volume; None when muted, silent or unknown."""
    if name not in LEVELS or muted() or not available():
        return None
    snd = _sound(name)
    if snd is None:
        return None
    snd.set_volume(_state["volume"] * LEVELS[name])
    return snd.play()


def reset() -> None:
    """Forget the mixer and loaded sounds (tests; after the audio device changed)."""
    _sounds.clear()
    _state["ready"] = None

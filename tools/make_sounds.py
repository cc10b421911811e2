"""Make the app's sounds (data/sounds/*.wav) from code: no recordings, no samples from anyone.

    uv run tools/make_sounds.py [OUT_DIR]

Each sound is a few lines of synthesis (noise, sines, decays), seeded, so running this again
writes the same bytes (tests/test_sound.py checks that). 22,050 Hz, mono, 16 bit, short and
quiet (peaks at about -12 dBFS); the player's volume setting scales them further.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.25  # of full scale: about -12 dBFS
OUT = Path(__file__).resolve().parents[1] / "data" / "sounds"


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Rise over `attack` seconds, then fall exponentially with time constant `decay`."""
    a = max(1, int(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def lowpass(xs: list[float], k: float) -> list[float]:
    """A one-pole low-pass filter (k in 0..1: smaller is darker)."""
    out, y = [], 0.0
    for x in xs:
        y += k * (x - y)
        out.append(y)
    return out


def card_slide(rng: random.Random) -> list[float]:
    """Paper on felt: soft noise, brightening then fading, 0.16 s."""
    n = int(0.16 * RATE)
    noise = [rng.uniform(-1, 1) for _ in range(n)]
    bright = lowpass(noise, 0.35)
    dark = lowpass(noise, 0.08)
    env = envelope(n, 0.03, 0.05)
    return [(0.6 * b + 0.4 * d) * e for b, d, e in zip(bright, dark, env, strict=True)]


def card_snap(rng: random.Random) -> list[float]:
    """A card set down: a short click over a low thump, 0.08 s."""
    n = int(0.08 * RATE)
    click = lowpass([rng.uniform(-1, 1) for _ in range(n)], 0.6)
    out = []
    for i in range(n):
        t = i / RATE
        thump = math.sin(2 * math.pi * 140 * t) * math.exp(-t / 0.02)
        out.append(0.5 * click[i] * math.exp(-t / 0.006) + 0.6 * thump)
    return out


def dice_rattle(rng: random.Random) -> list[float]:
    """Dice in a cup and on the tray: a dozen small knocks of wood, 0.4 s."""
    n = int(0.4 * RATE)
    out = [0.0] * n
    for k in range(12):
        start = int(rng.uniform(0, 0.34) * RATE)
        pitch = rng.uniform(900, 1600)
        loud = rng.uniform(0.35, 1.0) * (1 - k / 16)
        for i in range(int(0.03 * RATE)):
            if start + i >= n:
                break
            t = i / RATE
            out[start + i] += loud * math.sin(2 * math.pi * pitch * t) * math.exp(-t / 0.006)
    return out


def coin_ring(rng: random.Random) -> list[float]:
    """A coin: bright inharmonic partials ringing down, 0.6 s."""
    n = int(0.6 * RATE)
    partials = [(2100, 1.0, 0.25), (3350, 0.6, 0.18), (5210, 0.35, 0.1), (6950, 0.2, 0.06)]
    out = []
    for i in range(n):
        t = i / RATE
        wobble = 1 + 0.002 * math.sin(2 * math.pi * 7 * t)
        out.append(sum(a * math.sin(2 * math.pi * f * wobble * t) * math.exp(-t / d)
                       for f, a, d in partials))
    return out


def turn_chime(rng: random.Random) -> list[float]:
    """Your turn: two soft bell notes a fifth apart (E5, B5), 0.7 s."""
    n = int(0.7 * RATE)
    out = [0.0] * n
    for start, f in ((0.0, 659.25), (0.14, 987.77)):
        s0 = int(start * RATE)
        for i in range(n - s0):
            t = i / RATE
            env = min(1.0, t / 0.01) * math.exp(-t / 0.22)
            out[s0 + i] += env * (math.sin(2 * math.pi * f * t)
                                  + 0.3 * math.sin(2 * math.pi * 2 * f * t))
    return out


SOUNDS = {"card_slide": card_slide, "card_snap": card_snap, "dice_rattle": dice_rattle,
          "coin_ring": coin_ring, "turn_chime": turn_chime}


def write_wav(path: Path, samples: list[float]) -> None:
    top = max(1e-9, max(abs(x) for x in samples))
    fade = int(0.005 * RATE)  # no click at the end
    frames = bytearray()
    for i, x in enumerate(samples):
        if i >= len(samples) - fade:
            x *= (len(samples) - i) / fade
        frames += struct.pack("<h", round(x / top * PEAK * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(out / f"{name}.wav", make(random.Random(name)))
        print(f"{name}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Make the client's sound effects from scratch: python assets/sounds/make_sounds.py

Standard library only (math, random, struct, wave). Every sound is synthesised from sines and
seeded noise, so the same script always writes the same bytes. 16-bit mono, 22,050 Hz; the
whole set stays well under 300 KB. Own work, released under CC0 (see LICENSE.txt).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
HERE = Path(__file__).resolve().parent
Wave = list[float]


def silence(seconds: float) -> Wave:
    return [0.0] * int(RATE * seconds)


def tone(freq: float, seconds: float, decay: float, phase: float = 0.0,
         glide: float = 0.0) -> Wave:
    """A sine that fades as exp(-t * decay); `glide` bends the pitch (Hz per second)."""
    out, angle = [], phase
    for i in range(int(RATE * seconds)):
        t = i / RATE
        angle += 2 * math.pi * max(20.0, freq + glide * t) / RATE
        out.append(math.sin(angle) * math.exp(-t * decay))
    return out


def noise(seconds: float, seed: int, smooth: float = 0.0) -> Wave:
    """Seeded white noise; `smooth` (0-1) runs it through a one-pole low-pass."""
    rng = random.Random(seed)
    out, last = [], 0.0
    for _ in range(int(RATE * seconds)):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last)
    return out


def envelope(wave_: Wave, attack: float, release: float) -> Wave:
    """Linear fade in over `attack` seconds and out over the last `release` seconds."""
    n = len(wave_)
    a, r = max(1, int(RATE * attack)), max(1, int(RATE * release))
    return [s * min(1.0, i / a, (n - i) / r) for i, s in enumerate(wave_)]


def mix(*parts: tuple[float, float, Wave]) -> Wave:
    """(start seconds, gain, wave) laid over each other."""
    end = max(int(RATE * at) + len(w) for at, _, w in parts)
    out = [0.0] * end
    for at, gain, w in parts:
        start = int(RATE * at)
        for i, s in enumerate(w):
            out[start + i] += s * gain
    return out


def click() -> Wave:
    return envelope(mix((0, 0.7, tone(1800, 0.03, 160)), (0, 0.25, noise(0.03, 1, 0.3))),
                    0.001, 0.01)


def card() -> Wave:
    """A card slid from a deck: filtered noise that swells and falls away."""
    swish = noise(0.22, 2, 0.55)
    n = len(swish)
    shaped = [s * math.sin(math.pi * i / n) ** 2 for i, s in enumerate(swish)]
    return mix((0, 1.4, shaped), (0.16, 0.2, tone(900, 0.05, 80)))


def city() -> Wave:
    """A stone set down, and a small bell."""
    thump = mix((0, 1.0, tone(85, 0.25, 18, glide=-60)), (0, 0.3, noise(0.04, 3, 0.7)))
    bell = mix((0, 0.5, tone(660, 0.6, 6)), (0, 0.25, tone(990, 0.6, 8)),
               (0, 0.12, tone(1320, 0.6, 11)))
    return envelope(mix((0, 1.0, thump), (0.06, 0.6, bell)), 0.002, 0.08)


def calamity() -> Wave:
    """A dark sting: a boom, then a trembling cluster that swells and dies."""
    n = int(RATE * 1.2)
    cluster = mix((0, 0.4, tone(220, 1.2, 1.5)), (0, 0.35, tone(233.1, 1.2, 1.6)),
                  (0, 0.3, tone(329.6, 1.2, 2.0)), (0, 0.2, tone(110, 1.2, 1.2)))
    trembling = [s * (0.75 + 0.25 * math.sin(2 * math.pi * 7 * i / RATE)) * min(1, i / (0.15 * n))
                 for i, s in enumerate(cluster)]
    boom = mix((0, 1.0, tone(60, 0.6, 6, glide=-30)), (0, 0.4, noise(0.3, 4, 0.92)))
    return envelope(mix((0, 0.9, boom), (0.02, 1.0, trembling)), 0.003, 0.2)


def drum(seed: int, pitch: float = 90) -> Wave:
    body = tone(pitch, 0.35, 9, glide=-120)
    skin = [s * math.exp(-i / (RATE * 0.02)) for i, s in enumerate(noise(0.08, seed, 0.5))]
    return mix((0, 1.0, body), (0, 0.5, skin))


def drums() -> Wave:
    """Barbarian drums: BOOM - boom boom - BOOM."""
    return envelope(mix((0.0, 1.0, drum(5)), (0.42, 0.6, drum(6, 110)), (0.63, 0.6, drum(7, 110)),
                        (1.0, 1.0, drum(8, 80))), 0.001, 0.1)


def coins() -> Wave:
    """A handful of coins: short metallic clinks."""
    rng = random.Random(9)
    parts = []
    for k in range(5):
        at = 0.03 + k * 0.06 + rng.uniform(0, 0.03)
        base = rng.uniform(2300, 3200)
        parts += [(at, 0.35, tone(base, 0.12, 45)), (at, 0.2, tone(base * 1.53, 0.1, 60)),
                  (at, 0.1, tone(base * 2.11, 0.08, 80))]
    return mix(*parts)


def advance() -> Wave:
    """A rising arpeggio of soft plucks (C E G C)."""
    notes = (523.3, 659.3, 784.0, 1046.5)
    return mix(*((i * 0.11, 0.55, mix((0, 1.0, tone(f, 0.35, 9)), (0, 0.3, tone(2 * f, 0.2, 16))))
                 for i, f in enumerate(notes)))


SOUNDS: dict[str, Callable[[], Wave]] = {
    "click": click, "card": card, "city": city, "calamity": calamity, "drums": drums,
    "coins": coins, "advance": advance,
}


def write(path: Path, samples: Wave, peak: float = 0.8) -> None:
    top = max((abs(s) for s in samples), default=1.0) or 1.0
    frames = b"".join(struct.pack("<h", int(math.tanh(s / top * 1.2) / math.tanh(1.2) * peak
                                            * 32767)) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main() -> None:
    total = 0
    for name, make in SOUNDS.items():
        path = HERE / f"{name}.wav"
        write(path, make())
        total += path.stat().st_size
        print(f"{path.name}: {path.stat().st_size // 1024} KB")
    print(f"all: {total // 1024} KB")


if __name__ == "__main__":
    main()

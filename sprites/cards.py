"""Generic card drawing: frames, names, corner numbers, icon rows, text lines, backs, shadows,
and the `CardSprite` a table moves around.

Faces are drawn by code, so they stay sharp at any size. Each game
supplies its own colours, symbols and texts and calls these helpers; tables cache the results
per (card identity, size, what is known), so a frame only blits Surfaces.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from sprites import i18n, text
from sprites.i18n import Shown

HAND = (90, 126)
TABLE = (70, 98)
ZOOM = (180, 252)

Color = tuple[int, int, int]


def luminance(c: Color) -> float:
    def ch(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = c[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: Color, b: Color) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(bg: Color) -> Color:
    """Black or white ink, whichever reads better on `bg` (contrast ≥ 4.5:1)."""
    dark, light = (20, 18, 30), (250, 250, 255)
    return dark if contrast(dark, bg) >= contrast(light, bg) else light


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def radius_for(size: tuple[int, int]) -> int:
    return max(4, size[0] // 10)


@lru_cache(maxsize=64)
def shadow(size: tuple[int, int], blur: int = 6, alpha: int = 110) -> pygame.Surface:
    """A soft drop shadow for a card of `size` (stacked translucent rounded rects)."""
    w, h = size
    surf = pygame.Surface((w + blur * 2, h + blur * 2), pygame.SRCALPHA)
    r = radius_for(size)
    for i in range(blur, 0, -1):
        a = int(alpha * (1 - i / (blur + 1)) / blur * 2)
        pygame.draw.rect(
            surf, (0, 0, 0, min(255, a)), pygame.Rect(blur - i, blur - i, w + 2 * i, h + 2 * i),
            border_radius=r + i,
        )
    pygame.draw.rect(surf, (0, 0, 0, alpha), pygame.Rect(blur, blur, w, h), border_radius=r)
    return surf


def blank(size: tuple[int, int], fill: Color, frame: Color, frame_w: int = 3) -> pygame.Surface:
    """A rounded card: `frame` colour border around a `fill` body, transparent corners."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = radius_for(size)
    rect = surf.get_rect()
    pygame.draw.rect(surf, frame, rect, border_radius=r)
    pygame.draw.rect(surf, fill, rect.inflate(-2 * frame_w, -2 * frame_w), border_radius=max(2, r - frame_w))
    return surf


def blit_center(dst: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> None:
    dst.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


def fit_text(s: str, size: int, color: Color, width: int, face: str = "bold", min_size: int = 14) -> pygame.Surface:
    """Render `s` (in the reader's language) as large as `size` but shrinking (not below
    `min_size`) to fit `width`. Cached per (text, size, colour, width, face): a frame never
    measures text again. The Surface is shared: blit it, never draw on it."""
    return _fit_text(Shown(i18n.line(s)), size, tuple(color), width, face, min_size)


@lru_cache(maxsize=2048)
def _fit_text(s: str, size: int, color: Color, width: int, face: str, min_size: int) -> pygame.Surface:
    while size > min_size and text.width(s, size, face) > width:
        size -= 1
    surf = text.render(s, size, color, face)
    if surf.get_width() > width:  # still too wide at the minimum: crop with an ellipsis
        surf = text.render(text.ellipsize(s, size, width, face), size, color, face)
    return surf


fit_text.cache_clear = _fit_text.cache_clear  # (the app forgets them when the language changes)


def wrapped(s: str, size: int, width: int, face: str = "sans") -> tuple[str, ...]:
    """`text.wrap`, measured once per (text, size, width, face): for texts drawn every frame."""
    return _wrapped(i18n.language(), s, size, width, face)


@lru_cache(maxsize=512)
def _wrapped(language: str, s: str, size: int, width: int, face: str) -> tuple[str, ...]:
    return tuple(text.wrap(s, size, width, face))


wrapped.cache_clear = _wrapped.cache_clear


# --- whole names and texts on small cards -------------------------------------------------
#: consonant groups that begin English syllables: a long word breaks before the longest one
ONSETS = {"bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "qu",
          "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "wh", "wr", "scr",
          "shr", "spr", "str", "thr"}
VOWELS = set("aeiouy")
#: faces tried for a card name, widest first: the narrow face keeps long names whole
NAME_FACES = ("bold", "narrow_bold", "narrow")


def syllable_breaks(word: str) -> list[int]:
    """Where `word` may break with a hyphen: before the consonants that start a syllable
    ("Flame-sprayer", "Kirk-hammer", "Blood-letting"), never leaving fewer than 3 letters."""
    low = word.lower()
    breaks = []
    i = 0
    while i < len(low):
        if low[i] in VOWELS:
            j = i + 1
            while j < len(low) and low[j].isalpha() and low[j] not in VOWELS:
                j += 1
            run = low[i + 1:j]
            if run and j < len(low) and low[j] in VOWELS:
                onset = next((k for k in range(len(run)) if run[k:] in ONSETS
                              or len(run) - k == 1), len(run) - 1)
                breaks.append(i + 1 + onset)
            i = j
        else:
            i += 1
    return [k for k in breaks if 3 <= k <= len(word) - 3]


def _pieces(word: str, size: int, width: int, face: str, breaks: int = 1) -> list[str]:
    """A word as it is printed: whole when it fits, else (`breaks` 1) broken at its own hyphen
    or at a syllable, or (`breaks` 2, the last resort) at any letter; each piece but the last
    ends in "-". `breaks` 0: never broken."""
    if text.width(word, size, face) <= width or not breaks:
        return [word]
    cuts = [k + 1 for k in range(2, len(word) - 2) if word[k] == "-"] or syllable_breaks(word)
    if breaks > 1:
        cuts = cuts + [k for k in range(3, len(word) - 2) if k not in cuts]
    fits = [k for k in cuts if text.width(word[:k].rstrip("-") + "-", size, face) <= width]
    if not fits:
        return [word]  # no break fits: the caller tries a narrower face
    k = min(fits, key=lambda k: abs(2 * k - len(word)))
    return [word[:k].rstrip("-") + "-", *_pieces(word[k:], size, width, face, breaks)]


def name_lines(name: str, size: int, width: int, max_lines: int = 2) -> tuple[list[str], str]:
    """A card name as (lines, face), whole, in at most `max_lines` lines of `width` when it
    can be: bold, else the narrow bold face, else broken at a syllable ("Flame-sprayer"),
    else at any letter; failing all, with more lines. Never cut short."""
    tries = [(face, 0) for face in NAME_FACES] + [(face, 1) for face in NAME_FACES]
    tries.append((NAME_FACES[-1], 2))
    best: tuple[list[str], str, bool] | None = None  # (lines, face, every line fits)
    for face, breaks in tries:
        lines: list[str] = []
        for word in name.split():
            for piece in _pieces(word, size, width, face, breaks):
                if lines and not lines[-1].endswith("-") and \
                        text.width(lines[-1] + " " + piece, size, face) <= width:
                    lines[-1] += " " + piece
                else:
                    lines.append(piece)
        fits = all(text.width(ln, size, face) <= width for ln in lines)
        if fits and len(lines) <= max_lines:
            return lines, face
        if fits and (best is None or not best[2]):
            best = (lines, face, True)
        elif best is None:
            best = (lines, face, False)
    return best[0], best[1]


def text_lines(parts: list[str], size: int, width: int, max_lines: int) -> tuple[list[str], str]:
    """Short phrases (a summary's parts, or one rules text) as (lines, face): phrases share a
    line with " · " when they fit, a phrase wraps only between its words; the regular face if
    it fits `max_lines`, else the narrow one."""
    best = None
    for face in ("sans", "narrow"):
        lines: list[str] = []
        for part in parts:
            wrapped = text.wrap(part, size, width, face)
            if lines and len(wrapped) == 1 and \
                    text.width(f"{lines[-1]} · {part}", size, face) <= width:
                lines[-1] = f"{lines[-1]} · {part}"
            else:
                lines += wrapped
        if len(lines) <= max_lines:
            return lines, face
        best = best or (lines, face)
        if len(lines) < len(best[0]):
            best = (lines, face)
    return best


def face(
    size: tuple[int, int],
    frame: Color,
    fill: Color,
    name: str = "",
    corners: dict[str, str] | None = None,
    icons: list[tuple[str, str, Color]] | None = None,
    lines: list[str] | None = None,
    big: str = "",
    big_face: str = "symbols2",
) -> pygame.Surface:
    """A generic card face.

    `corners` maps "tl"/"tr"/"bl"/"br" to a short string (numbers); `icons` is a row of
    (glyph, font face, colour) under the name; `big` is a large central glyph or number;
    `lines` one or two lines of rules text at the bottom (wrapped).
    """
    w, h = size
    surf = blank(size, fill, frame, max(2, w // 25))
    ink = ink_on(fill)
    scale = w / TABLE[0]
    pad = max(4, int(5 * scale))
    y = pad
    if name:
        label = fit_text(name, max(14, int(15 * scale)), ink, w - 2 * pad)
        surf.blit(label, label.get_rect(midtop=(w // 2, y)))
        y += label.get_height()
    if icons:
        isz = max(14, int(16 * scale))
        rendered = [text.render(g, isz, c, f) for g, f, c in icons]
        total = sum(r.get_width() for r in rendered) + 3 * (len(rendered) - 1)
        x = (w - total) // 2
        for r in rendered:
            surf.blit(r, (x, y))
            x += r.get_width() + 3
        y += isz + 2
    if big:
        bsz = max(18, int(h * 0.34))
        g = text.render(big, bsz, frame if contrast(frame, fill) > 2 else ink, big_face)
        blit_center(surf, g, (w / 2, (y + h) / 2))
    for key, value in (corners or {}).items():
        csz = max(14, int(16 * scale))
        r = text.render(value, csz, ink, "bold")
        pos = {
            "tl": r.get_rect(topleft=(pad, pad)),
            "tr": r.get_rect(topright=(w - pad, pad)),
            "bl": r.get_rect(bottomleft=(pad, h - pad + 2)),
            "br": r.get_rect(bottomright=(w - pad, h - pad + 2)),
        }[key]
        surf.blit(r, pos)
    if lines:
        tsz = 14
        wrapped: list[str] = []
        for ln in lines:
            wrapped += text.wrap(ln, tsz, w - 2 * pad)
        ty = h - pad - len(wrapped) * (tsz + 3)
        for ln in wrapped:
            r = text.render(ln, tsz, ink)
            surf.blit(r, r.get_rect(midtop=(w // 2, ty)))
            ty += tsz + 3
    return surf


def back(size: tuple[int, int], fill: Color, accent: Color, emblem: str = "✦", face_: str = "symbols2") -> pygame.Surface:
    """A card back: a patterned body with the game's emblem in the middle."""
    w, h = size
    surf = blank(size, fill, accent, max(2, w // 25))
    inner = surf.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(surf, mix(fill, accent, 0.45), inner, width=max(1, w // 45), border_radius=radius_for(size) // 2)
    step = max(8, w // 6)
    dot = mix(fill, accent, 0.25)
    for yy in range(inner.top + step // 2, inner.bottom, step):
        for xx in range(inner.left + step // 2, inner.right, step):
            pygame.draw.circle(surf, dot, (xx, yy), max(1, w // 45))
    g = text.render(emblem, max(18, int(w * 0.42)), accent, face_)
    blit_center(surf, g, (w / 2, h / 2))
    return surf


class CardSprite:
    """One card on the table: where it is drawn (centre x, y; scale; flip), what it shows.

    `key` is the card's stable instance id. `face_key` says what the face shows (a game value;
    None = back). `flip` in [-1, 1]: the x-scale while turning over; the face shown switches at 0
    (see TableScene.flip_to). `home` is where the layout wants it; tables glide it there.
    """

    __slots__ = ("key", "face_key", "size", "x", "y", "scale", "flip", "alpha", "home", "zone",
                 "lifted", "glow", "dim", "z", "buried")

    def __init__(self, key, face_key, size: tuple[int, int], pos: tuple[float, float], zone: str = "") -> None:
        self.key = key
        self.face_key = face_key
        self.size = size
        self.x, self.y = pos
        self.scale = 1.0
        self.flip = 1.0
        self.alpha = 255.0
        self.home = pos
        self.zone = zone
        self.lifted = False
        self.glow = False
        self.dim = False
        self.z = 0
        self.buried = False  # fully covered by the cards above it once at home: not drawn

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        w, h = w * self.scale, h * self.scale
        return pygame.Rect(round(self.x - w / 2), round(self.y - h / 2), round(w), round(h))

    def at_home(self) -> bool:
        return abs(self.x - self.home[0]) < 0.5 and abs(self.y - self.home[1]) < 0.5


def draw_sprite(surface: pygame.Surface, sprite: CardSprite, image: pygame.Surface, glow_color: Color | None = None) -> None:
    """Blit a card image at the sprite's place, scale and flip, with a shadow when lifted."""
    w, h = sprite.size
    sx = abs(sprite.flip) * sprite.scale
    sw, sh = max(1, round(w * sx)), max(1, round(h * sprite.scale))
    cx, cy = sprite.x, sprite.y
    if sprite.lifted:
        sh_img = shadow((sw, sh))
        off = 8
        surface.blit(sh_img, sh_img.get_rect(center=(round(cx + off), round(cy + off))))
    if (sw, sh) != image.get_size():
        image = pygame.transform.smoothscale(image, (sw, sh)) if sx > 0.05 else pygame.transform.scale(image, (sw, sh))
    if sprite.alpha < 255:
        image = image.copy()
        image.set_alpha(int(sprite.alpha))
    rect = image.get_rect(center=(round(cx), round(cy)))
    if glow_color is not None:
        glow_rect(surface, rect, glow_color)
    surface.blit(image, rect)
    if sprite.dim:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 110), veil.get_rect(), border_radius=radius_for(rect.size))
        surface.blit(veil, rect)


def glow_rect(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int = 4) -> None:
    """A soft outline glow around `rect` (legal targets, highlighted cards)."""
    for i, g in _glow_rings(rect.size, tuple(color), width):
        surface.blit(g, (rect.x - i, rect.y - i))


@lru_cache(maxsize=64)
def _glow_rings(size: tuple[int, int], color: Color, width: int) -> tuple[tuple[int, pygame.Surface], ...]:
    """The three rings of a glow around a rect of `size` (made once per size and colour)."""
    w, h = size
    r = radius_for(size) + width
    rings = []
    for i, a in ((width + 3, 60), (width, 140), (2, 255)):
        g = pygame.Surface((w + 2 * i, h + 2 * i), pygame.SRCALPHA)
        pygame.draw.rect(g, (*color, a), g.get_rect(), width=max(2, i - 1), border_radius=r)
        rings.append((i, g.convert_alpha() if pygame.display.get_surface() is not None else g))
    return tuple(rings)

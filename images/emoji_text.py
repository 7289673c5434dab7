"""Names as Discord shows them: emoji in colour, and scripts DejaVu lacks from fallback fonts.

A string is cut into pieces: an emoji with what belongs to it (a variation selector, a skin tone, a
keycap, tags, ZWJ-joined parts, a pair of regional indicators for a flag) is one piece, every other
character is one. A character is an emoji when the bundled Noto Color Emoji font draws it and either
it lies past U+1F000 (🃏, 🙂: DejaVu has a boxed-star joker, Discord shows the emoji), DejaVu does not
draw it, or an emoji selector or skin tone follows it ("❤️", "1️⃣"): "♠" or "7" alone stay text, as
Discord shows them. A character DejaVu lacks comes from the first of ``FALLBACK_FONTS`` that has it
(Devanagari, Thai, then Chinese, Japanese and Korean cut to their common characters: 2.7 MB together),
in its regular weight beside bold names; what none of them has (Ethiopic, Tamil...) is left out, and
a name of only such characters is drawn "Seat N".

Emoji come from a bitmap font with one 40 px strike (``fonts/LICENSE-NotoColorEmoji.txt``); each
emoji is rendered once per text size, scaled so its em matches the text's, on the text's baseline,
and cached like the text masks. A string without emoji never reaches this module's drawing. The font's
GSUB joins a ZWJ sequence or a flag into one picture through Pillow's raqm layout, which needs FriBiDi
on the machine (the Dockerfile installs it); without it they are drawn as their parts.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
EMOJI_FONT = FONT_DIR / "NotoColorEmoji-40px.ttf"
EMOJI_PPEM = 40
"""The emoji font's only bitmap strike: a bitmap font loads at no other size."""
TEXT_FONT = FONT_DIR / "DejaVuSans.ttf"
"""The font whose coverage decides whether a character without an emoji selector is text."""
FALLBACK_FONTS = ("NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "WenQuanYiMicroHei-CJK.ttf")
"""Fonts for scripts DejaVu lacks, tried in order for each such character (``fonts/LICENSE-*``)."""
PIECE_CACHE = 32768
EMOJI_CACHE = 4096
"""Emoji sprites kept per process: a few dozen names' emoji at the handful of sizes pictures use."""

ZWJ = "\u200d"
EMOJI_SELECTOR = "\ufe0f"
TEXT_SELECTOR = "\ufe0e"
KEYCAP = "\u20e3"
EMOJI_PLANE = "\U0001f000"
"""From here on, a character the emoji font draws is an emoji even without a selector."""
_NOT_A_GLYPH = "\U0010fffd"  # a private-use code point no bundled font draws: its mask is the "tofu" box

TEXT = ""
EMOJI = "emoji"
Piece = tuple[str, str]
"""A piece of a string: its characters, and how it is drawn: ``TEXT`` (in the caller's DejaVu face),
``EMOJI`` (in colour), or the file name of the fallback font that has it."""


@lru_cache(maxsize=8)
def _probe(path: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, 20)


@lru_cache(maxsize=8192)
def _glyph_pixels(path: str, char: str) -> bytes:
    tile = Image.new("L", (40, 40))
    ImageDraw.Draw(tile).text((8, 8), char, font=_probe(path), fill=255)
    return tile.tobytes()


def has_glyph(path: str, char: str) -> bool:
    """True when the font at ``path`` draws ``char`` as itself rather than as its "tofu" box."""
    try:
        return _glyph_pixels(path, char) != _glyph_pixels(path, _NOT_A_GLYPH)
    except (ValueError, RuntimeError):  # raqm lays out nothing for an invisible mark in some fonts
        return False


@lru_cache(maxsize=1)
def emoji_face() -> ImageFont.FreeTypeFont:
    """The colour emoji font at its one strike (its GSUB joins ZWJ sequences and flags)."""
    return ImageFont.truetype(str(EMOJI_FONT), EMOJI_PPEM)


@lru_cache(maxsize=8192)
def _emoji_draws(char: str) -> bool:
    """True when the emoji font draws ``char`` (never a control, mark or space: raqm refuses some)."""
    if unicodedata.category(char)[0] in "CMZ":
        return False
    left, top, right, bottom = emoji_face().getbbox(char)
    return right > left and bottom > top


def _is_modifier(char: str) -> bool:
    """A skin tone, a keycap, a tag or an emoji selector: part of the emoji before it."""
    return char in (EMOJI_SELECTOR, KEYCAP) or "\U0001f3fb" <= char <= "\U0001f3ff" or "\U000e0020" <= char <= "\U000e007f"


def _is_flag_half(char: str) -> bool:
    return "\U0001f1e6" <= char <= "\U0001f1ff"


def _starts_emoji(text: str, at: int) -> bool:
    char = text[at]
    if not _emoji_draws(char):
        return False
    after = text[at + 1] if at + 1 < len(text) else ""
    if after == TEXT_SELECTOR:
        return False
    return _is_modifier(after) or char >= EMOJI_PLANE or not has_glyph(str(TEXT_FONT), char)


def _emoji_end(text: str, at: int) -> int:
    """Where the emoji starting at ``at`` ends: its modifiers, ZWJ-joined parts or flag half taken."""
    end = at + 1
    if _is_flag_half(text[at]) and end < len(text) and _is_flag_half(text[end]):
        return end + 1
    while end < len(text):
        if _is_modifier(text[end]):
            end += 1
        elif text[end] == ZWJ and end + 1 < len(text) and _emoji_draws(text[end + 1]):
            end += 2
        else:
            break
    return end


@lru_cache(maxsize=8192)
def _fallback_for(char: str) -> str:
    """``TEXT`` when DejaVu draws ``char`` (or nothing does), else the first fallback font that does.
    A control character is ``TEXT`` unprobed (raqm refuses to lay some out; ``printable`` drops it)."""
    if unicodedata.category(char)[0] in "CZ" or has_glyph(str(TEXT_FONT), char):
        return TEXT
    return next((name for name in FALLBACK_FONTS if has_glyph(str(FONT_DIR / name), char)), TEXT)


@lru_cache(maxsize=64)
def fallback_face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A fallback font at ``size`` px."""
    return ImageFont.truetype(str(FONT_DIR / name), size)


@lru_cache(maxsize=PIECE_CACHE)
def pieces(text: str) -> tuple[Piece, ...]:
    """``text`` cut into emoji and single characters, in order; a mark joins the piece of the letter
    it sits on when that letter comes from a fallback font (a Devanagari syllable is shaped whole).
    ASCII never holds an emoji: a keycap needs its non-ASCII selector."""
    if text.isascii():
        return tuple((char, TEXT) for char in text)
    found: list[Piece] = []
    at = 0
    while at < len(text):
        if _starts_emoji(text, at):
            end = _emoji_end(text, at)
            found.append((text[at:end], EMOJI))
            at = end
            continue
        char, kind = text[at], _fallback_for(text[at])
        if found and found[-1][1] not in (TEXT, EMOJI) and unicodedata.category(char)[0] == "M" \
                and has_glyph(str(FONT_DIR / found[-1][1]), char):
            found[-1] = (found[-1][0] + char, found[-1][1])
        else:
            found.append((char, kind))
        at += 1
    return tuple(found)


@lru_cache(maxsize=PIECE_CACHE)
def has_emoji(text: str) -> bool:
    """True when ``text`` holds an emoji or a fallback font's characters: it is drawn run by run."""
    return not text.isascii() and any(kind != TEXT for _, kind in pieces(text))


def runs(text: str) -> list[Piece]:
    """``text`` as runs drawn in one go: its text, each fallback font's characters, each emoji."""
    found: list[Piece] = []
    for piece, kind in pieces(text):
        if kind != EMOJI and found and found[-1][1] == kind:
            found[-1] = (found[-1][0] + piece, kind)
        else:
            found.append((piece, kind))
    return found


def run_width(run: str, kind: str, face: ImageFont.FreeTypeFont) -> float:
    """The advance of one run (see ``runs``) beside text in ``face``."""
    if kind == TEXT:
        return face.getlength(run)
    if kind == EMOJI:
        return emoji_sprite(run, face.size)[2]
    return fallback_face(kind, face.size).getlength(run)


@lru_cache(maxsize=EMOJI_CACHE)
def emoji_sprite(emoji: str, size: int) -> tuple[Image.Image | None, tuple[int, int], float]:
    """The colour picture of one emoji for text of ``size`` px, its top-left corner from the pen's
    point on the baseline, and its advance (``None`` if it draws nothing). Shared: paste, never draw."""
    face = emoji_face()
    left, top, right, bottom = map(int, face.getbbox(emoji, anchor="ls"))
    scale = size / EMOJI_PPEM
    advance = face.getlength(emoji) * scale
    if right <= left or bottom <= top:
        return None, (0, 0), advance
    big = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((-left, -top), emoji, font=face, anchor="ls", embedded_color=True)
    shape = (max(1, round(big.width * scale)), max(1, round(big.height * scale)))
    return big.resize(shape, Image.Resampling.LANCZOS), (round(left * scale), round(top * scale)), advance


def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """The advance of ``text`` in ``face`` as drawn, emoji and fallback fonts included (exactly
    ``face.getlength`` without them)."""
    if not has_emoji(text):
        return face.getlength(text)
    return sum(run_width(run, kind, face) for run, kind in runs(text))


Placed = tuple[str, str, int, int]
"""A run to draw: its characters, how it is drawn (see ``Piece``), and its pen point (on the baseline)
from the anchor point."""


@lru_cache(maxsize=PIECE_CACHE)
def layout(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Placed, ...]:
    """Where each run of a line with emoji goes for Pillow's two-letter ``anchor``: across by the
    whole line's advance, up and down by where the text runs alone would put their baseline."""
    width = text_width(text, face)
    x = {"l": 0.0, "m": -width / 2, "r": -width}[anchor[0]]
    plain = "".join(run for run, kind in runs(text) if kind == TEXT).strip() or "M"
    baseline = round(face.getbbox(plain, anchor="l" + anchor[1])[1] - face.getbbox(plain, anchor="ls")[1])
    placed: list[Placed] = []
    for run, kind in runs(text):
        placed.append((run, kind, round(x), baseline))
        x += run_width(run, kind, face)
    return tuple(placed)

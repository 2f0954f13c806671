"""Screen geometry: where the board, bank, panel, systems and pieces go. Pure Python, no pygame.

Everything here is a function of the window size and a Position, so it can be tested without a display
and reproduced by an end-to-end test that needs to know where to press the mouse.

Units: a system's pieces are sized from one unit ``u`` (pixels); a large piece is about ``u`` tall.
The board layout picks the largest ``u`` at which every system fits without overlapping: homeworlds
at the two ends (the bottom player's at the bottom), other systems flowed in rows between them. Ships
of one owner that do not fit in one row wrap into more rows, and the whole map shrinks as it grows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

# What a point is (the hit-test answers) belongs to the controller's vocabulary; the geometry only
# hands those targets back.
from hwgame.app.control.targets import (
    BANK,
    SPACE,
    BankPieceTarget,
    BankTarget,
    MarkerTarget,
    PieceTarget,
    ShipTarget,
    StarTarget,
    SystemTarget,
    Target,
)
from hwgame.rules import NO_HOME, Position, System, color_of, make_piece, opponent_of, size_of

MIN_WIDTH, MIN_HEIGHT = 1024, 700

# Piece height by size (index 1..3), in units. Ratios close to the real pyramids but pushed apart so
# the three sizes stay easy to tell apart on screen.
HEIGHTS = (0.0, 0.52, 0.78, 1.04)
STAR_ASPECT = 1.08  # base width / height of an upright star: squat, unlike the slim ships
SHIP_ASPECT = 0.50  # width / length of a ship lying down
# A piece shown on its own (held by the pointer, standing in a homeworld's slot) is drawn slimmer than
# on the map, where the stars of a binary stand side by side and the ships of a fleet lie in rows.
LONE_STAR_ASPECT = 0.84
LONE_SHIP_ASPECT = 0.60
MAX_UNIT = 120.0  # the largest pieces, in the largest windows
BASE_UNIT = 80.0  # the largest unit on a board up to 1000 pixels wide (a 1280 x 800 window)
MIN_UNIT = 10.0


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in pixels (floats)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """Right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """Bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        """Centre point."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """True when the point is inside (left/top edges inclusive)."""
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def intersects(self, other: Box) -> bool:
        """True when the two rectangles share some area."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def inside(self, other: Box, slack: float = 0.5) -> bool:
        """True when this rectangle lies within ``other`` (with a little rounding slack)."""
        return (
            self.x >= other.x - slack
            and self.y >= other.y - slack
            and self.right <= other.right + slack
            and self.bottom <= other.bottom + slack
        )

    def inflate(self, d: float) -> Box:
        """A copy grown by ``d`` on every side (shrunk when negative)."""
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def as_ints(self) -> tuple[int, int, int, int]:
        """Integer (x, y, w, h), for drawing."""
        return (round(self.x), round(self.y), round(self.w), round(self.h))


# --- pieces and systems ---


# What a drawn piece is: a ship lying down, a star standing, or a piece of the bank (standing, like a star).
PieceKind = Literal["star", "ship", "bank"]


def piece_box(piece: int, unit: float, kind: PieceKind = "star", lone: bool = False) -> tuple[float, float]:
    """(width, height) in pixels of a piece drawn at unit ``unit``: the one measure of a drawn piece.

    Its height follows the piece's size (``HEIGHTS``); a ship is slim (its length is the height), a star
    or a bank piece squat. ``lone`` gives the slimmer shapes of a piece shown on its own."""
    h = HEIGHTS[size_of(piece)] * unit
    if kind == "ship":
        return (h * (LONE_SHIP_ASPECT if lone else SHIP_ASPECT), h)
    return (h * (LONE_STAR_ASPECT if lone else STAR_ASPECT), h)


@dataclass(frozen=True, slots=True)
class PiecePlace:
    """A piece drawn on the screen: its box, what it is and which way a ship points."""

    box: Box
    piece: int
    kind: PieceKind
    direction: int  # -1 points up the screen, +1 points down, 0 upright (stars, bank)
    target: PieceTarget


@dataclass(frozen=True, slots=True)
class SystemPlace:
    """A system's box, its label area, its pieces and its overpopulation markers."""

    name: str
    home: int
    box: Box
    label: Box
    pieces: tuple[PiecePlace, ...]
    markers: tuple[tuple[Box, int], ...]  # (marker box, colour)


# A row of ships in a system: (piece, width of its slot) from left to right.
ShipRow = list[tuple[int, float]]


def _ship_rows(ships: tuple[int, ...], u: float, cap: float) -> list[ShipRow]:
    """Split ships into rows no wider than ``cap``: each row a list of (piece, slot width)."""
    gap = 0.16 * u
    rows: list[ShipRow] = [[]]
    width = 0.0
    # Largest ships first so rows look tidy and a wrap keeps sizes together.
    for p in sorted(ships, key=lambda q: (-size_of(q), color_of(q))):
        w = piece_box(p, u, "ship")[0] + gap
        if rows[-1] and width + w > cap:
            rows.append([])
            width = 0.0
        rows[-1].append((p, w))
        width += w
    return rows if rows[0] else []


def _rows_height(rows: list[ShipRow], u: float) -> float:
    if not rows:
        return 0.42 * u  # keep a strip for an owner with no ship here, so stars stay centred
    return sum(max(piece_box(p, u, "ship")[1] for p, _ in row) + 0.14 * u for row in rows)


def label_height(u: float) -> float:
    """Height of a system's name strip."""
    return max(14.0, min(22.0, 0.34 * u + 6))


HOME_WORD = 8  # characters a homeworld's label adds to its name on the board ("  (home)")
MARKER_MIN = 26.0  # an overpopulation marker is a button: never smaller than a fingertip's worth of pixels


def marker_side(u: float) -> float:
    """Width and height of an overpopulation marker (a click on it triggers the catastrophe)."""
    return max(MARKER_MIN, label_height(u) * 1.2)


def strip_height(u: float, markers: int) -> float:
    """Height of a system's top strip: its name, and room for its markers when it is overpopulated."""
    lh = label_height(u)
    return max(lh, marker_side(u) + 4) if markers else lh


@dataclass(frozen=True, slots=True)
class _Measure:
    system: System
    w: float
    h: float
    top_rows: list[ShipRow]
    bottom_rows: list[ShipRow]
    star_h: float
    star_w: float


def _measure(s: System, u: float, cap: float, top: int) -> _Measure:
    pad = 0.2 * u
    star_gap = 0.2 * u
    star_w = sum(piece_box(p, u)[0] for p in s.stars) + star_gap * max(0, len(s.stars) - 1)
    star_h = max([piece_box(p, u)[1] for p in s.stars] + [HEIGHTS[1] * u])
    top_rows = _ship_rows(s.ships_of(top), u, cap)
    bottom_rows = _ship_rows(s.ships_of(opponent_of(top)), u, cap)
    rows_w = max([sum(w for _, w in row) for row in top_rows + bottom_rows] + [0.0])
    n_markers = len(s.overpopulated())
    lh = strip_height(u, n_markers)
    # A homeworld's label is its name and "(home)": about HOME_WORD characters more.
    chars = min(len(s.name), 12) + (HOME_WORD if s.home != NO_HOME else 0)
    name_w = chars * label_height(u) * 0.42 + n_markers * (marker_side(u) + 3)
    inner = max(star_w, rows_w, 1.5 * u, name_w)
    w = inner + 2 * pad
    h = lh + pad + _rows_height(top_rows, u) + 0.12 * u + star_h + 0.12 * u + _rows_height(bottom_rows, u) + pad
    return _Measure(s, w, h, top_rows, bottom_rows, star_h, star_w)


def _place_rows(rows: list[ShipRow], x0: float, w: float, y: float, u: float, system: str, owner: int,
                direction: int, out: list[PiecePlace]) -> float:
    """Append the ships of ``rows`` centred in [x0, x0+w] from height ``y``; return the y below them."""
    if not rows:
        return y + 0.42 * u
    seen: dict[int, int] = {}
    for row in rows:
        row_w = sum(sw for _, sw in row)
        row_h = max(piece_box(p, u, "ship")[1] for p, _ in row)
        x = x0 + (w - row_w) / 2
        for p, sw in row:
            pw, ph = piece_box(p, u, "ship")
            # Ships of one row share a baseline on the side facing the stars.
            py = y + (row_h - ph if direction < 0 else 0.0)
            index = seen.get(p, 0)
            seen[p] = index + 1
            target = ShipTarget(system, owner, p, index)
            out.append(PiecePlace(Box(x + (sw - pw) / 2, py, pw, ph), p, "ship", direction, target))
            x += sw
        y += row_h + 0.14 * u
    return y


def _place_system(m: _Measure, x: float, y: float, u: float, top: int) -> SystemPlace:
    s = m.system
    pad = 0.2 * u
    lh = strip_height(u, len(s.overpopulated()))
    box = Box(x, y, m.w, m.h)
    label = Box(x, y, m.w, lh)
    pieces: list[PiecePlace] = []
    inner_x, inner_w = x + pad, m.w - 2 * pad
    cy = _place_rows(m.top_rows, inner_x, inner_w, y + lh + pad, u, s.name, top, +1, pieces)
    cy += 0.12 * u
    sx = x + (m.w - m.star_w) / 2
    for p in s.stars:
        sw, sh = piece_box(p, u)
        pieces.append(PiecePlace(Box(sx, cy + m.star_h - sh, sw, sh), p, "star", 0, StarTarget(s.name, p)))
        sx += sw + 0.2 * u
    cy += m.star_h + 0.12 * u
    _place_rows(m.bottom_rows, inner_x, inner_w, cy, u, s.name, opponent_of(top), -1, pieces)
    markers = []
    r = marker_side(u)
    mx = box.right - 3 - r
    for color in reversed(s.overpopulated()):
        markers.append((Box(mx, y + (lh - r) / 2, r, r), color))
        mx -= r + 3
    return SystemPlace(s.name, s.home, box, label, tuple(pieces), tuple(markers))


@dataclass
class BoardLayout:
    """Every system placed in the board area, and how to find what is under a point."""

    board: Box
    unit: float
    systems: list[SystemPlace]
    bottom: int

    def system(self, name: str) -> SystemPlace | None:
        """The placed system with this name (case-insensitive), or None."""
        low = name.lower()
        for sp in self.systems:
            if sp.name.lower() == low:
                return sp
        return None

    def pieces(self) -> Iterator[PiecePlace]:
        """Every placed piece of every system."""
        for sp in self.systems:
            yield from sp.pieces

    def hit(self, px: float, py: float) -> Target | None:
        """The target under a point of the board, or None when the point is not on the board."""
        for sp in self.systems:
            if not sp.box.contains(px, py):
                continue
            for box, color in sp.markers:
                # A marker takes a click a little beyond its drawn edge: it is the catastrophe's button.
                if box.inflate(4).contains(px, py):
                    return MarkerTarget(sp.name, color)
            for pp in sp.pieces:
                if pp.box.inflate(1).contains(px, py):
                    return pp.target
            return SystemTarget(sp.name)
        if self.board.contains(px, py):
            return SPACE
        return None


def _flow(measures: list[_Measure], width: float, gap: float) -> list[list[_Measure]]:
    rows: list[list[_Measure]] = []
    used = 0.0
    for m in measures:
        if rows and used + gap + m.w <= width:
            rows[-1].append(m)
            used += gap + m.w
        else:
            rows.append([m])
            used = m.w
    return rows


def _try_layout(position: Position, board: Box, bottom: int, u: float) -> BoardLayout | None:
    top = opponent_of(bottom)
    margin = 0.25 * u
    gap = 0.35 * u
    avail_w = board.w - 2 * margin
    cap = max(3.0 * u, min(avail_w - 0.4 * u, 10.0 * u))
    top_home = position.home_of(top)
    bottom_home = position.home_of(bottom)
    others = [s for s in position.systems if s.home == NO_HOME]
    mt = _measure(top_home, u, cap, top) if top_home else None
    mb = _measure(bottom_home, u, cap, top) if bottom_home else None
    mo = [_measure(s, u, cap, top) for s in others]
    if any(m.w > avail_w for m in [mt, mb, *mo] if m):
        return None
    # An absent homeworld keeps a little room at its end so the map does not jump.
    top_h = mt.h if mt else 2.0 * u
    bottom_h = mb.h if mb else 2.0 * u
    rows = _flow(mo, avail_w, gap)
    rows_h = [max(m.h for m in row) for row in rows]
    needed = top_h + bottom_h + sum(rows_h) + gap * (len(rows) + 1) + 2 * margin
    if needed > board.h:
        return None
    placed: list[SystemPlace] = []
    cx = board.x + board.w / 2
    if mt:
        placed.append(_place_system(mt, cx - mt.w / 2, board.y + margin, u, top))
    if mb:
        placed.append(_place_system(mb, cx - mb.w / 2, board.bottom - margin - mb.h, u, top))
    band_top = board.y + margin + top_h
    band_h = board.h - 2 * margin - top_h - bottom_h
    # Each row gets an equal band of the height and each system an equal slot of its row's width, and
    # sits at the centre of its own slot: a system that grows or shrinks (a ship built, one gone) moves
    # only itself, not its neighbours. Only a row too full for equal slots is packed edge to edge.
    bands = band_h / len(rows) if rows else 0.0
    even_bands = all(rh + gap <= bands for rh in rows_h)
    spacing = (band_h - sum(rows_h)) / (len(rows) + 1) if rows else 0.0
    y = band_top + (0.0 if even_bands else spacing)
    for row, rh in zip(rows, rows_h, strict=True):
        band = bands if even_bands else rh
        slot = (avail_w - gap * (len(row) - 1)) / len(row)
        if all(m.w <= slot for m in row):
            x0 = board.x + margin
            for k, m in enumerate(row):
                sx = x0 + k * (slot + gap) + (slot - m.w) / 2
                # Boxes of a row share a centre line, like planets on an orbit.
                placed.append(_place_system(m, sx, y + (band - m.h) / 2, u, top))
        else:
            row_w = sum(m.w for m in row) + gap * (len(row) - 1)
            x = cx - row_w / 2
            for m in row:
                placed.append(_place_system(m, x, y + (band - m.h) / 2, u, top))
                x += m.w + gap
        y += band + (0.0 if even_bands else spacing)
    return BoardLayout(board, u, placed, bottom)


def max_unit(board: Box) -> float:
    """The largest unit for a board: BASE_UNIT up to 1000 pixels wide, then growing with the width, so
    a large window shows large pieces (up to MAX_UNIT)."""
    return min(MAX_UNIT, BASE_UNIT * max(1.0, board.w / 1000.0))


KEEP_RATIO = 0.8  # a kept unit is given up for the best one once it is this much smaller


def board_layout(position: Position, board: Box, bottom: int = 0, keep: float | None = None) -> BoardLayout:
    """Place every system of ``position`` in ``board`` at the largest unit that fits (see module doc).

    ``keep`` is the unit of the map on the screen so far: while the position still fits at it and it is
    not much smaller than the best unit, it is kept, so that one ship built or lost does not make every
    piece of the map grow or shrink."""
    best = _best_layout(position, board, bottom)
    if keep is not None and keep != best.unit and keep >= best.unit * KEEP_RATIO:
        kept = _try_layout(position, board, bottom, keep)
        if kept is not None:
            return kept
    return best


EDGE_ROOM = 20.0  # the board's left edge is kept for the play screen's advantage bar
FOOT_ROOM = 40.0  # and its foot at the left for the bar's label
CORNER_W, CORNER_H = 200.0, 56.0  # a corner this large holds a message of two lines


def free_corners(layout: BoardLayout) -> list[Box]:
    """The parts of the board that ``layout`` keeps clear of systems: beside the bottom player's
    homeworld (right, then left), then beside the top one (left, then right). ``_try_layout`` puts every
    other system in the band between the two homeworlds, so beside each is nothing but lines; without a
    homeworld there the whole band it would take is clear. The left corners stay clear of the play
    screen's advantage bar (``EDGE_ROOM``) and its label (``FOOT_ROOM``)."""
    board, u = layout.board, layout.unit
    margin, gap = 0.25 * u, 0.35 * u
    homes = {sp.home: sp.box for sp in layout.systems if sp.home != NO_HOME}
    left_x, right_x = board.x + EDGE_ROOM, board.right - margin
    out: list[Box] = []
    for player in (layout.bottom, opponent_of(layout.bottom)):
        home = homes.get(player)
        if player == layout.bottom:
            y0 = home.y if home is not None else board.bottom - margin - 2 * u
            y1 = board.bottom - 4
        else:
            y0 = board.y + 4
            y1 = home.bottom if home is not None else board.y + margin + 2 * u
        if home is None:
            out.append(Box(left_x, y0, right_x - left_x, y1 - y0))
            continue
        right = Box(home.right + gap, y0, right_x - home.right - gap, y1 - y0)
        foot = FOOT_ROOM if player == layout.bottom else 0.0
        left = Box(left_x, y0, home.x - gap - left_x, y1 - y0 - foot)
        out += [right, left] if player == layout.bottom else [left, right]
    return [c for c in out if c.w > 0 and c.h > 0]


def notice_corner(layout: BoardLayout) -> Box:
    """Where the window's messages go on a board laid out as ``layout``: the first of ``free_corners``
    that holds a message of two lines, else the largest of them."""
    corners = free_corners(layout)
    roomy = [c for c in corners if c.w >= CORNER_W and c.h >= CORNER_H]
    if roomy:
        return roomy[0]
    return max(corners, key=lambda c: c.w * c.h, default=Box(layout.board.x, layout.board.y, layout.board.w, 0))


def _best_layout(position: Position, board: Box, bottom: int) -> BoardLayout:
    # The units tried are one fixed ladder down from MAX_UNIT (only the board's width cuts its top):
    # boards of nearly the same height then settle on the same unit, and a map whose needs change a
    # little keeps its unit, rather than each height starting its own ladder.
    u = max_unit(board)
    while u > board.w / 6.0 and u > MIN_UNIT:
        u *= 0.93
    u = max(MIN_UNIT, u)
    while True:
        found = _try_layout(position, board, bottom, u)
        if found is not None:
            return found
        if u <= MIN_UNIT:
            break
        u = max(MIN_UNIT, u * 0.93)
    # Below the smallest unit the window is too small for this map: shrink on, it stays correct.
    while u > 2.0:
        u *= 0.9
        found = _try_layout(position, board, bottom, u)
        if found is not None:
            return found
    return BoardLayout(board, u, [], bottom)


# --- the bank and the whole screen ---


@dataclass(frozen=True, slots=True)
class BankCell:
    """One colour-size of the bank: its cell, the piece drawn in it and where the count goes."""

    piece: int
    box: Box
    place: PiecePlace
    count_box: Box


@dataclass
class BankLayout:
    """The bank column: a title and a 4 x 3 grid (colours down, sizes across)."""

    box: Box
    title: Box
    cells: list[BankCell]
    unit: float
    legend: Box | None = None  # room under the grid for a short explanation

    def hit(self, px: float, py: float) -> PieceTarget | BankTarget | None:
        """The bank target under a point, or None."""
        if not self.box.contains(px, py):
            return None
        for cell in self.cells:
            if cell.box.contains(px, py):
                return cell.place.target
        return BANK


def bank_layout(box: Box) -> BankLayout:
    """Lay out the bank column inside ``box``."""
    title_h = 34.0
    pad = 6.0
    cell_w = (box.w - 2 * pad) / 3
    cell_h = min((box.h - title_h - 2 * pad) / 4, cell_w * 1.45)
    y0 = box.y + title_h + pad
    u = min(cell_h * 0.62 / HEIGHTS[3], cell_w * 0.92 / (HEIGHTS[3] * STAR_ASPECT))
    cells = []
    for color in range(4):
        for size in (1, 2, 3):
            piece = make_piece(color, size)
            cb = Box(box.x + pad + (size - 1) * cell_w, y0 + color * cell_h, cell_w, cell_h)
            sw, sh = piece_box(piece, u, "bank")
            base = cb.y + cell_h * 0.72
            place = PiecePlace(Box(cb.x + (cell_w - sw) / 2, base - sh, sw, sh), piece, "bank", 0,
                               BankPieceTarget(piece))
            count_box = Box(cb.x, base + 2, cell_w, cell_h * 0.26)
            cells.append(BankCell(piece, cb, place, count_box))
    legend_y = y0 + 4 * cell_h + 10
    legend = Box(box.x + pad + 4, legend_y, box.w - 2 * pad - 8, max(0.0, box.bottom - legend_y - pad))
    return BankLayout(box, Box(box.x, box.y, box.w, title_h), cells, u, legend)


@dataclass(frozen=True)
class ScreenLayout:
    """The three columns of the play screen: bank (left), board (middle), panel (right)."""

    width: int
    height: int
    bank: Box
    board: Box
    panel: Box


# What a play screen lays out for a window size and a position: the screen's columns, the map, the bank.
Layouts = tuple[ScreenLayout, BoardLayout, BankLayout]


def screen_layout(width: int, height: int) -> ScreenLayout:
    """Split a window of this size into bank, board and panel."""
    width = max(width, 320)
    height = max(height, 240)
    # The columns widen with the window (up to a point) so the bank's pieces grow with the board's.
    panel_w = max(250.0, min(420.0, width * 0.22))
    bank_w = max(130.0, min(250.0, width * 0.13))
    if width < MIN_WIDTH:
        # Smaller than the window allows (a test, or a resize in flight): keep proportions.
        panel_w, bank_w = width * 0.25, width * 0.13
    board_w = width - panel_w - bank_w
    return ScreenLayout(
        width,
        height,
        Box(0, 0, bank_w, height),
        Box(bank_w, 0, board_w, height),
        Box(width - panel_w, 0, panel_w, height),
    )


def check_layout(layout: BoardLayout) -> list[str]:
    """Problems with a layout (overlaps, pieces outside their system); empty when all is well."""
    problems = []
    boxes = [sp.box for sp in layout.systems]
    for i, a in enumerate(boxes):
        if not a.inside(layout.board):
            problems.append(f"{layout.systems[i].name} leaves the board")
        for j in range(i + 1, len(boxes)):
            if a.intersects(boxes[j]):
                problems.append(f"{layout.systems[i].name} overlaps {layout.systems[j].name}")
    for sp in layout.systems:
        places = list(sp.pieces)
        for k, pp in enumerate(places):
            if not pp.box.inside(sp.box):
                problems.append(f"a piece of {sp.name} sticks out of its box")
            for other in places[k + 1 :]:
                if pp.box.intersects(other.box):
                    problems.append(f"two pieces of {sp.name} overlap")
        for mbox, _ in sp.markers:
            if not mbox.inside(sp.box):
                problems.append(f"a marker of {sp.name} sticks out of its box")
    return problems

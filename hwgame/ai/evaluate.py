"""Static evaluation of a Homeworlds position, from the view of the side to move.

``evaluate(position)`` returns a number: positive means the player to move stands better. A finished
game scores ``WIN`` (or ``-WIN``, or 0 for a draw). Otherwise the score is ``side(me) - side(enemy)``
plus a tempo bonus, where ``side(p)`` adds up the terms below for player ``p``. Every term is scaled
by a weight from a ``Weights`` mapping, so personas (aggressive, economic) are only other weights.

Terms (the weight key is in brackets):

- **material** [``material``]: every ship counts by size, small 10, medium 19, large 30. Large
  ships are worth more than three smalls: they capture anything and a large sacrifice gives three
  actions.
- **large ships** [``large``]: a bonus per large ship, because they decide most fights.
- **colour supply** [``supply``]: owning at least one ship of a colour means its power can always be
  had by sacrifice; green, then blue and yellow, then red.
- **economy at home** [``home_access``]: access to each colour at the homeworld (a star or an own
  ship there). Green at home is the engine of the game; blue lets you change colour; yellow lets the
  fleet leave; red at home defends.
- **economy abroad** [``abroad_access``]: access to each colour somewhere else where you have a ship
  (usually through the star of a colony), so fewer colours are missing from the whole empire.
- **spread** [``spread``]: systems where you have ships besides home (capped), because colonies
  give access and moves; an empire of one system has nothing to fall back to.
- **home defence** [``defence``]: the size of the largest own ship at home, and extra ships there
  (capped). A single small ship at home loses to the first capture or catastrophe.
- **overpopulation threat** [``overpop``]: a colour with 3 pieces at your home is one action from a
  catastrophe; with 4 or more the enemy can trigger it. It only counts when the catastrophe would
  remove every ship of yours at home or a home star, and it costs more when the enemy moves next.
- **capture threat** [``capture_threat``]: enemy ships at your home at least as large as your
  largest one there, with red reachable for the enemy (red star there, an enemy red ship there, or
  any enemy red ship to sacrifice). Larger when the enemy moves next.
- **invasion threat** [``invasion``]: enemy ships one move from your home (in a system connected to
  it) that are larger than your largest ship at home, when they have yellow access to come.
- **forward pressure** [``pressure``]: your ships away from home that stand at the enemy home or
  one move from it, by size, and a third as much for ships two moves away (a star size that neither
  their system nor the enemy home has can be discovered as a stepping stone, when the bank holds a
  piece of that size, or an existing system next to the enemy home is reachable). Ships without
  yellow where they stand count 0.6 as much when a yellow ship could be sacrificed to move them,
  else 0.25: an army that cannot move
  threatens nothing. Attacks begin here; the enemy's home-threat terms reward the attack itself.
- **shape of the fleet** [``medium``, ``gun_fleet``]: a bonus per medium ship, and one for two large
  ships with a red ship beside them (they capture anything, twice over).
- **homeworld** [``one_star_home``, ``home_large``]: a homeworld down to one star (a catastrophe took
  the other) is near its end; a large ship at home on top of the defence term.
- **next turn's losses** [``catastrophes``, ``captures``, and ``..._parried`` when the victim moves
  first and may parry]: what the other player could destroy by a catastrophe or take by capture on
  its next turn, anywhere on the map (``threats``).
- **growth** [``builders``, ``build_edge``, ``build_race``]: colours a player can build now (a ship
  of the colour where the player has green, the colour in the bank); colours only one player can
  build, by the size they would get; and for colours both can build, who gets which size: the side
  to move takes the smallest, and taking the last of a size hands the next size to the other.
- **clumsy ships** [``stuck``, ``lonely``]: systems where a player's ships have neither yellow nor
  blue (they cannot leave or change colour without a sacrifice), and lone ships without green
  where they are (they cannot grow into a fleet).
- **diversity** [``diversity``]: per system where a player has ships, the colours within reach
  there, more than in proportion (a system with every power is a base).
- **crushing** [``crushing``]: pressure beyond the cap of ``pressure``, for a player with more than
  twice the other's material: an overwhelming side keeps bringing ships to the enemy home.
- **tempo** [``tempo``]: a small bonus for the side to move.

``terms`` returns every term before its weight; ``evaluate`` is their weighted sum. The weights are
fitted to the choices of the archive's winners and the results of real games
(``python -m hwgame.bench tune``).

Threat terms are asymmetric on purpose: a threat is worth more to the side that can carry it out on
its next turn (``tempo_factor`` for the attacker to move, ``defender_factor`` when the defender
moves next and may parry).
"""

from __future__ import annotations

from collections.abc import Mapping

from hwgame.rules import PLAYING, Position, System, opponent_of, shown

from .threats import capture_threat, catastrophe_threats

# Pieces are read by arithmetic here, ``p // 3`` its colour and ``p % 3`` its size less one, not through
# ``color_of``/``size_of``: the evaluation runs at every leaf of the search, and the calls cost about a
# tenth of its time (measured against the same code written with them).

WIN = 100_000  # a won game; search scores mate-like results as WIN minus the ply count

RED, YELLOW, GREEN, BLUE = range(4)
SIZE_VALUE = (10.0, 19.0, 30.0)

# Fitted by ``python -m hwgame.bench tune --target moves`` to the turns the winners of the archive's games
# chose (a conditional logit over 6,579 turns of four fifths of the games, each against 40 of the turns
# the search's root generates, drawn at random; held-out log loss 2.166 before, 1.604 after; among every root
# candidate of held-out games, the played turn scores best 32.8% of the time, before 29.7%). The
# factors (``tempo_factor``, ``defender_factor``) scale several terms and are set by hand; ``tempo``
# is the same for every turn, so it keeps its value from the fit to results (``tune``).
DEFAULT_WEIGHTS: dict[str, float] = {
    "material": 0.934,
    "large": -0.963,
    "medium": -0.536,
    "supply": 1.258,
    "home_access": -0.034,
    "abroad_access": -1.114,
    "spread": 4.021,
    "defence": 1.551,
    "overpop": 0.159,
    "capture_threat": 1.127,
    "invasion": -0.05,
    "pressure": 2.142,
    "tempo": 5.45,
    "tempo_factor": 1.6,
    "defender_factor": 0.6,
    "catastrophes": 0.293,
    "catastrophes_parried": 0.113,
    "captures": 0.414,
    "captures_parried": 0.071,
    "home_large": 6.942,
    "one_star_home": -64.524,
    "gun_fleet": 6.538,
    "builders": -4.019,
    "build_edge": 3.918,
    "build_race": 0.996,
    "stuck": -5.893,
    "lonely": -4.917,
    "diversity": 3.799,
    # Set by hand: the archive's players resign long before one side owns the board, so no fit sees
    # it; without it, a side that has won everything but the enemy home has nothing left to gain
    # from bringing more ships (the pressure term is full) and shuffles until the turn cap.
    "crushing": 1.5,
}

# Per-colour values, indexed r, y, g, b.
SUPPLY = (3.0, 4.0, 7.0, 5.0)
HOME_ACCESS = (3.0, 6.0, 12.0, 8.0)
ABROAD_ACCESS = (1.5, 2.5, 4.0, 3.5)
DEFENDER_SIZE = (0.0, 3.0, 9.0, 18.0)  # by largest size at home: none, small, medium, large

# The terms of ``terms``, in order; each is side(to move) - side(other) and has the weight of its name.
TERMS = ("material", "large", "medium", "supply", "home_access", "abroad_access", "spread", "defence",
         "overpop", "capture_threat", "invasion", "pressure", "tempo", "catastrophes", "catastrophes_parried",
         "captures", "captures_parried", "home_large", "one_star_home", "gun_fleet", "builders", "build_edge",
         "build_race", "stuck", "lonely", "diversity", "crushing")  # fmt: skip
DIVERSITY = (0.0, 0.0, 1.0, 3.0, 6.0)  # by colours within reach in one system: several powers at hand
TEMPO, BUILD_EDGE, BUILD_RACE = TERMS.index("tempo"), TERMS.index("build_edge"), TERMS.index("build_race")

# Personas scale the default weights: an aggressive player makes more of threats against the enemy
# home, an economic one of its own growth.
PERSONAS: dict[str, dict[str, float]] = {
    "balanced": {},
    "aggressive": {"pressure": 1.3, "capture_threat": 1.5, "captures": 1.2, "supply": 0.8},
    "economic": {"supply": 1.3, "build_edge": 1.5, "diversity": 1.3, "spread": 1.3, "pressure": 0.6},
}


def weights_for(persona: str | None = None, overrides: Mapping[str, float] | None = None) -> dict[str, float]:
    """The default weights scaled by a persona (balanced, aggressive, economic), then explicit overrides."""
    w = dict(DEFAULT_WEIGHTS)
    if persona:
        if persona not in PERSONAS:
            raise ValueError(f"unknown persona {shown(persona)}: use one of {', '.join(PERSONAS)}")
        for k, factor in PERSONAS[persona].items():
            w[k] *= factor
    if overrides:
        w.update(overrides)
    return w


def _sizes_mask(stars: tuple[int, ...]) -> int:
    mask = 0
    for p in stars:
        mask |= 1 << (p % 3)
    return mask


def _home_threats(
    position: Position,
    player: int,
    homes: list[System],
    factors: Mapping[str, float],
    red_anywhere: list[bool],
    yellow_anywhere: list[bool],
    masks: list[int],
    with_overpop: bool,
) -> tuple[float, float, float]:
    """Danger to ``player``'s homeworld, before weights: (overpopulation, capture, invasion), each
    scaled by the attacker's tempo factor (a positive number is bad for ``player``)."""
    home = homes[player]
    enemy = opponent_of(player)
    mine = home.ships1 if player else home.ships0
    theirs = home.ships0 if player else home.ships1
    attacker_moves = position.to_move == enemy
    factor = factors["tempo_factor"] if attacker_moves else factors["defender_factor"]

    overpop = 0.0
    if with_overpop:
        counts = [0, 0, 0, 0]
        for p in home.stars:
            counts[p // 3] += 1
        for p in mine:
            counts[p // 3] += 1
        for p in theirs:
            counts[p // 3] += 1
        my_colors = {p // 3 for p in mine}
        star_colors = [p // 3 for p in home.stars]
        for c in range(4):
            n = counts[c]
            if n < 3:
                continue
            fatal = my_colors == {c}  # the catastrophe would leave no ship of mine at home
            star_loss = star_colors.count(c)
            if not fatal and not star_loss:
                continue
            hurt = (40.0 if fatal else 0.0) + 12.0 * star_loss
            if len(star_colors) == star_loss:
                hurt += 40.0  # every star goes: the homeworld is destroyed
            overpop += hurt * (0.35 if n == 3 else 1.0)
        overpop *= factor

    capture = 0.0
    my_big = max((p % 3 for p in mine), default=-1)
    if theirs:
        their_big = max(p % 3 for p in theirs)
        if their_big >= my_big:
            red_here = any(p // 3 == RED for p in home.stars) or any(p // 3 == RED for p in theirs)
            threat = 10.0
            if red_here or red_anywhere[enemy]:
                # They may capture; losing the only ship at home loses the game.
                threat += 30.0 if len(mine) <= 1 else 14.0 * sum(1 for p in mine if p % 3 <= their_big) / len(mine)
            capture = threat * factor

    # Invasion: large enemy ships one move away with a way to move.
    invasion = 0.0
    mask = _sizes_mask(home.stars)
    for i, s in enumerate(position.systems):
        if s is home or (masks[i] & mask):
            continue
        their = s.ships0 if player else s.ships1
        if not their:
            continue
        big = max(p % 3 for p in their)
        if big > my_big:
            # Yellow here, or any enemy yellow ship to sacrifice, lets them come.
            if yellow_anywhere[enemy] or any(p // 3 == YELLOW for p in s.stars):
                invasion += (4.0 + 4.0 * (big - my_big)) * factor
    return overpop, capture, invasion


def _bank_terms(position: Position, can_build: list[list[bool]]) -> tuple[float, float]:
    """Who gets the bank's next pieces, for the player to move: (edge, race).

    ``edge``: colours that only one player can build now, by the size the builder would get (plus
    for the player to move, minus for the other). ``race``: colours both can build; the player to move
    takes the smallest piece first, and when it is the last of its size the other player gets the
    next size up: plus the size taken, minus the size that would be handed over."""
    me = position.to_move
    enemy = opponent_of(me)
    bank = position.bank
    edge = race = 0.0
    for c in range(4):
        mine, theirs = can_build[me][c], can_build[enemy][c]
        if not (mine or theirs):
            continue
        sizes = [s for s in range(3) if bank[c * 3 + s]]
        if not sizes:
            continue
        size = sizes[0]
        if mine and not theirs:
            edge += size + 1
        elif theirs and not mine:
            edge -= size + 1
        else:
            race += size + 1
            if bank[c * 3 + size] == 1 and len(sizes) > 1:
                race -= sizes[1] + 1
    return edge, race


def terms(position: Position, weights: Mapping[str, float] | None = None) -> list[float]:
    """The evaluation's terms (``TERMS``) in ``position``, a game in play, for the player to move and
    before their weights; ``evaluate`` is their weighted sum. Expensive terms whose weight is zero in
    ``weights`` are left at zero; without ``weights`` every term is computed."""
    w = DEFAULT_WEIGHTS if weights is None else weights
    every = weights is None
    me = position.to_move
    home0, home1 = position.home_of(0), position.home_of(1)
    if home0 is None or home1 is None:
        raise ValueError("a position in play has both homeworlds")
    homes = [home0, home1]
    material = [0.0, 0.0]
    large = [0, 0]
    medium = [0, 0]
    owned = [[False] * 4, [False] * 4]
    abroad = [[False] * 4, [False] * 4]
    can_build = [[False] * 4, [False] * 4]
    spread = [0, 0]
    stuck = [0, 0]
    lonely = [0, 0]
    diversity = [0.0, 0.0]
    approach: list[list[tuple[float, bool]]] = [[], []]  # (size-weighted ships, can move from where they are)
    home_masks = [_sizes_mask(homes[0].stars), _sizes_mask(homes[1].stars)]
    masks = [_sizes_mask(s.stars) for s in position.systems]
    bank = position.bank
    # Masks of the systems one move from each home: stepping stones for a two-move approach.
    near = [[m for m in masks if not (m & home_masks[h])] for h in (0, 1)]
    # The sizes a new system can be discovered at: only those the bank still holds (an empty bank
    # leaves the systems already on the board as the only stepping stones).
    discoverable = sum(1 << size for size in range(3) if any(bank[c * 3 + size] for c in range(4)))
    for i, s in enumerate(position.systems):
        star_colors = {p // 3 for p in s.stars}
        smask = masks[i]
        for pl in (0, 1):
            ships = s.ships1 if pl else s.ships0
            if not ships:
                continue
            own = owned[pl]
            here = set(star_colors)
            for p in ships:
                size = p % 3
                material[pl] += SIZE_VALUE[size]
                if size == 2:
                    large[pl] += 1
                elif size == 1:
                    medium[pl] += 1
                own[p // 3] = True
                here.add(p // 3)
            diversity[pl] += DIVERSITY[len(here)]
            if GREEN in here:
                builds = can_build[pl]
                for p in ships:
                    c = p // 3
                    if not builds[c] and (bank[c * 3] or bank[c * 3 + 1] or bank[c * 3 + 2]):
                        builds[c] = True
            elif len(ships) == 1:
                lonely[pl] += 1  # one ship that cannot grow where it is: an easy prey
            if YELLOW not in here and BLUE not in here:
                stuck[pl] += 1  # ships that can neither leave nor change colour without a sacrifice
            if s.home != pl:
                spread[pl] += 1
                acc = abroad[pl]
                for c in here:
                    acc[c] = True
                enemy = opponent_of(pl)
                target = home_masks[enemy]
                weight = 0.0
                if s.home == enemy:
                    weight = 1.0
                elif not (smask & target):
                    weight = 1.0
                elif discoverable & ~(smask | target) or any(not (m & smask) for m in near[enemy]):
                    # Two moves away: discover the missing size, or hop through a system next door.
                    weight = 0.35
                if weight:
                    # Ships far from the enemy need yellow to get there: a yellow star or ship here
                    # is best; elsewhere only a yellow sacrifice would move them (settled below).
                    movable = s.home == enemy or YELLOW in here
                    approach[pl].append((weight * sum(p % 3 + 1 for p in ships), movable))
    pressure = [0.0, 0.0]
    for pl in (0, 1):
        far = 0.6 if owned[pl][YELLOW] else 0.25
        pressure[pl] = sum(amount if movable else amount * far for amount, movable in approach[pl])
    red_anywhere = [owned[0][RED], owned[1][RED]]
    yellow_anywhere = [owned[0][YELLOW], owned[1][YELLOW]]

    if every or w["catastrophes"] or w["catastrophes_parried"]:
        catastrophes = catastrophe_threats(position)
    else:
        catastrophes = (0.0, 0.0)
    with_captures = every or w["captures"] or w["captures_parried"]
    out = [0.0] * len(TERMS)
    for pl in (0, 1):
        sign = 1.0 if pl == me else -1.0
        home = homes[pl]
        mine = home.ships1 if pl else home.ships0
        home_acc = [False] * 4
        for p in home.stars:
            home_acc[p // 3] = True
        for p in mine:
            home_acc[p // 3] = True
        big = max((p % 3 for p in mine), default=-1) + 1
        overpop, capture, invasion = _home_threats(position, pl, homes, w, red_anywhere, yellow_anywhere, masks,
                                                   every or bool(w["overpop"]))  # fmt: skip
        # What the other player could take next turn; the victim to move may still parry it.
        parried = position.to_move == pl
        lost_by_catastrophe = catastrophes[pl]
        lost_by_capture = capture_threat(position, pl) if with_captures else 0.0
        side = (
            material[pl],
            large[pl],
            medium[pl],
            sum(SUPPLY[c] for c in range(4) if owned[pl][c]),
            sum(HOME_ACCESS[c] for c in range(4) if home_acc[c]),
            sum(ABROAD_ACCESS[c] for c in range(4) if abroad[pl][c] and not home_acc[c]),
            min(spread[pl], 3),
            DEFENDER_SIZE[big] + 3.0 * min(len(mine) - 1, 2),
            -overpop,
            -capture,
            -invasion,
            min(pressure[pl], 9) * 1.5,
            0.0,
            0.0 if parried else -lost_by_catastrophe,
            -lost_by_catastrophe if parried else 0.0,
            0.0 if parried else -lost_by_capture,
            -lost_by_capture if parried else 0.0,
            1.0 if big == 3 else 0.0,
            1.0 if len(home.stars) == 1 else 0.0,
            1.0 if owned[pl][RED] and large[pl] >= 2 else 0.0,  # captures anything, twice
            sum(can_build[pl]),
            0.0,
            0.0,
            stuck[pl],
            lonely[pl],
            diversity[pl],
            max(0.0, pressure[pl] - 9) if material[pl] > 2 * material[opponent_of(pl)] else 0.0,
        )
        for k, v in enumerate(side):
            if v:
                out[k] += sign * v
    out[TEMPO] = 1.0
    out[BUILD_EDGE], out[BUILD_RACE] = _bank_terms(position, can_build)
    return out


def evaluate(position: Position, weights: Mapping[str, float] | None = None) -> float:
    """Score ``position`` for the player to move (positive: good for them). See the module docstring."""
    w = DEFAULT_WEIGHTS if weights is None else weights
    if position.stage < PLAYING:
        return 0.0
    lost = position.losers()
    if lost:
        if len(lost) == 2:
            return 0.0
        return -WIN if lost[0] == position.to_move else WIN
    return sum(w[k] * v for k, v in zip(TERMS, terms(position, w), strict=True) if v)

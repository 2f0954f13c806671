"""What the side to move could take from the other next turn: catastrophes and captures anywhere.

The static evaluation is mostly read after a turn, with the opponent to move; what matters then is
what that opponent can do at once. Two estimates, both cheap (no move generation), both in material
points of ``evaluate.SIZE_VALUE``:

- **catastrophes** (``catastrophe_threats``): for every system and colour where a catastrophe would
  cost the victim more than the attacker (the victim's ships of that colour, a home star, every ship
  when the system's only star goes), can the attacker bring the colour to four pieces in one turn?
  Already four: free. Else one free action (a move in from a connected system with yellow access,
  a build there with green access, a trade there with blue access), or a sacrifice: yellow moves in
  ships of that colour (one action from a connected system, two from farther), green builds, blue
  trades. A catastrophe that leaves the victim without a ship at home, or destroys the home's stars,
  counts as a lost game (``HOME_LOSS``).
- **captures** (``capture_threat``): a free capture where the attacker has red access and a ship as
  large as the victim's, or a red sacrifice of size N taking the N best ships within reach anywhere.
  A captured ship changes sides, so it counts twice.

The best threat counts in full and the others a quarter: one turn carries out one plan, but a plan
that fails against one defence may work elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from hwgame.rules import Position, System, opponent_of

# Pieces are read by arithmetic here, ``p // 3`` its colour and ``p % 3`` its size less one, not through
# ``color_of``/``size_of``: these estimates run inside every evaluation of the search, where the calls
# cost several per cent of its time (measured against the same code written with them).
RED, YELLOW, GREEN, BLUE = range(4)
SIZE_VALUE = (10.0, 19.0, 30.0)
HOME_LOSS = 120.0  # a catastrophe or capture that ends the game: more than any material


def _mask(stars: Iterable[int]) -> int:
    mask = 0
    for p in stars:
        mask |= 1 << (p % 3)
    return mask


def _value(ships: Iterable[int]) -> float:
    return sum(SIZE_VALUE[p % 3] for p in ships)


def _combine(threats: list[float]) -> float:
    if not threats:
        return 0.0
    threats.sort(reverse=True)
    return threats[0] + 0.25 * sum(threats[1:3])


VALUE = tuple(SIZE_VALUE[p % 3] for p in range(12))  # by piece code


# A player's ships of one colour in one system: (system index, how many, yellow access there).
Fleet = list[tuple[int, int, bool]]


def _survey(position: Position) -> tuple[list[int], list[list[int]], list[list[Fleet]], list[list[int]]]:
    """Star-size masks and colour counts per system, and per player and colour the player's ships:
    (system index, how many, yellow access there), with each player's largest ship per colour."""
    systems = position.systems
    masks = [_mask(s.stars) for s in systems]
    counts_at = []
    # Per player and colour, the player's ships of it: (system index, how many, yellow access
    # there); and each player's largest ship of each colour anywhere (a sacrifice gives size + 1
    # actions).
    fleets: list[list[Fleet]] = [[[], [], [], []], [[], [], [], []]]
    biggest = [[-1, -1, -1, -1], [-1, -1, -1, -1]]
    for j, s in enumerate(systems):
        counts = [0, 0, 0, 0]
        yellow_star = False
        for p in s.stars:
            counts[p // 3] += 1
            if p // 3 == YELLOW:
                yellow_star = True
        for pl in (0, 1):
            ships = s.ships1 if pl else s.ships0
            if not ships:
                continue
            per = [0, 0, 0, 0]
            big = biggest[pl]
            for p in ships:
                c = p // 3
                per[c] += 1
                if p % 3 > big[c]:
                    big[c] = p % 3
            yellow = yellow_star or per[YELLOW] > 0
            for c in range(4):
                if per[c]:
                    counts[c] += per[c]
                    fleets[pl][c].append((j, per[c], yellow))
        counts_at.append(counts)
    return masks, counts_at, fleets, biggest


def catastrophe_threats(position: Position) -> tuple[float, float]:
    """For each player, the material the other could destroy by catastrophes on its next turn."""
    systems = position.systems
    bank = position.bank
    masks, counts_at, fleets, biggest = _survey(position)
    bank_colour = [bank[c * 3] + bank[c * 3 + 1] + bank[c * 3 + 2] for c in range(4)]
    out = [0.0, 0.0]
    for victim in (0, 1):
        attacker = opponent_of(victim)
        big = biggest[attacker]
        # The most pieces of each colour one turn could add to one system: a free action adds one;
        # a yellow sacrifice moves in at most as many ships as there are of the colour (the
        # sacrificed yellow cannot also move in); green or blue need the colour in the bank.
        builder = max(big[GREEN], big[BLUE]) + 1
        reach = []
        for c in range(4):
            most = min(big[YELLOW] + 1, sum(n for _, n, _ in fleets[attacker][c]) - (c == YELLOW))
            if bank_colour[c]:
                most = max(most, min(builder, bank_colour[c] + (c == GREEN)))
            reach.append(max(1, most))
        threats: list[float] = []
        for i, s in enumerate(systems):
            mine = s.ships1 if victim else s.ships0
            if not mine:
                continue
            counts = counts_at[i]
            theirs = s.ships1 if attacker else s.ships0
            my_home = s.home == victim
            for c in range(4):
                need = 4 - counts[c]
                if need > reach[c] or need == 4:
                    continue
                loss = _catastrophe_loss(s, c, mine, theirs, my_home)
                if loss <= 0:
                    continue
                if need <= 0 or _can_add(s, masks, fleets[attacker][c], big, bank, i, c, need, attacker):
                    threats.append(loss)
        out[victim] = _combine(threats)
    return out[0], out[1]


def _catastrophe_loss(s: System, c: int, mine: tuple[int, ...], theirs: tuple[int, ...], my_home: bool) -> float:
    """What a catastrophe of colour ``c`` in ``s`` costs the victim, net of the attacker's losses."""
    stars = s.stars
    star_c = 0
    for p in stars:
        if p // 3 == c:
            star_c += 1
    if star_c and star_c == len(stars):
        if my_home:
            return HOME_LOSS
        return sum(VALUE[p] for p in mine) - sum(VALUE[p] for p in theirs)
    lost = 0.0
    kept = False
    for p in mine:
        if p // 3 == c:
            lost += VALUE[p]
        else:
            kept = True
    if not lost:
        return 0.0
    if my_home and not kept:
        return HOME_LOSS
    for p in theirs:
        if p // 3 == c:
            lost -= VALUE[p]
    if my_home and star_c:
        lost += 40.0  # a homeworld down to one star: fewer powers, easier to destroy
    return lost


def _can_add(
    s: System,
    masks: list[int],
    fleet: Fleet,
    biggest: list[int],
    bank: tuple[int, ...],
    i: int,
    c: int,
    need: int,
    attacker: int,
) -> bool:
    """Can the attacker put ``need`` more pieces of colour ``c`` into system ``i`` (``s``) in one turn?
    ``fleet`` lists the attacker's ships of colour ``c``: (system index, count, yellow access)."""
    theirs = s.ships1 if attacker else s.ships0
    bank_c = bank[c * 3] + bank[c * 3 + 1] + bank[c * 3 + 2]
    has_c_here = False
    costs = []  # yellow actions to bring each ship of colour c: 1 from a connected system, 2 from farther
    free_move = False
    target = masks[i]
    for j, n, yellow in fleet:
        if j == i:
            has_c_here = True
            continue
        near = not (masks[j] & target)
        if near and yellow:
            free_move = True
        costs.extend([1 if near else 2] * n)
    if need == 1:
        if free_move:
            return True
        if bank_c:
            here = {p // 3 for p in s.stars} | {p // 3 for p in theirs}
            if has_c_here and GREEN in here:
                return True
            if BLUE in here and any(p // 3 != c and bank[c * 3 + p % 3] for p in theirs):
                return True
    y = biggest[YELLOW] + 1
    if y and len(costs) >= need:
        costs.sort()
        if c == YELLOW:
            costs = costs[1:]  # the sacrificed yellow cannot also move in
        spent = brought = 0
        for cost in costs:
            if spent + cost > y:
                break
            spent += cost
            brought += 1
        if brought >= need:
            return True
    g = biggest[GREEN] + 1
    if g >= need and has_c_here and bank_c + (c == GREEN) >= need:
        return True
    b = biggest[BLUE] + 1
    if b >= need and bank_c >= need:
        tradable = sum(1 for p in theirs if p // 3 != c and bank[c * 3 + p % 3])
        if tradable >= need:
            return True
    return False


def catastrophe_reachable(position: Position, system: str, color: int) -> bool:
    """Could the player to move bring ``color`` to four pieces at the named system this turn (by the
    same estimate as ``catastrophe_threats``), and so cause a catastrophe there?"""
    index = next((i for i, s in enumerate(position.systems) if s.name.lower() == system.lower()), None)
    if index is None:
        return False
    masks, counts_at, fleets, biggest = _survey(position)
    need = 4 - counts_at[index][color]
    if need <= 0:
        return True
    attacker = position.to_move
    return _can_add(position.systems[index], masks, fleets[attacker][color], biggest[attacker], position.bank,
                    index, color, need, attacker)  # fmt: skip


def capture_threat(position: Position, victim: int) -> float:
    """Material the attacker could capture on its next turn (a captured ship counts twice)."""
    attacker = opponent_of(victim)
    free_best = 0.0
    reachable: list[float] = []
    red_sizes: list[int] = []
    for s in position.systems:
        mine = s.ships1 if victim else s.ships0
        theirs = s.ships1 if attacker else s.ships0
        red_sizes.extend(p % 3 + 1 for p in theirs if p // 3 == RED)
        if not mine or not theirs:
            continue
        reach = max(p % 3 for p in theirs)
        prey = sorted((SIZE_VALUE[p % 3] for p in mine if p % 3 <= reach), reverse=True)
        if not prey:
            continue
        if s.home == victim and len(prey) == len(mine) and len(mine) <= 1:
            prey[0] = HOME_LOSS  # the last defender of a homeworld
        red_here = any(p // 3 == RED for p in s.stars) or any(p // 3 == RED for p in theirs)
        if red_here:
            free_best = max(free_best, prey[0])
        reachable.extend(prey)
    if not reachable:
        return 0.0
    best = 2 * free_best
    if red_sizes:
        n = max(red_sizes)
        reachable.sort(reverse=True)
        best = max(best, 2 * sum(reachable[:n]) - SIZE_VALUE[n - 1])
    return best


__all__ = ["HOME_LOSS", "capture_threat", "catastrophe_reachable", "catastrophe_threats"]

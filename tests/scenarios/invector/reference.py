"""A deliberately naive second implementation of Invector for cross-checks in the tests.

It works on a list of row strings with the rules written out directly from the spec (no bit masks,
no tables shared with ``scenarios.invector``), so the real move generator, perft and the solver
can be compared with it.
"""

from __future__ import annotations

from functools import cache

Grid = tuple[str, ...]  # rows from the top; 'b', 'w' or '.'

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # orthogonal only (INV-4)


def start_grid(cols: int, rows: int) -> Grid:
    """Checkerboard with black top-left (INV-2)."""
    return tuple("".join("bw"[(r + c) % 2] for c in range(cols)) for r in range(rows))


@cache
def centre_cells(cols: int, rows: int) -> tuple[tuple[int, int], ...]:
    """The cells nearest to the geometric centre of the board (INV-3): exactly two."""
    mid_r, mid_c = (rows - 1) / 2, (cols - 1) / 2
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    best = min(abs(r - mid_r) + abs(c - mid_c) for r, c in cells)
    return tuple((r, c) for r, c in cells if abs(r - mid_r) + abs(c - mid_c) == best)


@cache
def distance(cols: int, rows: int, r: int, c: int) -> int:
    """Manhattan distance to the nearer centre cell (INV-3)."""
    return min(abs(r - cr) + abs(c - cc) for cr, cc in centre_cells(cols, rows))


def moves(grid: Grid, me: str) -> list[tuple[str, Grid]]:
    """``(notation, grid after)`` for every move of colour ``me`` (INV-4), no pass, no pie."""
    rows, cols = len(grid), len(grid[0])
    enemy = "w" if me == "b" else "b"
    out = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != me:
                continue
            for dr, dc in DIRECTIONS:
                nr, nc = r + dr, c + dc
                if not (0 <= nr < rows and 0 <= nc < cols):
                    continue
                target = grid[nr][nc]
                closer = distance(cols, rows, nr, nc) < distance(cols, rows, r, c)
                if target == enemy or (target == "." and closer):
                    cells = [list(row) for row in grid]
                    cells[r][c] = "."
                    cells[nr][nc] = me
                    sep = "x" if target == enemy else "-"
                    name = f"{'abcdefghijklmnop'[c]}{r + 1}{sep}{'abcdefghijklmnop'[nc]}{nr + 1}"
                    out.append((name, tuple("".join(row) for row in cells)))
    return out


def count(grid: Grid, colour: str) -> int:
    return sum(row.count(colour) for row in grid)


def mover_wins(grid: Grid, me: str) -> bool:
    """Plain exhaustive minimax, no memo, no pie rule: does ``me`` (to move) win? (INV-5, INV-7)"""
    enemy = "w" if me == "b" else "b"
    if count(grid, me) == 0:
        return False
    options = moves(grid, me)
    if not options:
        return not mover_wins(grid, enemy)  # forced pass
    return any(count(after, enemy) == 0 or not mover_wins(after, enemy) for _, after in options)


def perft(grid: Grid, me: str, depth: int, pie_open: bool, white_moved: bool = False) -> int:
    """Leaf count with pie (swap as one extra action on White's first turn) and forced passes."""
    if depth == 0:
        return 1
    enemy = "w" if me == "b" else "b"
    if count(grid, "b") == 0 or count(grid, "w") == 0:
        return 0
    options = moves(grid, me)
    total = 0
    swap_now = pie_open and me == "w" and not white_moved
    after_white = white_moved or me == "w"
    for _, after in options:
        total += perft(after, enemy, depth - 1, pie_open, after_white)
    if not options:
        total += perft(grid, enemy, depth - 1, pie_open, after_white)
    if swap_now:  # the same board, White still to move, the swap decided
        total += perft(grid, me, depth - 1, pie_open, True)
    return total

"""c4games.py -- random Connect Four games on the 7x6 board, shared by the
Python benches (engine-latency.py, fen-fairy.py)."""


def four(cells, c, r, who):
    """Whether the stone of `who` at column c, row r makes four with the
    stones of cells[(col, row)] == who."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while cells.get((c + s * k * dc, r + s * k * dr)) == who:
                n += 1
                k += 1
        if n >= 4:
            return True
    return False


def random_game(rng, stones, end_on_four=False):
    """The (column, rank) of each of `stones` random legal drops (0-based
    column, 1-based rank), no four before the last stone, nor by it
    unless end_on_four; retried until one is found."""
    while True:
        h = [0] * 7
        cells = {}
        moves = []
        ok = True
        for i in range(stones):
            c = rng.choice([c for c in range(7) if h[c] < 6])
            cells[(c, h[c])] = i % 2
            h[c] += 1
            moves.append((c, h[c]))
            if four(cells, c, h[c] - 1, i % 2) and \
                    (i < stones - 1 or not end_on_four):
                ok = False
                break
        if ok:
            return moves

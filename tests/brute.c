/* brute.c -- a deliberately naive Connect Four for the tests to trust.
 *
 * Everything walks a plain [column][row] array: four detection counts equal
 * neighbours in the four directions, the score comes from minimax over every
 * legal move (the only shortcut: when a move wins at once nothing can score
 * higher, so the other moves are not searched), and move orders are
 * recovered by taking top stones off again.  Slow on purpose; used only on
 * small boards and nearly full positions.
 */
#include "config.h"

#include <string.h>

#include "brute.h"

static const int brute_dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

void
brute_init(struct brute *g, int w, int h)
{
	memset(g, 0, sizeof *g);
	g->w = w;
	g->h = h;
}

int
brute_to_move(const struct brute *g)
{
	return g->moves % 2 == 0 ? 1 : 2;
}

bool
brute_can_play(const struct brute *g, int col)
{
	return col >= 0 && col < g->w && g->height[col] < g->h;
}

static int
brute_at(const struct brute *g, int col, int row)
{
	if (col < 0 || col >= g->w || row < 0 || row >= g->h)
		return 0;
	return g->cell[col][row];
}

/* Length of the run of `who` through (col, row) along direction d, with
 * (col, row) counted as `who` whatever it holds. */
static int
brute_run(const struct brute *g, int col, int row, int d, int who)
{
	int n = 1;
	for (int s = -1; s <= 1; s += 2) {
		int c = col + s * brute_dir[d][0],
		    r = row + s * brute_dir[d][1];
		while (brute_at(g, c, r) == who) {
			n++;
			c += s * brute_dir[d][0];
			r += s * brute_dir[d][1];
		}
	}
	return n;
}

bool
brute_four_through(const struct brute *g, int col, int row)
{
	int who = brute_at(g, col, row);
	if (who == 0)
		return false;
	for (int d = 0; d < 4; d++)
		if (brute_run(g, col, row, d, who) >= 4)
			return true;
	return false;
}

bool
brute_has_four(const struct brute *g, int who)
{
	for (int c = 0; c < g->w; c++)
		for (int r = 0; r < g->h; r++)
			if (g->cell[c][r] == who && brute_four_through(g, c, r))
				return true;
	return false;
}

bool
brute_four_if(const struct brute *g, int col, int row, int who)
{
	for (int d = 0; d < 4; d++)
		if (brute_run(g, col, row, d, who) >= 4)
			return true;
	return false;
}

bool
brute_wins_with(const struct brute *g, int col, int who)
{
	return brute_can_play(g, col) &&
	       brute_four_if(g, col, g->height[col], who);
}

char
brute_col_char(int col)
{
	return (char)(col < 9 ? '1' + col : 'a' + col - 9);
}

int
brute_char_col(char ch)
{
	if (ch >= '1' && ch <= '9')
		return ch - '1';
	if (ch >= 'a' && ch <= 'g')
		return ch - 'a' + 9;
	if (ch >= 'A' && ch <= 'G')
		return ch - 'A' + 9;
	return -1;
}

bool
brute_play(struct brute *g, int col)
{
	int who = brute_to_move(g);
	int row = g->height[col]++;
	g->cell[col][row] = (signed char)who;
	g->moves++;
	return brute_four_through(g, col, row);
}

void
brute_undo(struct brute *g, int col)
{
	g->cell[col][--g->height[col]] = 0;
	g->moves--;
}

void
brute_set(struct brute *g, int col, int row, int who)
{
	g->cell[col][row] = (signed char)who;
	g->moves = 0;
	for (int c = 0; c < g->w; c++) {
		g->height[c] = 0;
		for (int r = 0; r < g->h; r++)
			if (g->cell[c][r] != 0) {
				g->height[c] = r + 1;
				g->moves++;
			}
	}
}

int
brute_parse(struct brute *g, int w, int h, const char *s)
{
	bool over = false;
	brute_init(g, w, h);
	for (; *s != '\0'; s++) {
		int col = brute_char_col(*s);
		if (over || col < 0 || !brute_can_play(g, col))
			return -1;
		over = brute_play(g, col);
	}
	return g->moves;
}

int
brute_score(struct brute *g, uint64_t *nodes)
{
	int who = brute_to_move(g), best;

	if (nodes != NULL)
		(*nodes)++;
	if (g->moves == g->w * g->h)
		return 0;
	for (int c = 0; c < g->w; c++)
		if (brute_wins_with(g, c, who))
			return (g->w * g->h + 1 - g->moves) / 2;
	best = -g->w * g->h; /* below any real score */
	for (int c = 0; c < g->w; c++) {
		if (!brute_can_play(g, c))
			continue;
		brute_play(g, c);
		int v = -brute_score(g, nodes);
		brute_undo(g, c);
		if (v > best)
			best = v;
	}
	return best;
}

int
brute_wdl(struct brute *g)
{
	int v = brute_score(g, NULL);
	return (v > 0) - (v < 0);
}

int
brute_count(const struct brute *g, int who)
{
	int n = 0;
	for (int c = 0; c < g->w; c++)
		for (int r = 0; r < g->h; r++)
			n += g->cell[c][r] == who;
	return n;
}

bool
brute_equal(const struct brute *a, const struct brute *b)
{
	if (a->w != b->w || a->h != b->h)
		return false;
	for (int c = 0; c < a->w; c++)
		for (int r = 0; r < a->h; r++)
			if (a->cell[c][r] != b->cell[c][r])
				return false;
	return true;
}

struct order_walk {
	struct brute g;
	char *out;
	uint64_t budget;
};

/* Take off stone number g.moves (played by player 1 when odd), depth first
 * over the columns whose top stone has that colour. */
static bool
order_dfs(struct order_walk *ow, bool first, bool last_may_win)
{
	struct brute *g = &ow->g;
	int n = g->moves;

	if (n == 0)
		return true;
	int who = n % 2 == 1 ? 1 : 2;
	for (int c = 0; c < g->w; c++) {
		if (g->height[c] == 0 || g->cell[c][g->height[c] - 1] != who)
			continue;
		if (ow->budget == 0)
			return false;
		ow->budget--;
		brute_undo(g, c);
		/* Removing stones never makes a four, so only the position
		 * just before the last move needs a look. */
		bool ok = !first || !last_may_win ||
		          (!brute_has_four(g, 1) && !brute_has_four(g, 2));
		if (ok && order_dfs(ow, false, last_may_win)) {
			ow->out[n - 1] = brute_col_char(c);
			return true;
		}
		g->cell[c][g->height[c]++] = (signed char)who;
		g->moves++;
	}
	return false;
}

int
brute_order(const struct brute *g, bool last_may_win, char *out, size_t len,
            uint64_t budget)
{
	struct order_walk ow;

	if (len < (size_t)g->moves + 1)
		return -1;
	if (!last_may_win && (brute_has_four(g, 1) || brute_has_four(g, 2)))
		return -1;
	/* Gravity: no stone above a gap. */
	for (int c = 0; c < g->w; c++)
		for (int r = 0; r < g->h; r++)
			if ((g->cell[c][r] != 0) != (r < g->height[c]))
				return -1;
	ow.g = *g;
	ow.out = out;
	ow.budget = budget ? budget : 1000000;
	if (!order_dfs(&ow, true, last_may_win))
		return -1;
	out[g->moves] = '\0';
	return 0;
}

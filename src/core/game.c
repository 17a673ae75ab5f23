/* game.c -- the game record: moves, players, undo/redo, save and load. */
#include "config.h"

#include <assert.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/util.h"

static void
update_state(struct game *g)
{
	const board_t *b = &g->board;
	g->four = 0;
	g->state = GAME_ON;
	if (b->over) {
		/* The player who made the last move has four. */
		int last = 3 - board_to_move(b);
		g->state = last == 1 ? GAME_WIN1 : GAME_WIN2;
		g->four = board_four_cells(board_stones(b, last), b->h);
	} else if (board_is_full(b)) {
		g->state = GAME_DRAW;
	}
}

void
game_init(struct game *g, int w, int h)
{
	assert(g != NULL);
	assert(board_size_error(w, h) == NULL);
	enum player_kind p0 = g->player[0], p1 = g->player[1];
	memset(g, 0, sizeof *g);
	g->w = w;
	g->h = h;
	g->player[0] = p0;
	g->player[1] = p1;
	board_init(&g->board, w, h);
}

static void
replay(struct game *g, int n)
{
	board_init(&g->board, g->w, g->h);
	for (int i = 0; i < n; i++)
		board_play_checked(&g->board, g->moves[i]);
	g->nmoves = n;
	update_state(g);
}

enum board_err
game_play(struct game *g, int col)
{
	enum board_err e = board_play_checked(&g->board, col);
	if (e != BOARD_OK)
		return e;
	g->moves[g->nmoves++] = col;
	g->nredo = 0;
	update_state(g);
	return BOARD_OK;
}

bool
game_undo(struct game *g)
{
	if (g->nmoves == 0)
		return false;
	g->redo[g->nredo++] = g->moves[g->nmoves - 1];
	replay(g, g->nmoves - 1);
	return true;
}

bool
game_redo(struct game *g)
{
	if (g->nredo == 0)
		return false;
	int col = g->redo[--g->nredo];
	if (board_play_checked(&g->board, col) != BOARD_OK)
		return false;
	g->moves[g->nmoves++] = col;
	update_state(g);
	return true;
}

int
game_to_move(const struct game *g)
{
	return board_to_move(&g->board);
}

enum player_kind
game_current_player(const struct game *g)
{
	return g->player[game_to_move(g) - 1];
}

enum board_err
game_set_moves(struct game *g, const char *moves, size_t *err_index)
{
	assert(g != NULL && moves != NULL);
	board_t b;
	size_t len = strlen(moves);
	enum board_err e = board_parse(&b, g->w, g->h, moves, len, err_index);
	if (e != BOARD_OK)
		return e;
	g->nredo = 0;
	for (size_t i = 0; i < len; i++)
		g->moves[i] = board_char_col((unsigned char)moves[i]);
	g->nmoves = (int)len;
	g->board = b;
	update_state(g);
	return BOARD_OK;
}

void
game_moves_string(const struct game *g, char *buf, size_t len)
{
	assert(buf != NULL || len == 0);
	size_t n = 0;
	for (int i = 0; i < g->nmoves && n + 1 < len; i++)
		buf[n++] = board_col_char(g->moves[i]);
	if (len)
		buf[n] = '\0';
}

int
game_save(const struct game *g, const char *path)
{
	static const char *const kind[] = {
	    [PLAYER_HUMAN] = "human", [PLAYER_AI] = "ai"};
	char moves[BOARD_MAX_CELLS + 1], buf[256];
	game_moves_string(g, moves, sizeof moves);
	int n =
	    snprintf(buf, sizeof buf,
	             "dropfour-game 1\nsize %dx%d\nplayers %s %s\n"
	             "moves %s\n",
	             g->w, g->h, kind[g->player[0]], kind[g->player[1]], moves);
	return util_write_atomic(path, buf, (size_t)n);
}

int
game_load(struct game *g, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[GAME_LINE_MAX + 2], moves[BOARD_MAX_CELLS * 2 + 2] = "";
	int w = g->w, h = g->h, lineno = 0, moves_line = 0;
	bool have_moves = false, have_players = false;
	enum player_kind players[2] = {PLAYER_HUMAN, PLAYER_AI};

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (util_fgets(line, sizeof line, f) != NULL) {
		lineno++;
		size_t n = strcspn(line, "\r\n");
		if (line[n] == '\0' && n > GAME_LINE_MAX) {
			snprintf(err, errlen,
			         "%s:%d: line longer than %d "
			         "characters",
			         path, lineno, GAME_LINE_MAX);
			fclose(f);
			return -1;
		}
		line[n] = '\0';
		if (line[0] == '#' || line[0] == '\0' ||
		    strncmp(line, "dropfour-game", 13) == 0)
			continue;
		if (sscanf(line, "size %dx%d", &w, &h) == 2)
			continue;
		if (strncmp(line, "players ", 8) == 0) {
			/* Exactly two words: anything after them is refused,
			 * not ignored. */
			char a[8], b[8], extra;
			if (sscanf(line + 8, "%7s %7s %c", a, b, &extra) != 2 ||
			    (strcmp(a, "human") != 0 && strcmp(a, "ai") != 0) ||
			    (strcmp(b, "human") != 0 && strcmp(b, "ai") != 0)) {
				snprintf(err, errlen,
				         "%s:%d: players must be two of human "
				         "and ai",
				         path, lineno);
				fclose(f);
				return -1;
			}
			players[0] =
			    strcmp(a, "ai") == 0 ? PLAYER_AI : PLAYER_HUMAN;
			players[1] =
			    strcmp(b, "ai") == 0 ? PLAYER_AI : PLAYER_HUMAN;
			have_players = true;
			continue;
		}
		const char *m = strncmp(line, "moves", 5) == 0
		                    ? line + 5 + strspn(line + 5, " \t")
		                    : line;
		if (strlen(m) >= sizeof moves) {
			snprintf(err, errlen, "%s:%d: too many moves", path,
			         lineno);
			fclose(f);
			return -1;
		}
		strcpy(moves, m);
		have_moves = true;
		moves_line = lineno;
	}
	fclose(f);
	const char *why = board_size_error(w, h);
	if (why != NULL) {
		snprintf(err, errlen, "%s: impossible board size %dx%d: %s",
		         path, w, h, why);
		return -1;
	}
	if (!have_moves && lineno == 0) {
		snprintf(err, errlen, "%s: empty file", path);
		return -1;
	}
	struct game tmp = *g;
	game_init(&tmp, w, h);
	size_t at = 0;
	enum board_err e = game_set_moves(&tmp, moves, &at);
	if (e != BOARD_OK) {
		snprintf(err, errlen,
		         "%s:%d: bad move at character %zu "
		         "('%c'): %s",
		         path, moves_line, at + 1, moves[at],
		         board_err_string(e));
		return -1;
	}
	if (have_players) {
		tmp.player[0] = players[0];
		tmp.player[1] = players[1];
	}
	tmp.players_loaded = have_players;
	*g = tmp;
	return 0;
}

const char *
game_state_string(enum game_state s)
{
	static const char *const names[] = {
	    [GAME_ON] = "game on",
	    [GAME_WIN1] = "first player wins",
	    [GAME_WIN2] = "second player wins",
	    [GAME_DRAW] = "draw",
	};
	return names[s];
}

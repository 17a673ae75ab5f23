/* game.h -- the game record: moves, who plays which side, undo and redo,
 * save and load in move-string notation. */
#ifndef DROPFOUR_GAME_H
#define DROPFOUR_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "core/board.h"

enum player_kind { PLAYER_HUMAN = 0, PLAYER_AI = 1 };

enum game_state {
	GAME_ON = 0,
	GAME_WIN1, /* first player has four */
	GAME_WIN2,
	GAME_DRAW,
};

struct game {
	int w, h;
	board_t board;
	int nmoves;
	int moves[BOARD_MAX_CELLS]; /* 0-based columns */
	int nredo;
	int redo[BOARD_MAX_CELLS];  /* redo[nredo-1] is the next to replay */
	enum player_kind player[2]; /* [0] first player, [1] second */
	bool players_loaded;        /* game_load() found a players line */
	enum game_state state;
	bb_t four; /* cells of the winning four(s), once won */
};

void game_init(struct game *g, int w, int h);

/* Whether either side is played by the AI. */
static inline bool
game_has_ai(const struct game *g)
{
	return g->player[0] == PLAYER_AI || g->player[1] == PLAYER_AI;
}
/* Play a 0-based column; refuses with the board error and changes
 * nothing.  Clears the redo list. */
enum board_err game_play(struct game *g, int col);
bool game_undo(struct game *g);
bool game_redo(struct game *g);
/* 1 or 2: whose turn it is. */
int game_to_move(const struct game *g);
enum player_kind game_current_player(const struct game *g);
/* Replace the game by the position given in notation (keeps players).
 * On error nothing changes and *err_index names the character. */
enum board_err game_set_moves(struct game *g, const char *moves,
                              size_t *err_index);
/* The moves so far in notation ("" for the empty board). */
void game_moves_string(const struct game *g, char *buf, size_t len);
/* Save atomically: "dropfour-game 1\nsize WxH\nmoves 4453\n".  Returns 0 or
 * -1 with errno. */
int game_save(const struct game *g, const char *path);
/* Load a saved game (or a file holding a bare move string for a 7x6 board).
 * Lines may hold GAME_LINE_MAX characters.  Returns 0, or -1 with a
 * message in err that names the file (and the line, and the 1-based
 * character of a bad move). */
#define GAME_LINE_MAX 511
int game_load(struct game *g, const char *path, char *err, size_t errlen);
const char *game_state_string(enum game_state s);

#endif

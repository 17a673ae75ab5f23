/* setup.c -- the game the command line asks for: --load, --position and
 * the sides of --mode, with one message for bad input. */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"
#include "cli/setup.h"

/* Who plays each side in every --mode. */
static const enum player_kind sides[][2] = {
    [PLAY_HUMAN_AI] = {PLAYER_HUMAN, PLAYER_AI},
    [PLAY_AI_HUMAN] = {PLAYER_AI, PLAYER_HUMAN},
    [PLAY_AI_AI] = {PLAYER_AI, PLAYER_AI},
    [PLAY_HUMAN_HUMAN] = {PLAYER_HUMAN, PLAYER_HUMAN},
};

int
setup_game(struct game *g, const struct options *o)
{
	char err[256];
	size_t at = 0;

	game_init(g, o->width, o->height);
	if (o->game.load != NULL &&
	    game_load(g, o->game.load, err, sizeof err) != 0) {
		cli_error("cannot load the game: %s", err);
		game_init(g, o->width, o->height);
		return -1;
	}
	if (o->game.position != NULL) {
		enum board_err e = game_set_moves(g, o->game.position, &at);
		if (e != BOARD_OK) {
			cli_error("bad --position '%s' at "
			          "character %zu: %s",
			          o->game.position, at + 1,
			          board_err_string(e));
			game_init(g, o->width, o->height);
			return -1;
		}
	}
	/* A saved game keeps who played which side, unless --mode says. */
	if (!(g->players_loaded && !o->game.play_given)) {
		g->player[0] = sides[o->game.play][0];
		g->player[1] = sides[o->game.play][1];
	}
	return 0;
}

/* ui-frames.c -- the frame log (--frame-log FILE): one JSON line per frame
 * the game draws, the frame's model (ui-model.h) as data, through the
 * programs' one JSON writer (cli/json.h) in the schema of docs/json.md
 * (type "frame").  tests/panel-check.py holds every frame to the panel's
 * invariants (docs/panel.md, "The checker").
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "ui/ui-int.h"

void
ui_frames_open(struct ui *ui, const char *path)
{
	if (path == NULL || path[0] == '\0')
		return;
	ui->frame_log = fopen(path, "w");
	if (ui->frame_log == NULL)
		cli_error("cannot open %s: %s", path, strerror(errno));
}

void
ui_frames_close(struct ui *ui)
{
	if (ui->frame_log != NULL)
		fclose(ui->frame_log);
	ui->frame_log = NULL;
}

static const char *
job_name(enum ui_job job)
{
	static const char *const names[] = {
	    [UI_JOB_NONE] = "none",       [UI_JOB_MOVE] = "move",
	    [UI_JOB_HINT] = "hint",       [UI_JOB_ANALYSIS] = "analysis",
	    [UI_JOB_SPEEDUP] = "speedup", [UI_JOB_PONDER] = "ponder",
	};
	return names[job];
}

static const char *
proof_name(enum model_proof p)
{
	static const char *const names[] = {
	    [MODEL_PROOF_NONE] = "none",
	    [MODEL_PROOF_PROVING] = "proving",
	    [MODEL_PROOF_PROVEN] = "proven",
	    [MODEL_PROOF_GAVE_UP] = "gave up",
	};
	return names[p];
}

static const char *
col_name(int state)
{
	static const char *const names[] = {
	    [COL_ILLEGAL] = "full",
	    [COL_WAITING] = "waiting",
	    [COL_SEARCHING] = "searching",
	    [COL_DONE] = "done",
	    [COL_SKIPPED] = "not needed",
	    [MODEL_COL_UNFINISHED] = "unfinished",
	    [MODEL_COL_BOOK] = "book",
	};
	return names[state];
}

static void
frame_search(struct json *j, const struct ui *ui, const struct panel_model *m)
{
	static const char *const kinds[] = {"none", "move", "hint", "analysis"};
	json_open(j, "search", '{');
	json_str(j, "kind", kinds[m->kind]);
	json_uint(j, "id", m->id);
	json_bool(j, "running", m->running);
	json_bool(j, "stopped", m->stopped);
	json_str(j, "source", m->source);
	json_int(j, "ply", m->ply);
	json_real(j, "seconds", m->elapsed, 4);
	json_str(j, "label", m->label);
	json_bool(j, "exact", m->s.exact);
	json_int(j, "depth", m->s.depth);
	json_int(j, "cpus", m->s.cpus);
	json_bool(j, "ranks", m->s.ranks);
	(void)ui;
	json_close(j, '}');
}

static void
frame_threads(struct json *j, const struct panel_model *m)
{
	const struct stats_snapshot *s = &m->s;
	char row[16];

	json_open(j, "threads", '[');
	for (int i = 0; i < s->nthreads; i++) {
		const struct stats_thread_snap *t = &s->thread[i];
		const struct model_thread *mt = &m->th[i];
		json_open(j, NULL, '{');
		if (mt->proof)
			snprintf(row, sizeof row, "p%d", i - m->search_rows);
		else
			snprintf(row, sizeof row, "%d", i);
		json_str(j, "row", row);
		json_bool(j, "proof", mt->proof);
		json_uint(j, "nodes", t->nodes);
		json_real(j, "share", t->share, 6);
		json_real(j, "busy", t->busy, 6);
		json_real(j, "busy_seconds", t->busy_s, 6);
		json_real(j, "recent", mt->recent, 6);
		json_str(j, "where", mt->where);
		if (mt->col >= -1)
			json_int(j, "column", mt->col + 1);
		else
			json_null(j, "column");
		json_bool(j, "active", mt->active);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "totals", '{');
	json_uint(j, "nodes", s->nodes);
	json_real(j, "nps", s->nps, 1);
	json_real(j, "seconds", m->elapsed, 4);
	json_close(j, '}');
}

static void
frame_proof(struct json *j, const struct panel_model *m)
{
	json_open(j, "proof", '{');
	json_str(j, "state", proof_name(m->proof));
	json_int(j, "threads", m->proof_threads);
	json_uint(j, "nodes", m->proof_nodes);
	json_real(j, "seconds", m->proof_s, 4);
	json_close(j, '}');
	if (!m->f.on) {
		json_null(j, "factors");
		return;
	}
	json_open(j, "factors", '{');
	json_int(j, "threads", m->f.threads);
	json_real(j, "busy", m->f.busy, 6);
	json_real(j, "node_speed", m->f.speed, 6);
	json_real(j, "product", m->f.product, 6);
	json_real(j, "base_nps", m->f.base, 1);
	json_str(j, "base", m->f.here ? "position" : "session");
	json_bool(j, "exact", m->f.exact);
	json_close(j, '}');
}

static void
frame_columns(struct json *j, const struct panel_model *m)
{
	json_open(j, "columns", '[');
	for (int c = 0; c < m->ncols; c++) {
		const struct model_column *col = &m->col[c];
		json_open(j, NULL, '{');
		json_int(j, "column", c + 1);
		json_str(j, "state", col_name(col->state));
		json_score(j, col->kind, col->score, false);
		json_int(j, "depth", col->depth);
		json_bool(j, "stale", col->stale);
		json_uint(j, "nodes", col->nodes);
		json_int(j, "threads", col->threads);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_bool(j, "board_live", m->board_live);
	if (m->tl != NULL) {
		json_open(j, "timeline", '{');
		json_uint(j, "id", m->tl->prev_searches);
		json_int(j, "cells", m->tl->len);
		json_close(j, '}');
	} else {
		json_null(j, "timeline");
	}
}

static void
frame_history(struct json *j, const struct ui *ui)
{
	json_open(j, "history", '[');
	for (int i = 0; i < ui->hist.n; i++) {
		const struct ui_history_entry *e = &ui->hist.e[i];
		json_open(j, NULL, '{');
		json_int(j, "ply", e->ply);
		json_uint(j, "id", e->id);
		json_real(j, "seconds", e->secs, 4);
		json_uint(j, "nodes", e->nodes);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* The speedup screen's rows: each run's time against the one-thread
 * run's, and its factors. */
static void
frame_speedup(struct json *j, const struct ui *ui)
{
	const struct ui_speedup *su = &ui->speedup;

	json_open(j, "speedup", '[');
	for (int k = 0; su->on && k < SPLIT_NSCHEMES; k++)
		for (int t = 2; t <= su->n && t <= STATS_MAX_THREADS; t++) {
			struct stats_speedup f;
			if (su->secs[k][t] <= 0 || su->secs[k][1] <= 0 ||
			    su->nodes[k][1] == 0)
				continue;
			stats_speedup_factors(su->secs[k][1], su->nodes[k][1],
			                      su->threads[k][t], su->secs[k][t],
			                      su->nodes[k][t], su->busy[k][t],
			                      &f);
			json_open(j, NULL, '{');
			json_int(j, "threads", su->threads[k][t]);
			json_str(j, "split", search_split_names[k]);
			json_real(j, "seconds", su->secs[k][t], 6);
			json_real(j, "base_seconds", su->secs[k][1], 6);
			json_real(j, "speedup", f.speedup, 6);
			json_real(j, "busy", f.busy, 6);
			json_real(j, "node_speed", f.node_speed, 6);
			json_real(j, "node_overhead", f.node_overhead, 6);
			json_close(j, '}');
		}
	json_close(j, ']');
}

/* A search across ranks: its network so far as the panel's network
 * rows show it (struct stats_network); null for a search of threads. */
static void
frame_network(struct json *j, const struct panel_model *m)
{
	const struct stats_network *n = &m->s.net;

	if (!m->s.ranks) {
		json_null(j, "network");
		return;
	}
	json_open(j, "network", '{');
	json_uint(j, "messages", n->msgs);
	json_uint(j, "bytes", n->bytes);
	json_uint(j, "handoffs", n->handoffs);
	json_real(j, "handoff_seconds", n->handoff_s, 6);
	json_real(j, "mean_handoff_seconds",
	          n->handoffs > 0 ? n->handoff_s / (double)n->handoffs : 0, 6);
	json_real(j, "waits_seconds", n->starved_s, 6);
	json_int(j, "upper", n->upper);
	json_uint(j, "upper_entries", n->upper_entries);
	json_uint(j, "upper_messages", n->upper_msgs);
	json_uint(j, "upper_bytes", n->upper_bytes);
	json_real(j, "upper_seconds", n->upper_s, 6);
	json_real(j, "mean_upper_seconds",
	          n->upper_msgs > 0 ? n->upper_s / (double)n->upper_msgs : 0,
	          6);
	json_close(j, '}');
}

/* The hint on show: its column, its score as said, and the search it was
 * read from (0: not known). */
static void
frame_hint(struct json *j, const struct ui *ui)
{
	if (ui->hint_col < 0) {
		json_null(j, "hint");
		return;
	}
	json_open(j, "hint", '{');
	json_int(j, "column", ui->hint_col + 1);
	json_score(j, ui->hint_kind, ui->hint_score, false);
	json_uint(j, "search", ui->hint_id);
	json_close(j, '}');
}

void
ui_frames_write(struct ui *ui, const char *view)
{
	const struct panel_model *m = &ui->model;
	struct json j;

	if (ui->frame_log == NULL)
		return;
	json_begin(&j, ui->frame_log, "frame");
	json_uint(&j, "frame", m->frame);
	json_int(&j, "cols", ui->cols);
	json_int(&j, "lines", ui->lines);
	json_str(&j, "view", view);
	json_str(&j, "job", job_name(ui->job));
	frame_search(&j, ui, m);
	frame_threads(&j, m);
	frame_network(&j, m);
	frame_proof(&j, m);
	frame_columns(&j, m);
	frame_history(&j, ui);
	frame_hint(&j, ui);
	frame_speedup(&j, ui);
	json_end(&j);
	fflush(ui->frame_log);
}

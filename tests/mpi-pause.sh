#!/bin/sh
# mpi-pause.sh -- a rank stopped for a second in the middle of one search
# across the ranks (SIGSTOP, then SIGCONT) delays the answer but does not
# change it: dropfour-mpi solve of 4444 on 3 ranks (oversubscribed), with
# the ranks sharing one table, gives Pascal Pons' score (1, Test_L3_R1 of
# his test sets; tests/data/pons-sample.txt) with rank 1 paused, then
# with rank 0 (the master) paused, and every rank ends.
#
# Run by `make check` with $DROPFOUR_MPI and $MPIRUN; skipped (exit 77)
# when dropfour-mpi was not built.
. "$(dirname "$0")/lib-check.sh"
check_begin mpi-pause
check_mpi_ready
command -v timeout >/dev/null 2>&1 || check_skip "no timeout(1)"

# The pid of this job's rank R, or nothing (lib-check.sh); rank_wait
# waits for it to start.
rank_pid() { mpi_rank_pid "dropfour-mpi solve" DROPFOUR_PAUSE_TEST "$1"; }
rank_wait() { mpi_rank_wait "dropfour-mpi solve" DROPFOUR_PAUSE_TEST "$1"; }

# pause_rank R: solve 4444, stop rank R for a second once every rank
# searches, go on; the score must be Pons'.
pause_rank() {
	echo 4444 | DROPFOUR_PAUSE_TEST=$$ timeout -k 5 120 "$MPIRUN" -n 3 \
	    --oversubscribe "$DROPFOUR_MPI" solve -j1 --no-book -m 64 \
	    >"$tmp/out" 2>"$tmp/err" &
	job=$!
	pid=$(rank_wait "$1")
	[ -n "$pid" ] || { fail "rank $1 never started"; wait $job; return; }
	sleep 1 # every rank at work
	kill -STOP "$pid"
	sleep 1
	kill -CONT "$pid"
	wait $job
	status=$?
	[ $status -eq 0 ] || fail_with "$tmp/err" "rank $1 paused: exit $status"
	read -r pos score _ <"$tmp/out"
	[ "$pos $score" = "4444 1" ] ||
		fail_with "$tmp/err" "rank $1 paused: '$(cat "$tmp/out")', expected 4444 1"
	[ -z "$(rank_pid 0)$(rank_pid 1)$(rank_pid 2)" ] ||
		fail "rank $1 paused: ranks left running"
}

pause_rank 1
pause_rank 0
check_end

#!/bin/sh
# mpi.sh -- dropfour-mpi (Open MPI) against dropfour and published answers.
#
# Run by `make check` with $DROPFOUR and $DROPFOUR_MPI naming the binaries
# and $MPIRUN mpirun; skipped (exit 77) when dropfour-mpi was not built.
# On the test machines mpirun runs as root and on 2 cores, hence
# OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM) and --oversubscribe.
#
# 1. solve: 40 positions of Pons' Test_L2_R1 (tests/data) solved on three
#    ranks: the same lines, in input order, with the published scores, and
#    the same as `dropfour solve`; a bad line is reported and gives exit 1.
# 2. statespace: 1 and 3 ranks print dropfour's 4x4 table; 2 ranks with
#    levels in files; -o refused on more than one rank.
# 3. book build: a 5x4 book to ply 8 on one process and on three ranks,
#    byte for byte the same; a 5x4 book to ply 10 on three ranks whose
#    worker rank is killed (SIGKILL) once the journal holds a batch
#    (mpirun then ends the job), run again: the same bytes as one process.
# 4. tour: 1 and 3 ranks count dropfour's knight's tours.
# 5. solve, statespace, tour and book build --help: the mode under MPI, then
#    dropfour's help of the mode, no work; standard output closed, a
#    closed pipe, and (as root) a /dev/full-like device made here: one
#    write error and a failure status; book build -o into a missing folder or that device refused.
# 6. one position: one search across 3 ranks (docs/distributed-search.md)
#    for four positions of Pons' Test_L1_R2 and Test_L1_R3 (about 2 million
#    nodes each on one process): the published score, and a note naming
#    every rank with nodes; --analyze of one of them: every column as
#    dropfour solve --analyze gives it.  --dist-machines 2 on 4 ranks:
#    4453's score, a table a machine; dropfour refuses the option.  The
#    table across machines: 4 ranks as 2 and 4 machines over TCP, two
#    positions of Test_L1_R2: the published scores, entries passed
#    between the tables (none with --dist-upper 0); --dist-upper out of
#    range refused.
# 7. bench/mpi-overhead.sh and bench/mpi-speedup.sh, small, each in an
#    empty folder that it leaves empty; a small position and a short
#    first move, 2
#    and 3 ranks: exit 0 (every run's answer is one process's), a row a
#    search with a positive overhead, a hand-off and a time for each P.

. "$(dirname "$0")/lib-check.sh"
check_begin mpi
: "${srcdir:=.}"
srcdir=$(cd "$srcdir" && pwd) # the benches below run from folders of their own
check_mpi_ready

mpi() {
	n=$1
	shift
	"$MPIRUN" -n "$n" --oversubscribe "$DROPFOUR_MPI" "$@"
}

# ---- 1. solve ------------------------------------------------------------
grep '^Test_L2_R1 ' "$srcdir/tests/data/pons-sample.txt" | head -40 |
	cut -d' ' -f2,3 >"$tmp/pons"
cut -d' ' -f1 "$tmp/pons" >"$tmp/in"
mpi 3 solve -j1 -m 8 "$tmp/in" >"$tmp/mpi.out" 2>"$tmp/mpi.err"
status=$?
[ $status -eq 0 ] || fail "solve on 3 ranks: exit $status: $(cat "$tmp/mpi.err")"
cut -d' ' -f1,2 "$tmp/mpi.out" >"$tmp/mpi.scores"
cmp -s "$tmp/mpi.scores" "$tmp/pons" ||
	fail "solve on 3 ranks: not the published scores in input order: $(diff "$tmp/mpi.scores" "$tmp/pons" | head -5)"
"$DROPFOUR" solve -j1 -m 8 "$tmp/in" | cut -d' ' -f1,2 >"$tmp/one.scores"
cmp -s "$tmp/mpi.scores" "$tmp/one.scores" || fail "solve: dropfour-mpi and dropfour differ"
echo "# solve: $(wc -l <"$tmp/mpi.out") positions on 3 ranks"

# --analyze: every column; the best column's score is the published one.
head -8 "$tmp/pons" >"$tmp/some"
{ cut -d' ' -f1 "$tmp/some" | head -4; echo 448; cut -d' ' -f1 "$tmp/some" | tail -4; } >"$tmp/bad"
mpi 2 solve --analyze -m 8 "$tmp/bad" >"$tmp/bad.out" 2>"$tmp/bad.err"
status=$?
[ $status -eq 1 ] || fail "a bad line: exit $status, expected 1"
grep -q ':5:3: ' "$tmp/bad.err" || fail "a bad line: no message naming line 5: $(cat "$tmp/bad.err")"
awk '{ m = -99; for (i = 2; i <= NF; i++) if ($i != "-" && $i + 0 > m) m = $i + 0; print $1, m }' \
	"$tmp/bad.out" >"$tmp/bad.best"
cmp -s "$tmp/bad.best" "$tmp/some" || fail "analyze on 2 ranks: best columns are not the published scores: $(diff "$tmp/bad.best" "$tmp/some" | head -4)"
"$DROPFOUR" solve --analyze -m 8 "$tmp/bad" 2>/dev/null >"$tmp/bad.one"
cmp -s "$tmp/bad.out" "$tmp/bad.one" || fail "analyze: dropfour-mpi and dropfour differ"

mpi 2 nosuchmode >/dev/null 2>"$tmp/err"
status=$?
[ $status -eq 2 ] || fail "unknown mode: exit $status, expected 2"
grep -q 'unknown mode' "$tmp/err" || fail "unknown mode: no message"
[ "$(grep -c 'unknown mode' "$tmp/err")" = 1 ] || fail "unknown mode: said more than once"

# same_on_ranks NAME FILTER ARGS...: `dropfour ARGS` run by dropfour and by
# dropfour-mpi on 1 and 3 ranks; each output, kept in $tmp/NAME.one (NAME.1,
# NAME.3), read by the function FILTER into NAME.one.a (NAME.1.a, ...):
# the same lines, and every MPI run exits 0.
same_on_ranks() {
	_name=$1 _filter=$2
	shift 2
	"$DROPFOUR" "$@" >"$tmp/$_name.one" 2>&1 || fail "$1: dropfour failed"
	"$_filter" "$tmp/$_name.one" >"$tmp/$_name.one.a"
	for n in 1 3; do
		mpi "$n" "$@" >"$tmp/$_name.$n" 2>"$tmp/$_name.$n.err"
		status=$?
		[ $status -eq 0 ] || fail "$1 on $n ranks: exit $status: $(cat "$tmp/$_name.$n.err")"
		"$_filter" "$tmp/$_name.$n" >"$tmp/$_name.$n.a"
		cmp -s "$tmp/$_name.one.a" "$tmp/$_name.$n.a" ||
			fail "$1 on $n ranks differs from dropfour: $(diff "$tmp/$_name.one.a" "$tmp/$_name.$n.a" | head -5)"
	done
}

# ---- statespace: 1 and 3 ranks print dropfour's table ----------------------
# The table without times and the lines about this machine (header, memory).
ss_answer() {
	sed -n '/^ *[0-9]/p; /^empty /p; /^total /p' "$1" |
		awk '/^ *[0-9]/ { NF -= 2 } { print }'
}
same_on_ranks ss ss_answer statespace -W 4 -H 4 -j 1
grep -q '^total 161029 positions' "$tmp/ss.one.a" || fail "statespace: not Tromp's 161029 positions"
# Levels in files on every rank: the same table.
mpi 2 statespace -W 4 -H 5 -j 1 --memory-mb 1 --tmpdir "$tmp" >"$tmp/ss.disk" 2>&1 ||
	fail "statespace on 2 ranks with files: exit $?"
grep -q '^total 1706255 positions' "$tmp/ss.disk" || fail "statespace 4x5 on 2 ranks: not 1706255 positions"
grep -Eq 'in files [1-9]' "$tmp/ss.disk" || fail "statespace on 2 ranks, --memory-mb 1: nothing in files"
mpi 2 statespace -W 4 -H 4 -o "$tmp/x.book" >/dev/null 2>"$tmp/err"
status=$?
[ $status -eq 2 ] || fail "statespace -o on 2 ranks: exit $status, expected 2"
[ "$(grep -c 'single process' "$tmp/err")" = 1 ] || fail "statespace -o on 2 ranks: not said once: $(cat "$tmp/err")"
mpi 2 statespace -W 4 -H 4 --state "$tmp/state" >/dev/null 2>"$tmp/err"
status=$?
[ $status -eq 2 ] || fail "statespace --state on 2 ranks: exit $status, expected 2"
grep -q -- '--state needs a single process' "$tmp/err" || fail "statespace --state on 2 ranks: $(cat "$tmp/err")"
[ -e "$tmp/state" ] && fail "statespace --state on 2 ranks: made the directory"
echo "# statespace: 1 and 3 ranks give dropfour's 4x4 table"
# ---- statespace end ----------------------------------------------------------
# ---- 3. book build ----------------------------------------------------------
"$DROPFOUR" book build -W 5 -H 4 --ply 8 -j1 -m 16 -o "$tmp/one.book" >/dev/null ||
	fail "book build (one process)"
mpi 3 book build -W 5 -H 4 --ply 8 -j1 -m 16 -o "$tmp/three.book" >"$tmp/three.out" 2>&1 ||
	fail "book build on 3 ranks: $(cat "$tmp/three.out")"
cmp -s "$tmp/one.book" "$tmp/three.book" || fail "book build: 3 ranks and one process differ"
echo "# book 5x4 ply 8: $(size "$tmp/one.book") bytes, the same on 1 process and 3 ranks"

# A worker killed, and rank 0 stopped, mid-build: the 5x4 board to ply 10,
# or the 5x5 board to ply 6, then 8 (positions that take longer to solve),
# when the build ends before its signal lands (a fast machine: the
# journal's first batch comes late in a build); if every one does, the
# test is skipped, never passed.  The reference is the one-process build
# of the same board and ply.  Each function takes W H PLY.
ref_book() {
	[ -f "$tmp/ref-$1x$2-$3.book" ] ||
		"$DROPFOUR" book build -W "$1" -H "$2" --ply "$3" -j1 -m 16 \
			-o "$tmp/ref-$1x$2-$3.book" >/dev/null ||
		fail "book build $1x$2 ply $3 (one process)"
}

# interrupt_build FILE PICK SIG WHO W H PLY: a 3-rank build of the W x H
# book to PLY into FILE (its output in FILE.out1), sent SIG once the journal
# holds a batch, to the rank `pgrep PICK` finds among mpirun's children (WHO
# names it).  Sets status to mpirun's exit status.  False if the build ended
# before the rank was found or before the signal landed.
interrupt_build() {
	rm -f "$1" "$1.journal"
	"$MPIRUN" -n 3 --oversubscribe "$DROPFOUR_MPI" book build -W "$5" -H "$6" --ply "$7" -j1 -m 16 \
		-o "$1" >"$1.out1" 2>&1 &
	pid=$!
	wait_growth "$1.journal" 32 $pid >/dev/null
	rank=$(pgrep "$2" -P $pid 2>/dev/null)
	if [ -z "$rank" ] || [ -e "$1" ]; then
		wait $pid
		echo "# $5x$6 ply $7: the build ended before $4 could be sent SIG$3"
		return 1
	fi
	kill -"$3" "$rank"
	wait $pid
	status=$?
	echo "# $5x$6 ply $7: SIG$3 to $4 (pid $rank) after $(size "$1.journal") journal bytes: mpirun exit $status"
	if [ -e "$1" ]; then
		echo "# $5x$6 ply $7: the build ended before SIG$3 landed"
		return 1
	fi
}

# resume_build FILE RE WHAT W H PLY: the build of FILE run again on 3 ranks
# (its output in FILE.out2) succeeds, says a line matching RE (grep -E) and
# writes the bytes of the one-process build.  WHAT names the interruption.
resume_build() {
	mpi 3 book build -W "$4" -H "$5" --ply "$6" -j1 -m 16 -o "$1" >"$1.out2" 2>&1 ||
		fail "$3, then resumed on 3 ranks: $(cat "$1.out2")"
	grep -Eq "$2" "$1.out2" ||
		fail "$3, then resumed: no line matching '$2': $(cat "$1.out2")"
	ref_book "$4" "$5" "$6"
	cmp -s "$1" "$tmp/ref-$4x$5-$6.book" || fail "$3, then resumed on 3 ranks: not the one-process bytes"
}

# kill_worker W H PLY: a worker of a 3-rank build killed once the journal
# holds a batch, then the build resumed.  False if the build ended first.
# The ranks are mpirun's children; the last one started is a worker.
k=$tmp/killed.book
kill_worker() {
	interrupt_build "$k" -n KILL "a worker" "$@" || return 1
	[ $status -ne 0 ] || fail "a rank killed: mpirun exit 0 and no book"
	[ -f "$k.journal" ] || fail "a rank killed: no journal left"
	resume_build "$k" resuming "a rank killed" "$@"
}

# stop_rank0 W H PLY: SIGTERM (or SIGINT) to rank 0 stops the build as it
# stops one process: "stopped ... kept in FILE.journal", exit 130; the run
# after it resumes, naming dropfour-mpi, and writes the same bytes.  False
# if the build ended first.  The ranks are mpirun's children; the first one
# started is rank 0.
s=$tmp/stopped.book
stop_rank0() {
	interrupt_build "$s" -o TERM "rank 0" "$@" || return 1
	grep -Eq '^dropfour-mpi: stopped: [0-9]+ of [0-9]+ positions solved, kept in .*stopped\.book\.journal' "$s.out1" ||
		fail "rank 0 stopped: no 'stopped ... kept in' line: $(cat "$s.out1")"
	[ -f "$s.journal" ] || fail "rank 0 stopped: no journal left"
	resume_build "$s" '^dropfour-mpi: .*: resuming' "rank 0 stopped" "$@"
}

for what in kill_worker stop_rank0; do
	landed=no
	for size in "5 4 10" "5 5 6" "5 5 8"; do
		# shellcheck disable=SC2086
		if $what $size; then
			landed=yes
			break
		fi
	done
	[ $landed = yes ] ||
		check_skip "$what: every build (5x4 ply 10, 5x5 ply 6 and 8) ended before its signal landed"
done

# ---- tour: the counts of dropfour tour, from prefixes handed out ---------
# The table per first move and the last line `tours N` of 1 and 3 ranks are
# dropfour's; 6x6 closed from a1 is 2 x 9862 (OEIS A001230).
tour_moves() {
	sed -n '/^[a-h][1-8] /p; /^tours /p' "$1"
}
same_on_ranks tour tour_moves tour -W 5 -H 6 --from all -j 1
mpi 3 tour -W 6 -H 6 --closed -j 1 >"$tmp/tour.closed" 2>&1
[ "$(tail -n 1 "$tmp/tour.closed")" = "tours 19724" ] || fail "tour 6x6 closed on 3 ranks: $(tail -n 1 "$tmp/tour.closed")"
mpi 3 tour -W 9 -H 4 >/dev/null 2>"$tmp/err"
status=$?
[ $status -eq 2 ] || fail "tour 9x4 on 3 ranks: exit $status, expected 2"
[ "$(grep -c 'impossible tour board' "$tmp/err")" = 1 ] || fail "tour 9x4 on 3 ranks: not said once: $(cat "$tmp/err")"
echo "# tour: 1 and 3 ranks give dropfour's counts ($(tail -n 1 "$tmp/tour.3"))"
# ---- tour end ----------------------------------------------------------------

# ---- 5. --help, standard output that fails, -o -------------------------------
# Each mode's --help says what the mode does under MPI (its usage under
# mpirun, "Under MPI: ..."), then dropfour's help for that mode, with no
# work done.
for m in solve statespace tour "book build"; do
	# shellcheck disable=SC2086
	mpi 2 $m --help -W 4 -H 4 -j1 </dev/null >"$tmp/help" 2>"$tmp/help.err"
	s=$?
	[ $s -eq 0 ] &&
		head -n 1 "$tmp/help" | grep -q "^Usage: mpirun -n K dropfour-mpi ${m%% *} " &&
		grep -q "^Under MPI: " "$tmp/help" &&
		grep -q "^Usage: dropfour ${m%% *} " "$tmp/help" &&
		! grep -Eq '^(tours [0-9]|statespace 4x4:|empty 4x4 board)' "$tmp/help" ||
		fail "dropfour-mpi $m --help: exit $s, $(head -n 3 "$tmp/help" "$tmp/help.err")"
done
# said_once DESC FILE ERE: exactly one line of FILE matches ERE.
said_once() {
	[ "$(grep -Ec -- "$3" "$2")" = 1 ] ||
		fail "$1: expected one line /$3/, got: $(cat "$2")"
}
printf '44\n4\n' >"$tmp/few"
# Standard output closed, and a pipe whose reader is gone.
mpi 2 solve -W 5 -H 4 -j1 -m 8 "$tmp/few" >&- 2>"$tmp/err"
s=$?
[ $s -ne 0 ] || fail "dropfour-mpi solve >&-: exit 0"
said_once "dropfour-mpi solve >&-" "$tmp/err" '^dropfour-mpi: write error: Bad file descriptor$'
(
	sleep 1
	mpi 2 statespace -W 4 -H 4 -j1 2>"$tmp/err"
	echo $? >"$tmp/rc"
) | true
[ "$(cat "$tmp/rc")" != 0 ] || fail "dropfour-mpi statespace | (closed pipe): exit 0"
said_once "dropfour-mpi statespace | (closed pipe)" "$tmp/err" '^dropfour-mpi: write error: Broken pipe$'
# -o into a missing folder: refused before any work.
mpi 2 book build -W 5 -H 4 --ply 4 -j1 -o "$tmp/nothere/b.book" >"$tmp/out" 2>"$tmp/err"
s=$?
[ $s -eq 2 ] && grep -q 'the folder .*/nothere does not exist' "$tmp/err" ||
	fail "dropfour-mpi book build -o (missing folder): exit $s, $(cat "$tmp/err")"
# As root, a /dev/full-like device made here: standard output and -o fail
# with one message; the node stays.
if [ "$(id -u)" -eq 0 ] && mknod "$tmp/full" c 1 7; then
	for m in "solve -W 5 -H 4 -j1 -m 8 $tmp/few" "statespace -W 4 -H 4 -j1" \
		"tour -W 5 -H 5 -j1"; do
		# shellcheck disable=SC2086
		mpi 2 $m >"$tmp/full" 2>"$tmp/err"
		s=$?
		[ $s -ne 0 ] || fail "dropfour-mpi $m >(1,7 device): exit 0"
		said_once "dropfour-mpi $m >(1,7 device)" "$tmp/err" \
			'^dropfour-mpi: write error: No space left on device$'
	done
	mpi 2 book build -W 5 -H 4 --ply 4 -j1 -o "$tmp/full" >/dev/null 2>"$tmp/err"
	s=$?
	[ $s -eq 1 ] && [ -c "$tmp/full" ] &&
		grep -q 'full: No space left on device' "$tmp/err" ||
		fail "dropfour-mpi book build -o (1,7 device): exit $s, $(cat "$tmp/err")"
else
	check_part_skip "dropfour-mpi -o on devices" "not root"
fi

# ---- 6. one position: one search across the ranks ----------------------------
for p in 2672567364 4277424 2454443 31665274; do
	want=$(awk -v p="$p" '$2 == p && $1 ~ /^Test_L1_R[23]$/ { print $3; exit }' \
		"$srcdir/tests/data/pons-sample.txt")
	[ -n "$want" ] || fail "$p: not in the sample"
	echo "$p" | mpi 3 solve -j1 --no-book -m 16 >"$tmp/one" 2>"$tmp/one.err" ||
		fail "one search of $p on 3 ranks: exit $?: $(cat "$tmp/one.err")"
	got=$(awk '{ print $2 }' "$tmp/one")
	[ "$got" = "$want" ] ||
		fail "one search of $p on 3 ranks: score $got, published $want"
	# nodes/tasks per rank: every rank searched something.
	grep -Eq 'one search over 3 ranks: .*per rank: [1-9][0-9]*/[0-9]+ [1-9][0-9]*/[0-9]+ [1-9][0-9]*/[0-9]+$' \
		"$tmp/one.err" ||
		fail_with "$tmp/one.err" "one search of $p: not every rank searched"
done
echo 31665274 | "$DROPFOUR" solve --analyze -j1 --no-book -m 16 >"$tmp/a1" 2>&1 ||
	fail "dropfour solve --analyze: exit $?"
echo 31665274 | mpi 3 solve --analyze -j1 --no-book -m 16 >"$tmp/a3" 2>"$tmp/a3.err" ||
	fail "one analysis on 3 ranks: exit $?: $(cat "$tmp/a3.err")"
cmp -s "$tmp/a1" "$tmp/a3" ||
	fail "one analysis on 3 ranks: $(cat "$tmp/a3"), one process: $(cat "$tmp/a1")"

# --dist-machines 2: the 4 ranks of this machine as two machines of a
# table each; the same answer as one process, the note says so; dropfour
# itself refuses the option (exit 2)
echo 4453 | mpi 4 solve --dist-machines 2 -j1 --no-book -m 16 >"$tmp/m2" 2>"$tmp/m2.err" ||
	fail_with "$tmp/m2.err" "--dist-machines 2 on 4 ranks: exit $?"
[ "$(cut -d' ' -f1-2 "$tmp/m2")" = "4453 -2" ] ||
	fail_with "$tmp/m2" "--dist-machines 2: not Pons' score of 4453"
grep -q 'a table a machine' "$tmp/m2.err" ||
	fail_with "$tmp/m2.err" "--dist-machines 2: the note does not say a table a machine"
echo 4453 | "$DROPFOUR" solve --dist-machines 2 >/dev/null 2>&1
[ $? -eq 2 ] || fail "dropfour solve --dist-machines: not a usage error"
echo 4453 | "$DROPFOUR" solve --dist-upper 24 >/dev/null 2>&1
[ $? -eq 2 ] || fail "dropfour solve --dist-upper: not a usage error"
echo 4453 | mpi 2 solve --dist-upper 300 >/dev/null 2>"$tmp/u.err"
[ $? -eq 2 ] && grep -q 'dist-upper' "$tmp/u.err" ||
	fail_with "$tmp/u.err" "--dist-upper 300: not a usage error naming it"

# The table across machines: 4 ranks as 2 and as 4 machines over TCP,
# two positions of Test_L1_R2 (about 2 million nodes each on one
# process, so shared out): the published score, and entries of the upper
# positions passed between the tables (--dist-upper 0: none).
for k in 2 4; do
	for p in 2672567364 4277424; do
		want=$(awk -v p="$p" '$2 == p { print $3; exit }' \
			"$srcdir/tests/data/pons-sample.txt")
		echo "$p" | "$MPIRUN" -n 4 --oversubscribe --mca btl self,tcp \
			"$DROPFOUR_MPI" solve --dist-machines $k -j1 --no-book -m 16 \
			>"$tmp/k" 2>"$tmp/k.err" ||
			fail_with "$tmp/k.err" "$p as $k machines: exit $?"
		[ "$(cut -d' ' -f2 "$tmp/k")" = "$want" ] ||
			fail_with "$tmp/k" "$p as $k machines: not the published $want"
		grep -Eq 'to every table: [1-9][0-9]* in [1-9]' "$tmp/k.err" ||
			fail_with "$tmp/k.err" "$p as $k machines: no entries between the tables"
	done
done
echo 4277424 | mpi 4 solve --dist-machines 2 --dist-upper 0 -j1 --no-book -m 16 \
	>"$tmp/k" 2>"$tmp/k.err" || fail_with "$tmp/k.err" "--dist-upper 0: exit $?"
! grep -q 'to every table' "$tmp/k.err" ||
	fail_with "$tmp/k.err" "--dist-upper 0: entries between the tables"

# ---- 7. the benches' small runs ------------------------------------------
# Each runs in an empty folder of its own, which it must leave as it found
# it but for the CSV it was asked for: an awk `print ..., (a > b ? x : y)`
# once wrote files named "*" and "0" into the folder it ran in (awk reads
# the ">" as a redirection).
mkdir "$tmp/cwd-ov" "$tmp/cwd-sp"
(cd "$tmp/cwd-ov" && DROPFOUR_MPI=$DROPFOUR_MPI MPIRUN=$MPIRUN \
	"$srcdir/bench/mpi-overhead.sh" -n 2,3 -r 1 -d 6 4453) \
	>"$tmp/ov" 2>"$tmp/ov.err" ||
	fail_with "$tmp/ov.err" "bench/mpi-overhead.sh: exit $?: $(cat "$tmp/ov")"
for row in "first move, depth 6" "solve 4453"; do
	grep -Eq "^$row +[1-9][0-9]* +[0-9.]+s( +[0-9.]+x +[0-9.-]+ms +[0-9.]*[s*]){2} +yes$" "$tmp/ov" ||
		fail_with "$tmp/ov" "bench/mpi-overhead.sh: no row '$row' with two overheads"
done
left=$(ls -A "$tmp/cwd-ov")
[ -z "$left" ] || fail "bench/mpi-overhead.sh left files in its folder: $left"
(cd "$tmp/cwd-sp" && DROPFOUR_MPI=$DROPFOUR_MPI MPIRUN=$MPIRUN \
	"$srcdir/bench/mpi-speedup.sh" -n 2 -r 1 -d 6 -a '' -p 4453 \
	-o "$tmp/sp.csv") >"$tmp/sp" 2>"$tmp/sp.err" ||
	fail_with "$tmp/sp.err" "bench/mpi-speedup.sh: exit $?: $(cat "$tmp/sp")"
grep -Eq '^ +2 #+.* [0-9]+\.[0-9]{2}\*?$' "$tmp/sp" ||
	fail_with "$tmp/sp" "bench/mpi-speedup.sh: no chart row for P = 2"
[ -s "$tmp/sp.csv" ] || fail "bench/mpi-speedup.sh: no CSV"
left=$(ls -A "$tmp/cwd-sp")
[ -z "$left" ] || fail "bench/mpi-speedup.sh left files in its folder: $left"

check_end

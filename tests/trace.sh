#!/bin/sh
# trace.sh -- --trace FILE (docs/trace.md): the file a solve, the games
# and bench speedup write is a Chrome Trace Event Format file whose every
# event is well formed (ph, ts, pid, tid; an X event's dur, spans of a
# thread nested, never crossing), and each thread's busy time summed from
# its spans matches the busy time the statistics measured (the panel's
# busy figure, written beside it in each search's event) within 3%.  The
# options it refuses.  Timings are never asserted.
#
# The validator is awk and sort, nothing else: one event a line, as
# cli/trace-file.c writes them.
. "$(dirname "$0")/lib-check.sh"
check_begin trace
: "${srcdir:=$(dirname "$0")/..}"
out=$tmp/out

# trace_check FILE SEARCHES: the file's shape and events, its SEARCHES
# searches, every thread's busy time against the statistics'.
trace_check() {
	f=$1
	# 1. The frame: an object with displayTimeUnit and traceEvents, one
	# event a line, every line but the last event's ending in a comma.
	head -n 1 "$f" | grep -Eq '^\{"displayTimeUnit":"ms",.*"traceEvents":\[$' ||
		{ fail "$f: no trace header"; return; }
	[ "$(tail -n 1 "$f")" = "]}" ] || { fail "$f: not closed"; return; }
	# 2. Each event: its fields; X spans as "tid ts dur cat", busy_us
	# of each search as "B tid us".
	awk -v want="$2" '
	function num(key,   m) {
		if (!match($0, "\"" key "\":-?[0-9]+(\\.[0-9]+)?[,}]"))
			return ""
		m = substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 4)
		return m
	}
	function str(key) {
		if (!match($0, "\"" key "\":\"[^\"]*\""))
			return ""
		return substr($0, RSTART + length(key) + 4, RLENGTH - length(key) - 5)
	}
	function bad(why) { print "BAD line " NR ": " why ": " $0; nbad++ }
	NR == 1 { next }
	$0 == "]}" { next }
	{
		if ($0 !~ /^\{.*\},?$/) { bad("not an object"); next }
		last = $0
		ph = str("ph"); pid = num("pid"); tid = num("tid")
		if (pid !~ /^[0-9]+$/) bad("pid")
		if (tid !~ /^[0-9]+$/) bad("tid")
		if (str("name") == "") bad("name")
		if (ph == "M") {
			n = str("name")
			if (n != "thread_name" && n != "process_name" &&
			    n != "thread_sort_index")
				bad("metadata " n)
			next
		}
		ts = num("ts")
		if (ts == "" || ts < 0) bad("ts")
		if (ph == "i") {
			if (str("s") !~ /^[gpt]$/) bad("instant scope")
			next
		}
		if (ph != "X") { bad("ph " ph); next }
		dur = num("dur")
		if (dur == "" || dur < 0) { bad("dur"); next }
		cat = str("cat")
		if (cat !~ /^(busy|wait|idle|search)$/) bad("cat " cat)
		print "X", tid, ts, dur, cat
		if (cat == "search") {
			searches++
			if (!match($0, /"busy_us":\[[0-9.,]*\]/)) { bad("busy_us"); next }
			b = substr($0, RSTART + 11, RLENGTH - 12)
			k = split(b, v, ",")
			if (k != num("threads")) bad("busy_us of " k " threads")
			for (i = 1; i <= k; i++)
				print "B", i, v[i]
		}
	}
	END {
		if (last !~ /\}$/ || last ~ /,$/) print "BAD: the last event ends in a comma"
		if (searches != want) print "BAD: " searches " searches, expected " want
		if (nbad) print "BAD: " nbad " bad events"
	}' "$f" >"$tmp/events" || { fail "$f: awk failed"; return; }
	if grep -q '^BAD' "$tmp/events"; then
		fail_with "$tmp/events" "$f: malformed events"
		return
	fi
	# 3. Spans of a thread nest: sorted by start (the longer first), each
	# either ends within the one open around it or starts after it
	# ends.  A thread's busy time: the time whose innermost span is
	# busy (a busy span's length less the spans nested in it).
	grep '^X ' "$tmp/events" | sort -k2,2n -k3,3n -k4,4nr | awk '
	function pop(   s) {
		s = sp--
		if (cat[s] == "busy") busy[cur] += self[s]
	}
	{
		tid = $2; ts = $3 + 0; dur = $4 + 0
		if (tid != cur) { while (sp > 0) pop(); cur = tid }
		while (sp > 0 && end[sp] <= ts + 0.0005) pop()
		if (sp > 0) {
			if (ts + dur > end[sp] + 0.0005) {
				printf "BAD: tid %s: span at %s (%s us) crosses the end of the one at %s\n", tid, $3, $4, start[sp]
				nbad++
			}
			self[sp] -= dur
		}
		sp++; start[sp] = $3; end[sp] = ts + dur; self[sp] = dur; cat[sp] = $5
		spans[tid]++
	}
	END {
		while (sp > 0) pop()
		for (t in spans) print "T", t, busy[t] + 0
	}' >"$tmp/nest"
	if grep -q '^BAD' "$tmp/nest"; then
		fail_with "$tmp/nest" "$f: spans cross"
		return
	fi
	# 4. Busy time: thread t (tid t + 1) from its spans against the
	# statistics' busy_us summed over the searches.
	cat "$tmp/nest" "$tmp/events" | awk '
	$1 == "T" && $2 > 0 { trace[$2] = $3 }
	$1 == "B" { stats[$2] += $3; n[$2] = 1 }
	END {
		for (t in n) {
			d = trace[t] - stats[t]; if (d < 0) d = -d
			printf "# thread %d: busy %.0f us in the trace, %.0f us in the statistics\n", t - 1, trace[t], stats[t]
			if (d > 0.03 * stats[t] + 50)
				printf "BAD: thread %d: %.0f us in the trace, %.0f in the statistics\n", t - 1, trace[t], stats[t]
		}
	}' >"$tmp/busy"
	cat "$tmp/busy"
	grep -q '^BAD' "$tmp/busy" && fail_with "$tmp/busy" "$f: busy time differs"
	grep -q '^# thread 0:' "$tmp/busy" || fail "$f: no thread's busy time"
	echo "# $f: $(grep -c '^X ' "$tmp/events") spans checked"
}

# A solve on one and on two threads: tasks, split points, steals.
for j in 1 2; do
	n=$((n + 1))
	check_run "solve -j $j --trace" '23156612526\n' solve -j "$j" \
		--no-book -m 16 --trace "$tmp/solve-$j.json"
	check_status 0
	check_match '^23156612526 4 [0-9]+ [0-9]+$'
	trace_check "$tmp/solve-$j.json" 1
done
grep -Eq '"name":"move( c[0-9])? p[0-9]+","cat":"busy"' "$tmp/solve-2.json" ||
	fail "two threads: no move of a split point in the trace"
grep -q '"name":"steal","cat":"steal","ph":"i"' "$tmp/solve-2.json" ||
	fail "two threads: no steal in the trace"
grep -q '"tid":2,' "$tmp/solve-2.json" || fail "two threads: thread 1 missing"
grep -q '"tid":2,' "$tmp/solve-1.json" && fail "one thread: a second thread"

# The validator itself finds what it checks: spans that cross, an
# unknown ph, a busy time that is not the statistics'.
validator_fails() {
	before=$failed
	trace_check "$1" 1 >/dev/null
	if [ "$failed" -gt "$before" ]; then
		failed=$before
		echo "# the validator refuses $2"
	else
		fail "the validator takes $2"
	fi
}
good=$tmp/solve-2.json
sed '1a\
{"name":"a","cat":"busy","ph":"X","ts":0.000,"pid":1,"tid":9,"dur":10.000},\
{"name":"b","cat":"wait","ph":"X","ts":5.000,"pid":1,"tid":9,"dur":10.000},' \
	"$good" >"$tmp/bad-cross.json"
validator_fails "$tmp/bad-cross.json" "crossing spans"
sed '2s/"ph":"M"/"ph":"Q"/' "$good" >"$tmp/bad-ph.json"
validator_fails "$tmp/bad-ph.json" "an unknown ph"
sed 's/"busy_us":\[[0-9.]*,/"busy_us":[1.000,/' "$good" >"$tmp/bad-busy.json"
validator_fails "$tmp/bad-busy.json" "a wrong busy time"
sed '$d' "$good" >"$tmp/bad-end.json"
validator_fails "$tmp/bad-end.json" "a file not closed"

# Two positions: two searches, successive time ranges of one file.
check_run "solve, two positions" '23156612526\n22321461\n' solve -j 2 \
	--no-book -m 16 --trace "$tmp/solve-two.json"
check_status 0
trace_check "$tmp/solve-two.json" 2

# The text game: every search of the game in one file.
check_run "text game --trace" '4\n4\n3\nq\n' --text --depth 10 -j 2 \
	--trace "$tmp/game.json"
check_status 0
trace_check "$tmp/game.json" 3

# The curses game: its searches, written once the game is quit.
if [ -z "${TMUX_BIN:-}" ] || ! command -v "$TMUX_BIN" >/dev/null 2>&1; then
	check_part_skip "the curses game's --trace" "tmux not found"
else
	. "$(dirname "$0")/lib-tmux.sh"
	check_at_exit tmux_kill
	if tmux_start 100 30 "DROPFOUR_CONFIG=/dev/null $DROPFOUR --ascii --no-book --depth 10 -j 2 -m 16 --trace '$tmp/tui.json'" &&
		tmux_wait "Your turn" && tmux_send 4 && tmux_wait "move 3" &&
		tmux_quit && tmux_wait "[exited 0]"; then
		echo "# the curses game: exit 0"
		trace_check "$tmp/tui.json" "$(grep -c '"cat":"search"' "$tmp/tui.json")"
		[ "$(grep -c '"cat":"search"' "$tmp/tui.json")" -ge 1 ] ||
			fail "the curses game: no search in its trace"
	else
		fail "the curses game with --trace: $(tmux_capture | tail -3)"
	fi
fi

# bench speedup: each run at each thread count.
printf '23156612526\n' >"$tmp/pos"
check_run "bench speedup --trace" '' bench speedup --threads 1,2 \
	--no-book -m 16 --trace "$tmp/bench.json" "$tmp/pos"
check_status 0
trace_check "$tmp/bench.json" 2

# Refused: other benchmarks, a folder; nothing written then.
check_run "bench solve --trace" '' bench solve --trace "$tmp/no.json" \
	"$tmp/pos"
check_status 2
check_match '^dropfour: --trace applies to bench speedup on positions \(not --tour or --game\)$'
[ -e "$tmp/no.json" ] && fail "bench solve --trace wrote a file"
check_run "--trace FOLDER" '4\n' solve --trace "$tmp"
check_status 2
check_match "^dropfour: --trace $tmp: "
check_run "selfplay --trace" '' selfplay --trace "$tmp/no.json"
check_status 2
[ -e "$tmp/no.json" ] && fail "selfplay --trace wrote a file"

check_end

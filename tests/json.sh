#!/bin/sh
# json.sh -- every --json output (solve, solve --analyze, --weak, a stopped
# solve, bench solve, bench speedup and its --per-position rows, review)
# held to docs/json.md: each line one JSON object, its "type" first, only
# the fields the page's table gives that type (read from the page), scores
# numbers or null with their kind ("bound" with a direction), best a list
# of columns of the board, times in "seconds"; a bad input line is an
# error object on standard output and a message on standard error.
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin json
command -v python3 >/dev/null 2>&1 || check_skip "no python3 to read the JSON"

D=$DROPFOUR
doc=$srcdir/docs/json.md
all=$tmp/all

# run NAME EXPECTED-STATUS ARGS... (standard input from $tmp/in): its
# lines go to $tmp/NAME and are added to $all with the run's name.
run() {
	n=$1 want=$2
	shift 2
	"$D" "$@" <"$tmp/in" >"$tmp/$n" 2>"$tmp/$n.err"
	s=$?
	[ "$s" -eq "$want" ] || fail_with "$tmp/$n.err" "$n: exit $s, not $want"
	[ -s "$tmp/$n" ] || fail "$n: no output"
	sed "s/^/$n	/" "$tmp/$n" >>"$all"
}

printf '4453\n44x\n-\n4444443\n' >"$tmp/in"
run solve 1 solve --json -j1 -m 8
run analyze 1 solve --json --analyze -j1 -m 8
printf '2252576253462244111563365343671351441\n44x\n' >"$tmp/in"
run weak 1 solve --json --weak -j1 -m 8 --no-book
printf '\n' >"$tmp/in"
run stopped 0 solve --json --nodes 20000 -j1 -m 8 --no-book
printf '4453 -2\n2252576253462244111563365343671351441 -1\n4x\n' >"$tmp/set"
: >"$tmp/in"
run bench 0 bench solve --json -j1 -m 8 "$tmp/set"
printf '44535\n4453\n' >"$tmp/sp"
run speedup 0 bench speedup --json --threads 1,2 --per-position -m 8 \
	--no-book "$tmp/sp"
run review 0 review --json -m 16 44536
printf '# a game\n4x\n' >"$tmp/game"
run review-bad 2 review --json -m 16 "$tmp/game"

# A bad line: its message on standard error as well.
grep -q 'stdin:2:3: not a column number' "$tmp/solve.err" ||
	fail_with "$tmp/solve.err" "solve: no message on standard error for line 2"

python3 - "$doc" "$all" <<'PY' || fail "the JSON does not keep docs/json.md's rules"
import json, re, sys
doc, path = sys.argv[1], sys.argv[2]
# The table of fields: | `type` | `field` `field?` ... |
fields = {}
for line in open(doc):
    m = re.match(r"^\| `(\w+)` \| (`.*`) \|$", line.strip())
    if m and m.group(1) != "kind":
        names = re.findall(r"`(\w+)(\??)`", m.group(2))
        fields[m.group(1)] = {n: opt == "?" for n, opt in names}
assert len(fields) >= 7, "docs/json.md: no table of fields"
kinds = {"exact", "weak", "bound", "heuristic", "unknown"}
seen = {}
bad = 0

def check(run, o, raw):
    t = o.get("type")
    assert list(o)[0] == "type", "type is not the first field"
    assert t in fields, "type %r not in docs/json.md" % t
    spec = fields[t]
    for k in o:
        assert k in spec, "field %r not documented for %s" % (k, t)
    for k, optional in spec.items():
        assert optional or k in o, "field %r missing" % k
    if "score" in o:
        sc, kd = o["score"], o["kind"]
        assert kd in kinds, "kind %r" % kd
        assert sc is None or type(sc) is int, "score %r" % sc
        assert (sc is None) == (kd == "unknown"), "score/kind %r/%r" % (sc, kd)
        assert ("bound" in o) == (kd == "bound"), "bound without kind bound"
        if kd == "bound":
            assert o["bound"] in ("lower", "upper")
        if kd == "weak":
            assert sc in (-1, 0, 1)
    if "scores" in o:
        assert len(o["scores"]) == len(o["kinds"]) == o["width"]
        for s, k in zip(o["scores"], o["kinds"]):
            assert s is None or type(s) is int, "column score %r" % s
            assert k is None or k in kinds, "column kind %r" % k
            assert (s is None) == (k is None or k == "unknown")
    if t == "move":
        assert o["kind"] == "exact" and type(o["before"]) is int and type(o["after"]) is int
    if "best" in o:
        assert all(type(c) is int and 1 <= c <= o.get("width", 16) for c in o["best"]), o["best"]
        if "scores" in o and o["best"]:
            assert all(o["scores"][c - 1] == o["score"] for c in o["best"])
    for k in ("seconds", "mean_seconds"):
        if k in o:
            assert isinstance(o[k], (int, float)) and o[k] >= 0
    for k in ("position", "pv"):
        if k in o:
            assert re.fullmatch(r"[1-9a-g]*", o[k]), "%s %r" % (k, o[k])
    if t == "error":
        assert o["line"] is None or type(o["line"]) is int
        assert isinstance(o["message"], str) and o["message"]

for line in open(path):
    run, raw = line.rstrip("\n").split("\t", 1)
    try:
        o = json.loads(raw)
        assert isinstance(o, dict), "not an object"
        check(run, o, raw)
        seen.setdefault(run, set()).add(o["type"])
    except Exception as e:
        bad += 1
        print("FAIL: %s: %s: %s" % (run, e, raw))
want = {
    "solve": {"position", "error"}, "analyze": {"analysis", "error"},
    "weak": {"position", "error"}, "stopped": {"position"},
    "bench": {"position", "bench_set", "error"},
    "speedup": {"speedup", "speedup_position"}, "review": {"move"},
    "review-bad": {"error"},
}
for run, types in want.items():
    if seen.get(run) != types:
        bad += 1
        print("FAIL: %s: types %s, expected %s" % (run, sorted(seen.get(run, ())), sorted(types)))
sys.exit(1 if bad else 0)
PY

# The kinds that only some runs give.
grep -q '"kind":"weak"' "$tmp/weak" || fail_with "$tmp/weak" "solve --weak: no kind weak"
grep -q '"kind":"bound","bound":"\(lower\|upper\)"' "$tmp/stopped" ||
	fail_with "$tmp/stopped" "a stopped solve: no bound"
grep -q '"type":"error","file":"[^"]*game","line":2,' "$tmp/review-bad" ||
	fail_with "$tmp/review-bad" "review: no error object naming line 2"
check_end

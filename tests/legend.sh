#!/bin/sh
# legend.sh -- `i` defines every word the panel can show: each word of
# ui_panel_words[] (src/ui/ui-model.c) is in the legend (src/ui/ui-legend.c),
# and each word the model writes into a root row's state, a timeline row,
# the title or the proof's state is in ui_panel_words[].  A new label the
# legend does not define fails here.
. "$(dirname "$0")/lib-check.sh"
check_scratch legend
top=${srcdir:-$(dirname "$0")/..}
command -v python3 >/dev/null 2>&1 || check_skip "no python3"
python3 - "$top/src/ui" >"$tmp/out" 2>&1 <<'PY' || fail_with "$tmp/out" "a label the legend does not define"
import re, sys
ui = sys.argv[1]
model = open(ui + "/ui-model.c").read()
legend = open(ui + "/ui-legend.c").read()
panel = open(ui + "/ui-panel.c").read()

def body(src, name):
    i = src.index(name + "(")
    i = src.index("\n{", i)
    depth, j = 0, i + 1
    while True:
        if src[j] == "{": depth += 1
        if src[j] == "}":
            depth -= 1
            if depth == 0: return src[i:j]
        j += 1

def strings(text):
    return re.findall(r'"((?:[^"\\]|\\.)*)"', text)

words = strings(model[model.index("ui_panel_words[] = {"):model.index("};", model.index("ui_panel_words[] = {"))])
table = legend[legend.index("legend[] = {"):legend.index("legend_speedup[]")]
bad = 0
for w in words:
    if w not in table:
        print("the legend does not define %r" % w); bad += 1
shown = set()
for fn in ("ui_model_col_state", "model_threads", "model_label"):
    for s in strings(body(model, fn)):
        # the words around the numbers: "%s, done in %.2fs" -> "done in"
        for part in re.split(r"%[-+ 0-9.]*[a-z]+|[(),;:]", s):
            part = part.strip()
            if part and not part.startswith("c") or part in ("-",):
                shown.add(part)
for s in strings(body(panel, "proof_words")):
    for part in re.split(r"%[-+ 0-9.]*[a-z]+|[(),;:]", s):
        part = part.strip()
        if part and part not in ("proof", "on p0-p"):
            shown.add(part)
ok_extra = {"AI's move", "hint", "analysis", "s", "ranks", "no search"}
for w in sorted(shown):
    if w in ok_extra or w in words or any((x in w or w in x) for x in words if len(x) > 2):
        continue
    print("the model can show %r, not in ui_panel_words[]" % w); bad += 1
sys.exit(1 if bad else 0)
PY
check_end

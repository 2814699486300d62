#!/usr/bin/env python3
"""Writes tests/data/hostile.jsonl and tests/data/README.md: one transcript line per hostile input.

A dev tool (the build never runs it). Python 3 standard library only.

    scripts/make-hostile.py [--out-dir tests/data]

Each hostile input sits in a realistic transcript line (PRODUCT.md §2): mostly a tool message whose
structured.card is the hostile envelope, some as emit_card arguments strings, a few not even JSON.
Ordinary lines (user questions, assistant prose, valid cards) sit between them so a test can check that
the rest of the conversation still renders. Lines are written as raw bytes: some are deliberately not
JSON or not UTF-8. README.md maps every line number to its case and the outcome Tessera must show.
"""

import argparse
import importlib.util
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_card_issues():
    """The seed 000 limit check lives in make-demo.py; reuse it to confirm each case's expectation."""
    spec = importlib.util.spec_from_file_location("make_demo", os.path.join(REPO, "scripts", "make-demo.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.card_issues


card_issues = _load_card_issues()


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Builder:
    def __init__(self):
        self.lines = []  # (bytes, case, expected, envelope or None, expect_valid or None)
        self.calls = 0

    def _add(self, raw, case, expected, envelope=None, expect_valid=None):
        assert b"\n" not in raw and b"\r" not in raw, case
        self.lines.append((raw, case, expected, envelope, expect_valid))

    def ordinary(self, message, case):
        self._add(dumps(message).encode("utf-8"), case, "renders normally")

    def raw(self, raw, case, expected):
        self._add(raw, case, expected)

    def _call_id(self):
        self.calls += 1
        return f"call_h{self.calls:02d}"

    def tool_card(self, envelope_text, case, expected, envelope=None, expect_valid=None):
        """A tool message whose structured.card is envelope_text, spliced in verbatim (so it can hold
        duplicate keys or numbers Python cannot write)."""
        cid = self._call_id()
        kind = envelope.get("kind") if isinstance(envelope, dict) else None
        ack = f"rendered: {kind}" if isinstance(kind, str) else "rendered"
        head = dumps({"role": "tool", "tool_call_id": cid, "name": "emit_card", "content": ack})[:-1]
        raw = head.encode("utf-8") + b',"structured":{"card":' + envelope_text + b"}}"
        self._add(raw, case, expected, envelope, expect_valid)

    def call_card(self, arguments_text, case, expected, envelope=None, expect_valid=None):
        """An assistant emit_card call with no result: the card is built from the arguments string."""
        cid = self._call_id()
        message = {"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": "emit_card", "arguments": arguments_text}}]}
        self._add(dumps(message).encode("utf-8"), case, expected, envelope, expect_valid)


def deep_arrays(depth):
    return "[" * depth + "]" * depth


def build():
    b = Builder()
    b.ordinary({"role": "user", "content": "Here is the log from last night's run. Load it and tell me what broke.",
                "id": "msg_h01", "created_at": "2026-08-14T03:10:00Z", "turn_id": "turn_h1"},
               "ordinary: user question")

    # 1. Not JSON: a line cut off mid-write (the process was killed while flushing).
    b.raw(b'{"role":"assistant","content":"Rebuilding the index; this takes a min',
          "line that is not JSON (cut off mid-string)",
          'unreadable: an "unreadable line N" block; the lines around it load')

    # 2. "kind" twice in one envelope.
    env = b'{"kind":"text","specVersion":1,"kind":"code","payload":{"text":"Index rebuilt.","code":"reindex --all"}}'
    b.tool_card(env, 'envelope with "kind" twice',
                'invalid card: fallback block, issue at /kind ("key appears more than once"); never picks a copy',
                {"kind": "text"})

    b.ordinary({"role": "assistant", "content": "The index rebuild finished, but two cards above did not come through cleanly."},
               "ordinary: assistant prose")

    # 3. Invalid UTF-8: a two-byte character (é = C3 A9) split after its first byte, right before the quote.
    b.raw(b'{"role":"assistant","content":"Summary for the caf\xc3"}',
          "invalid UTF-8 (lone lead byte 0xC3 before the closing quote)",
          'unreadable: an "unreadable line N" block (not valid UTF-8); the lines around it load')

    # 4. 100,000 nested arrays as the payload of structured.card.
    depth = 100_000
    env = ('{"kind":"data_table","specVersion":1,"payload":' + deep_arrays(depth) + "}").encode("ascii")
    b.tool_card(env, f"envelope nested {depth:,} arrays deep (payload in structured.card)",
                "invalid card: fallback block (kind data_table), issue says nesting too deep (limit 100); "
                "no stack overflow, the line's neighbours load",
                {"kind": "data_table"})

    # 5. The same as an emit_card arguments string (escaped JSON inside the line's JSON).
    b.call_card('{"kind":"text","payload":' + deep_arrays(depth) + "}",
                f"emit_card arguments string nested {depth:,} arrays deep",
                "invalid card: fallback block (kind text), issue says nesting too deep; no stack overflow",
                {"kind": "text"})

    b.ordinary({"role": "user", "content": "And the rest of the log?", "turn_id": "turn_h2"},
               "ordinary: user question")

    # 6. A kind the catalog does not know.
    env_obj = {"kind": "sparkline", "specVersion": 1, "payload": {"title": "Queue depth", "values": [3, 5, 2]}}
    b.tool_card(dumps(env_obj).encode(), "kind the catalog doesn't know (sparkline)",
                "invalid card: fallback block labelled sparkline, issue at /kind (unknown kind)", env_obj, False)

    # 7. specVersion 2.
    env_obj = {"kind": "text", "specVersion": 2, "payload": {"title": "From the future", "text": "Written by spec 2."}}
    b.tool_card(dumps(env_obj).encode(), "specVersion 2",
                "invalid card: fallback block, issue at /specVersion (must be 1)", env_obj, False)

    # 8. A 64-bit unsigned maximum in a data_table cell: valid, and shown digit for digit.
    env_obj = {"kind": "data_table", "specVersion": 1, "payload": {
        "title": "Counter values", "columns": [{"key": "counter", "label": "Counter"},
                                               {"key": "value", "label": "Value", "numeric": True}],
        "rows": [{"counter": "bytes_sent", "value": 18446744073709551615}, {"counter": "retries", "value": 3}]}}
    b.tool_card(dumps(env_obj).encode(), "data_table cell 18446744073709551615",
                "VALID card: the cell shows exactly 18446744073709551615 (right-aligned), not 1.8e19 or a rounded value",
                env_obj, True)

    # 9. A y value that overflows a double.
    env = (b'{"kind":"metric_chart","specVersion":1,"payload":{"title":"Latency","yLabel":"ms","series":'
           b'[{"name":"p99","points":[{"x":1,"y":12.5},{"x":2,"y":1e999},{"x":3,"y":14}]}]}}')
    b.tool_card(env, "metric_chart y of 1e999",
                "invalid card: fallback block, issue at /payload/series/0/points/1/y (number out of range / not finite)",
                {"kind": "metric_chart"})

    b.ordinary({"role": "assistant", "content": "Latency spiked around the second sample; the counters are below."},
               "ordinary: assistant prose")

    def chart(n_series, n_points, title):
        return {"kind": "metric_chart", "specVersion": 1, "payload": {
            "title": title, "yLabel": "Requests",
            "series": [{"name": f"node-{s + 1}", "points": [{"x": p, "y": (p * 7 + s * 3) % 50} for p in range(n_points)]}
                       for s in range(n_series)]}}

    # 10. Five series (seed 000: 1–4).
    env_obj = chart(5, 6, "Requests per node")
    b.call_card(dumps({"kind": env_obj["kind"], "payload": env_obj["payload"]}),
                "metric_chart with 5 series (as emit_card arguments)",
                "invalid card: fallback block, issue at /payload/series (at most 4); nothing truncated", env_obj, False)

    # 11. 201 points in one series (seed 000: 1–200).
    env_obj = chart(1, 201, "Requests per minute")
    b.tool_card(dumps(env_obj).encode(), "series with 201 points",
                "invalid card: fallback block, issue at /payload/series/0/points (at most 200); nothing truncated",
                env_obj, False)

    # 12. The only series has no points.
    env_obj = {"kind": "metric_chart", "specVersion": 1, "payload": {
        "title": "Errors", "series": [{"name": "5xx", "points": []}]}}
    b.tool_card(dumps(env_obj).encode(), "chart whose only series has no points",
                "invalid card: fallback block, issue at /payload/series/0/points (at least 1)", env_obj, False)

    # 13. A category axis with the same label twice: valid, both points kept.
    env_obj = {"kind": "metric_chart", "specVersion": 1, "payload": {
        "title": "Deploys by weekday", "suggestedViz": "bar", "yLabel": "Deploys",
        "series": [{"name": "prod", "points": [{"x": "Mon", "y": 4}, {"x": "Tue", "y": 2},
                                               {"x": "Mon", "y": 3}, {"x": "Wed", "y": 5}]}]}}
    b.tool_card(dumps(env_obj).encode(), "category axis with a repeated label (Mon twice)",
                "VALID card: category axis with 4 points; the two Mon points stay separate (never merged)",
                env_obj, True)

    # 14. Markdown table cell with bold, a raw <br/> and a link.
    env_obj = {"kind": "text", "specVersion": 1, "payload": {"title": "Run summary", "text": (
        "| Step | Result |\n|---|---|\n"
        "| build | **passed**<br/>in 4 min, see [the log](https://ci.example.com/runs/4412) |\n"
        "| deploy | skipped |\n\nAll other steps were skipped.")}}
    b.tool_card(dumps(env_obj).encode(), "text card: Markdown table cell with bold, <br/> and a link",
                "VALID card: renders completely (table with 2 rows, bold text, the link); never hangs",
                env_obj, True)

    # 15. Invisible and direction-changing characters side by side, written as raw UTF-8.
    tricky = "\u180e\u2061\u202e\u200d"
    env_obj = {"kind": "code", "specVersion": 1, "payload": {
        "title": "auth.py", "language": "python",
        "code": f"def is_admin(user):\n    return user.role == \"admin{tricky}\"  # check\n"}}
    b.tool_card(dumps(env_obj).encode("utf-8"),
                "code card with U+180E U+2061 U+202E U+200D adjacent",
                "VALID card: the code renders (the characters are kept in the text; copy gives them back)",
                env_obj, True)

    # 16. An item_list id that is a URL (seed 000: ids are never URLs).
    env_obj = {"kind": "item_list", "specVersion": 1, "payload": {"title": "Failed jobs", "items": [
        {"id": "https://ci.example.com/jobs/4412", "name": "nightly-build", "status": "error", "meta": "exit 137"},
        {"id": "job:4413", "name": "nightly-deploy", "status": "neutral", "meta": "skipped"}]}}
    b.tool_card(dumps(env_obj).encode(), "item_list whose id is a URL",
                "invalid card: fallback block, issue at /payload/items/0/id (an identifier, never a URL)",
                env_obj, False)

    # 17. Four recommended actions (seed 000: 1–3).
    env_obj = {"kind": "recommend_actions", "specVersion": 1, "payload": {"question": "What now?", "actions": [
        {"label": "Rerun build", "prompt": "Rerun the nightly build."},
        {"label": "Open log", "prompt": "Show the build log for job 4412."},
        {"label": "Skip deploy", "prompt": "Mark tonight's deploy as skipped."},
        {"label": "Page on-call", "prompt": "Page the on-call engineer about job 4412."}]}}
    b.call_card(dumps({"kind": env_obj["kind"], "payload": env_obj["payload"]}),
                "recommend_actions with 4 actions (as emit_card arguments)",
                "invalid card: fallback block, issue at /payload/actions (at most 3); no pills", env_obj, False)

    b.ordinary({"role": "assistant", "content": "That is the whole log: the build was killed (exit 137) and the deploy never ran."},
               "ordinary: assistant prose (last line still renders)")
    return b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out-dir", default=os.path.join(REPO, "tests", "data"))
    args = ap.parse_args()
    b = build()

    problems = []
    for n, (raw, case, _, envelope, expect_valid) in enumerate(b.lines, 1):
        if expect_valid is not None:
            valid = not card_issues(envelope)
            if valid != expect_valid:
                problems.append(f"line {n} ({case}): limit check says {'valid' if valid else card_issues(envelope)}")
        if case.startswith("ordinary"):
            json.loads(raw)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1

    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, "hostile.jsonl"), "wb") as f:
        for raw, *_ in b.lines:
            f.write(raw + b"\n")

    unreadable = [str(n) for n, line in enumerate(b.lines, 1) if line[2].startswith("unreadable")]
    readme = [
        "# Test data",
        "",
        "## hostile.jsonl",
        "",
        "Generated by `scripts/make-hostile.py` (do not edit by hand: rerun the script). One hostile input per",
        "line, each inside a realistic transcript line (PRODUCT.md §2), with ordinary lines between them so a",
        "test can check that the rest of the conversation still renders. The file holds raw bytes on purpose",
        f"(lines {' and '.join(unreadable)} are unreadable). Lines that are emit_card calls have no tool result,",
        "so their card is built from the arguments string.",
        "",
        "Whole file: nothing crashes or hangs; every line yields a block; invalid cards become labelled",
        "fallback blocks with a JSON Pointer issue; unreadable lines become \"unreadable line N\" blocks.",
        "",
        "| line | case | expected outcome |",
        "|---:|---|---|",
    ]
    for n, (_, case, expected, *_rest) in enumerate(b.lines, 1):
        cells = [text.replace("|", "\\|") for text in (case, expected)]
        readme.append(f"| {n} | {cells[0]} | {cells[1]} |")
    readme += [
        "",
        "Counts: " + ", ".join([
            f"{len(b.lines)} lines",
            f"{sum(1 for l in b.lines if l[2].startswith('unreadable'))} unreadable",
            f"{sum(1 for l in b.lines if l[2].startswith('invalid card'))} invalid cards",
            f"{sum(1 for l in b.lines if l[2].startswith('VALID card'))} valid cards",
            f"{sum(1 for l in b.lines if l[1].startswith('ordinary'))} ordinary lines"]) + ".",
        "",
    ]
    with open(os.path.join(args.out_dir, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(readme))
    print(f"{args.out_dir}/hostile.jsonl: {len(b.lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())

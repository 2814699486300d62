#!/usr/bin/env python3
"""Writes resources/demo/demo.jsonl, the conversation Tessera opens when it has nothing else.

A dev tool (the build never runs it). Python 3 standard library only.

    scripts/make-demo.py [--data /work/shared/data/vega] [--out resources/demo/demo.jsonl]

The conversation (PRODUCT.md §2: JSON Lines, OpenAI Chat Completions messages) shows all eight emit_card
kinds with every example payload of seed 000, the seed's render_ui canvas example, and cards built from
the vega sample data (stocks.csv, penguins.json, seattle-weather.csv), and a send_card json-render card
(seed 001) with buttons, and ```dorkos-ui widget documents (seed 003) inside assistant prose. Every
figure quoted in the prose is
computed here from the data, and every card is checked against the seed 000 limits before writing; the
script exits non-zero if any card breaks one.
"""

import argparse
import csv
import datetime
import json
import os
import statistics
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# --- seed 000 limits ---------------------------------------------------------------------------------
# A "char" is a Unicode code point (PRODUCT.md §1), which is what len() counts on a Python str.

SEVERITIES = {"info", "success", "warning", "error"}
STATUSES = {"ok", "warn", "error", "neutral"}
VIZ = {"line", "bar", "area", "scatter"}
LIBRARIES = {"echarts@1"}


def _str(issues, obj, key, ptr, lo=0, hi=None, required=False):
    if key not in obj:
        if required:
            issues.append(f"{ptr}/{key}: required")
        return
    v = obj[key]
    if not isinstance(v, str):
        issues.append(f"{ptr}/{key}: must be a string")
        return
    if len(v) < lo or (hi is not None and len(v) > hi):
        issues.append(f"{ptr}/{key}: length {len(v)} outside {lo}..{hi}")


def _arr(issues, obj, key, ptr, lo, hi):
    v = obj.get(key)
    if not isinstance(v, list):
        issues.append(f"{ptr}/{key}: must be an array")
        return []
    if not lo <= len(v) <= hi:
        issues.append(f"{ptr}/{key}: {len(v)} entries outside {lo}..{hi}")
    return v


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def _is_cell(v):
    return v is None or isinstance(v, str) or _is_number(v)


def card_issues(envelope):
    """Seed 000 limit check of one envelope; returns a list of "pointer: problem" strings."""
    issues = []
    if not isinstance(envelope, dict):
        return [": envelope must be an object"]
    if envelope.get("specVersion") != 1 or isinstance(envelope.get("specVersion"), bool):
        issues.append("/specVersion: must be 1")
    kind = envelope.get("kind")
    p = envelope.get("payload")
    if not isinstance(p, dict):
        return issues + ["/payload: must be an object"]
    P = "/payload"
    if kind == "text":
        _str(issues, p, "title", P, 0, 120)
        _str(issues, p, "text", P, 1, 8000, True)
    elif kind == "code":
        _str(issues, p, "title", P, 0, 120)
        _str(issues, p, "language", P, 0, 32)
        _str(issues, p, "code", P, 1, 16000, True)
    elif kind == "alert":
        if p.get("severity") not in SEVERITIES:
            issues.append(f"{P}/severity: not one of {sorted(SEVERITIES)}")
        _str(issues, p, "title", P, 0, 120)
        _str(issues, p, "message", P, 1, 500, True)
    elif kind == "detail":
        _str(issues, p, "title", P, 1, 120, True)
        _str(issues, p, "status", P, 0, 40)
        for i, f in enumerate(_arr(issues, p, "fields", P, 1, 12)):
            _str(issues, f, "label", f"{P}/fields/{i}", 1, 60, True)
            _str(issues, f, "value", f"{P}/fields/{i}", 1, 500, True)
    elif kind == "item_list":
        _str(issues, p, "title", P, 0, 120)
        for i, it in enumerate(_arr(issues, p, "items", P, 1, 50)):
            q = f"{P}/items/{i}"
            _str(issues, it, "id", q, 1, 120, True)
            if isinstance(it.get("id"), str) and "://" in it["id"]:
                issues.append(f"{q}/id: must not be a URL")
            _str(issues, it, "name", q, 1, 200, True)
            if "status" in it and it["status"] not in STATUSES:
                issues.append(f"{q}/status: not one of {sorted(STATUSES)}")
            _str(issues, it, "meta", q, 0, 200)
    elif kind == "data_table":
        _str(issues, p, "title", P, 0, 120)
        _str(issues, p, "caption", P, 0, 300)
        keys = []
        for i, c in enumerate(_arr(issues, p, "columns", P, 1, 8)):
            _str(issues, c, "key", f"{P}/columns/{i}", 1, 60, True)
            _str(issues, c, "label", f"{P}/columns/{i}", 1, 60, True)
            if "numeric" in c and not isinstance(c["numeric"], bool):
                issues.append(f"{P}/columns/{i}/numeric: must be a boolean")
            keys.append(c.get("key"))
        if len(set(keys)) != len(keys):
            issues.append(f"{P}/columns: duplicate key")
        for i, r in enumerate(_arr(issues, p, "rows", P, 0, 50)):
            for k, v in (r.items() if isinstance(r, dict) else []):
                if not _is_cell(v):
                    issues.append(f"{P}/rows/{i}/{k}: not a string, finite number or null")
        if "totals" in p:
            for k, v in p["totals"].items():
                if not _is_cell(v):
                    issues.append(f"{P}/totals/{k}: not a string, finite number or null")
    elif kind == "metric_chart":
        for key, hi in (("title", 120), ("xLabel", 60), ("yLabel", 60)):
            _str(issues, p, key, P, 0, hi)
        if "suggestedViz" in p and p["suggestedViz"] not in VIZ:
            issues.append(f"{P}/suggestedViz: not one of {sorted(VIZ)}")
        for i, s in enumerate(_arr(issues, p, "series", P, 1, 4)):
            _str(issues, s, "name", f"{P}/series/{i}", 1, 60, True)
            for j, pt in enumerate(_arr(issues, s, "points", f"{P}/series/{i}", 1, 200)):
                if not (isinstance(pt.get("x"), str) or _is_number(pt.get("x"))):
                    issues.append(f"{P}/series/{i}/points/{j}/x: not a string or number")
                if not _is_number(pt.get("y")):
                    issues.append(f"{P}/series/{i}/points/{j}/y: not a finite number")
    elif kind == "recommend_actions":
        _str(issues, p, "question", P, 0, 200)
        for i, a in enumerate(_arr(issues, p, "actions", P, 1, 3)):
            _str(issues, a, "label", f"{P}/actions/{i}", 1, 60, True)
            _str(issues, a, "prompt", f"{P}/actions/{i}", 1, 500, True)
    elif kind == "canvas":
        _str(issues, p, "title", P, 0, 120)
        _str(issues, p, "html", P, 1, 65536, True)
        if "data" in p and len(json.dumps(p["data"], ensure_ascii=False, separators=(",", ":"))) > 32768:
            issues.append(f"{P}/data: more than 32768 chars serialized")
        libs = p.get("libraries", [])
        if not isinstance(libs, list) or len(libs) > 4 or any(l not in LIBRARIES for l in libs):
            issues.append(f"{P}/libraries: only up to 4 of {sorted(LIBRARIES)}")
    elif kind == "json_render":
        issues += json_render_issues(p)
    else:
        issues.append(f"/kind: unknown kind {kind!r}")
    return issues


# json-render (seed 001) as Tessera checks it (cards/jsonrenderspec.h): components, who may hold whom,
# every child present, a tree (no cycle, no second parent), required props.
JR_CHILDREN = {"Card": {"Section", "Text", "Fields", "Table", "Divider", "Image", "Actions"},
               "Section": {"Text", "Fields", "Table", "Divider", "Image", "Actions"},
               "Fields": {"Field"}, "Actions": {"Button", "LinkButton"}}
JR_REQUIRED = {"Text": ["text"], "Field": ["label", "value"], "Table": ["columns", "rows"], "Image": ["url"],
               "Button": ["id", "label"], "LinkButton": ["label", "url"]}
JR_TYPES = set(JR_CHILDREN) | set(JR_REQUIRED) | {"Divider"}


def json_render_issues(p):
    issues = []
    els = p.get("elements")
    if not isinstance(els, dict) or len(els) > 200:
        return ["/payload/elements: must be an object of at most 200 elements"]
    if p.get("root") not in els:
        issues.append("/payload/root: not in elements")
    if "text" in p and not isinstance(p["text"], str):
        issues.append("/payload/text: must be a string")
    for eid, el in els.items():
        q = f"/payload/elements/{eid}"
        t = el.get("type")
        if t not in JR_TYPES:
            issues.append(f"{q}/type: {t!r} not in the catalog")
            continue
        props = el.get("props", {})
        for key in JR_REQUIRED.get(t, []):
            if key not in props:
                issues.append(f"{q}/props/{key}: required")
        for i, c in enumerate(el.get("children", [])):
            if c not in els:
                issues.append(f"{q}/children/{i}: not in elements")
            elif els[c].get("type") not in JR_CHILDREN.get(t, set()):
                issues.append(f"{q}/children/{i}: {t} cannot contain {els[c].get('type')}")
    seen, stack = set(), [p.get("root")]
    while stack:
        eid = stack.pop()
        if eid in seen:
            issues.append(f"/payload/elements: {eid!r} reached twice")
            continue
        seen.add(eid)
        stack += [c for c in els.get(eid, {}).get("children", []) if c in els]
    return issues


# DorkOS widget documents (seed 003) as Tessera checks them (cards/widgetdocument.h): the node catalog's
# required fields, progress 0-100, chart values >= 0, https-only links and images.
WIDGET_REQUIRED = {"stack": ["direction", "children"], "card": ["children"], "divider": [], "heading": ["text"],
                   "text": ["text"], "badge": ["text"], "stat": ["label", "value"], "keyValue": ["items"],
                   "progress": ["value"], "table": ["columns", "rows"], "list": ["items"], "chart": ["kind", "data"],
                   "timeline": ["items"], "checklist": ["items"], "compare": ["options", "rows"], "rating": ["value"],
                   "mood": ["emotion"], "board": ["rows"], "reveal": ["kind", "result"], "image": ["src", "alt"],
                   "button": ["label", "action"], "input": ["name"], "select": ["name", "options"],
                   "form": ["children", "submit"]}


def widget_action_issues(a, q):
    if a.get("kind") == "agent":
        return [] if a.get("id") else [f"{q}/id: required"]
    if a.get("kind") == "url":
        return [] if str(a.get("href", "")).startswith("https://") else [f"{q}/href: must be https://"]
    if a.get("kind") == "ui":
        return [] if isinstance(a.get("command"), dict) else [f"{q}/command: required"]
    return [f"{q}/kind: not agent, ui or url"]


def widget_issues(doc):
    issues = [] if doc.get("version") == 1 and not isinstance(doc.get("version"), bool) else ["/payload/version: must be 1"]
    stack = [(doc.get("root"), "/payload/root")]
    while stack:
        n, q = stack.pop()
        t = n.get("type") if isinstance(n, dict) else None
        if t not in WIDGET_REQUIRED:
            issues.append(f"{q}/type: {t!r} not in the catalog")
            continue
        issues += [f"{q}/{k}: required" for k in WIDGET_REQUIRED[t] if k not in n]
        for key in ("children", "footer"):
            stack += [(c, f"{q}/{key}/{i}") for i, c in enumerate(n.get(key, []))]
        if t == "progress" and not 0 <= n.get("value", -1) <= 100:
            issues.append(f"{q}/value: outside 0..100")
        if t == "chart":
            issues += [f"{q}/data/{i}/value: negative" for i, d in enumerate(n.get("data", [])) if not d.get("value", -1) >= 0]
        if t == "image" and not str(n.get("src", "")).startswith(("https://", "data:")):
            issues.append(f"{q}/src: must be https:// or data:")
        if t == "button":
            issues += widget_action_issues(n.get("action", {}), f"{q}/action")
        if t == "form":
            issues += widget_action_issues(n.get("submit", {}).get("action", {}), f"{q}/submit/action")
    return issues


# --- data --------------------------------------------------------------------------------------------

def load_stocks(data_dir):
    """{symbol: [(iso_date, price)]} in file order (monthly, first of the month)."""
    series = {}
    with open(os.path.join(data_dir, "stocks.csv"), newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            date = datetime.datetime.strptime(row["date"], "%b %d %Y").date().isoformat()
            series.setdefault(row["symbol"], []).append((date, float(row["price"])))
    return series


def load_penguins(data_dir):
    with open(os.path.join(data_dir, "penguins.json"), encoding="utf-8") as f:
        return json.load(f)


def load_weather(data_dir):
    with open(os.path.join(data_dir, "seattle-weather.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def num(v):
    """A float that is a whole number becomes an int, so the JSON reads 3750, not 3750.0."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def fmt_usd(v):
    return f"${v:,.2f}"


# --- conversation ------------------------------------------------------------------------------------

class Conversation:
    def __init__(self):
        self.lines = []
        self.calls = 0
        self.clock = datetime.datetime(2026, 8, 14, 9, 2, 0, tzinfo=datetime.timezone.utc)
        self.turn = None
        self.envelopes = []  # every card drawn, for the limit check
        self.widgets = []  # every ```dorkos-ui document, for the widget check

    def _stamp(self, msg, seconds, with_id):
        self.clock += datetime.timedelta(seconds=seconds)
        if with_id:
            msg["id"] = f"msg_{len(self.lines) + 1:03d}"
            msg["created_at"] = self.clock.strftime("%Y-%m-%dT%H:%M:%SZ")
        if self.turn:
            msg["turn_id"] = self.turn
        return msg

    def add(self, msg, seconds=2, with_id=True):
        self.lines.append(self._stamp(msg, seconds, with_id))

    def user(self, text, turn):
        self.turn = turn
        self.add({"role": "user", "content": text}, seconds=40)

    def prose(self, markdown):
        self.add({"role": "assistant", "content": markdown}, seconds=3)

    def widget(self, document):
        """A ```dorkos-ui fence (seed 003) to put in prose; the document is kept for the widget check."""
        self.widgets.append(document)
        return "```dorkos-ui\n" + json.dumps(document, ensure_ascii=False, indent=1) + "\n```"

    def _call(self, name, arguments):
        self.calls += 1
        cid = f"call_{self.calls:02d}"
        return cid, {"id": cid, "type": "function",
                     "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False, separators=(",", ":"))}}

    def cards(self, specs):
        """specs: [(kind, payload, mode)], mode "structured" (tool result carries the card) or "args"
        (the result is only the ack; the card is built from the call's arguments). One assistant line
        with all calls, then one tool line per call."""
        calls, results = [], []
        for kind, payload, mode in specs:
            cid, call = self._call("emit_card", {"kind": kind, "payload": payload})
            calls.append(call)
            title = payload.get("title") or payload.get("question")
            ack = f"rendered: {kind}: {title}" if title else f"rendered: {kind}"
            result = {"role": "tool", "tool_call_id": cid, "name": "emit_card", "content": ack}
            envelope = {"kind": kind, "specVersion": 1, "payload": payload}
            if mode == "structured":
                result["structured"] = {"card": envelope}
            self.envelopes.append(envelope)
            results.append(result)
        self.add({"role": "assistant", "content": None, "tool_calls": calls}, seconds=4, with_id=False)
        for r in results:
            self.add(r, seconds=1, with_id=False)

    def send_card(self, spec, text):
        """send_card (seed 001): the call's arguments {spec, text}; the result carries the json_render
        envelope the tool broadcast (payload = spec plus the text)."""
        cid, call = self._call("send_card", {"spec": spec, "text": text})
        self.add({"role": "assistant", "content": None, "tool_calls": [call]}, seconds=3, with_id=False)
        envelope = {"kind": "json_render", "specVersion": 1, "payload": dict(spec, text=text)}
        self.envelopes.append(envelope)
        self.add({"role": "tool", "tool_call_id": cid, "name": "send_card", "content": "sent: json_render",
                  "structured": {"card": envelope}}, seconds=1, with_id=False)

    def canvas(self, arguments, html, title):
        """render_ui in template mode: the tool inlines the template's bytes server-side, so the
        broadcast card carries html (seed 000, canvas)."""
        cid, call = self._call("render_ui", arguments)
        self.add({"role": "assistant", "content": None, "tool_calls": [call]}, seconds=3, with_id=False)
        payload = {"title": title, "html": html}
        for key in ("data", "libraries"):
            if key in arguments:
                payload[key] = arguments[key]
        envelope = {"kind": "canvas", "specVersion": 1, "payload": payload}
        self.envelopes.append(envelope)
        self.add({"role": "tool", "tool_call_id": cid, "name": "render_ui",
                  "content": f"rendered: canvas: {title}", "structured": {"card": envelope}},
                 seconds=1, with_id=False)


# The seed 000 example payloads, verbatim.
SEED_TEXT = {"title": "Why this setup", "text": "Volume dried up through the base and expanded on the breakout."}
SEED_CODE = {"language": "sql", "code": "select symbol, close from bars where date = current_date"}
SEED_ALERT = {"severity": "warning", "message": "Quotes are 20 minutes delayed — intraday levels are indicative."}
SEED_DETAIL = {"title": "TITAN", "status": "watchlist",
               "fields": [{"label": "Entry", "value": "3412"}, {"label": "Stop", "value": "3280"}]}
SEED_ITEM_LIST = {"items": [{"id": "cli:ethos", "name": "cli:ethos", "status": "ok", "meta": "14 messages"}]}
SEED_DATA_TABLE = {"columns": [{"key": "sector", "label": "Sector"}, {"key": "flow", "label": "Net flow", "numeric": True}],
                   "rows": [{"sector": "Pharma", "flow": 412}]}
SEED_METRIC_CHART = {"yLabel": "Net flow (Cr)", "series": [{"name": "FII", "points": [
    {"x": "2026-08-08", "y": -1240}, {"x": "2026-08-11", "y": 380}]}]}
SEED_RECOMMEND = {"question": "Next?", "actions": [{"label": "Size the trade", "prompt": "Size TITAN at 1% portfolio risk."}]}
SEED_RENDER_UI = {"template": "sector-flow", "libraries": ["echarts@1"],
                  "data": {"buckets": ["Mon"], "sectors": ["Banks"],
                           "cells": [{"sector": "Banks", "bucket": "Mon", "value": 412}]}}

# What ui/sector-flow.html of the personality holds; render_ui inlines it (no network: echarts is local).
SECTOR_FLOW_HTML = """<!doctype html>
<meta charset="utf-8">
<style>html,body{margin:0;height:100%;font:13px system-ui,sans-serif}#chart{width:100%;height:320px}</style>
<div id="chart" role="img" aria-label="Net flow by sector and day"></div>
<script>
const d = window.ethosData;
const cells = d.cells.map(c => [d.buckets.indexOf(c.bucket), d.sectors.indexOf(c.sector), c.value]);
const max = Math.max(1, ...cells.map(c => Math.abs(c[2])));
echarts.init(document.getElementById('chart')).setOption({
  tooltip: {position: 'top'},
  grid: {left: 80, right: 20, top: 20, bottom: 60},
  xAxis: {type: 'category', data: d.buckets},
  yAxis: {type: 'category', data: d.sectors},
  visualMap: {min: -max, max: max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0},
  series: [{type: 'heatmap', data: cells, label: {show: true}}]
});
</script>
"""


def build(data_dir):
    conv = Conversation()
    conv.add({"role": "system", "content": (
        "You are Ledger, a markets and data analyst. Prose is the durable answer; cards never replace it. "
        "Within a turn: data cards first, then at most one short prose caption, then recommend_actions last "
        "(only for a genuine next step, never more than three actions). Match the kind to the shape of the data. "
        "Reach for render_ui only for shapes the eight card kinds cannot express. Canvas templates: sector-flow.")},
        seconds=0)

    # Turn 1: sessions and the quote feed. The alert is built from its call's arguments (ack only).
    conv.user("Morning. Which sessions do I have open, and can I trust the quotes right now?", "turn_01")
    conv.cards([("alert", SEED_ALERT, "args"), ("item_list", SEED_ITEM_LIST, "structured")])
    conv.prose("One session is open, `cli:ethos`, with 14 messages. The feed is live but **delayed by 20 minutes**, "
               "so read any intraday level below as indicative, not executable.")

    # Turn 2: the week's money flow, with the seed's table, chart and canvas.
    conv.user("Where did the money go this week?", "turn_02")
    conv.cards([("data_table", SEED_DATA_TABLE, "structured")])
    conv.cards([("metric_chart", SEED_METRIC_CHART, "structured")])
    conv.canvas(SEED_RENDER_UI, SECTOR_FLOW_HTML, "Sector flow by day")
    conv.prose("Pharma led the inflows at **412 Cr**. Foreign investors (FII) swung from a 1,240 Cr outflow on "
               "8 Aug to a 380 Cr inflow on 11 Aug; the heatmap breaks the flow down by sector and day.")

    # Turn 3: one setup, described as a record, explained, with the query behind it.
    conv.user("Walk me through the TITAN setup.", "turn_03")
    conv.cards([("detail", SEED_DETAIL, "structured"), ("text", SEED_TEXT, "structured"),
                ("code", SEED_CODE, "structured")])
    risk = 3412 - 3280
    conv.prose("### TITAN at a glance\n\n"
               f"- Entry **3412**, stop **3280**: {risk} points of risk per share ({risk / 3412:.1%} of entry).\n"
               "- The closes come from the `bars` table; the query above is what I ran.")
    conv.cards([("recommend_actions", SEED_RECOMMEND, "args")])

    # Turn 4: stocks.csv, monthly closes, split over two charts (four series at most per chart).
    stocks = load_stocks(data_dir)
    assert sorted(stocks) == ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"], sorted(stocks)
    conv.user("Different topic: using the sample data in stocks.csv, how did the five tech stocks do "
              "from 2000 to 2010?", "turn_04")

    def chart(title, symbols):
        return {"title": title, "suggestedViz": "line", "xLabel": "Month", "yLabel": "Price (USD)",
                "series": [{"name": s, "points": [{"x": d, "y": num(p)} for d, p in stocks[s]]} for s in symbols]}

    first_month = min(pts[0][0] for pts in stocks.values())
    last_month = max(pts[-1][0] for pts in stocks.values())
    years = f"{first_month[:4]}–{last_month[:4]}"
    conv.cards([("metric_chart", chart(f"Monthly price, {years}: AAPL, AMZN, GOOG", ["AAPL", "AMZN", "GOOG"]), "structured"),
                ("metric_chart", chart(f"Monthly price, {years}: MSFT, IBM", ["MSFT", "IBM"]), "structured")])
    table = ["| Symbol | First month | First | Last | Change | Peak (month) |",
             "|---|---|---:|---:|---:|---|"]
    changes = {}
    for s in ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"]:
        pts = stocks[s]
        (d0, p0), (d1, p1) = pts[0], pts[-1]
        peak_d, peak_p = max(pts, key=lambda t: t[1])
        changes[s] = p1 / p0 - 1
        table.append(f"| `{s}` | {d0[:7]} | {fmt_usd(p0)} | {fmt_usd(p1)} | {changes[s]:+.0%} | "
                     f"{fmt_usd(peak_p)} ({peak_d[:7]}) |")
    best = max(changes, key=changes.get)
    worst = min(changes, key=changes.get)
    conv.prose(f"Monthly closes through {last_month[:7]}; `GOOG` only lists from {stocks['GOOG'][0][0][:7]}.\n\n"
               + "\n".join(table) + "\n\n"
               f"`{best}` gained the most ({changes[best]:+.0%}); `{worst}` ended {abs(changes[worst]):.0%} "
               f"{'below' if changes[worst] < 0 else 'above'} where it started.")

    # Turn 5: penguins.json as a table, gaps left as null (drawn as an em dash), with a totals row.
    penguins = load_penguins(data_dir)
    conv.user("Now the penguins file: show me the measurements, and mark the gaps.", "turn_05")
    start, step = 4, 7  # 1-based record numbers 4, 11, 18, …: a systematic sample under the 50-row limit
    sample = [(i + 1, penguins[i]) for i in range(start - 1, len(penguins), step)]
    # Short labels so eight columns fit a 900 px column.
    measures = [("beak_length", "Beak len. (mm)", "Beak Length (mm)"),
                ("beak_depth", "Beak dep. (mm)", "Beak Depth (mm)"),
                ("flipper", "Flipper (mm)", "Flipper Length (mm)"),
                ("mass", "Mass (g)", "Body Mass (g)")]
    columns = [{"key": "record", "label": "Record", "numeric": True},
               {"key": "species", "label": "Species"}, {"key": "island", "label": "Island"}]
    columns += [{"key": k, "label": label, "numeric": True} for k, label, _ in measures]
    columns.append({"key": "sex", "label": "Sex"})
    rows = []
    for n, r in sample:
        sex = r["Sex"].capitalize() if r["Sex"] in ("MALE", "FEMALE") else None
        row = {"record": n, "species": r["Species"], "island": r["Island"]}
        row.update({k: r[src] for k, _, src in measures})
        row["sex"] = sex
        rows.append(row)
    measured = sum(1 for row in rows if any(row[k] is not None for k, _, _ in measures))
    totals = {"record": "", "species": "Mean", "island": ""}
    for k, _, _ in measures:
        vals = [row[k] for row in rows if row[k] is not None]
        # One decimal like the source (17.0 stays "17.0"); body mass in whole grams.
        totals[k] = round(statistics.mean(vals), 1) if k != "mass" else round(statistics.mean(vals))
    sexes = [row["sex"] for row in rows]
    totals["sex"] = f"{sexes.count('Female')} F, {sexes.count('Male')} M"
    missing_all = [row["record"] for row in rows if all(row[k] is None for k, _, _ in measures)]
    missing_sex = [row["record"] for row in rows if row["sex"] is None and row["record"] not in missing_all]
    table_payload = {"title": f"Penguin measurements: every {step}th record ({len(rows)} of {len(penguins)})",
                     "caption": (f"Source: penguins.json (vega datasets), records {start}, {start + step}, "
                                 f"{start + 2 * step}, … Empty cells were missing in the source. "
                                 f"Means cover the {measured} measured birds."),
                     "columns": columns, "rows": rows, "totals": totals}
    conv.cards([("data_table", table_payload, "structured")])
    species_counts = {}
    for _, r in sample:
        species_counts[r["Species"]] = species_counts.get(r["Species"], 0) + 1
    conv.prose(f"**Gaps in this sample** ({len(rows)} rows):\n\n"
               f"1. Records {' and '.join(map(str, missing_all))} have no measurements at all.\n"
               f"2. Record{'s' if len(missing_sex) != 1 else ''} {', '.join(map(str, missing_sex))} "
               f"{'are' if len(missing_sex) != 1 else 'is'} measured but not sexed.\n\n"
               "Species in the sample: "
               + ", ".join(f"{s} {c}" for s, c in sorted(species_counts.items())) + ".")

    # Turn 6: Seattle weather by calendar month, averaged over every year in the file.
    weather = load_weather(data_dir)
    conv.user("Last one: Seattle weather. How warm does it get, month by month?", "turn_06")
    by_month = {m: {"max": [], "min": [], "rain": []} for m in range(1, 13)}
    for r in weather:
        m = int(r["date"][5:7])
        by_month[m]["max"].append(float(r["temp_max"]))
        by_month[m]["min"].append(float(r["temp_min"]))
        by_month[m]["rain"].append(float(r["precipitation"]))
    names = [datetime.date(2000, m, 1).strftime("%b") for m in range(1, 13)]
    first_year, last_year = weather[0]["date"][:4], weather[-1]["date"][:4]
    mean_max = {m: round(statistics.mean(v["max"]), 1) for m, v in by_month.items()}
    mean_min = {m: round(statistics.mean(v["min"]), 1) for m, v in by_month.items()}
    weather_chart = {"title": f"Seattle daily temperature by month, {first_year}–{last_year} mean",
                     "suggestedViz": "line", "xLabel": "Month", "yLabel": "Temperature (°C)",
                     "series": [{"name": "Mean daily max", "points": [{"x": names[m - 1], "y": num(mean_max[m])} for m in range(1, 13)]},
                                {"name": "Mean daily min", "points": [{"x": names[m - 1], "y": num(mean_min[m])} for m in range(1, 13)]}]}
    conv.cards([("metric_chart", weather_chart, "structured")])
    warm = max(mean_max, key=mean_max.get)
    cold = min(mean_min, key=mean_min.get)
    years_n = int(last_year) - int(first_year) + 1
    wet = max(by_month, key=lambda m: sum(by_month[m]["rain"]))
    wet_mm = sum(by_month[wet]["rain"]) / years_n
    dry = min(by_month, key=lambda m: sum(by_month[m]["rain"]))
    dry_mm = sum(by_month[dry]["rain"]) / years_n
    conv.prose(f"Warmest: **{names[warm - 1]}**, mean daily max {mean_max[warm]} °C. "
               f"Coldest nights: {names[cold - 1]}, mean daily min {mean_min[cold]} °C. "
               f"Rain peaks in {names[wet - 1]} (about {wet_mm:.0f} mm a month) and bottoms out in "
               f"{names[dry - 1]} (about {dry_mm:.0f} mm).")
    conv.cards([("recommend_actions", {
        "question": "Where next with the sample data?",
        "actions": [
            {"label": "Chart rainfall", "prompt": f"Chart Seattle's total monthly precipitation for {first_year}–{last_year} as bars."},
            {"label": "Penguins by species", "prompt": "Summarise the penguin measurements by species: count and mean of each measurement."},
            {"label": "Rebase the stocks", "prompt": "Rebase the five stocks in stocks.csv to 100 at January 2005 and chart them together."},
        ]}, "structured")])

    # Turn 7: a json-render card (seed 001) to sign off, with buttons that report a press.
    conv.user("Put the last closes from stocks.csv in a card I can sign off on.", "turn_07")
    symbols = ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"]
    rows = [[s, num(stocks[s][-1][1]), f"{changes[s]:+.0%}", stocks[s][0][0][:7]] for s in symbols]
    spec = {"root": "card", "elements": {
        "card": {"type": "Card", "props": {"title": f"Sign-off: last closes, {last_month[:7]}",
                                          "subtitle": "stocks.csv (vega datasets), last monthly close per symbol"},
                 "children": ["facts", "closes", "note", "rule", "actions"]},
        "facts": {"type": "Fields", "props": {}, "children": ["month", "best", "worst"]},
        "month": {"type": "Field", "props": {"label": "Month", "value": last_month[:7]}, "children": []},
        "best": {"type": "Field", "props": {"label": "Best since listing", "value": f"{best} {changes[best]:+.0%}"}, "children": []},
        "worst": {"type": "Field", "props": {"label": "Worst since listing", "value": f"{worst} {changes[worst]:+.0%}"}, "children": []},
        "closes": {"type": "Table", "props": {"columns": ["Symbol", "Close (USD)", "Change", "Since"], "rows": rows}, "children": []},
        "note": {"type": "Text", "props": {"text": "Approve to file these closes as the reference prices; "
                                                   "Reject to leave the file unchanged.", "style": "muted"}, "children": []},
        "rule": {"type": "Divider", "props": {}, "children": []},
        "actions": {"type": "Actions", "props": {}, "children": ["approve", "reject", "source"]},
        "approve": {"type": "Button", "props": {"id": "approve_closes", "label": "Approve", "style": "primary"}, "children": []},
        "reject": {"type": "Button", "props": {"id": "reject_closes", "label": "Reject", "style": "danger"}, "children": []},
        "source": {"type": "LinkButton", "props": {"label": "Dataset source", "url": "https://github.com/vega/vega-datasets"},
                   "children": []},
    }}
    conv.send_card(spec, f"Sign-off: last closes for {', '.join(symbols)} ({last_month[:7]}). Approve or reject.")
    conv.prose("The card above lists each symbol's last close. Press **Approve** or **Reject**: your press comes back "
               "to me as a note like `[Button pressed by Ada; action=approve_closes]`.")

    # Turn 8: widget documents (seed 003) in the prose itself: the Seattle weather at a glance, then the
    # penguin species side by side. Tessera draws each fence in place; the raw JSON is never shown.
    conv.user("Give me the Seattle weather at a glance, and compare the penguin species.", "turn_08")
    kinds = {}
    for r in weather:
        kinds[r["weather"]] = kinds.get(r["weather"], 0) + 1
    days = len(weather)
    rain_mm = {m: round(sum(by_month[m]["rain"]) / years_n, 1) for m in range(1, 13)}
    sunny = kinds.get("sun", 0)
    seattle = {"version": 1, "title": "Seattle weather", "root": {
        "type": "card", "title": f"Seattle weather, {first_year}–{last_year}",
        "description": f"seattle-weather.csv (vega datasets): {days:,} daily records",
        "children": [
            {"type": "stack", "direction": "horizontal", "children": [
                {"type": "stat", "label": "Warmest month, mean daily max", "value": f"{mean_max[warm]} °C",
                 "hint": names[warm - 1], "trend": [mean_max[m] for m in range(1, 13)]},
                {"type": "stat", "label": "Wettest month, mean rain", "value": f"{rain_mm[wet]} mm",
                 "hint": names[wet - 1], "trend": [rain_mm[m] for m in range(1, 13)]},
                {"type": "stat", "label": "Days recorded", "value": days}]},
            {"type": "heading", "text": "Mean rainfall by month (mm)", "level": 3},
            {"type": "chart", "kind": "bar", "height": 200,
             "data": [{"label": names[m - 1], "value": num(rain_mm[m])} for m in range(1, 13)]},
            {"type": "table", "columns": [{"key": "weather", "label": "Weather"},
                                          {"key": "days", "label": "Days", "align": "right"},
                                          {"key": "share", "label": "Share", "align": "right"}],
             "rows": [{"weather": k, "days": v, "share": f"{v / days:.1%}"}
                      for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])]},
            {"type": "progress", "value": round(100 * sunny / days, 1), "label": "Days recorded as sunny"}],
        "footer": [
            {"type": "button", "label": "Chart rainfall by year", "action": {"kind": "agent", "id": "rainfall_by_year"}},
            {"type": "button", "label": "Dataset source", "variant": "outline",
             "action": {"kind": "url", "href": "https://github.com/vega/vega-datasets"}}]}}
    species = sorted({p["Species"] for p in penguins})
    def mean_of(s, key, digits=1):
        vals = [p[key] for p in penguins if p["Species"] == s and p[key] is not None]
        return num(round(statistics.mean(vals), digits)) if vals else None
    compare = {"version": 1, "title": "Penguin species", "root": {
        "type": "compare", "options": [{"name": s} for s in species],
        "rows": [{"label": "Birds", "values": [sum(1 for p in penguins if p["Species"] == s) for s in species]},
                 {"label": "Islands", "values": [", ".join(sorted({p["Island"] for p in penguins if p["Species"] == s}))
                                                 for s in species]},
                 {"label": "Beak length (mm)", "values": [mean_of(s, "Beak Length (mm)") for s in species]},
                 {"label": "Flipper length (mm)", "values": [mean_of(s, "Flipper Length (mm)") for s in species]},
                 {"label": "Body mass (g)", "values": [mean_of(s, "Body Mass (g)", 0) for s in species]}]}}
    heaviest = max(species, key=lambda s: mean_of(s, "Body Mass (g)", 0))
    conv.prose(f"Seattle at a glance, {first_year}–{last_year}:\n\n" + conv.widget(seattle)
               + f"\n\n{sunny / days:.0%} of the days are recorded as sunny. The three penguin species side by side "
               "(means over the measured birds):\n\n" + conv.widget(compare)
               + f"\n\n{heaviest} is the heaviest on average.")
    return conv


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/vega")
    ap.add_argument("--out", default=os.path.join(REPO, "resources", "demo", "demo.jsonl"))
    args = ap.parse_args()

    conv = build(args.data)
    problems = []
    for envelope in conv.envelopes:
        problems += [f"{envelope['kind']}{issue}" for issue in card_issues(envelope)]
    for document in conv.widgets:
        problems += [f"dorkos_ui{issue}" for issue in widget_issues(document)]
    kinds = {e["kind"] for e in conv.envelopes}
    # The catalog is the schema files (resources/schemas/<kind>.json, one per catalog kind of the table).
    schemas = os.path.join(REPO, "resources", "schemas")
    expected = {name[:-5] for name in os.listdir(schemas) if name.endswith(".json")}
    if not expected <= kinds:
        problems.append(f"kinds used {sorted(kinds)}, expected all {len(expected)}: {sorted(expected)}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1

    text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in conv.lines)
    for n, line in enumerate(text.splitlines(), 1):
        json.loads(line)  # every line parses
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"{args.out}: {len(conv.lines)} lines, {len(conv.envelopes) + len(conv.widgets)} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())

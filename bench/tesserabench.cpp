// tessera-bench: Tessera's performance figures, one per line, with units and targets beside them.
//
//   tessera-bench [--messages N] [--cards M] [--envelopes E] [--layout-runs R] [--scroll-budget MS]
//   tessera-bench --write-transcript FILE [--messages N] [--cards M]   (writes the generated transcript)
//   tessera-bench open FILE   (opens FILE as the window would and prints its figures; parsebench.cpp)
//   tessera-bench --validation   (sections (a) and (g) alone: validation, parse, tessera validate vs Node)
//
// (a) envelopes validated per second over a deterministic corpus mixing the eight emit_card kinds;
// (b) a generated N-message / M-card transcript (JSON Lines text built in memory): parse, model build,
//     first paint of the conversation view at 1000x800, and a scroll through the whole conversation
//     in viewport steps with the live widget count;
// (c) median create + layout time per kind at 900 px (RendererRegistry::createCardWidget, then
//     blockHeightForWidth);
// (d) peak and current RSS after opening the big transcript.
// (e) the conversation store: import, append, list 1,000 conversations, first screen (storebench.cpp).
// (f) a live session: events/s from a flooding backend with the view open, card event to first paint
//     (sessionbench.cpp).
// (g) strict JSON parse throughput of the transcript's lines (parsebench.cpp).
// (h) long prose (issue 13): headless render, opening and scrolling one huge assistant message, and a
//     streamed one growing (prosebench.cpp); `--prose` runs this section alone.
// Every input is generated from a fixed seed, so two runs measure the same work. Figures are
// measurements on a noisy machine, never pass/fail: the targets are printed for the reader.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <iterator>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QScrollBar>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <bench/benchclock.h>
#include <cards/allocator.h>
#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>

using nlohmann::json;
using namespace Tessera;

// parsebench.cpp: the threads the app reads lines on, and a timed run of parts on as many threads.
int everyCoreThreads();
std::vector<double> wallOnThreads(int threads, int rounds, const std::function<void(int)> &part);

namespace {

// --- deterministic input ------------------------------------------------------------------------

// SplitMix64: the same numbers on every platform and standard library (std distributions are not).
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_state(seed)
    {}
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int range(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); } // [lo, hi]
    double unit() { return double(next() >> 11) / double(1ull << 53); }
    bool chance(double p) { return unit() < p; }
    template<typename T, std::size_t N>
    const T &pick(const T (&items)[N]) { return items[next() % N]; }

private:
    std::uint64_t m_state;
};

const char *const kWords[] = {
    "revenue", "flow", "sector", "latency", "queue", "deploy", "margin", "signal", "volume", "breakout",
    "index", "cohort", "budget", "forecast", "variance", "node", "cluster", "request", "error", "build",
    "trend", "quarter", "region", "segment", "baseline", "anomaly", "median", "spread", "yield", "ratio",
    "the", "of", "and", "in", "with", "across", "over", "since", "while", "for", "against", "above"};
const char *const kNames[] = {"Pharma", "Banks", "Energy", "Metals", "Autos", "IT", "Realty", "FMCG", "Media",
                              "Telecom", "Utilities", "Chemicals"};
const char *const kLanguages[] = {"sql", "python", "typescript", "cpp", "bash", "json", "yaml", "go"};
const char *const kSeverities[] = {"info", "success", "warning", "error"};
const char *const kStatuses[] = {"ok", "warn", "error", "neutral"};

// The eight kinds emit_card produces (seed 000); canvas only comes from render_ui.
const CardKind kEmitKinds[] = {CardKind::Text,     CardKind::Code,        CardKind::Alert,
                               CardKind::Detail,   CardKind::ItemList,    CardKind::DataTable,
                               CardKind::MetricChart, CardKind::RecommendActions};

std::string words(Rng &rng, int count)
{
    std::string s;
    for (int i = 0; i < count; ++i) {
        if (i)
            s += ' ';
        s += rng.pick(kWords);
    }
    return s;
}

std::string sentence(Rng &rng)
{
    std::string s = words(rng, rng.range(6, 16));
    s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
    return s + '.';
}

std::string isoDate(int dayOffset)
{
    // Days from 2024-01-01, proleptic Gregorian, no library calls (deterministic in every time zone).
    static const int kDaysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int year = 2024, month = 0, day = dayOffset;
    for (;;) {
        const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        const int len = kDaysInMonth[month] + (month == 1 && leap ? 1 : 0);
        if (day < len)
            break;
        day -= len;
        if (++month == 12) {
            month = 0;
            ++year;
        }
    }
    char buf[48]; // room for any three ints, so the compiler sees no truncation
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month + 1, day + 1);
    return buf;
}

double money(Rng &rng, double scale) { return double(std::llround(rng.unit() * scale * 100.0)) / 100.0; }

// A payload of realistic size for a kind, inside every seed 000 limit.
json makePayload(CardKind kind, Rng &rng)
{
    switch (kind) {
    case CardKind::Text: {
        std::string text;
        for (int p = rng.range(1, 4); p > 0; --p) {
            for (int s = rng.range(2, 5); s > 0; --s)
                text += sentence(rng) + ' ';
            text += "\n\n";
        }
        for (int i = rng.range(0, 4); i > 0; --i)
            text += "- **" + words(rng, 2) + "**: " + sentence(rng) + '\n';
        return {{"title", words(rng, rng.range(2, 6))}, {"text", text}};
    }
    case CardKind::Code: {
        std::string code;
        const int lines = rng.range(8, 60);
        for (int i = 0; i < lines; ++i)
            code += std::string(size_t(4 * rng.range(0, 3)), ' ') + "let " + rng.pick(kWords) + "_" +
                    std::to_string(i) + " = " + rng.pick(kWords) + "(" + std::to_string(rng.range(0, 999)) + ");\n";
        return {{"title", std::string(rng.pick(kWords)) + ".ts"}, {"language", rng.pick(kLanguages)}, {"code", code}};
    }
    case CardKind::Alert:
        return {{"severity", rng.pick(kSeverities)}, {"title", words(rng, 3)}, {"message", sentence(rng)}};
    case CardKind::Detail: {
        json fields = json::array();
        for (int i = rng.range(3, 10); i > 0; --i)
            fields.push_back({{"label", words(rng, rng.range(1, 3))}, {"value", words(rng, rng.range(1, 8))}});
        return {{"title", words(rng, 2)}, {"status", "open"}, {"fields", fields}};
    }
    case CardKind::ItemList: {
        json items = json::array();
        const int first = rng.range(1000, 90000);
        for (int i = rng.range(3, 20); i > 0; --i)
            items.push_back({{"id", "job:" + std::to_string(first + i)},
                             {"name", words(rng, rng.range(2, 5))},
                             {"status", rng.pick(kStatuses)},
                             {"meta", std::to_string(rng.range(1, 400)) + " messages"}});
        return {{"title", words(rng, 3)}, {"items", items}};
    }
    case CardKind::DataTable: {
        const int numericColumns = rng.range(3, 6);
        json columns = json::array({{{"key", "name"}, {"label", "Name"}}});
        for (int c = 0; c < numericColumns; ++c)
            columns.push_back({{"key", "c" + std::to_string(c)}, {"label", words(rng, 2)}, {"numeric", true}});
        json rows = json::array();
        const int rowCount = rng.range(8, 40);
        for (int r = 0; r < rowCount; ++r) {
            json row = {{"name", std::string(rng.pick(kNames)) + " " + std::to_string(r + 1)}};
            for (int c = 0; c < numericColumns; ++c) {
                const std::string key = "c" + std::to_string(c);
                if (rng.chance(0.05))
                    row[key] = nullptr;
                else if (c % 2)
                    row[key] = rng.range(-5000, 5000);
                else
                    row[key] = money(rng, 10000);
            }
            rows.push_back(row);
        }
        json payload = {{"title", words(rng, 3)}, {"caption", "Source: " + words(rng, 4)},
                        {"columns", columns}, {"rows", rows}};
        if (rng.chance(0.5)) {
            json totals = {{"name", "Total"}};
            for (int c = 0; c < numericColumns; ++c)
                totals["c" + std::to_string(c)] = rng.range(-50000, 50000);
            payload["totals"] = totals;
        }
        return payload;
    }
    case CardKind::MetricChart: {
        const int seriesCount = rng.range(1, 4);
        const int points = rng.range(12, 120);
        const int axis = rng.range(0, 9); // 0-6 time, 7-8 numbers, 9 categories
        const int firstName = rng.range(0, int(std::size(kNames)) - 1);
        json series = json::array();
        for (int s = 0; s < seriesCount; ++s) {
            json pts = json::array();
            double y = 100.0 + rng.unit() * 400.0;
            for (int p = 0; p < points; ++p) {
                y = std::max(1.0, y + (rng.unit() - 0.5) * 20.0);
                json x = axis <= 6 ? json(isoDate(p)) : axis <= 8 ? json(p * 5) : json("B" + std::to_string(p));
                pts.push_back({{"x", x}, {"y", double(std::llround(y * 100.0)) / 100.0}});
            }
            series.push_back({{"name", kNames[(firstName + s) % std::size(kNames)]}, {"points", pts}});
        }
        return {{"title", words(rng, 4)}, {"suggestedViz", axis == 9 ? "bar" : "line"}, {"xLabel", "Date"},
                {"yLabel", "Value (units)"}, {"series", series}};
    }
    case CardKind::RecommendActions: {
        json actions = json::array();
        for (int i = rng.range(1, 3); i > 0; --i)
            actions.push_back({{"label", words(rng, 2)}, {"prompt", sentence(rng)}});
        return {{"question", "Next?"}, {"actions", actions}};
    }
    case CardKind::Canvas:
        return {{"title", words(rng, 3)},
                {"html", "<div id=c></div><script>document.getElementById('c').textContent="
                         "JSON.stringify(window.ethosData)</script>"},
                {"data", {{"values", {rng.range(0, 9), rng.range(0, 9), rng.range(0, 9)}}}}};
    case CardKind::JsonRender:     // the bench draws the nine catalog kinds only
    case CardKind::WidgetDocument:
    case CardKind::Registered:
    case CardKind::Unknown:
        break;
    }
    return json::object();
}

std::string envelopeText(CardKind kind, const json &payload)
{
    return json{{"kind", cardKindName(kind).toStdString()}, {"specVersion", kCardSpecVersion}, {"payload", payload}}.dump();
}

std::string proseMarkdown(Rng &rng)
{
    std::string text;
    if (rng.chance(0.3))
        text += "### " + words(rng, 3) + "\n\n";
    for (int s = rng.range(1, 5); s > 0; --s)
        text += sentence(rng) + " ";
    if (rng.chance(0.4)) {
        text += "\n\n";
        for (int i = rng.range(2, 5); i > 0; --i)
            text += "- `" + std::string(rng.pick(kWords)) + "` " + words(rng, rng.range(3, 9)) + "\n";
    }
    if (rng.chance(0.1))
        text += "\n| Sector | Flow |\n|---|---:|\n| Banks | 412 |\n| Pharma | -38 |\n";
    return text;
}

struct GeneratedTranscript
{
    QByteArray jsonl;
    int lines = 0;
    int cards = 0;
};

// A conversation of about `messages` lines and exactly `cards` cards: turns of user question, card
// calls (assistant tool_call + tool result with structured.card; one in ten without a result, built
// from the arguments), then assistant prose.
GeneratedTranscript makeTranscript(int messages, int cards)
{
    Rng rng(0x7E55E7A);
    GeneratedTranscript out;
    // Each card takes two lines (call + result), each turn two (user + prose).
    const int turns = std::max(1, (messages - 2 * cards) / 2);
    int call = 0;
    auto line = [&](const json &message) {
        out.jsonl += QByteArray::fromStdString(message.dump());
        out.jsonl += '\n';
        ++out.lines;
    };
    for (int t = 0; t < turns; ++t) {
        const std::string turnId = "turn_" + std::to_string(t + 1);
        line({{"role", "user"}, {"content", sentence(rng) + (rng.chance(0.3) ? " " + sentence(rng) : "")},
              {"id", "msg_" + std::to_string(out.lines + 1)}, {"turn_id", turnId}});
        const int cardsHere = int(std::int64_t(cards) * (t + 1) / turns - std::int64_t(cards) * t / turns);
        for (int c = 0; c < cardsHere; ++c) {
            const CardKind kind = kEmitKinds[rng.next() % std::size(kEmitKinds)];
            const json payload = makePayload(kind, rng);
            const std::string id = "call_" + std::to_string(++call);
            const std::string kindName = cardKindName(kind).toStdString();
            const json arguments = {{"kind", kindName}, {"payload", payload}};
            line({{"role", "assistant"}, {"content", nullptr}, {"turn_id", turnId},
                  {"tool_calls", json::array({{{"id", id}, {"type", "function"},
                                               {"function", {{"name", "emit_card"}, {"arguments", arguments.dump()}}}}})}});
            json result = {{"role", "tool"}, {"tool_call_id", id}, {"name", "emit_card"}, {"turn_id", turnId},
                           {"content", "rendered: " + kindName}};
            if (call % 10 != 0)
                result["structured"] = {{"card", {{"kind", kindName}, {"specVersion", kCardSpecVersion}, {"payload", payload}}}};
            line(result);
            ++out.cards;
        }
        line({{"role", "assistant"}, {"content", proseMarkdown(rng)}, {"turn_id", turnId}});
    }
    return out;
}

// --- measuring -----------------------------------------------------------------------------------

double ms(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

// CPU time of the process (every thread) in ms.
double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}


double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // Linux: kilobytes
}

double currentRssMiB()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().simplified().split(' ');
    if (fields.size() < 2)
        return -1;
    return double(fields.at(1).toLongLong()) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

void figure(const char *name, double value, const char *unit, const char *target = nullptr)
{
    if (target)
        std::printf("%-46s %12.2f %-10s (target %s)\n", name, value, unit, target);
    else
        std::printf("%-46s %12.2f %s\n", name, value, unit);
    std::fflush(stdout);
}

void heading(const char *text)
{
    std::printf("\n== %s\n", text);
    std::fflush(stdout);
}

// Sees the viewport's first paint event end (the filter runs before the paint; the flag is read after
// processEvents returns, by which time the paint has finished).
class PaintWatcher : public QObject
{
public:
    using QObject::QObject;
    int paints() const { return m_paints; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++m_paints;
        return QObject::eventFilter(watched, event);
    }

private:
    int m_paints = 0;
};

void processUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

// Deferred deletes posted outside a running event loop wait for one; deliver them now.
void flushDeletes() { QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); }

struct Options
{
    int messages = 10000;
    int cards = 3000;
    int envelopes = 10000;
    int layoutRuns = 50;
    int scrollBudgetMs = 25000;
    bool proseOnly = false;  // --prose: section (h) alone
    bool validationOnly = false; // --validation: sections (a) and (g) alone (issue 17)
    bool storeOnly = false;      // --store: section (e) alone (issue 17, import rate)
    QString writeTranscript; // write the generated transcript here and exit (to check it with `tessera validate`)
    QString writeEnvelopes;  // write section (g)'s envelope transcript here and exit (to time validate by hand)
};

bool parseOptions(const QStringList &args, Options *options)
{
    for (int i = 1; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--prose")) {
            options->proseOnly = true;
            continue;
        }
        if (arg == QLatin1String("--validation")) {
            options->validationOnly = true;
            continue;
        }
        if (arg == QLatin1String("--store")) {
            options->storeOnly = true;
            continue;
        }
        if (arg == QLatin1String("--write-envelopes") && i + 1 < args.size()) {
            options->writeEnvelopes = args.at(++i);
            continue;
        }
        if (arg == QLatin1String("--write-transcript") && i + 1 < args.size()) {
            options->writeTranscript = args.at(++i);
            continue;
        }
        int *target = arg == QLatin1String("--messages")        ? &options->messages
                      : arg == QLatin1String("--cards")         ? &options->cards
                      : arg == QLatin1String("--envelopes")     ? &options->envelopes
                      : arg == QLatin1String("--layout-runs")   ? &options->layoutRuns
                      : arg == QLatin1String("--scroll-budget") ? &options->scrollBudgetMs
                                                                : nullptr;
        bool ok = false;
        const int value = target && i + 1 < args.size() ? args.at(i + 1).toInt(&ok) : 0;
        if (!target || !ok || value < 0) {
            std::fprintf(stderr,
                         "usage: tessera-bench [--messages N] [--cards M] [--envelopes E] [--layout-runs R] "
                         "[--scroll-budget MS] [--prose] [--validation] [--store] [--write-transcript FILE] [--write-envelopes FILE]\n"
                         "       tessera-bench open FILE   (times opening FILE as the window does)\n"
                         "  defaults: 10000 messages, 3000 cards, 10000 envelopes, 50 runs per kind, 25000 ms\n");
            return false;
        }
        *target = value;
        ++i;
    }
    return true;
}

// --- the four parts -------------------------------------------------------------------------------

void benchTranscript(const Options &options)
{
    heading("(b) transcript: parse, model, first paint, scroll");
    const double baselineRss = currentRssMiB();
    QElapsedTimer timer;
    timer.start();
    GeneratedTranscript generated = makeTranscript(options.messages, options.cards);
    std::printf("generated %d lines, %d cards, %.1f MiB of JSONL in %.0f ms (not part of any figure)\n",
                generated.lines, generated.cards, double(generated.jsonl.size()) / (1024.0 * 1024.0), ms(timer));

    timer.restart();
    Transcript transcript = Transcript::fromJsonLines(generated.jsonl);
    figure("parse (Transcript::fromJsonLines)", ms(timer), "ms");
    std::printf("  -> %lld messages, %d cards, %d fallbacks\n", qlonglong(transcript.messages.size()),
                transcript.cardCount(), transcript.fallbackCount());
    generated.jsonl = QByteArray(); // an application frees the file buffer once parsed

    ConversationModel model;
    timer.restart();
    model.setTranscript(transcript);
    figure("model build (ConversationModel::setTranscript)", ms(timer), "ms");
    std::printf("  -> %d blocks\n", model.rowCount());
    transcript = Transcript(); // the model keeps its own copy

    // First paint: from an empty view to its first finished paint with the model, at 1000x800.
    timer.restart();
    ConversationView view;
    view.resize(1000, 800);
    view.setModel(&model);
    const double setupMs = ms(timer);
    PaintWatcher watcher;
    view.viewport()->installEventFilter(&watcher);
    view.show();
    processUntil([&] { return watcher.paints() > 0; }, 5000);
    if (watcher.paints() == 0) {
        view.grab(); // the platform delivered no paint: force one so the figure still means "drawn"
        std::printf("  (no paint event within 5 s; measured through QWidget::grab)\n");
    }
    const double firstPaintMs = ms(timer);
    figure("view setup (construct, resize, setModel)", setupMs, "ms");
    figure("first paint (view created -> first paint done)", firstPaintMs, "ms", "<= ~100 ms");
    std::printf("  -> live widgets %d, content height %d px\n", view.liveWidgetCount(), view.contentHeight());

    heading("(d) memory after opening the transcript");
    flushDeletes();
    figure("peak RSS (getrusage ru_maxrss)", peakRssMiB(), "MiB", "<= ~120 MB");
    figure("current RSS (/proc/self/statm)", currentRssMiB(), "MiB", "<= ~120 MB");
    figure("  of which before opening (Qt, app, fonts)", baselineRss, "MiB");
    figure("  of which the open conversation (difference)", currentRssMiB() - baselineRss, "MiB");

    heading("(b) scroll through the whole conversation in viewport steps");
    QScrollBar *bar = view.verticalScrollBar();
    std::vector<double> stepMs;
    std::vector<double> layoutMs; // setValue: the view builds, measures and releases widgets
    std::vector<double> paintMs;  // repaint, events, deferred deletes
    std::vector<double> stepCpuMs; // the GUI thread's CPU time of each step (the wall clock counts other processes too)
    int maxLive = view.liveWidgetCount();
    const qsizetype widgetsBefore = QApplication::allWidgets().size();
    int steps = 0;
    bool finished = false;
    timer.restart();
    QElapsedTimer step;
    while (true) {
        if (bar->value() >= bar->maximum()) {
            finished = true;
            break;
        }
        if (timer.elapsed() > options.scrollBudgetMs)
            break;
        step.start();
        const double cpuBefore = threadCpuMs();
        bar->setValue(bar->value() + bar->pageStep());
        layoutMs.push_back(ms(step));
        view.viewport()->repaint(); // paint now, as a user scrolling would see it
        QCoreApplication::processEvents();
        flushDeletes();
        stepMs.push_back(ms(step));
        stepCpuMs.push_back(threadCpuMs() - cpuBefore);
        paintMs.push_back(stepMs.back() - layoutMs.back());
        maxLive = std::max(maxLive, view.liveWidgetCount());
        ++steps;
    }
    const double scrollMs = ms(timer);
    figure(finished ? "scroll to the end (total)" : "scroll (stopped at the time budget)", scrollMs, "ms");
    std::printf("  -> %d steps of %d px, reached %d of %d px (%s)\n", steps, bar->pageStep(), bar->value(),
                bar->maximum(), finished ? "end" : "NOT the end: raise --scroll-budget");
    if (!finished && steps > 0 && bar->pageStep() > 0) {
        // Heights still unmeasured below are estimates, so this is a projection, not a measurement.
        const double totalSteps = double(bar->maximum()) / double(bar->pageStep());
        figure("scroll to the end (projected from mean step)", scrollMs / steps * totalSteps, "ms");
    }
    figure("scroll step median", median(stepMs), "ms", "<= ~16 ms, one 60 Hz frame");
    figure("  of which layout (build, measure, release)", median(layoutMs), "ms");
    figure("  of which paint and events", median(paintMs), "ms");
    figure("scroll step 95th percentile", percentile(stepMs, 0.95), "ms");
    figure("scroll step 99th percentile", percentile(stepMs, 0.99), "ms", "<= 16 ms");
    figure("scroll step max", stepMs.empty() ? 0 : *std::max_element(stepMs.begin(), stepMs.end()), "ms");
    figure("scroll step GUI-thread CPU, median", median(stepCpuMs), "ms");
    figure("scroll step GUI-thread CPU, 99th percentile", percentile(stepCpuMs, 0.99), "ms", "<= 16 ms");
    figure("scroll step GUI-thread CPU, max", stepCpuMs.empty() ? 0 : *std::max_element(stepCpuMs.begin(), stepCpuMs.end()), "ms");
    figure("live widgets at the end", view.liveWidgetCount(), "widgets");
    figure("live widgets, most seen while scrolling", maxLive, "widgets", "a few dozen, flat");
    figure("QWidgets alive in the application, before", double(widgetsBefore), "widgets");
    figure("QWidgets alive in the application, after", double(QApplication::allWidgets().size()), "widgets");
    figure("peak RSS after the scroll", peakRssMiB(), "MiB", "<= ~120 MB");
    figure("current RSS after the scroll", currentRssMiB(), "MiB");
    view.setModel(nullptr);
    flushDeletes();
    figure("QWidgets alive with the model removed", double(QApplication::allWidgets().size()), "widgets",
           "only the empty view's own (no leak)");
}

void benchValidation(const Options &options)
{
    heading("(a) envelope validation (Card::fromEnvelopeText)");
    Rng rng(0xC0FFEE);
    std::vector<QByteArray> corpus;
    corpus.reserve(size_t(options.envelopes));
    qint64 bytes = 0;
    for (int i = 0; i < options.envelopes; ++i) {
        const CardKind kind = kEmitKinds[i % std::size(kEmitKinds)];
        corpus.push_back(QByteArray::fromStdString(envelopeText(kind, makePayload(kind, rng))));
        bytes += corpus.back().size();
    }
    int valid = 0;
    for (const QByteArray &text : corpus) // once unmeasured: the schemas compile on first use
        valid += Card::fromEnvelopeText(text).isValid() ? 1 : 0;
    valid = 0;
    QElapsedTimer timer;
    const double cpuBefore = cpuMs();
    timer.start();
    for (const QByteArray &text : corpus)
        valid += Card::fromEnvelopeText(text).isValid() ? 1 : 0;
    const double elapsed = ms(timer);
    const double cpu = cpuMs() - cpuBefore;
    std::printf("corpus: %d envelopes, eight kinds in turn, %.1f MiB; %d valid\n", options.envelopes,
                double(bytes) / (1024.0 * 1024.0), valid);
    if (valid != options.envelopes)
        std::printf("  WARNING: the generator should produce only valid cards; the validator disagrees on %d\n",
                    options.envelopes - valid);
    figure("envelopes validated per second, CPU", cpu > 0 ? options.envelopes / (cpu / 1000.0) : 0, "env/s",
           ">= 300,000/s");
    figure("validation throughput, CPU", cpu > 0 ? double(bytes) / (1024.0 * 1024.0) / (cpu / 1000.0) : 0, "MiB/s");
    figure("envelopes validated per second, wall", elapsed > 0 ? options.envelopes / (elapsed / 1000.0) : 0, "env/s",
           ">= 300,000/s");

    // As the app validates a conversation's cards (fromJsonLines, TranscriptFile::count, tessera validate):
    // on every core, each thread a contiguous part of the corpus. Median of 5 rounds (wall).
    const int threads = everyCoreThreads();
    std::atomic<int> validAll{0};
    const std::vector<double> rounds = wallOnThreads(threads, 5, [&](int t) {
        const size_t from = corpus.size() * size_t(t) / size_t(threads);
        const size_t to = corpus.size() * size_t(t + 1) / size_t(threads);
        int ok = 0;
        for (size_t i = from; i < to; ++i)
            ok += Card::fromEnvelopeText(corpus[i]).isValid() ? 1 : 0;
        validAll += ok;
    });
    if (validAll != valid * 6) // five rounds and the one that warms up
        std::printf("  WARNING: %d valid in six rounds on %d threads, %d on one\n", validAll.load(), threads, valid);
    const double threadedMs = median(rounds);
    std::printf("the same corpus on %d threads, each a contiguous part (as a conversation's lines are read), median of 5:\n",
                threads);
    figure("envelopes validated per second, wall, all threads", threadedMs > 0 ? options.envelopes / (threadedMs / 1000.0) : 0,
           "env/s", ">= 300,000/s");
}

void benchLayout(const Options &options)
{
    heading("(c) median create + layout per kind at 900 px (createCardWidget + blockHeightForWidth)");
    QWidget host; // parent for the card widgets, as the viewport is in the view; never shown
    host.resize(900, 800);
    RenderContext context;
    std::vector<CardKind> kinds(std::begin(kEmitKinds), std::end(kEmitKinds));
    kinds.push_back(CardKind::Canvas);
    kinds.push_back(CardKind::Unknown); // stands for the fallback block of an invalid card
    for (const CardKind kind : kinds) {
        Rng rng(0x1A7007 + std::uint64_t(kind));
        std::vector<Card> cards;
        for (int i = 0; i < std::max(1, options.layoutRuns); ++i) {
            if (kind == CardKind::Unknown) {
                // An invalid table (a row that is not an object) with a realistic raw text to show.
                json payload = makePayload(CardKind::DataTable, rng);
                payload["rows"].push_back("not a row");
                cards.push_back(Card::fromEnvelopeText(QByteArray::fromStdString(
                    json{{"kind", "data_table"}, {"specVersion", 2}, {"payload", payload}}.dump())));
            } else {
                cards.push_back(Card::fromEnvelopeText(QByteArray::fromStdString(envelopeText(kind, makePayload(kind, rng)))));
            }
        }
        const auto invalid = std::count_if(cards.begin(), cards.end(), [](const Card &c) { return !c.isValid(); });
        if (kind == CardKind::Unknown && invalid < qsizetype(cards.size()))
            std::printf("  (the validator accepted %lld of these invalid cards: their native renderer was timed)\n",
                        qlonglong(qsizetype(cards.size()) - invalid));
        else if (kind != CardKind::Unknown && invalid > 0)
            std::printf("  WARNING: %lld generated %s cards are invalid: their fallback was timed\n",
                        qlonglong(invalid), qPrintable(cardKindName(kind)));
        std::vector<double> times;
        std::vector<double> heights;
        for (const Card &card : cards) {
            QElapsedTimer timer;
            timer.start();
            QWidget *widget = RendererRegistry::createCardWidget(card, context, &host);
            widget->ensurePolished();
            const int height = blockHeightForWidth(widget, 900);
            times.push_back(ms(timer));
            heights.push_back(height);
            delete widget;
        }
        const QString name = kind == CardKind::Unknown ? QStringLiteral("fallback (invalid card)") : cardKindName(kind);
        std::printf("%-46s %12.3f ms          (median height %.0f px, %zu runs)\n",
                    qPrintable(QStringLiteral("layout ") + name), median(times), median(heights), times.size());
        std::fflush(stdout);
    }
}

} // namespace

// A transcript of `count` tool results, each carrying one envelope of the eight kinds in turn as
// structured.card (the same generator and seed as section (a)), for section (g)'s whole-process peer.
QByteArray envelopeTranscript(int count)
{
    Rng rng(0xC0FFEE);
    QByteArray jsonl;
    for (int i = 0; i < count; ++i) {
        const CardKind kind = kEmitKinds[i % std::size(kEmitKinds)];
        const std::string envelope = envelopeText(kind, makePayload(kind, rng));
        jsonl += "{\"role\":\"tool\",\"tool_call_id\":\"call_" + QByteArray::number(i)
                + "\",\"content\":\"\",\"structured\":{\"card\":" + QByteArray::fromStdString(envelope) + "}}\n";
    }
    return jsonl;
}

void benchStore(const QByteArray &jsonl, int messages); // storebench.cpp, section (e)
void benchSession(); // sessionbench.cpp, section (f)
void benchParse(const QByteArray &jsonl); // parsebench.cpp, section (g)
int benchOpen(const QString &path); // parsebench.cpp, `tessera-bench open FILE`
void benchPeer(const QByteArray &jsonl); // parsebench.cpp, section (g): tessera validate vs Node + zod
void benchProse();   // prosebench.cpp, section (h)

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    installWidgetDocumentRenderer();
    if (app.arguments().size() == 3 && app.arguments().at(1) == QLatin1String("open"))
        return benchOpen(app.arguments().at(2));
    Options options;
    if (!parseOptions(app.arguments(), &options))
        return 2;

    if (!options.writeEnvelopes.isEmpty()) {
        QFile file(options.writeEnvelopes);
        const QByteArray jsonl = envelopeTranscript(options.envelopes);
        if (!file.open(QIODevice::WriteOnly) || file.write(jsonl) != jsonl.size()) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(options.writeEnvelopes));
            return 1;
        }
        std::printf("%s: %d envelope lines\n", qPrintable(options.writeEnvelopes), options.envelopes);
        return 0;
    }
    if (!options.writeTranscript.isEmpty()) {
        QFile file(options.writeTranscript);
        const GeneratedTranscript generated = makeTranscript(options.messages, options.cards);
        if (!file.open(QIODevice::WriteOnly) || file.write(generated.jsonl) != generated.jsonl.size()) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(options.writeTranscript));
            return 1;
        }
        std::printf("%s: %d lines, %d cards\n", qPrintable(options.writeTranscript), generated.lines, generated.cards);
        return 0;
    }

    QElapsedTimer total;
    total.start();
    std::printf("tessera-bench %s, Qt %s, platform %s, %s; %d messages / %d cards\n", TESSERA_VERSION, qVersion(),
                qPrintable(QGuiApplication::platformName()), qPrintable(mallocImplementation()), options.messages,
                options.cards);
    if (options.validationOnly) {
        benchValidation(options);
        benchParse(makeTranscript(options.messages, options.cards).jsonl);
        benchPeer(envelopeTranscript(options.envelopes));
        std::printf("\ntotal bench time %.1f s\n", double(total.elapsed()) / 1000.0);
        return 0;
    }
    if (options.storeOnly) {
        benchStore(makeTranscript(options.messages, options.cards).jsonl, options.messages);
        std::printf("\ntotal bench time %.1f s\n", double(total.elapsed()) / 1000.0);
        return 0;
    }
    if (options.proseOnly) {
        benchProse();
        std::printf("\ntotal bench time %.1f s\n", double(total.elapsed()) / 1000.0);
        return 0;
    }
    // The transcript runs first so the RSS figures are not inflated by the other parts' corpora.
    benchTranscript(options);
    benchValidation(options);
    benchLayout(options);
    benchStore(makeTranscript(options.messages, options.cards).jsonl, options.messages);
    benchSession();
    benchParse(makeTranscript(options.messages, options.cards).jsonl);
    benchPeer(envelopeTranscript(options.envelopes));
    benchProse();
    std::printf("\ntotal bench time %.1f s\n", double(total.elapsed()) / 1000.0);
    return 0;
}

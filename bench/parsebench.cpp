// tessera-bench, section (g): the strict JSON parser (issue 17), and `tessera-bench open FILE`.
// Called from tesserabench.cpp's main.
//
//  - parse throughput of JSON Lines: parseStrictJson on every line of the generated transcript with the
//    structured.card span asked for, as Transcript::fromJsonLines reads it; median of several rounds;
//  - `tessera validate` against bench/peers/validate.mjs (Node's JSON.parse + zod 4) on the same generated
//    envelope transcript, both as whole processes, interleaved, median of five rounds each;
//  - `open FILE`: the given file opened as the window opens it (offscreen, 1000x800): read, parse,
//    validation, model, first paint, then the total and the memory (RSS and PSS) after opening.
// Figures only, never pass/fail: the targets are printed beside them.

#include <algorithm>
#include <cstdio>
#include <vector>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QWidget>

#include <cards/conversationmodel.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

double elapsedMs(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

void parseFigure(const char *name, double value, const char *unit, const char *target = nullptr)
{
    if (target)
        std::printf("%-46s %12.2f %-10s (target %s)\n", name, value, unit, target);
    else
        std::printf("%-46s %12.2f %s\n", name, value, unit);
    std::fflush(stdout);
}

// The lines Transcript::fromJsonLines would read (CR trimmed, blank lines skipped).
std::vector<std::string_view> jsonLines(const QByteArray &jsonl)
{
    std::vector<std::string_view> lines;
    qsizetype start = jsonl.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (start < jsonl.size()) {
        qsizetype end = jsonl.indexOf('\n', start);
        if (end < 0)
            end = jsonl.size();
        qsizetype stop = end;
        while (stop > start && jsonl.at(stop - 1) == '\r')
            --stop;
        if (stop > start)
            lines.emplace_back(jsonl.constData() + start, std::size_t(stop - start));
        start = end + 1;
    }
    return lines;
}

// One strict parse of every line; returns the number of lines refused.
int parseAll(const std::vector<std::string_view> &lines)
{
    StrictJsonOptions options;
    options.spanPointer = "/structured/card";
    int refused = 0;
    for (std::string_view line : lines)
        refused += parseStrictJson(line, options).ok() ? 0 : 1;
    return refused;
}

double parseMs(const std::vector<std::string_view> &lines, int *refused)
{
    QElapsedTimer timer;
    timer.start();
    *refused = parseAll(lines);
    return elapsedMs(timer);
}

double statusMiB(const char *path, const char *field)
{
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').value(0).toDouble() / 1024.0; // kB
    }
    return -1;
}

class FirstPaintWatcher : public QObject
{
public:
    using QObject::QObject;
    bool painted() const { return m_painted; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            m_painted = true;
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_painted = false;
};

struct ProcessRun
{
    double ms = 0;
    int exitCode = -1;
    QByteArray output;
};

ProcessRun runProcess(const QString &program, const QStringList &arguments)
{
    ProcessRun run;
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.ms = elapsedMs(timer);
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = process.readAllStandardOutput();
    return run;
}

double medianMs(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

} // namespace

void benchParse(const QByteArray &jsonl)
{
    std::printf("\n== (g) strict JSON parse of JSON Lines (parseStrictJson with the structured.card span)\n");
    const std::vector<std::string_view> lines = jsonLines(jsonl);
    int refused = 0;
    parseMs(lines, &refused); // warm the per-thread buffers and the allocator
    std::vector<double> rounds;
    for (int i = 0; i < 7; ++i)
        rounds.push_back(parseMs(lines, &refused));
    std::sort(rounds.begin(), rounds.end());
    const double median = rounds[rounds.size() / 2];
    const double mib = double(jsonl.size()) / (1024.0 * 1024.0);
    std::printf("%zu lines, %.1f MiB, %d refused; median of %zu rounds\n", lines.size(), mib, refused, rounds.size());
    parseFigure("parse (every line, DOM built)", median, "ms");
    parseFigure("parse throughput", median > 0 ? mib / (median / 1000.0) : 0, "MiB/s", ">= 500 MB/s");
}

void benchPeer(const QByteArray &jsonl)
{
    std::printf("\n== (g) tessera validate vs Node.js JSON.parse + zod 4 (bench/peers/validate.mjs), whole processes\n");
    const QString tessera = QStringLiteral(TESSERA_APP_BINARY);
    const QString script = QStringLiteral(TESSERA_SOURCE_DIR "/bench/peers/validate.mjs");
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (!QFile::exists(tessera) || node.isEmpty()
        || !QFile::exists(QStringLiteral(TESSERA_SOURCE_DIR "/node_modules/zod/package.json"))) {
        std::printf("  skipped: needs the tessera target built, node on the PATH and `npm ci` (zod) in %s\n",
                    TESSERA_SOURCE_DIR);
        return;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("envelopes.jsonl"));
    QFile file(path);
    if (!dir.isValid() || !file.open(QIODevice::WriteOnly) || file.write(jsonl) != jsonl.size()) {
        std::printf("  skipped: cannot write %s\n", qPrintable(path));
        return;
    }
    file.close();
    std::vector<double> ours;
    std::vector<double> theirs;
    ProcessRun lastOurs;
    ProcessRun lastTheirs;
    for (int round = 0; round < 5; ++round) {
        lastOurs = runProcess(tessera, {QStringLiteral("validate"), path});
        lastTheirs = runProcess(node, {script, path});
        ours.push_back(lastOurs.ms);
        theirs.push_back(lastTheirs.ms);
    }
    std::printf("%lld envelope lines, %.1f MiB; exit codes %d and %d, %lld and %lld lines printed\n",
                qlonglong(jsonl.count('\n')), double(jsonl.size()) / (1024.0 * 1024.0), lastOurs.exitCode,
                lastTheirs.exitCode, qlonglong(lastOurs.output.count('\n')), qlonglong(lastTheirs.output.count('\n')));
    if (lastOurs.exitCode != lastTheirs.exitCode || lastOurs.output.count('\n') != lastTheirs.output.count('\n'))
        std::printf("  WARNING: the two disagree on this file; the ratio compares different work\n");
    const double tesseraMs = medianMs(ours);
    const double nodeMs = medianMs(theirs);
    parseFigure("tessera validate (median of 5)", tesseraMs, "ms");
    parseFigure("node JSON.parse + zod 4 (median of 5)", nodeMs, "ms");
    parseFigure("ratio node / tessera (whole process)", tesseraMs > 0 ? nodeMs / tesseraMs : 0, "x", ">= 10x");
}

int benchOpen(const QString &path)
{
    QElapsedTimer timer;
    timer.start();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "tessera-bench open: cannot read %s\n", qPrintable(path));
        return 1;
    }
    QByteArray bytes = file.readAll();
    file.close();
    const double readMs = elapsedMs(timer);
    const double baselineRss = statusMiB("/proc/self/status", "VmRSS:");

    // The parse alone, measured on its own pass (the window's open does it inside fromJsonLines, below).
    const std::vector<std::string_view> lines = jsonLines(bytes);
    int refused = 0;
    const double parseOnlyMs = parseMs(lines, &refused);

    timer.restart();
    Transcript transcript = Transcript::fromJsonLines(bytes);
    const double transcriptMs = elapsedMs(timer);
    const qsizetype messages = transcript.messages.size();
    const int cards = transcript.cardCount();
    const int fallbacks = transcript.fallbackCount();
    bytes = QByteArray(); // the window frees the file buffer once parsed

    ConversationModel model;
    timer.restart();
    model.setTranscript(transcript);
    const double modelMs = elapsedMs(timer);
    transcript = Transcript();

    timer.restart();
    ConversationView view;
    view.resize(1000, 800);
    view.setModel(&model);
    FirstPaintWatcher watcher;
    view.viewport()->installEventFilter(&watcher);
    view.show();
    QElapsedTimer wait;
    wait.start();
    while (!watcher.painted() && wait.elapsed() < 5000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    if (!watcher.painted()) {
        view.grab();
        std::printf("  (no paint event within 5 s; measured through QWidget::grab)\n");
    }
    const double paintMs = elapsedMs(timer);
    // The total counts the file's bytes to the first painted screen once: read, fromJsonLines, model, paint.
    const double totalMs = readMs + transcriptMs + modelMs + paintMs;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    std::printf("%s: %.1f MiB, %zu lines (%d not valid JSON), %lld messages, %d cards, %d fallbacks\n",
                qPrintable(path), double(file.size()) / (1024.0 * 1024.0), lines.size(), refused, qlonglong(messages),
                cards, fallbacks);
    parseFigure("read the file", readMs, "ms");
    parseFigure("parse (strict JSON of every line, own pass)", parseOnlyMs, "ms");
    parseFigure("parse + validation (Transcript::fromJsonLines)", transcriptMs, "ms");
    parseFigure("  of which validation and messages (difference)", std::max(0.0, transcriptMs - parseOnlyMs), "ms");
    parseFigure("model (ConversationModel::setTranscript)", modelMs, "ms");
    parseFigure("first paint (view created -> first paint done)", paintMs, "ms");
    std::printf("total to first paint: %.0f ms (target <= 100 ms for 10,000 messages / 3,000 cards)\n", totalMs);
    std::printf("RSS after opening: %.0f MiB (%.0f MiB before reading the file)\n",
                statusMiB("/proc/self/status", "VmRSS:"), baselineRss);
    std::printf("PSS after opening: %.0f MiB\n", statusMiB("/proc/self/smaps_rollup", "Pss:"));
    return 0;
}

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
#include <cstdlib>
#include <functional>
#include <memory>
#include <ctime>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QWidget>

#include <bench/benchclock.h>
#include <cards/allocator.h>
#include <cards/conversationmodel.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <cards/transcriptfile.h>
#include <widgets/conversation/conversationview.h>

#include <simdjson.h>

using namespace Tessera;

namespace {

double elapsedMs(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

// CPU time of this process so far (every thread), in ms: the figure a loaded machine changes least.
double processCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// User + system CPU of the children reaped so far, in ms.
double childrenCpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    auto ms = [](const timeval &tv) { return double(tv.tv_sec) * 1e3 + double(tv.tv_usec) / 1e3; };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

// "load 3.1 on 2 cores": printed beside wall figures, which it inflates.
void printLoad()
{
    double load[1] = {0};
    if (getloadavg(load, 1) == 1)
        std::printf("  (machine load %.1f on %ld cores when measured: wall figures include waiting for a core)\n",
                    load[0], sysconf(_SC_NPROCESSORS_ONLN));
}

void parseFigure(const char *name, double value, const char *unit, const char *target = nullptr)
{
    if (target)
        std::printf("%-46s %12.2f %-10s (target %s)\n", name, value, unit, target);
    else
        std::printf("%-46s %12.2f %s\n", name, value, unit);
    std::fflush(stdout);
}

// A figure shown for comparison, with what it is instead of a target.
void comparisonFigure(const char *name, double value, const char *unit, const char *what)
{
    std::printf("%-46s %12.2f %-10s (%s)\n", name, value, unit, what);
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

// How a line is read: a tree built for all of it (parseStrictJson), or as the transcript reads it (the whole
// line on simdjson's tape with every strict rule and its card's span found; a line the tape cannot vouch
// for steps over its card, the card on the tape, and is read whole again if that is not clean either).
enum class ParseWay { WholeTree, TranscriptWay };

// One strict parse of every line; returns the number of lines refused.
int parseAll(const std::vector<std::string_view> &lines, ParseWay way, std::size_t *cardSpans = nullptr)
{
    StrictJsonOptions options;
    options.spanPointer = "/structured/card";
    int refused = 0;
    simdjson::dom::element value;
    const auto readCard = [&](std::string_view span) { return readCleanTape(span, &value); };
    std::size_t spans = 0;
    for (std::string_view line : lines) {
        if (way == ParseWay::TranscriptWay && readCleanTape(line, &value)) {
            spans += cleanResultCardSpan(line, value) ? 1 : 0;
            continue;
        }
        const StrictJsonResult result = way == ParseWay::TranscriptWay
                                            ? parseStrictJsonAroundSpan(line, options, readCard)
                                            : parseStrictJson(line, options);
        refused += result.ok() ? 0 : 1;
    }
    if (cardSpans)
        *cardSpans = spans;
    return refused;
}

double parseMs(const std::vector<std::string_view> &lines, ParseWay way, int *refused, double *cpuMs = nullptr)
{
    QElapsedTimer timer;
    const double cpuBefore = processCpuMs();
    timer.start();
    *refused = parseAll(lines, way);
    if (cpuMs)
        *cpuMs = processCpuMs() - cpuBefore;
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
    double cpuMs = 0; // user + system of the child
    int exitCode = -1;
    QByteArray output;
};

ProcessRun runProcess(const QString &program, const QStringList &arguments)
{
    ProcessRun run;
    QProcess process;
    QElapsedTimer timer;
    const double cpuBefore = childrenCpuMs();
    timer.start();
    process.start(program, arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.ms = elapsedMs(timer);
    run.cpuMs = childrenCpuMs() - cpuBefore;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = process.readAllStandardOutput();
    return run;
}

// Wall and CPU time of one step.
struct Lap
{
    double wallMs = 0;
    double cpuMs = 0;
};

class Stopwatch
{
public:
    Stopwatch()
        : m_cpu(processCpuMs())
    {
        m_wall.start();
    }
    // The time since the last lap (or the start); starts the next.
    Lap lap()
    {
        const double cpu = processCpuMs();
        const Lap out{double(m_wall.nsecsElapsed()) / 1e6, cpu - m_cpu};
        m_wall.restart();
        m_cpu = cpu;
        return out;
    }

private:
    QElapsedTimer m_wall;
    double m_cpu;
};

void lapFigure(const char *name, const Lap &lap)
{
    std::printf("%-46s %12.2f %12.2f\n", name, lap.cpuMs, lap.wallMs);
    std::fflush(stdout);
}

double medianMs(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

} // namespace

// The threads the app reads a conversation's lines on (fromJsonLines, TranscriptFile::count): one per
// core, at most four.
int everyCoreThreads()
{
    return qBound(1, QThread::idealThreadCount(), 4);
}

// part(0) … part(threads - 1) at once, this thread running part 0: the wall time in ms of `rounds` rounds,
// after one unmeasured round that warms each thread's buffers.
std::vector<double> wallOnThreads(int threads, int rounds, const std::function<void(int)> &part)
{
    std::vector<double> walls;
    for (int round = 0; round <= rounds; ++round) {
        QElapsedTimer timer;
        timer.start();
        std::vector<std::thread> workers;
        for (int t = 1; t < threads; ++t)
            workers.emplace_back(part, t);
        part(0);
        for (std::thread &worker : workers)
            worker.join();
        if (round > 0) // the first warms each thread's buffers
            walls.push_back(elapsedMs(timer));
    }
    return walls;
}

void benchParse(const QByteArray &jsonl)
{
    std::printf("\n== (g) strict JSON parse of JSON Lines, every strict rule kept\n");
    const std::vector<std::string_view> lines = jsonLines(jsonl);
    const double mib = double(jsonl.size()) / (1024.0 * 1024.0);
    // Which simdjson code runs (docs/decisions.md, "Speed, third step"): stage 1 (structure, UTF-8) and
    // string unescaping are libsimdjson's, chosen for this CPU at run time; the On-Demand walk is inlined
    // into strictjson.cpp and is the kernel its compile flags allow. The tape is libsimdjson's throughout.
    std::printf("simdjson kernels: stage 1 and strings %s (run time), On-Demand walk %s (compile time)\n",
                simdjson::get_active_implementation()->name().c_str(),
                simdjson::builtin_implementation()->name().c_str());
    const struct
    {
        ParseWay way;
        const char *what;
        const char *name;
    } ways[] = {
        {ParseWay::WholeTree, "parseStrictJson of every line, the whole tree built (the exact way)", "whole tree"},
        {ParseWay::TranscriptWay,
         "as the transcript reads a line: whole on simdjson's tape, the card's span found", "transcript's way"},
    };
    for (const auto &way : ways) {
        int refused = 0;
        std::size_t cardSpans = 0;
        parseAll(lines, way.way, &cardSpans); // warm the per-thread buffers and the allocator
        std::vector<double> rounds;
        std::vector<double> cpuRounds;
        for (int i = 0; i < 7; ++i) {
            double cpu = 0;
            rounds.push_back(parseMs(lines, way.way, &refused, &cpu));
            cpuRounds.push_back(cpu);
        }
        const double median = medianMs(rounds);
        const double cpuMedian = medianMs(cpuRounds);
        std::printf("%s: %zu lines, %.1f MiB, %d refused; median of %zu rounds\n", way.what, lines.size(), mib,
                    refused, rounds.size());
        if (way.way == ParseWay::TranscriptWay)
            std::printf("  -> %zu lines read whole on the tape had their card's span found\n", cardSpans);
        const std::string name = std::string("parse throughput, ") + way.name;
        const double cpuRate = cpuMedian > 0 ? mib / (cpuMedian / 1000.0) : 0;
        const double wallRate = median > 0 ? mib / (median / 1000.0) : 0;
        if (way.way == ParseWay::TranscriptWay) {
            parseFigure((name + ", CPU").c_str(), cpuRate, "MiB/s", ">= 500 MB/s");
            parseFigure((name + ", wall").c_str(), wallRate, "MiB/s", ">= 500 MB/s");
        } else {
            // Only a line the tape cannot vouch for (a repeated key, an invalid card, a very long line) is
            // read so in the program: the figure shows what the transcript's way is measured against.
            const char *what = "comparison: the exact way, for lines the tape cannot vouch for";
            comparisonFigure((name + ", CPU").c_str(), cpuRate, "MiB/s", what);
            comparisonFigure((name + ", wall").c_str(), wallRate, "MiB/s", what);
        }
    }

    // The transcript's way on every core, as fromJsonLines and TranscriptFile::count read a large text:
    // each thread a contiguous part of the lines. Median of 7 rounds (wall).
    const int threads = everyCoreThreads();
    std::vector<std::vector<std::string_view>> parts(static_cast<size_t>(threads));
    for (size_t i = 0; i < lines.size(); ++i)
        parts[i * size_t(threads) / lines.size()].push_back(lines[i]);
    const std::vector<double> rounds =
        wallOnThreads(threads, 7, [&parts](int t) { parseAll(parts[size_t(t)], ParseWay::TranscriptWay); });
    const double threadedMs = medianMs(rounds);
    std::printf("the transcript's way on %d threads, each a contiguous part of the lines, median of %zu rounds:\n",
                threads, rounds.size());
    parseFigure("parse throughput, transcript's way, wall, all threads", threadedMs > 0 ? mib / (threadedMs / 1000.0) : 0,
                "MiB/s", ">= 500 MB/s");
    printLoad();
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
    std::vector<double> oursCpu;
    std::vector<double> theirsCpu;
    ProcessRun lastOurs;
    ProcessRun lastTheirs;
    runProcess(tessera, {QStringLiteral("validate"), path}); // both read the file once before timing
    runProcess(node, {script, path});
    for (int round = 0; round < 7; ++round) {
        lastOurs = runProcess(tessera, {QStringLiteral("validate"), path});
        lastTheirs = runProcess(node, {script, path});
        ours.push_back(lastOurs.ms);
        theirs.push_back(lastTheirs.ms);
        oursCpu.push_back(lastOurs.cpuMs);
        theirsCpu.push_back(lastTheirs.cpuMs);
    }
    std::printf("%lld envelope lines, %.1f MiB; exit codes %d and %d, %lld and %lld lines printed\n",
                qlonglong(jsonl.count('\n')), double(jsonl.size()) / (1024.0 * 1024.0), lastOurs.exitCode,
                lastTheirs.exitCode, qlonglong(lastOurs.output.count('\n')), qlonglong(lastTheirs.output.count('\n')));
    if (lastOurs.exitCode != lastTheirs.exitCode || lastOurs.output.count('\n') != lastTheirs.output.count('\n'))
        std::printf("  WARNING: the two disagree on this file; the ratio compares different work\n");
    const double tesseraMs = medianMs(ours);
    const double nodeMs = medianMs(theirs);
    const double tesseraCpu = medianMs(oursCpu);
    const double nodeCpu = medianMs(theirsCpu);
    std::printf("interleaved, 7 rounds each after one unmeasured run of both\n");
    parseFigure("tessera validate, CPU (median)", tesseraCpu, "ms");
    parseFigure("node JSON.parse + zod 4, CPU (median)", nodeCpu, "ms");
    // The issue's measure is time, as a person waits for each (its report: "takes 1.2-1.6x as long"); the
    // CPU ratio, both cores' work summed, is what the ratio would be on one core (docs/decisions.md).
    comparisonFigure("ratio node / tessera, CPU (whole process)", tesseraCpu > 0 ? nodeCpu / tesseraCpu : 0, "x",
                     "no target: the work summed over cores, about the ratio on one core");
    parseFigure("tessera validate, wall (median)", tesseraMs, "ms");
    parseFigure("node JSON.parse + zod 4, wall (median)", nodeMs, "ms");
    parseFigure("ratio node / tessera, wall (whole process)", tesseraMs > 0 ? nodeMs / tesseraMs : 0, "x", ">= 10x");
    printLoad();

    // The floor of each side: the same commands on the file's first line alone (start, catalog, exit). With
    // node's whole run fixed, the ratio can be no better than node's whole run over tessera's floor.
    const QString onePath = dir.filePath(QStringLiteral("one-line.jsonl"));
    QFile one(onePath);
    if (!one.open(QIODevice::WriteOnly) || one.write(jsonl.left(jsonl.indexOf('\n') + 1)) < 0) {
        std::printf("  floor skipped: cannot write %s\n", qPrintable(onePath));
        return;
    }
    one.close();
    std::vector<double> oursFloor;
    std::vector<double> theirsFloor;
    for (int round = 0; round < 7; ++round) {
        oursFloor.push_back(runProcess(tessera, {QStringLiteral("validate"), onePath}).cpuMs);
        theirsFloor.push_back(runProcess(node, {script, onePath}).cpuMs);
    }
    const double tesseraFloor = medianMs(oursFloor);
    const double nodeFloor = medianMs(theirsFloor);
    std::printf("floors: the same commands on the first line alone, 7 interleaved rounds\n");
    parseFigure("tessera validate of one line, CPU (median)", tesseraFloor, "ms");
    parseFigure("node JSON.parse + zod 4 of one line, CPU", nodeFloor, "ms");
    comparisonFigure("best ratio, CPU, if tessera's work were free", tesseraFloor > 0 ? nodeCpu / tesseraFloor : 0, "x",
                     "the ceiling that start-up leaves");
    parseFigure("tessera work beyond its floor, CPU", std::max(0.0, tesseraCpu - tesseraFloor), "ms");
    parseFigure("node work beyond its floor, CPU", std::max(0.0, nodeCpu - nodeFloor), "ms");
    printLoad();
}

// Waits until `viewport` paints (at most 5 s; then draws it through QWidget::grab). False when no paint
// event came.
bool waitForPaint(QWidget *viewport)
{
    FirstPaintWatcher watcher;
    viewport->installEventFilter(&watcher);
    QElapsedTimer wait;
    wait.start();
    while (!watcher.painted() && wait.elapsed() < 5000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    viewport->removeEventFilter(&watcher);
    if (!watcher.painted())
        viewport->grab();
    return watcher.painted();
}

// `view` at 1000x800 over `model`, shown and painted once: a window that is up before a conversation is
// opened in it.
void showView(ConversationView &view, ConversationModel *model)
{
    view.resize(1000, 800);
    view.setModel(model);
    view.show();
    waitForPaint(view.viewport());
}

// `view` shown and painted as showView does, over a small conversation: the window a person opens a file or
// a stored conversation in has already drawn text (fonts loaded, styles polished, text shaped once).
void showStartedView(ConversationView &view, ConversationModel *model)
{
    model->setTranscript(Transcript::fromJsonLines(
        R"({"role":"user","content":"Open a conversation."})" "\n"
        R"({"role":"assistant","content":"Tessera draws **prose** and cards."})" "\n"));
    showView(view, model);
}

// A file of TranscriptFile::kPagedBytes or more, opened as the window opens it (MainWindow::openPaged):
// its lines found, the newest page read and shown at the end, the rest read as the reader scrolls up; the
// counts from a pass of their own after the first screen (the window runs it on a thread).
int benchOpenPaged(const QString &path, ConversationView &view, ConversationModel &model, const Lap &startup)
{
    Stopwatch watch;
    const auto file = std::make_shared<TranscriptFile>();
    QString error;
    if (!file->open(path, &error)) {
        std::fprintf(stderr, "tessera-bench open: cannot read %s: %s\n", qPrintable(path), qPrintable(error));
        return 1;
    }
    const Lap lines = watch.lap();
    Transcript newest;
    newest.messages = file->readOlder(ConversationModel::kFetchPageSize);
    const Lap page = watch.lap();
    view.scrollToBottomOnReset();
    model.setTranscript(newest);
    model.setOlderMessagesReader([file](int count, QString *why) { return file->readOlder(count, why); });
    view.scrollToBottom();
    const Lap modelLap = watch.lap();
    if (!waitForPaint(view.viewport()))
        std::printf("  (no paint event within 5 s; measured through QWidget::grab)\n");
    const Lap paintLap = watch.lap();
    const Lap total{lines.wallMs + page.wallMs + modelLap.wallMs + paintLap.wallMs,
                    lines.cpuMs + page.cpuMs + modelLap.cpuMs + paintLap.cpuMs};
    const double rssOpened = statusMiB("/proc/self/status", "VmRSS:");
    const double pssOpened = statusMiB("/proc/self/smaps_rollup", "Pss:");

    // Older pages, as scrolling to the top asks for them (each fetchMore reads kFetchPageSize lines, on a
    // thread as the window does): the time until the page is in, and the GUI thread's CPU meanwhile.
    std::vector<double> older;
    std::vector<double> olderGui;
    for (int i = 0; i < 9 && model.canFetchMore(); ++i) {
        watch.lap();
        const double guiBefore = threadCpuMs();
        model.fetchMore();
        if (model.isFetchingOlder()) {
            QEventLoop wait; // the GUI thread idles as the window's would
            QObject::connect(&model, &ConversationModel::fetchingOlderChanged, &wait, &QEventLoop::quit);
            QTimer::singleShot(10000, &wait, &QEventLoop::quit);
            wait.exec();
        }
        QCoreApplication::processEvents(); // the view's layout of the rows put in front
        olderGui.push_back(threadCpuMs() - guiBefore);
        older.push_back(watch.lap().wallMs);
    }
    watch.lap();
    const TranscriptFile::Counts counts = file->count();
    const Lap countLap = watch.lap();

    std::printf("%s: %.1f MiB, %lld messages (%s), %lld cards, %lld fallbacks\n", qPrintable(path),
                double(file->size()) / (1024.0 * 1024.0), qlonglong(counts.messages),
                counts.complete ? "counted" : qPrintable(QStringLiteral("count incomplete: ") + counts.error),
                qlonglong(counts.cards), qlonglong(counts.fallbacks));
    std::printf("allocator: %s\n", qPrintable(mallocImplementation()));
    std::printf("read by pages (%.0f MiB or more): the lines found, the newest %d messages read and shown\n",
                double(TranscriptFile::kPagedBytes) / (1024.0 * 1024.0), ConversationModel::kFetchPageSize);
    std::printf("%-46s %12s %12s\n", "", "CPU ms", "wall ms");
    lapFigure("window start-up, before any file (not counted)", startup);
    lapFigure("find the lines (TranscriptFile::open)", lines);
    lapFigure("the newest page (parse + validation)", page);
    lapFigure("model and the shown view's rows (setTranscript)", modelLap);
    lapFigure("first paint (after the model -> painted)", paintLap);
    std::printf("total to first paint: %.0f ms (CPU %.0f ms; target %s)\n", total.wallMs, total.cpuMs,
                file->messageCount() >= 1000000 ? "<= 2 s and <= 300 MB resident for 1,000,000 lines"
                                                : "<= 100 ms for 10,000 messages / 3,000 cards");
    printLoad();
    std::printf("RSS after opening: %.0f MiB\n", rssOpened);
    std::printf("PSS after opening: %.0f MiB\n", pssOpened);
    if (!older.empty())
        std::printf("an older page (fetchMore, %d messages, read on a thread), median of %zu: %.1f ms, of which "
                    "%.1f ms on the GUI thread\n",
                    ConversationModel::kFetchPageSize, older.size(), medianMs(older), medianMs(olderGui));
    lapFigure("counts: every line parsed and validated", countLap);
    std::printf("RSS after counting: %.0f MiB; peak RSS of the whole run: %.0f MiB\n",
                statusMiB("/proc/self/status", "VmRSS:"), statusMiB("/proc/self/status", "VmHWM:"));
    return counts.complete ? 0 : 1;
}

int benchOpen(const QString &path)
{
    Stopwatch watch;
    // The window is up before a file is opened (File → Open; `tessera FILE` shows the window before it
    // reads the file, main.cpp): the view is shown at its size with a small conversation, and that
    // start-up (style, fonts, text shaping) is printed on its own line, outside the open's total.
    ConversationModel model;
    ConversationView view;
    showStartedView(view, &model);
    const Lap startup = watch.lap();
    if (!QFileInfo(path).isFile()) { // as the window refuses them: a FIFO or /dev/zero would never end
        std::fprintf(stderr, "tessera-bench open: %s is not a regular file\n", qPrintable(path));
        return 1;
    }
    if (QFileInfo(path).size() >= TranscriptFile::kPagedBytes)
        return benchOpenPaged(path, view, model, startup);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "tessera-bench open: cannot read %s\n", qPrintable(path));
        return 1;
    }
    QByteArray bytes = file.readAll();
    file.close();
    const Lap read = watch.lap();
    const double baselineRss = statusMiB("/proc/self/status", "VmRSS:");

    // The parse alone, measured on its own pass (the window's open does it inside fromJsonLines, below).
    const std::vector<std::string_view> lines = jsonLines(bytes);
    int refused = 0;
    watch.lap();
    parseAll(lines, ParseWay::TranscriptWay);
    const Lap parseOnly = watch.lap();
    refused = parseAll(lines, ParseWay::TranscriptWay); // the count, untimed

    watch.lap();
    Transcript transcript = Transcript::fromJsonLines(bytes);
    const Lap transcriptLap = watch.lap();
    const qsizetype messages = transcript.messages.size();
    const int cards = transcript.cardCount();
    const int fallbacks = transcript.fallbackCount();
    bytes = QByteArray(); // the window frees the file buffer once parsed

    watch.lap();
    model.setTranscript(transcript); // the shown view lays out its rows (estimates, the screen's widgets)
    const Lap modelLap = watch.lap();
    transcript = Transcript();

    watch.lap();
    if (!waitForPaint(view.viewport()))
        std::printf("  (no paint event within 5 s; measured through QWidget::grab)\n");
    const Lap paintLap = watch.lap();
    // The total counts the file's bytes to the first painted screen once: read, fromJsonLines, model, paint.
    const Lap total{read.wallMs + transcriptLap.wallMs + modelLap.wallMs + paintLap.wallMs,
                    read.cpuMs + transcriptLap.cpuMs + modelLap.cpuMs + paintLap.cpuMs};
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    std::printf("%s: %.1f MiB, %zu lines (%d not valid JSON), %lld messages, %d cards, %d fallbacks\n",
                qPrintable(path), double(file.size()) / (1024.0 * 1024.0), lines.size(), refused, qlonglong(messages),
                cards, fallbacks);
    std::printf("allocator: %s\n", qPrintable(mallocImplementation()));
    std::printf("%-46s %12s %12s\n", "", "CPU ms", "wall ms");
    lapFigure("window start-up, before any file (not counted)", startup);
    lapFigure("read the file", read);
    lapFigure("parse (strict JSON of every line, own pass)", parseOnly);
    lapFigure("parse + validation (Transcript::fromJsonLines)", transcriptLap);
    lapFigure("  of which validation and messages (difference)",
              {std::max(0.0, transcriptLap.wallMs - parseOnly.wallMs), std::max(0.0, transcriptLap.cpuMs - parseOnly.cpuMs)});
    lapFigure("model and the shown view's rows (setTranscript)", modelLap);
    lapFigure("first paint (after the model -> painted)", paintLap);
    // The issue's targets: 100 ms for 10,000 messages / 3,000 cards; 2 s and 300 MB resident for 1,000,000 lines.
    std::printf("total to first paint: %.0f ms (CPU %.0f ms; target %s)\n", total.wallMs, total.cpuMs,
                lines.size() >= 1000000 ? "<= 2 s and <= 300 MB resident for 1,000,000 lines"
                                        : "<= 100 ms for 10,000 messages / 3,000 cards");
    printLoad();
    std::printf("RSS after opening: %.0f MiB (%.0f MiB before reading the file)\n",
                statusMiB("/proc/self/status", "VmRSS:"), baselineRss);
    std::printf("PSS after opening: %.0f MiB\n", statusMiB("/proc/self/smaps_rollup", "Pss:"));

    // fromJsonLines reads a large file's lines on several threads (issue 17): the same text on one thread
    // and as the window reads it, interleaved, best and median of 7 rounds each (after the RSS figures).
    if (file.open(QIODevice::ReadOnly)) {
        const QByteArray again = file.readAll();
        std::vector<Lap> one, automatic;
        for (int round = 0; round < 7; ++round) {
            for (int threads : {1, 0}) {
                watch.lap();
                const Transcript t = Transcript::fromJsonLines(again, threads);
                (threads == 1 ? one : automatic).push_back(watch.lap());
            }
        }
        auto pick = [](std::vector<Lap> laps, bool best) {
            std::sort(laps.begin(), laps.end(), [](const Lap &a, const Lap &b) { return a.wallMs < b.wallMs; });
            const Lap wall = best ? laps.front() : laps[laps.size() / 2];
            std::sort(laps.begin(), laps.end(), [](const Lap &a, const Lap &b) { return a.cpuMs < b.cpuMs; });
            return Lap{wall.wallMs, (best ? laps.front() : laps[laps.size() / 2]).cpuMs};
        };
        std::printf("fromJsonLines on one thread / on up to %d (the window's), 7 rounds interleaved:\n",
                    everyCoreThreads());
        lapFigure("  one thread, best", pick(one, true));
        lapFigure("  one thread, median", pick(one, false));
        lapFigure("  the window's, best", pick(automatic, true));
        lapFigure("  the window's, median", pick(automatic, false));
    }
    return 0;
}

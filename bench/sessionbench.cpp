// tessera-bench, section (f): a live conversation (issue 5). Called from tesserabench.cpp's main.
//
//  - events/s sustained from a flooding in-process backend with the conversation view open on screen
//    (offscreen platform): 50,000 message.delta events (prose of 40-word paragraphs, about 0.5 MB in
//    the end), parsed by the real wire parser, handed to the
//    session in batches of 1,000 per turn of the event loop (as the stdio transport reads them), until
//    turn.completed is applied; also how often the streaming block was redrawn and the longest time
//    the event loop was kept from running (a responsiveness figure);
//  - the delay from a `message` event carrying a card to the first paint of that card's widget,
//    median of 21 (a data_table, validated at the wire).
// No store: the store's append cost is section (e).

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QTimer>

#include <backend/backend.h>
#include <cards/conversationmodel.h>
#include <session/conversationsession.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

// Plays events into the session as a transport would (Backend::receiveEvent: parse, then eventReceived).
class FloodBackend : public Backend
{
public:
    using Backend::Backend;
    QString description() const override { return QStringLiteral("in-process flood"); }
    void start() override { setState(ConnectionState::Connected); }
    void stop() override { setState(ConnectionState::Disconnected); }
    void play(const QByteArray &event) { receiveEvent(event, QString()); }

protected:
    bool writeEvent(const QByteArray &, QString *) override { return true; }
};

// Records when a widget is first painted.
class FirstPaint : public QObject
{
public:
    FirstPaint(const QElapsedTimer *clock, QObject *parent)
        : QObject(parent)
        , m_clock(clock)
    {}
    double ms() const { return m_ms; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && m_ms < 0)
            m_ms = double(m_clock->nsecsElapsed()) / 1e6;
        return QObject::eventFilter(watched, event);
    }

private:
    const QElapsedTimer *m_clock;
    double m_ms = -1;
};

void line(const char *name, double value, const char *unit, const char *note = nullptr)
{
    if (note)
        std::printf("%-46s %12.2f %-10s (%s)\n", name, value, unit, note);
    else
        std::printf("%-46s %12.2f %s\n", name, value, unit);
    std::fflush(stdout);
}

QByteArray cardLine(int i)
{
    QByteArray rows;
    for (int r = 0; r < 8; ++r)
        rows += (r ? "," : "") + QByteArrayLiteral("{\"sector\":\"S") + QByteArray::number(r) + "\",\"flow\":"
                + QByteArray::number(r * 3 + i) + '}';
    return R"({"type":"message","message":{"role":"tool","tool_call_id":"call_)" + QByteArray::number(i)
            + R"(","name":"emit_card","content":"rendered: data_table","structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"title":"Flow )"
            + QByteArray::number(i)
            + R"(","columns":[{"key":"sector","label":"Sector"},{"key":"flow","label":"Flow","type":"number"}],"rows":[)"
            + rows + R"(]}}},"turn_id":"t)" + QByteArray::number(i) + R"("}})";
}

QByteArray turnEvent(const char *type, int turn)
{
    return QByteArray("{\"type\":\"") + type + "\",\"turnId\":\"t" + QByteArray::number(turn) + "\"}";
}

} // namespace

void benchSession()
{
    std::printf("\n== (f) live session: flooding backend, card event to first paint\n");
    ConversationModel model;
    ConversationView view;
    view.setModel(&model);
    view.resize(1000, 800);
    view.show();
    QCoreApplication::processEvents();
    ConversationSession session(&model, nullptr);
    auto *backend = new FloodBackend;
    session.setBackend(backend);
    backend->start();

    // --- flood -----------------------------------------------------------------------------------
    constexpr int kDeltas = 50000;
    constexpr int kBatch = 1000;
    int redraws = 0;
    QObject::connect(&model, &QAbstractItemModel::dataChanged, &model, [&redraws] { ++redraws; });
    QObject::connect(&model, &QAbstractItemModel::rowsInserted, &model, [&redraws] { ++redraws; });
    std::vector<QByteArray> events;
    events.reserve(kDeltas);
    for (int i = 0; i < kDeltas; ++i)
        events.push_back(R"({"type":"message.delta","turnId":"t0","text":"word)" + QByteArray::number(i) + (i % 40 == 39 ? "\\n\\n" : " ") + "\"}");
    bool done = false;
    QObject::connect(&session, &ConversationSession::turnFinished, &session, [&done] { done = true; });
    backend->play(turnEvent("turn.started", 0));
    QElapsedTimer clock;
    clock.start();
    qint64 lastTick = 0;
    double longestStall = 0;
    int next = 0;
    std::function<void()> batch = [&] {
        const qint64 now = clock.nsecsElapsed();
        longestStall = std::max(longestStall, double(now - lastTick) / 1e6);
        const int end = std::min(kDeltas, next + kBatch);
        for (; next < end; ++next)
            backend->play(events[size_t(next)]);
        if (next == kDeltas)
            backend->play(turnEvent("turn.completed", 0));
        else
            QTimer::singleShot(0, &session, batch);
        lastTick = clock.nsecsElapsed();
        longestStall = std::max(longestStall, double(lastTick - now) / 1e6); // the batch itself
    };
    QTimer::singleShot(0, &session, batch);
    while (!done && clock.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    if (!done)
        std::printf("  WARNING: the flood did not complete within 120 s\n");
    line("flood: events/s sustained, view open", kDeltas / seconds, "events/s", "target: >= 10,000");
    line("flood: streaming block redraws", redraws, "redraws",
         qPrintable(QStringLiteral("every %1 ms, or 4x the last redraw's time").arg(ConversationSession::kDeltaCoalesceMs)));
    line("flood: longest event-loop stall", longestStall, "ms", "a batch of 1,000 events, or a redraw");
    std::printf("  -> %d blocks, last block %lld characters\n", model.rowCount(),
                qlonglong(model.rowCount() ? model.blockText(model.rowCount() - 1).size() : 0));

    // --- card event to first paint ----------------------------------------------------------------
    constexpr int kRuns = 21;
    std::vector<double> delays;
    for (int run = 1; run <= kRuns; ++run) {
        backend->play(turnEvent("turn.started", run));
        QCoreApplication::processEvents();
        const QByteArray event = cardLine(run);
        const int row = model.rowCount();
        QElapsedTimer paintClock;
        paintClock.start();
        backend->play(event); // parse, validate, model insert, view builds the widget
        QWidget *card = view.widgetForRow(row);
        if (!card) {
            std::printf("  WARNING: run %d: the card's widget was not built at once\n", run);
            continue;
        }
        auto *watcher = new FirstPaint(&paintClock, card);
        card->installEventFilter(watcher);
        QElapsedTimer guard;
        guard.start();
        while (watcher->ms() < 0 && guard.elapsed() < 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (watcher->ms() >= 0)
            delays.push_back(watcher->ms());
        backend->play(turnEvent("turn.completed", run));
        QCoreApplication::processEvents();
    }
    std::sort(delays.begin(), delays.end());
    if (delays.empty()) {
        std::printf("  (no card was painted within 5 s)\n");
        return;
    }
    line("card event -> first paint (median)", delays[delays.size() / 2], "ms",
         qPrintable(QStringLiteral("data_table, %1 runs; min %2, max %3").arg(delays.size()).arg(delays.front(), 0, 'f', 1).arg(delays.back(), 0, 'f', 1)));
}

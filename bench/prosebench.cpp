// tessera-bench, section (h): long prose (issue 13). Called from tesserabench.cpp's main.
//
// The inputs the hostile pass found, generated here (never committed): one assistant message of
//  - a 100 KB, a 1 MB and a 40 MB line with no space;
//  - one 80 KB paragraph with 2,500 **bold** spans, and the same words as plain paragraphs;
//  - one paragraph of 10,000 bold and code spans.
// For each: the headless render (`tessera render` in process: parse the JSON Lines, build the model,
// renderToImage at 900 px, encode the PNG), target < 1 s; and in a 1000x800 conversation view, opening it
// (setModel to first paint), the longest single scroll step through it, and the longest later turn of the
// event loop (the worker's chunks arriving, the slices of chunk building, re-measures; the bench waits,
// unmeasured, until the prose has nothing pending), each target one 60 Hz frame. Then a streamed message growing by 200-character deltas to about 94 KB: the
// longest time one delta kept the GUI thread, target one frame. Each figure is wall-clock time with the
// GUI thread's CPU time beside it (on a loaded machine the wall clock also counts other processes).

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <time.h>

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QImage>
#include <QScrollBar>
#include <QThread>

#include <nlohmann/json.hpp>

#include <bench/benchclock.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

double msSince(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }


// Wall clock and GUI-thread CPU time of one piece of work; the longest of several.
struct Cost
{
    double wall = 0;
    double cpu = 0;
    void keepLongest(const Cost &other)
    {
        wall = std::max(wall, other.wall);
        cpu = std::max(cpu, other.cpu);
    }
};

Cost measure(const std::function<void()> &work)
{
    QElapsedTimer timer;
    timer.start();
    const double cpu = threadCpuMs();
    work();
    return {msSince(timer), threadCpuMs() - cpu};
}

void costLine(const std::string &name, const Cost &cost, const char *target)
{
    std::printf("%-46s %12.2f %-10s (target %s; GUI-thread CPU %.2f ms)\n", name.c_str(), cost.wall, "ms", target,
                cost.cpu);
    std::fflush(stdout);
}

struct Input
{
    const char *name;
    std::function<std::string()> make;
};

std::string boldParagraph()
{
    const char *const words[] = {"alpha", "beta", "gamma", "delta", "flow", "node"};
    std::string s;
    for (int i = 0; i < 2500; ++i)
        s += "**bold" + std::to_string(i) + "** " + words[i % 6] + ' ' + words[(i * 7) % 6] + ' ' + words[(i * 3) % 6] + ' ';
    return s;
}

std::string plainParagraphs()
{
    std::string s = boldParagraph();
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 2, "**") == 0) {
            ++i;
            continue;
        }
        out += s[i];
    }
    // One paragraph per former span.
    std::string paragraphs;
    for (size_t i = 0; i < out.size(); ++i) {
        if (out.compare(i, 5, " bold") == 0)
            paragraphs += "\n\n";
        else
            paragraphs += out[i];
    }
    return paragraphs;
}

std::string spans()
{
    std::string s;
    for (int i = 0; i < 10000; ++i)
        s += (i % 2 ? "**b" + std::to_string(i) + "**" : "`c" + std::to_string(i) + "`") + " word ";
    return s;
}

QByteArray transcriptOf(const std::string &prose)
{
    const nlohmann::json user = {{"role", "user"}, {"content", "go"}};
    const nlohmann::json assistant = {{"role", "assistant"}, {"content", prose}};
    return QByteArray::fromStdString(user.dump() + '\n' + assistant.dump() + '\n');
}

void drain()
{
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

void benchInput(const Input &input)
{
    const QByteArray jsonl = transcriptOf(input.make());
    std::printf("%s: %.1f KiB of JSONL\n", input.name, double(jsonl.size()) / 1024.0);

    const Cost render = measure([&] {
        const Transcript transcript = Transcript::fromJsonLines(jsonl);
        ConversationModel model;
        model.setTranscript(transcript);
        int rows = 0;
        const QImage image = ConversationView::renderToImage(&model, 900, QApplication::palette(), 60000, &rows);
        QBuffer png;
        png.open(QIODevice::WriteOnly);
        image.save(&png, "PNG");
    });
    costLine("  headless render (parse, draw, PNG)", render, "< 1000 ms");
    drain();

    const Transcript transcript = Transcript::fromJsonLines(jsonl);
    ConversationModel model;
    model.setTranscript(transcript);
    ConversationView view;
    view.resize(1000, 800);
    view.show();
    drain();
    const Cost open = measure([&] {
        view.setModel(&model);
        view.viewport()->repaint();
    });
    // What opening and scrolling left for later (chunks built on the next turns, re-measures): each
    // turn of the event loop is GUI-thread time too.
    Cost longestTurn;
    // Until the prose has split (on its worker) and built what is near the screen, 10 s at most; the
    // waits between turns are idle time, not measured.
    auto pending = [&] {
        const auto *prose = qobject_cast<const ProseView *>(view.widgetForRow(model.rowCount() - 1));
        return prose && prose->hasPendingWork();
    };
    auto drainTimed = [&] {
        QElapsedTimer waited;
        waited.start();
        for (int i = 0; i < 20 || (pending() && waited.elapsed() < 10000); ++i) {
            const Cost turn = measure(drain);
            longestTurn.keepLongest(turn);
            if (pending())
                QThread::msleep(1);
        }
    };
    drainTimed();
    Cost longestStep;
    int steps = 0;
    QScrollBar *bar = view.verticalScrollBar();
    for (; steps < 60 && bar->value() < bar->maximum(); ++steps) {
        longestStep.keepLongest(measure([&] {
            bar->setValue(bar->value() + bar->pageStep());
            view.viewport()->repaint();
        }));
        drainTimed();
    }
    costLine("  view: open (setModel + first paint)", open, "<= ~16 ms");
    costLine("  view: longest scroll step (" + std::to_string(steps) + " pages)", longestStep, "<= ~16 ms");
    costLine("  view: longest later event-loop turn", longestTurn, "<= ~16 ms");
    std::printf("  -> content height %d px, live widgets %d\n", view.contentHeight(), view.liveWidgetCount());
    view.setModel(nullptr);
    drain();
}

void benchStreaming()
{
    const std::string text = boldParagraph() + "\n\n" + std::string(20000, 'x');
    ConversationModel model;
    ConversationView view;
    view.resize(1000, 800);
    view.setModel(&model);
    view.show();
    drain();
    Message message;
    message.role = MessageRole::Assistant;
    message.roleName = QStringLiteral("assistant");
    const QString all = QString::fromStdString(text);
    std::vector<double> wall;
    std::vector<double> cpu;
    for (qsizetype at = 200; at <= all.size() + 199; at += 200) {
        message.content = all.left(at);
        const Cost delta = measure([&] {
            model.setStreamingMessage(message);
            view.viewport()->repaint();
            drain();
        });
        wall.push_back(delta.wall);
        cpu.push_back(delta.cpu);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    std::printf("streamed: %lld characters in %zu deltas of 200\n", qlonglong(all.size()), wall.size());
    costLine("  median delta (model, view, paint)", {wall[wall.size() / 2], cpu[cpu.size() / 2]}, "<= ~16 ms");
    costLine("  longest delta", {wall.back(), cpu.back()}, "<= ~16 ms");
    view.setModel(nullptr);
    drain();
}

} // namespace

void benchProse()
{
    std::printf("\n== (h) long prose (issue 13): one assistant message each\n");
    std::fflush(stdout);
    const Input inputs[] = {
        {"100 KB line, no space", [] { return std::string(100000, 'x'); }},
        {"1 MB line, no space", [] { return std::string(1000000, 'x'); }},
        {"40 MB line, no space", [] { return std::string(40000000, 'x'); }},
        {"80 KB paragraph, 2,500 bold spans", boldParagraph},
        {"the same words as 2,500 plain paragraphs", plainParagraphs},
        {"10,000 bold and code spans, one paragraph", spans},
    };
    for (const Input &input : inputs)
        benchInput(input);
    benchStreaming();
}

// tessera-bench, section (g): long prose (issue 13). Called from tesserabench.cpp's main.
//
// The inputs the hostile pass found, generated here (never committed): one assistant message of
//  - a 100 KB, a 1 MB and a 40 MB line with no space;
//  - one 80 KB paragraph with 2,500 **bold** spans, and the same words as plain paragraphs;
//  - one paragraph of 10,000 bold and code spans.
// For each: the headless render (`tessera render` in process: parse the JSON Lines, build the model,
// renderToImage at 900 px, encode the PNG), target < 1 s; and in a 1000x800 conversation view, opening it
// (setModel to first paint) and the longest single scroll step through it (its layout is GUI-thread work),
// target one 60 Hz frame. Then a streamed message growing by 200-character deltas to 100 KB: the longest
// time one delta kept the GUI thread, target one frame.

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QImage>
#include <QScrollBar>

#include <nlohmann/json.hpp>

#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

double msSince(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

void line(const std::string &name, double value, const char *unit, const char *target)
{
    std::printf("%-46s %12.2f %-10s (target %s)\n", name.c_str(), value, unit, target);
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

    QElapsedTimer timer;
    timer.start();
    {
        const Transcript transcript = Transcript::fromJsonLines(jsonl);
        ConversationModel model;
        model.setTranscript(transcript);
        int rows = 0;
        const QImage image = ConversationView::renderToImage(&model, 900, QApplication::palette(), 60000, &rows);
        QBuffer png;
        png.open(QIODevice::WriteOnly);
        image.save(&png, "PNG");
    }
    line(std::string("  headless render (parse, draw, PNG)"), msSince(timer), "ms", "< 1000 ms");
    drain();

    const Transcript transcript = Transcript::fromJsonLines(jsonl);
    ConversationModel model;
    model.setTranscript(transcript);
    ConversationView view;
    view.resize(1000, 800);
    view.show();
    drain();
    timer.restart();
    view.setModel(&model);
    view.viewport()->repaint();
    const double open = msSince(timer);
    // What opening and scrolling left for later (chunks built on the next turns, re-measures): each
    // turn of the event loop is GUI-thread time too.
    double longestTurn = 0;
    auto drainTimed = [&] {
        for (int i = 0; i < 20; ++i) {
            timer.restart();
            drain();
            longestTurn = std::max(longestTurn, msSince(timer));
        }
    };
    drainTimed();
    std::vector<double> steps;
    QScrollBar *bar = view.verticalScrollBar();
    for (int i = 0; i < 60 && bar->value() < bar->maximum(); ++i) {
        timer.restart();
        bar->setValue(bar->value() + bar->pageStep());
        view.viewport()->repaint();
        steps.push_back(msSince(timer));
        drainTimed();
    }
    line("  view: open (setModel + first paint)", open, "ms", "<= ~16 ms");
    line("  view: longest scroll step (" + std::to_string(steps.size()) + " pages)",
         steps.empty() ? 0 : *std::max_element(steps.begin(), steps.end()), "ms", "<= ~16 ms");
    line("  view: longest later event-loop turn", longestTurn, "ms", "<= ~16 ms");
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
    std::vector<double> deltas;
    QElapsedTimer timer;
    for (qsizetype at = 200; at <= all.size() + 199; at += 200) {
        message.content = all.left(at);
        timer.restart();
        model.setStreamingMessage(message);
        view.viewport()->repaint();
        drain();
        deltas.push_back(msSince(timer));
    }
    std::sort(deltas.begin(), deltas.end());
    std::printf("streamed: %lld characters in %zu deltas of 200\n", qlonglong(all.size()), deltas.size());
    line("  median delta (model, view, paint)", deltas[deltas.size() / 2], "ms", "<= ~16 ms");
    line("  longest delta", deltas.back(), "ms", "<= ~16 ms");
    view.setModel(nullptr);
    drain();
}

} // namespace

void benchProse()
{
    std::printf("\n== (g) long prose (issue 13): one assistant message each\n");
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

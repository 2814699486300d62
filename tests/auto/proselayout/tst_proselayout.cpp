// Long prose is laid out in chunks (issue 13): the hostile inputs (a 1 MB word, thousands of spans in one
// paragraph, a huge fence or table) become chunks of bounded size that add up to the input exactly, the
// long run wraps, emphasis survives, copies carry no break characters, and a streamed message keeps its
// earlier chunks. Structure and values only: the timings are tessera-bench's section (g).

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/prosechunks.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/conversation/proseblock.h>

using namespace Tessera;

namespace {

QString boldParagraph(int spans)
{
    QString s;
    for (int i = 0; i < spans; ++i)
        s += QStringLiteral("**bold%1** alpha beta gamma ").arg(i);
    return s;
}

QString mixedSpans(int spans)
{
    QString s;
    for (int i = 0; i < spans; ++i)
        s += (i % 2 ? QStringLiteral("**b%1**").arg(i) : QStringLiteral("`c%1`").arg(i)) + QStringLiteral(" word ");
    return s;
}

QString paragraphs(int count)
{
    QString s;
    for (int i = 0; i < count; ++i)
        s += QStringLiteral("Paragraph %1 says the flow of the sector rose over the quarter.\n\n").arg(i);
    return s;
}

QString hugeFence()
{
    QString s = QStringLiteral("Before.\n\n```cpp\n");
    for (int i = 0; i < 2000; ++i)
        s += QStringLiteral("int value%1 = %1; // line\n").arg(i);
    return s + QStringLiteral("```\n\nAfter.\n");
}

QString hugeTable()
{
    QString s = QStringLiteral("| name | value |\n|---|---|\n");
    for (int i = 0; i < 3000; ++i)
        s += QStringLiteral("| row %1 | x |\n").arg(i);
    return s;
}

// Every chunk as Qt would draw it, built at width and laid out (ProseView::prepare over all of it).
void buildAll(ProseView *view, int width)
{
    view->prepare(width, std::numeric_limits<int>::max());
}

QList<MarkdownView *> builtViews(const ProseView &view)
{
    QList<MarkdownView *> views;
    for (int i = 0; i < view.chunkCount(); ++i) {
        if (MarkdownView *chunk = view.chunkView(i))
            views.append(chunk);
    }
    return views;
}

Message assistant(const QString &content)
{
    Message m;
    m.role = MessageRole::Assistant;
    m.roleName = QStringLiteral("assistant");
    m.content = content;
    return m;
}

} // namespace

class tst_ProseLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chunksCoverTheInput_data();
    void chunksCoverTheInput();
    void shortProseIsOneChunk();
    void smallFenceIsNeverCut();
    void hugeFenceIsCutIntoCodeBlocks();
    void hugeTableKeepsItsColumns();
    void longListStaysAList();
    void longRunWraps();
    void boldSurvivesChunking();
    void linksInLaterChunks();
    void copyStripsBreaks();
    void onlyNearChunksAreBuilt();
    void streamingKeepsEarlierChunks();
    void headlessRenderOfHugeMessage();
    void rightToLeft();
    void denseChunksAreBounded_data();
    void denseChunksAreBounded();
    void hugeProseIsSplitOffTheGuiThread();
    void buildingIsSliced();
    void streamingSplitsOnlyTheTail();
    void widgetFencesOfHugeProse();
};

void tst_ProseLayout::chunksCoverTheInput_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<qsizetype>("maxChunk");
    QTest::newRow("1 MB without a space") << QString(1000000, u'x') << kProseChunkChars;
    QTest::newRow("2,500 bold spans in one paragraph") << boldParagraph(2500) << kProseChunkChars;
    QTest::newRow("10,000 bold and code spans") << mixedSpans(10000) << kProseChunkChars;
    QTest::newRow("2,500 plain paragraphs") << paragraphs(2500) << kProseChunkChars;
    QTest::newRow("huge fence") << hugeFence() << kProseChunkChars + 64;
    QTest::newRow("huge table") << hugeTable() << kProseChunkChars + 64;
    QTest::newRow("unbalanced stars") << QString(100000, u'*') << kProseChunkHardLimit;
    QTest::newRow("an open code span") << QStringLiteral("`") + QString(50000, u'y') << kProseChunkHardLimit;
    QTest::newRow("emoji without a space") << QString::fromUtf8("a\xF0\x9F\x98\x80").repeated(20000) << kProseChunkHardLimit;
    QTest::newRow("combining marks") << QString::fromUtf8("e\xCC\x81").repeated(30000) << kProseChunkHardLimit;
}

void tst_ProseLayout::chunksCoverTheInput()
{
    QFETCH(QString, markdown);
    QFETCH(qsizetype, maxChunk);
    const QList<ProseChunk> chunks = splitProse(markdown);
    QVERIFY(chunks.size() > 1);
    qsizetype at = 0;
    QString joined;
    for (const ProseChunk &chunk : chunks) {
        QCOMPARE(chunk.begin, at); // contiguous, in order
        QVERIFY(chunk.length > 0);
        QVERIFY2(chunk.length <= maxChunk, qPrintable(QString::number(chunk.length)));
        QVERIFY(chunk.length <= kProseChunkHardLimit);
        // Never inside a surrogate pair or before a combining mark.
        if (chunk.begin > 0) {
            QVERIFY(!markdown.at(chunk.begin - 1).isHighSurrogate());
            QVERIFY(!markdown.at(chunk.begin).isMark());
        }
        joined += QStringView(markdown).sliced(chunk.begin, chunk.length);
        at += chunk.length;
    }
    QCOMPARE(at, markdown.size());
    QVERIFY(joined == markdown);
}

void tst_ProseLayout::shortProseIsOneChunk()
{
    QVERIFY(splitProse(QString()).isEmpty());
    const QString text = QStringLiteral("Hello **there**.\n\nSecond paragraph.");
    const QList<ProseChunk> chunks = splitProse(text);
    QCOMPARE(chunks.size(), 1);
    QCOMPARE(proseChunkMarkdown(text, chunks.first()), text);
    // The view draws it through one MarkdownView with the whole text.
    ProseView view(text);
    buildAll(&view, 600);
    QCOMPARE(view.chunkCount(), 1);
    QCOMPARE(view.chunkView(0)->markdown(), text);
}

void tst_ProseLayout::smallFenceIsNeverCut()
{
    // A fence with blank lines inside, among many paragraphs: no cut falls between its fence lines.
    QString text = paragraphs(40);
    const qsizetype open = text.size();
    text += QStringLiteral("```\ncode one\n\n\ncode two\n```\n\n");
    const qsizetype close = text.size();
    text += paragraphs(40);
    for (const ProseChunk &chunk : splitProse(text)) {
        QVERIFY(chunk.fence.isEmpty());
        QVERIFY(!chunk.joinsPrevious);
        QVERIFY2(chunk.begin <= open || chunk.begin >= close, qPrintable(QString::number(chunk.begin)));
    }
}

void tst_ProseLayout::hugeFenceIsCutIntoCodeBlocks()
{
    const QString text = hugeFence();
    const QList<ProseChunk> chunks = splitProse(text);
    int codePieces = 0;
    QString code;
    for (const ProseChunk &chunk : chunks) {
        QTextDocument document;
        MarkdownView::renderInto(&document, proseChunkMarkdown(text, chunk));
        if (!chunk.fence.isEmpty()) {
            QCOMPARE(chunk.fence, QStringLiteral("```cpp"));
            QVERIFY(chunk.joinsPrevious);
            // Drawn as a code block: every block of it is code, none shows a fence line.
            for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
                QVERIFY(b.blockFormat().hasProperty(QTextFormat::BlockCodeFence) || b.text().isEmpty());
            QVERIFY(!document.toPlainText().contains(QLatin1String("```")));
            ++codePieces;
        }
        code += document.toPlainText();
    }
    QVERIFY(codePieces >= 10);
    // Every line of code is drawn, once.
    QVERIFY(code.contains(QLatin1String("int value0 = 0;")));
    QVERIFY(code.contains(QLatin1String("int value1999 = 1999;")));
    QCOMPARE(code.count(QLatin1String("int value1000 = 1000;")), 1);
}

void tst_ProseLayout::hugeTableKeepsItsColumns()
{
    const QString text = hugeTable();
    ProseView view(text);
    buildAll(&view, 700);
    QVERIFY(view.chunkCount() > 10);
    int rows = 0;
    for (int i = 0; i < view.chunkCount(); ++i) {
        const QList<QTextFrame *> frames = view.chunkView(i)->document()->rootFrame()->childFrames();
        QCOMPARE(frames.size(), 1);
        auto *table = qobject_cast<QTextTable *>(frames.first());
        QVERIFY(table);
        QCOMPARE(table->columns(), 2);
        // Only the first chunk shows the header row.
        const QString firstCell = table->cellAt(0, 0).firstCursorPosition().block().text();
        QCOMPARE(firstCell == QLatin1String("name"), i == 0);
        rows += table->rows();
    }
    QCOMPARE(rows, 3001);
}

void tst_ProseLayout::longListStaysAList()
{
    // A tight list with no blank line is one paragraph-level segment: cut between items, every piece
    // is still a list (its markers are not escaped into text).
    QString text;
    for (int i = 0; i < 300; ++i)
        text += QStringLiteral("- item %1 with a few **bold** words\n").arg(i);
    ProseView view(text);
    QVERIFY(view.chunkCount() > 3);
    buildAll(&view, 700);
    int items = 0;
    for (MarkdownView *chunk : builtViews(view)) {
        for (QTextBlock b = chunk->document()->begin(); b.isValid(); b = b.next()) {
            if (b.text().isEmpty())
                continue;
            QVERIFY2(b.textList(), qPrintable(b.text()));
            QVERIFY(!b.text().startsWith(u'-'));
            ++items;
        }
    }
    QCOMPARE(items, 300);
}

void tst_ProseLayout::longRunWraps()
{
    QWidget host;
    host.resize(600, 800);
    host.show();
    auto *view = new ProseView(QString(1000000, u'x'), &host);
    view->resize(600, 800);
    view->show();
    view->prepare(600, 3000);
    const QList<MarkdownView *> views = builtViews(*view);
    QVERIFY(!views.isEmpty());
    QVERIFY(views.size() < view->chunkCount()); // the rest is never built
    for (MarkdownView *chunk : views) {
        QTextDocument *document = chunk->document();
        QVERIFY2(document->idealWidth() <= 600, qPrintable(QString::number(document->idealWidth())));
        const QTextLayout *layout = document->begin().layout();
        QVERIFY(layout->lineCount() > 5);
        // The run was given break opportunities; the text read is still only x.
        QVERIFY(document->toPlainText().contains(QChar(0x200B)));
        QCOMPARE(document->toPlainText().remove(QChar(0x200B)), QString(chunk->markdown().size(), u'x'));
    }
    QVERIFY(view->heightForWidth(600) > 20000); // the unbuilt chunks count with estimates
}

void tst_ProseLayout::boldSurvivesChunking()
{
    ProseView view(boldParagraph(2500));
    QVERIFY(view.chunkCount() > 10);
    buildAll(&view, 800);
    int bold = 0;
    int plainWithBoldText = 0;
    for (MarkdownView *chunk : builtViews(view)) {
        for (QTextBlock b = chunk->document()->begin(); b.isValid(); b = b.next()) {
            for (auto it = b.begin(); !it.atEnd(); ++it) {
                const QTextFragment f = it.fragment();
                const bool isBold = f.charFormat().fontWeight() >= QFont::Bold;
                bold += isBold ? int(f.text().count(QLatin1String("bold"))) : 0;
                plainWithBoldText += isBold ? 0 : int(f.text().count(QLatin1String("bold")));
                QVERIFY(!f.text().contains(u'*')); // no mark left unparsed
            }
        }
    }
    QCOMPARE(bold, 2500);
    QCOMPARE(plainWithBoldText, 0);
}

void tst_ProseLayout::linksInLaterChunks()
{
    const QString text = paragraphs(200) + QStringLiteral("See [the report](https://example.com/report).\n\n") + paragraphs(50);
    ProseView view(text);
    QVERIFY(view.chunkCount() > 3);
    buildAll(&view, 800);
    QSignalSpy spy(&view, &ProseView::linkActivated);
    MarkdownView *holder = nullptr;
    for (MarkdownView *chunk : builtViews(view)) {
        if (chunk->document()->toPlainText().contains(QLatin1String("the report")))
            holder = chunk;
    }
    QVERIFY(holder);
    QVERIFY(holder != view.chunkView(0));
    bool anchor = false;
    for (QTextBlock b = holder->document()->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it)
            anchor = anchor || it.fragment().charFormat().anchorHref() == QLatin1String("https://example.com/report");
    }
    QVERIFY(anchor);
    Q_EMIT holder->anchorClicked(QUrl(QStringLiteral("https://example.com/report")));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().toUrl(), QUrl(QStringLiteral("https://example.com/report")));
}

void tst_ProseLayout::copyStripsBreaks()
{
    const QString word(500, u'q');
    MarkdownView view(QStringLiteral("**") + word + QStringLiteral("** end"));
    view.resize(400, 300);
    view.show();
    QVERIFY(view.document()->toPlainText().contains(QChar(0x200B)));
    view.selectAll();
    view.copy();
    QCOMPARE(QApplication::clipboard()->text(), word + QStringLiteral(" end"));
    QVERIFY(!QApplication::clipboard()->mimeData()->html().contains(QChar(0x200B)));
    // The plain-text form a message copy is built from has none either.
    QTextDocument document;
    MarkdownView::renderInto(&document, word);
    QCOMPARE(document.toPlainText(), word);
}

void tst_ProseLayout::onlyNearChunksAreBuilt()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(
        QByteArray(R"({"role":"user","content":"go"})") + '\n'
        + QByteArray(R"({"role":"assistant","content":")") + QByteArray(1000000, 'x') + "\"}\n"));
    ConversationView view;
    view.resize(1000, 800);
    view.setModel(&model);
    view.show();
    QCoreApplication::processEvents();
    auto *prose = qobject_cast<ProseView *>(view.widgetForRow(1));
    QVERIFY(prose);
    // A megabyte is split on the worker thread; the view waits with an estimate meanwhile.
    QTRY_VERIFY_WITH_TIMEOUT(!prose->hasPendingWork(), 20000);
    QVERIFY(prose->chunkCount() >= 1000000 / kProseChunkChars);
    const int built = int(builtViews(*prose).size());
    QVERIFY(built >= 1);
    QVERIFY2(built < 40, qPrintable(QString::number(built)));
    // Deep inside the message: the chunks there are built, the first ones released.
    QScrollBar *bar = view.verticalScrollBar();
    bar->setValue(bar->maximum() / 2);
    QTRY_VERIFY_WITH_TIMEOUT(!prose->hasPendingWork(), 20000);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QVERIFY(bar->value() > bar->maximum() / 3); // releasing a focused chunk did not scroll back
    QVERIFY(!prose->chunkView(0));
    QVERIFY(int(builtViews(*prose).size()) < 40);
    QVERIFY(!builtViews(*prose).isEmpty());
}

void tst_ProseLayout::streamingKeepsEarlierChunks()
{
    const QString full = paragraphs(300) + boldParagraph(300);
    ConversationModel model;
    ConversationView view;
    view.resize(1000, 4000); // tall: every chunk of the growing message stays built
    view.setModel(&model);
    view.show();
    ProseView *prose = nullptr;
    QList<MarkdownView *> before;
    int grownChunks = 0;
    for (qsizetype at = 300; at < full.size() + 300; at += 300) {
        model.setStreamingMessage(assistant(full.left(at)));
        QCoreApplication::processEvents();
        auto *now = qobject_cast<ProseView *>(view.widgetForRow(model.rowCount() - 1));
        QVERIFY(now);
        if (prose) {
            QCOMPARE(now, prose); // the row's widget is updated, not rebuilt
            // Every chunk but the last two (the one that grew, and one a cut may have moved) kept its view.
            for (qsizetype i = 0; i + 2 < before.size(); ++i) {
                if (before.at(i))
                    QCOMPARE(prose->chunkView(int(i)), before.at(i));
            }
            grownChunks = qMax(grownChunks, prose->chunkCount());
        }
        prose = now;
        before.clear();
        for (int i = 0; i < prose->chunkCount(); ++i)
            before.append(prose->chunkView(i));
    }
    QVERIFY(grownChunks > 10);
    QCOMPARE(prose->markdown(), full);
    // Each delta built at most a few chunks again: far fewer builds than deltas times chunks.
    const int deltas = int(full.size() / 300) + 1;
    QVERIFY2(prose->chunkBuilds() <= 3 * deltas + prose->chunkCount(), qPrintable(QString::number(prose->chunkBuilds())));
}

void tst_ProseLayout::headlessRenderOfHugeMessage()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(
        QByteArray(R"({"role":"assistant","content":")") + QByteArray(1000000, 'x') + "\"}\n"
        + QByteArray(R"({"role":"user","content":"after"})") + '\n'));
    int drawn = 0;
    const QImage image = ConversationView::renderToImage(&model, 900, QApplication::palette(), 60000, &drawn);
    QCOMPARE(drawn, 2); // the block is cut at the per-block cap, and the turn after it is still drawn
    QVERIFY(image.height() > 8000);
    QVERIFY(image.height() < 9000);
    // Not blank where the long run is drawn (its first chunks were built and laid out).
    const QColor background = QApplication::palette().color(QPalette::Window);
    int inkedRows = 0;
    for (int y = 0; y < 8000; ++y) {
        bool ink = false;
        for (int x = 0; x < image.width() && !ink; ++x)
            ink = image.pixelColor(x, y) != background;
        inkedRows += ink ? 1 : 0;
    }
    QVERIFY2(inkedRows > 2000, qPrintable(QString::number(inkedRows)));
}

void tst_ProseLayout::rightToLeft()
{
    const QString arabic = QString::fromUtf8("\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 ").repeated(3000);
    QWidget host;
    host.setLayoutDirection(Qt::RightToLeft);
    host.resize(600, 800);
    host.show();
    auto *view = new ProseView(arabic, &host);
    view->resize(600, 800);
    view->show();
    view->prepare(600, 2000);
    QVERIFY(view->chunkCount() > 3);
    for (MarkdownView *chunk : builtViews(*view)) {
        QCOMPARE(chunk->layoutDirection(), Qt::RightToLeft);
        QCOMPARE(chunk->document()->begin().textDirection(), Qt::RightToLeft);
    }
}

namespace {

// Emphasis, code and link marks of a chunk, counted as splitProse counts them (each '*', '_', '~' and '['
// and each backtick run).
int marksIn(QStringView text)
{
    int marks = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'`') {
            while (i + 1 < text.size() && text.at(i + 1) == u'`')
                ++i;
            ++marks;
        } else if (c == u'*' || c == u'_' || c == u'~' || c == u'[') {
            ++marks;
        }
    }
    return marks;
}

} // namespace

void tst_ProseLayout::denseChunksAreBounded_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<int>("spans");
    QTest::newRow("2,500 bold spans in one paragraph") << boldParagraph(2500) << 2500;
    QTest::newRow("10,000 bold and code spans") << mixedSpans(10000) << 10000;
}

void tst_ProseLayout::denseChunksAreBounded()
{
    // Dense formatting is cut by its cost (format runs), not only by characters: no chunk holds more than
    // about kProseChunkMarks marks, and the count stays in proportion to the spans.
    QFETCH(QString, markdown);
    QFETCH(int, spans);
    const QList<ProseChunk> chunks = splitProse(markdown);
    int most = 0;
    QString joined;
    for (const ProseChunk &chunk : chunks) {
        const QStringView text = QStringView(markdown).sliced(chunk.begin, chunk.length);
        most = qMax(most, marksIn(text));
        QVERIFY(chunk.length <= kProseChunkChars);
        joined += text;
    }
    QVERIFY2(most <= kProseChunkMarks + 4, qPrintable(QString::number(most))); // the cut waits for the span to close
    QVERIFY2(most >= kProseChunkMarks / 2, qPrintable(QString::number(most))); // cut by marks, not tiny
    // Each span has two to four marks: at most twice the minimum number of chunks.
    const int marks = marksIn(markdown);
    QVERIFY(marks >= 2 * spans);
    QVERIFY2(chunks.size() <= 2 * (marks / kProseChunkMarks + 1), qPrintable(QString::number(chunks.size())));
    QVERIFY(joined == markdown);
}

void tst_ProseLayout::hugeProseIsSplitOffTheGuiThread()
{
    const QString text = paragraphs(2000) + QString(600000, u'x') + mixedSpans(3000);
    QVERIFY(text.size() > ProseView::kSplitInThreadChars);
    ProseView view(text);
    // Until the worker is done: no chunks, an estimated height.
    QVERIFY(view.isSplitting());
    QCOMPARE(view.chunkCount(), 0);
    QVERIFY(view.heightForWidth(600) > 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isSplitting(), 20000);
    // The same chunks as splitProse on this thread, covering the text exactly.
    const QList<ProseChunk> expected = splitProse(text);
    QCOMPARE(view.chunkCount(), int(expected.size()));
    QString joined;
    for (int i = 0; i < view.chunkCount(); ++i) {
        QCOMPARE(view.chunk(i), expected.at(i));
        joined += QStringView(text).sliced(view.chunk(i).begin, view.chunk(i).length);
    }
    QVERIFY(joined == text);
    // prepare() (the headless render) waits for the split instead.
    ProseView rendered(text);
    QVERIFY(rendered.isSplitting());
    rendered.prepare(600, 2000);
    QVERIFY(!rendered.isSplitting());
    QVERIFY(rendered.chunkView(0));
    QCOMPARE(rendered.chunkView(0)->markdown(), proseChunkMarkdown(text, rendered.chunk(0)));
}

void tst_ProseLayout::buildingIsSliced()
{
    // With no budget, one slice builds exactly one chunk, and the next waits for the next frame window:
    // dense prose on screen is filled in over several turns, never all in one.
    ProseView::setBuildBudget(0);
    QWidget host;
    host.resize(900, 800);
    auto *view = new ProseView(mixedSpans(3000), &host);
    view->resize(900, 800);
    QSignalSpy built(view, &ProseView::chunkBuilt);
    QTest::qWait(ProseView::kFrameMs + 10); // a fresh frame window for the show
    host.show();
    QCOMPARE(built.size(), 1); // the show built the first chunk on screen
    QCOMPARE(view->buildNearChunks(), 0); // same window: nothing more
    QVERIFY(view->hasPendingWork());
    QTRY_VERIFY_WITH_TIMEOUT(!view->hasPendingWork(), 20000);
    QVERIFY2(built.size() > 3, qPrintable(QString::number(built.size())));
    QCOMPARE(built.first().first().toInt(), 0); // top of the screen first
    // The built chunks run from the top and cover the screen; the ones far below are not built.
    int covered = 0;
    int i = 0;
    for (; i < view->chunkCount() && view->chunkView(i); ++i)
        covered += view->chunkView(i)->height();
    QVERIFY2(covered >= 800, qPrintable(QString::number(covered)));
    QVERIFY(i < view->chunkCount());
    QVERIFY(!view->chunkView(view->chunkCount() - 1));
    ProseView::setBuildBudget(ProseView::kBuildBudgetMs);
    QCOMPARE(view->buildNearChunks(), 0); // nothing left to build
}

void tst_ProseLayout::streamingSplitsOnlyTheTail()
{
    // A growing message is split again from its last paragraph start before the change; the chunks are
    // the ones a split of the whole text gives, and nothing is lost or reordered.
    const QString full = paragraphs(200) + QStringLiteral("```cpp\n") + QString(3000, u'c') + QStringLiteral("\n```\n\n")
        + boldParagraph(200) + QStringLiteral("\n\n| a | b |\n|---|---|\n") + QStringLiteral("| 1 | 2 |\n").repeated(300);
    ProseView view(full.left(10));
    for (qsizetype at = 10; at < full.size() + 250; at += 250) {
        const QString text = full.left(at);
        view.setMarkdown(text);
        const QList<ProseChunk> expected = splitProse(text);
        QCOMPARE(view.chunkCount(), int(expected.size()));
        for (int i = 0; i < view.chunkCount(); ++i)
            QCOMPARE(view.chunk(i), expected.at(i));
    }
    // An edit inside (not an append) splits from before it.
    QString edited = full;
    edited.insert(500, QStringLiteral("\n\n# A heading\n\n"));
    view.setMarkdown(edited);
    const QList<ProseChunk> expected = splitProse(edited);
    QCOMPARE(view.chunkCount(), int(expected.size()));
    for (int i = 0; i < view.chunkCount(); ++i)
        QCOMPARE(view.chunk(i), expected.at(i));
}

void tst_ProseLayout::widgetFencesOfHugeProse()
{
    // The quick look for "dorkos-ui" finds it anywhere, also among characters that share its letters' low
    // byte (U+0164 and 'd' share 0x64).
    const QString word = QStringLiteral("dorkos-ui");
    const QString look = QString(300, QChar(0x0164)) + QString(300, u'x');
    QVERIFY(!ProseBlock::mentionsWidgets(look));
    QVERIFY(ProseBlock::mentionsWidgets(word));
    QVERIFY(ProseBlock::mentionsWidgets(QString(word + look)));
    QVERIFY(ProseBlock::mentionsWidgets(QString(look + word)));
    QVERIFY(ProseBlock::mentionsWidgets(QString(look.left(301) + word + look)));
    QVERIFY(!ProseBlock::mentionsWidgets(QStringLiteral("dorkos-u")));
    QVERIFY(!ProseBlock::mentionsWidgets(QStringLiteral("dorkos_ui dorkosui")));

    // Prose too long to scan on the GUI thread: its fences are its fence cards, which the transcript found.
    const QByteArray fence = "\\n\\n```dorkos-ui\\n{\\\"type\\\": \\\"text\\\", \\\"text\\\": \\\"hi\\\"}\\n```\\n";
    const QByteArray huge(int(ProseView::kSplitInThreadChars) + 1000, 'x');
    const Transcript withFence = Transcript::fromJsonLines(R"({"role":"assistant","content":")" + huge + fence + "\"}\n");
    const Transcript without = Transcript::fromJsonLines(R"({"role":"assistant","content":")" + huge + "\"}\n");
    QCOMPARE(withFence.messages.size(), 1);
    QVERIFY(withFence.messages.first().content.endsWith(QStringLiteral("```\n")));
    QVERIFY(ProseBlock::hasWidgetFences(withFence.messages.first()));
    QVERIFY(!ProseBlock::hasWidgetFences(without.messages.first()));
    // Short prose is still read itself (a hand-made message has no cards).
    QVERIFY(ProseBlock::hasWidgetFences(assistant(QStringLiteral("```dorkos-ui\n{}\n```\n"))));
}

QTEST_MAIN(tst_ProseLayout)
#include "tst_proselayout.moc"

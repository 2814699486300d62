// The canvas panel's widgets (issue 15): every content type with one good and one hostile input, edit
// protection's bars and commands, the window's splitter and View → Canvas Panel, and canvas-tabs.

#include <ctime>

#include <QAction>
#include <QElapsedTimer>
#include <QScrollArea>
#include <QScrollBar>
#include <QFile>
#include <QLabel>
#include <QPdfDocument>
#include <QPdfView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolTip>
#include <QTreeWidget>
#include <QtTest>

#include <app/mainwindow.h>
#include <cards/transcript.h>
#include <store/conversationstore.h>
#include <tests/support/clirunner.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/proseview.h>
#include <widgets/common/theme.h>
#include <widgets/kinds/codehighlighter.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>
#include <widgets/widgetdoc/widgetnodeimage.h>
#include <workbench/canvaspanel.h>
#include <workbench/editorloader.h>

using namespace Tessera;

namespace {

// A panel state that opened the one tab tabJson (its issues printed when it is refused).
CanvasPanelState stateWithTab(const QByteArray &tabJson)
{
    CanvasCommand command;
    QList<CanvasIssue> issues;
    if (!parseCanvasCommandText(CanvasOp::Open, "{\"tab\":" + tabJson + '}', &command, &issues))
        qWarning().noquote() << canvasIssuesText(issues);
    CanvasPanelState state;
    state.apply(command);
    return state;
}

CanvasTab tabOf(const QByteArray &tabJson)
{
    return stateWithTab(tabJson).tabs().value(0);
}

// A tab made directly, past validation: what a view must survive if a check ever let it through.
CanvasTab rawTab(CanvasContentType type, const QByteArray &contentJson)
{
    CanvasTab tab;
    tab.id = QStringLiteral("tab-1");
    tab.type = type;
    tab.title = QStringLiteral("raw");
    tab.contentJson = contentJson;
    return tab;
}

QByteArray jsonString(const QString &text)
{
    QByteArray out = "\"";
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += '\\';
        if (c == QLatin1Char('\n')) {
            out += "\\n";
            continue;
        }
        out += QString(c).toUtf8();
    }
    return out + '"';
}

QByteArray fixture(const char *name)
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/canvas/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString errorText(QWidget *view)
{
    auto *label = view->objectName() == QLatin1String("canvasError") ? qobject_cast<QLabel *>(view)
                                                                      : view->findChild<QLabel *>(QStringLiteral("canvasError"));
    return label ? label->text() : QString();
}

// The longest stretch of GUI-thread work between two turns of the event loop, as CPU time of this thread
// (a loaded machine preempting the test does not count; work on worker threads does not either). A 1 ms
// timer marks the turns; a slice that holds the thread delays it by that slice.
class TurnProbe
{
public:
    TurnProbe()
    {
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { mark(); });
        m_last = threadCpuNs();
        m_timer.start();
    }
    qint64 longestMs() const { return m_longest / 1000000; }

private:
    static qint64 threadCpuNs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
    }
    void mark()
    {
        const qint64 now = threadCpuNs();
        m_longest = qMax(m_longest, now - m_last);
        m_last = now;
    }

    QTimer m_timer;
    qint64 m_last = 0;
    qint64 m_longest = 0;
};

} // namespace

class TestCanvasPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        installWidgetDocumentRenderer();
    }

    void everyTypeHasAView()
    {
        QStringList names;
        for (CanvasContentType type : canvasViewTypes())
            names.append(canvasContentTypeName(type));
        QCOMPARE(names, canvasContentTypeNames());
    }

    void widgetTab()
    {
        CanvasViewContext context;
        const CanvasTab good = tabOf(R"({"type":"widget","content":{"version":1,"title":"Weather","root":{"type":"stat","label":"San Francisco","value":"64°F"}}})");
        std::unique_ptr<QWidget> view(createCanvasTabView(good, context, nullptr));
        auto *card = view->findChild<WidgetDocumentCard *>();
        QVERIFY(card);
        QCOMPARE(card->widgetName(), QStringLiteral("Weather"));
        // Past validation, a broken document is the chat's fallback block, never a crash.
        std::unique_ptr<QWidget> bad(createCanvasTabView(rawTab(CanvasContentType::Widget, R"({"version":1,"root":{"type":"marquee"}})"), context, nullptr));
        auto *fallback = bad->findChild<FallbackCard *>();
        QVERIFY(fallback);
        QVERIFY2(fallback->issueText().contains(QLatin1String("marquee")), qPrintable(fallback->issueText()));
    }

    void markdownTab()
    {
        CanvasViewContext context;
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf(R"({"type":"markdown","content":"Title line\n\n**bold** words"})"), context, nullptr));
        QPlainTextEdit *editor = canvasTabEditor(view.get());
        QVERIFY(editor);
        QVERIFY(!canvasTabLoading(view.get())); // a short text goes in at once
        QVERIFY(!editor->isReadOnly());
        QCOMPARE(editor->toPlainText(), QStringLiteral("Title line\n\n**bold** words"));
        auto *rendered = view->findChild<ProseView *>(QStringLiteral("canvasRendered"));
        QVERIFY(rendered);
        view->resize(800, 400);
        view->show();
        QTRY_VERIFY_WITH_TIMEOUT(rendered->chunkView(0), 5000);
        QCOMPARE(rendered->chunkView(0)->toPlainText(), QStringLiteral("Title line\nbold words"));
        // The rendered side follows the editor, after a pause in the typing.
        editor->setPlainText(QStringLiteral("changed"));
        QTRY_COMPARE_WITH_TIMEOUT(rendered->markdown(), QStringLiteral("changed"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(rendered->chunkView(0), 5000);
        QCOMPARE(rendered->chunkView(0)->toPlainText().trimmed(), QStringLiteral("changed"));
        // Hostile: 20,000 nested block quotes; drawn, not crashed.
        const QString deep = QString(20000, QLatin1Char('>')) + QStringLiteral(" deep");
        // Its one line is over 20,000 characters: the editor shows it broken and read-only, the rendered
        // side renders the text itself, and a note says so.
        std::unique_ptr<QWidget> hostile(createCanvasTabView(rawTab(CanvasContentType::Markdown, jsonString(deep)), context, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(!canvasTabLoading(hostile.get()), 5000);
        QPlainTextEdit *hostileEditor = canvasTabEditor(hostile.get());
        QVERIFY(hostileEditor->isReadOnly());
        QCOMPARE(hostileEditor->document()->blockCount(), 11);
        QCOMPARE(hostileEditor->toPlainText().remove(u'\n'), deep);
        auto *hostileRendered = hostile->findChild<ProseView *>(QStringLiteral("canvasRendered"));
        QVERIFY(hostileRendered);
        QTRY_COMPARE_WITH_TIMEOUT(hostileRendered->markdown(), deep, 5000);
        auto *hostileNote = hostile->findChild<QLabel *>(QStringLiteral("canvasNote"));
        QVERIFY(hostileNote);
        QCOMPARE(hostileNote->text(), QStringLiteral("Shown read-only, broken every 2,000 characters: a line is longer than 20,000 characters."));
    }

    // Links in the rendered side go to the window's confirmation (context.openLink), as in the chat:
    // https only; other schemes are refused there, with the reason shown.
    void markdownLinksAskTheWindow()
    {
        QStringList asked;
        CanvasViewContext context;
        context.openLink = [&asked](const QString &url) { asked.append(url); };
        std::unique_ptr<QWidget> view(createCanvasTabView(
                tabOf("{\"type\":\"markdown\",\"content\":\"Read [the report](https:/" "/example.com/report) or [this](javascript:alert(1)).\"}"),
                context, nullptr));
        auto *rendered = view->findChild<ProseView *>(QStringLiteral("canvasRendered"));
        QVERIFY(rendered);
        view->resize(900, 400);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QTRY_VERIFY_WITH_TIMEOUT(rendered->chunkView(0), 5000);
        MarkdownView *chunk = rendered->chunkView(0);
        QTRY_VERIFY_WITH_TIMEOUT(chunk->isVisible() && chunk->width() > 100, 5000);
        // A click on the link's text.
        const QTextBlock block = chunk->document()->begin();
        const int offset = int(block.text().indexOf(QStringLiteral("report")));
        QVERIFY(offset > 0);
        QTextCursor cursor(chunk->document());
        cursor.setPosition(block.position() + offset + 2);
        const QPoint point = chunk->cursorRect(cursor).center();
        QCOMPARE(chunk->anchorAt(point), QStringLiteral("https://example.com/report"));
        QTest::mouseClick(chunk->viewport(), Qt::LeftButton, {}, point);
        QCOMPARE(asked, QStringList{QStringLiteral("https://example.com/report")});
        // Activated by keyboard (the browser's anchorClicked), another scheme: refused, never asked.
        Q_EMIT chunk->anchorClicked(QUrl(QStringLiteral("javascript:alert(1)")));
        Q_EMIT chunk->anchorClicked(QUrl(QStringLiteral("notes.md")));
        QCOMPARE(asked, QStringList{QStringLiteral("https://example.com/report")});
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::text().startsWith(QLatin1String("Refused to open a link that is not https://")), 2000);
    }

    void fileTab()
    {
        CanvasViewContext context;
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf(R"({"type":"file","source":"tools/run.py","content":"def main():\n    return 1\n"})"), context, nullptr));
        QPlainTextEdit *editor = canvasTabEditor(view.get());
        QVERIFY(editor);
        QVERIFY(!editor->isReadOnly());
        QCOMPARE(editor->toPlainText(), QStringLiteral("def main():\n    return 1\n"));
        auto *highlighter = editor->document()->findChild<CodeHighlighter *>();
        QVERIFY(highlighter);
        QCOMPARE(highlighter->languageFile(), QStringLiteral("python.lang")); // from the source's suffix
        QVERIFY(!view->findChild<QLabel *>(QStringLiteral("canvasNote")));
        // Hostile: one 1 MB line with bidi overrides, an unknown language: plain text, and the note says why.
        QString line = QString(1024 * 1024, QLatin1Char('a'));
        line.insert(10, QChar(0x202E));
        CanvasTab hostile = rawTab(CanvasContentType::File, jsonString(line));
        hostile.language = QStringLiteral("no-such-language");
        std::unique_ptr<QWidget> big(createCanvasTabView(hostile, context, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(!canvasTabLoading(big.get()), 10000);
        QPlainTextEdit *bigEditor = canvasTabEditor(big.get());
        QVERIFY(bigEditor->isReadOnly()); // shown broken into lines of 2,000 characters: not the text
        QCOMPARE(bigEditor->document()->blockCount(), 525);
        QCOMPARE(bigEditor->toPlainText().remove(u'\n'), line);
        QVERIFY(!bigEditor->document()->findChild<CodeHighlighter *>());
        auto *note = big->findChild<QLabel *>(QStringLiteral("canvasNote"));
        QVERIFY(note);
        QCOMPARE(note->text(), QStringLiteral("Shown read-only, broken every 2,000 characters: a line is longer than 20,000 characters."));
        // A line between the two limits: editable, shown whole, not highlighted.
        const QString wide(15000, QLatin1Char('b'));
        std::unique_ptr<QWidget> wideView(createCanvasTabView(rawTab(CanvasContentType::File, jsonString(wide)), context, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(!canvasTabLoading(wideView.get()), 5000);
        QVERIFY(!canvasTabEditor(wideView.get())->isReadOnly());
        QCOMPARE(canvasTabEditor(wideView.get())->toPlainText(), wide);
        QCOMPARE(wideView->findChild<QLabel *>(QStringLiteral("canvasNote"))->text(),
                 QStringLiteral("Shown without highlighting: a line is longer than 10,000 characters."));
    }

    // Issue 15: a 1 MB markdown tab and a 4 MB file tab open, fill and draw in slices: no turn of the
    // event loop costs the GUI thread more than ~50 ms (a 50 KB markdown tab took 13.6 s in one go, a
    // 4 MB file 64 s), and the whole text arrives (the last line is checked).
    void longDocumentsNeverHoldTheGuiThread_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("size");
        QTest::addColumn<bool>("highlighted");
        QTest::newRow("markdown 1 MB") << QStringLiteral("markdown") << 1024 * 1024 << false;
        QTest::newRow("file 4 MB, plain") << QStringLiteral("file") << 4 * 1024 * 1024 - 200 << false; // the limit is 4 Mi
        QTest::newRow("file 600 KB, highlighted") << QStringLiteral("file") << 600 * 1024 << true;
        QTest::newRow("file 1 MB, one line") << QStringLiteral("oneline") << 1024 * 1024 - 200 << false;
    }

    void longDocumentsNeverHoldTheGuiThread()
    {
        QFETCH(QString, type);
        QFETCH(int, size);
        QFETCH(bool, highlighted);
        const bool markdown = type == QLatin1String("markdown");
        const bool oneLine = type == QLatin1String("oneline");
        if (oneLine)
            type = QStringLiteral("file");
        QString text;
        text.reserve(size + 200);
        for (int i = 0; text.size() < size; ++i) {
            text += markdown ? QStringLiteral("## Section %1\n\nSome **bold** words, a [link](https://example.com/%1), `code` "
                                              "and a long sentence that wraps across the width of the pane.\n\n- one\n- two\n\n")
                                       .arg(i)
                    : oneLine ? QStringLiteral("value_%1 = step(value_%1); ").arg(i)
                             : QStringLiteral("def step_%1(value):\n    return value * %1  # scaled\n").arg(i);
        }
        const QString lastLine = markdown ? QStringLiteral("The last line of the tab.") : QStringLiteral("# the last line of the file");
        text += lastLine;
        const CanvasPanelState state = stateWithTab("{\"type\":\"" + type.toUtf8() + "\",\"title\":\"Long\",\"source\":\"long."
                                                    + (markdown ? "md" : "py") + "\",\"content\":" + jsonString(text) + '}');
        QCOMPARE(state.tabs().size(), 1);

        CanvasPanel panel;
        panel.resize(1000, 700);
        panel.show();
        TurnProbe probe;
        panel.setState(state);
        CanvasTabPage *page = panel.page(state.tabs().at(0).id);
        QVERIFY(page);
        QPlainTextEdit *editor = canvasTabEditor(page->view());
        QVERIFY(editor);
        QTRY_VERIFY_WITH_TIMEOUT(!canvasTabLoading(page->view()), 60000);
        if (oneLine) {
            // Broken into lines of 2,000 characters for the display, and read-only: what it shows is
            // not the text.
            QVERIFY(editor->isReadOnly());
            QCOMPARE(editor->document()->blockCount(), int((text.size() + 1999) / 2000));
            QCOMPARE(editor->document()->firstBlock().text(), text.left(2000));
            QVERIFY(editor->document()->lastBlock().text().endsWith(lastLine));
            QCOMPARE(editor->toPlainText().remove(u'\n'), text);
        } else {
            QVERIFY(!editor->isReadOnly());
            QCOMPARE(editor->document()->lastBlock().text(), lastLine);
            QCOMPARE(editor->document()->characterCount() - 1, text.size()); // less the final paragraph mark
        }
        if (markdown) {
            auto *rendered = page->findChild<ProseView *>(QStringLiteral("canvasRendered"));
            auto *area = page->findChild<QScrollArea *>(QStringLiteral("canvasRenderedArea"));
            QVERIFY(rendered && area);
            QTRY_VERIFY_WITH_TIMEOUT(!rendered->isSplitting(), 30000);
            QVERIFY(rendered->chunkCount() > 100);
            // Scrolled to the end, the last chunk is built and shows the last line.
            QScrollBar *bar = area->verticalScrollBar();
            const int last = rendered->chunkCount() - 1;
            QTRY_VERIFY_WITH_TIMEOUT((bar->setValue(bar->maximum()), rendered->chunkView(last) != nullptr), 30000);
            QVERIFY2(rendered->chunkView(last)->toPlainText().endsWith(lastLine), qPrintable(rendered->chunkView(last)->toPlainText()));
            QVERIFY(!rendered->chunkView(0)); // the top, far off screen, was released
        } else {
            auto *highlighter = editor->document()->findChild<CodeHighlighter *>();
            QCOMPARE(bool(highlighter), highlighted);
            auto *note = page->findChild<QLabel *>(QStringLiteral("canvasNote"));
            QCOMPARE(bool(note), !highlighted);
            if (highlighted) {
                // The lines of the last slice were formatted too ("return" is a keyword).
                const QTextBlock block = editor->document()->lastBlock().previous();
                QCOMPARE(block.text().trimmed().left(6), QStringLiteral("return"));
                QVERIFY(!block.layout()->formats().isEmpty());
            } else {
                QCOMPARE(note->text(), oneLine ? QStringLiteral("Shown read-only, broken every 2,000 characters: a line is longer than 20,000 characters.")
                                               : QStringLiteral("Shown without highlighting: the file is longer than 1,048,576 characters."));
            }
        }
        QTest::qWait(50); // a few more turns while everything settles
        QVERIFY2(probe.longestMs() <= 50, qPrintable(QStringLiteral("a turn took %1 ms").arg(probe.longestMs())));

        // Headless render: the top of the document, drawn (not blank), in bounded time.
        QElapsedTimer clock;
        clock.start();
        const QImage image = CanvasPanel::renderToImage(state, CanvasViewContext{}, 1000, 600, panel.palette());
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(image.size(), QSize(1000, 600));
        // Text in the editor's top left and (markdown) in the rendered side: some pixels differ from the
        // background.
        const auto inked = [&image](int x0, int x1) {
            const QRgb background = image.pixel(x1 - 2, image.height() - 2);
            int count = 0;
            for (int y = 40; y < 200; ++y) {
                for (int x = x0; x < x1; ++x)
                    count += image.pixel(x, y) != background;
            }
            return count;
        };
        QVERIFY(inked(0, 400) > 200);
        if (markdown)
            QVERIFY(inked(520, 980) > 200);
    }

    // A theme change re-highlights a large file tab in slices too (QSyntaxHighlighter::rehighlight took
    // the 600 KB file in one turn), and every line gets the new colours (the last one is checked).
    void themeChangeRehighlightsInSlices()
    {
        QString text;
        for (int i = 0; text.size() < 600 * 1024; ++i)
            text += QStringLiteral("def step_%1(value):\n    return value * %1  # scaled\n").arg(i);
        const CanvasPanelState state = stateWithTab("{\"type\":\"file\",\"title\":\"Long\",\"source\":\"long.py\",\"content\":"
                                                    + jsonString(text) + '}');
        CanvasPanel panel;
        panel.setPalette(themePalette(ThemeMode::Light));
        panel.resize(1000, 700);
        panel.show();
        panel.setState(state);
        CanvasTabPage *page = panel.page(state.tabs().at(0).id);
        QVERIFY(page);
        QPlainTextEdit *editor = canvasTabEditor(page->view());
        QVERIFY(editor);
        EditorLoader *loader = EditorLoader::of(editor);
        QTRY_VERIFY_WITH_TIMEOUT(!canvasTabLoading(page->view()) && !loader->isRehighlighting(), 60000);
        // The colour of "return" (a keyword) on the last line of code.
        const auto keywordColour = [editor] {
            const QTextBlock block = editor->document()->lastBlock().previous();
            for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
                if (range.start == 4)
                    return range.format.foreground().color();
            }
            return QColor();
        };
        const QColor light = keywordColour();
        QVERIFY(light.isValid());

        TurnProbe probe;
        QSignalSpy done(loader, &EditorLoader::rehighlighted);
        panel.setPalette(themePalette(ThemeMode::Dark));
        QVERIFY(loader->isRehighlighting()); // not all of it in this turn
        QVERIFY(done.wait(60000));
        QTest::qWait(50);
        QVERIFY2(probe.longestMs() <= 50, qPrintable(QStringLiteral("a turn took %1 ms").arg(probe.longestMs())));
        const QColor dark = keywordColour();
        QVERIFY(dark.isValid());
        QVERIFY2(dark != light, qPrintable(dark.name()));
        // The same colour a fresh highlighter gives the line in the dark theme.
        QTextDocument fresh(QStringLiteral("    return value * 1  # scaled\n"));
        CodeHighlighter reference(QStringLiteral("python"), &fresh);
        reference.setPalette(themePalette(ThemeMode::Dark));
        QColor expected;
        for (const QTextLayout::FormatRange &range : fresh.begin().layout()->formats()) {
            if (range.start == 4)
                expected = range.format.foreground().color();
        }
        QCOMPARE(dark, expected);
    }

    void csvTab()
    {
        CanvasViewContext context;
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf("{\"type\":\"csv\",\"content\":\"region,units,note\\nNorth,12,\\\"a, quoted\\\"\\\"cell\\\"\\nSouth,-7.5,x\\n\"}"), context, nullptr));
        auto *table = view->findChild<QTableView *>(QStringLiteral("canvasTable"));
        QVERIFY(table);
        QAbstractItemModel *model = table->model();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 3);
        QCOMPARE(model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("units"));
        QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("a, quoted\"cell"));
        QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("-7.5"));
        QCOMPARE(model->index(1, 1).data(Qt::TextAlignmentRole).value<Qt::Alignment>() & Qt::AlignHorizontal_Mask, Qt::AlignRight);
        QCOMPARE(model->index(0, 0).data(Qt::TextAlignmentRole).value<Qt::Alignment>() & Qt::AlignHorizontal_Mask, Qt::AlignLeft);
        QVERIFY(!view->findChild<QLabel *>(QStringLiteral("canvasNote")));

        // Hostile: 10,000 columns.
        QStringList header;
        QStringList values;
        for (int i = 0; i < 10000; ++i) {
            header.append(QStringLiteral("c%1").arg(i));
            values.append(QString::number(i));
        }
        const QString wide = header.join(QLatin1Char(',')) + QLatin1Char('\n') + values.join(QLatin1Char(','));
        std::unique_ptr<QWidget> hostile(createCanvasTabView(tabOf("{\"type\":\"csv\",\"content\":" + jsonString(wide) + '}'), context, nullptr));
        QAbstractItemModel *wideModel = hostile->findChild<QTableView *>()->model();
        QCOMPARE(wideModel->columnCount(), CsvTableModel::kMaxColumns);
        QCOMPARE(wideModel->index(0, 199).data().toString(), QStringLiteral("199"));
        QCOMPARE(hostile->findChild<QLabel *>(QStringLiteral("canvasNote"))->text(), QStringLiteral("Showing the first 200 of 10000 columns."));
    }

    void jsonTab()
    {
        CanvasViewContext context;
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf(R"({"type":"json","content":{"name":"Ada","langs":["en","fr"],"age":36}})"), context, nullptr));
        auto *tree = view->findChild<QTreeWidget *>(QStringLiteral("canvasJsonTree"));
        if (!tree)
            tree = qobject_cast<QTreeWidget *>(view.get());
        QVERIFY(tree);
        QTreeWidgetItem *root = tree->topLevelItem(0);
        QCOMPARE(root->text(1), QStringLiteral("{3}"));
        QCOMPARE(root->childCount(), 3);
        QCOMPARE(root->child(0)->text(0), QStringLiteral("age")); // nlohmann keeps members in key order
        QCOMPARE(root->child(0)->text(1), QStringLiteral("36"));
        QCOMPARE(root->child(1)->text(1), QStringLiteral("[2]"));
        QCOMPARE(root->child(1)->child(1)->text(1), QStringLiteral("fr"));
        // Hostile: JSON text nested 100,000 deep: the strict parser refuses it past 100.
        const QString deep = QString(100000, QLatin1Char('[')) + QString(100000, QLatin1Char(']'));
        std::unique_ptr<QWidget> hostile(createCanvasTabView(tabOf("{\"type\":\"json\",\"content\":" + jsonString(deep) + '}'), context, nullptr));
        QVERIFY2(errorText(hostile.get()).startsWith(QLatin1String("This JSON cannot be shown: ")), qPrintable(errorText(hostile.get())));
        QVERIFY2(errorText(hostile.get()).contains(QLatin1String("100")), qPrintable(errorText(hostile.get())));
    }

    void imageTab()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        CanvasViewContext context;
        context.workingDir = dir.path();
        const QByteArray small = fixture("two-pixels.png");
        QVERIFY(!small.isEmpty());
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf("{\"type\":\"image\",\"src\":\"data:image/png;base64," + small.toBase64() + "\"}"), context, nullptr));
        auto *label = view->findChild<QLabel *>(QStringLiteral("canvasImage"));
        QVERIFY(label);
        QCOMPARE(label->pixmap().size(), QSize(2, 1));
        QCOMPARE(label->pixmap().toImage().pixelColor(0, 0), QColor(Qt::red));

        // Hostile: a PNG header claiming 30000 x 20000 RGBA (2.4 GB): refused from the header.
        const QByteArray huge = fixture("huge-header.png");
        std::unique_ptr<QWidget> hostile(createCanvasTabView(tabOf("{\"type\":\"image\",\"src\":\"data:image/png;base64," + huge.toBase64() + "\"}"), context, nullptr));
        QCOMPARE(errorText(hostile.get()), QStringLiteral("This image cannot be shown: larger than 4096 px"));

        // A local file inside the working directory is read; one outside is refused with the reason.
        QFile inside(dir.filePath(QStringLiteral("plot.png")));
        QVERIFY(inside.open(QIODevice::WriteOnly) && inside.write(small) == small.size());
        inside.close();
        std::unique_ptr<QWidget> local(createCanvasTabView(tabOf(R"({"type":"image","src":"plot.png"})"), context, nullptr));
        QVERIFY(local->findChild<QLabel *>(QStringLiteral("canvasImage")));
        std::unique_ptr<QWidget> outside(createCanvasTabView(tabOf(R"({"type":"image","src":"../../etc/hostname"})"), context, nullptr));
        QVERIFY2(errorText(outside.get()).contains(QLatin1String("outside the working directory")) || errorText(outside.get()).contains(QLatin1String("does not exist")),
                 qPrintable(errorText(outside.get())));

        // https: nothing is fetched until the person clicks.
        std::unique_ptr<QWidget> remote(createCanvasTabView(tabOf("{\"type\":\"image\",\"src\":\"https:/" "/example.com/a.png\"}"), context, nullptr));
        auto *image = remote->findChild<WidgetNodeImage *>();
        QVERIFY(image);
        QVERIFY(image->loadButton());
        QVERIFY(!image->network());
    }

    void pdfTab()
    {
        CanvasViewContext context;
        const QByteArray pdf = fixture("one-page.pdf");
        QVERIFY(pdf.startsWith("%PDF-"));
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf("{\"type\":\"pdf\",\"src\":\"data:application/pdf;base64," + pdf.toBase64() + "\"}"), context, nullptr));
        auto *pdfView = view->findChild<QPdfView *>();
        QVERIFY2(pdfView, qPrintable(errorText(view.get())));
        QCOMPARE(pdfView->document()->pageCount(), 1);
        // Hostile: bytes that are not a PDF.
        std::unique_ptr<QWidget> hostile(createCanvasTabView(tabOf("{\"type\":\"pdf\",\"src\":\"data:application/pdf;base64," + QByteArray("this is not a PDF at all").toBase64() + "\"}"), context, nullptr));
        QCOMPARE(errorText(hostile.get()), QStringLiteral("This PDF cannot be shown: it is not a PDF."));
    }

    void addressTabs()
    {
        QStringList opened;
        CanvasViewContext context;
        context.openLink = [&opened](const QString &url) { opened.append(url); };
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf("{\"type\":\"url\",\"url\":\"https:/" "/example.com/docs\"}"), context, nullptr));
        QCOMPARE(view->findChild<QLabel *>(QStringLiteral("canvasAddress"))->text(), QStringLiteral("https:/" "/example.com/docs"));
        QVERIFY(opened.isEmpty()); // never loaded by itself
        view->findChild<QPushButton *>(QStringLiteral("canvasOpenLink"))->click();
        QCOMPARE(opened, QStringList{QStringLiteral("https:/" "/example.com/docs")});
        // No window to confirm with (headless): the button is off.
        std::unique_ptr<QWidget> headless(createCanvasTabView(tabOf("{\"type\":\"browser\",\"url\":\"https:/" "/example.com\"}"), CanvasViewContext{}, nullptr));
        QVERIFY(!headless->findChild<QPushButton *>(QStringLiteral("canvasOpenLink"))->isEnabled());
    }

    void canvasTabDrawsACanvasCard()
    {
        // The canvas kind is plugged in by main() (tessera_canvas); without it the chat's placeholder or
        // fallback draws, as in the conversation: a card widget either way, never nothing.
        std::unique_ptr<QWidget> view(createCanvasTabView(tabOf(R"({"type":"canvas","content":"<p>hi</p>"})"), CanvasViewContext{}, nullptr));
        QVERIFY(view->findChild<CardFrame *>() || view->findChild<QWidget *>());
        QVERIFY(errorText(view.get()).isEmpty());
    }

    void editProtectionBars()
    {
        CanvasPanel panel;
        QSignalSpy commands(&panel, &CanvasPanel::commandRequested);
        CanvasPanelState state;
        CanvasCommand open;
        QVERIFY(parseCanvasCommandText(CanvasOp::Open, R"({"tab":{"type":"markdown","source":"n.md","content":"agent"}})", &open, nullptr));
        state.apply(open);
        CanvasCommand other;
        QVERIFY(parseCanvasCommandText(CanvasOp::Open, R"({"tab":{"type":"csv","content":"a,b"}})", &other, nullptr));
        state.apply(other);
        panel.setState(state);
        QCOMPARE(panel.tabs()->count(), 2);
        QCOMPARE(panel.tabs()->currentIndex(), 1);

        CanvasTabPage *page = panel.page(QStringLiteral("tab-1"));
        QVERIFY(page);
        canvasTabEditor(page->view())->setPlainText(QStringLiteral("my words"));
        QVERIFY(page->hasPendingEdit());
        panel.flushEdits();
        QCOMPARE(commands.count(), 1);
        QCOMPARE(commands.at(0).at(0).value<CanvasOp>(), CanvasOp::Edit);
        QCOMPARE(commands.at(0).at(1).toByteArray(), QByteArray(R"({"tabId":"tab-1","content":"my words"})"));

        // The window stores it and hands the state back; then the agent's update is held.
        CanvasCommand edit;
        QVERIFY(parseCanvasCommandText(CanvasOp::Edit, commands.at(0).at(1).toByteArray(), &edit, nullptr));
        state.apply(edit);
        panel.setState(state);
        QVERIFY(!page->editBar()->isHidden());
        QVERIFY(page->heldBar()->isHidden());
        CanvasCommand update;
        QVERIFY(parseCanvasCommandText(CanvasOp::Update, R"({"source":"n.md","content":"agent 2"})", &update, nullptr));
        QCOMPARE(state.apply(update).change, CanvasChange::Held);
        panel.setState(state);
        QVERIFY(!page->heldBar()->isHidden());
        QCOMPARE(panel.tabs()->tabText(0), QStringLiteral("n.md •"));
        QCOMPARE(canvasTabEditor(page->view())->toPlainText(), QStringLiteral("my words")); // not overwritten
        QCOMPARE(panel.page(QStringLiteral("tab-1")), page); // the same page, kept

        page->applyButton()->click();
        QCOMPARE(commands.count(), 2);
        QCOMPARE(commands.at(1).at(0).value<CanvasOp>(), CanvasOp::Apply);
        CanvasCommand apply;
        QVERIFY(parseCanvasCommandText(CanvasOp::Apply, commands.at(1).at(1).toByteArray(), &apply, nullptr));
        state.apply(apply);
        panel.setState(state);
        QCOMPARE(canvasTabEditor(page->view())->toPlainText(), QStringLiteral("agent 2"));
        QVERIFY(page->heldBar()->isHidden());
        QVERIFY(page->editBar()->isHidden());

        // Discard keeps the person's words.
        canvasTabEditor(page->view())->setPlainText(QStringLiteral("mine again"));
        panel.flushEdits();
        QVERIFY(parseCanvasCommandText(CanvasOp::Edit, commands.last().at(1).toByteArray(), &edit, nullptr));
        state.apply(edit);
        QVERIFY(parseCanvasCommandText(CanvasOp::Update, R"({"tabId":"tab-1","content":"agent 3"})", &update, nullptr));
        state.apply(update);
        panel.setState(state);
        page->discardButton()->click();
        QCOMPARE(commands.last().at(0).value<CanvasOp>(), CanvasOp::Discard);
        CanvasCommand discard;
        QVERIFY(parseCanvasCommandText(CanvasOp::Discard, commands.last().at(1).toByteArray(), &discard, nullptr));
        state.apply(discard);
        panel.setState(state);
        QCOMPARE(canvasTabEditor(page->view())->toPlainText(), QStringLiteral("mine again"));

        // A close removes the page.
        CanvasCommand close;
        QVERIFY(parseCanvasCommandText(CanvasOp::Close, R"({"tabId":"tab-2"})", &close, nullptr));
        state.apply(close);
        panel.setState(state);
        QCOMPARE(panel.tabs()->count(), 1);
    }

    void windowShowsTheStoredPanel()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.openStore(dir.path());
        QVERIFY(window.openFile(QStringLiteral(TESSERA_TEST_DATA "/canvas/panel.jsonl")));
        CanvasPanel *panel = window.canvasPanel();
        QVERIFY(!panel->isHidden());
        QVERIFY(window.canvasPanelAction()->isChecked());
        QCOMPARE(panel->tabs()->count(), 2);
        QCOMPARE(panel->tabs()->currentIndex(), 1);
        QCOMPARE(panel->tabs()->tabText(0), QStringLiteral("Notes •")); // the held update of the stored lines
        window.canvasPanelAction()->trigger();
        QVERIFY(panel->isHidden());
        window.canvasPanelAction()->trigger();
        QVERIFY(!panel->isHidden());
        QCOMPARE(window.canvasPanelAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+D")));
        // A conversation without tabs hides it.
        window.newConversation();
        QVERIFY(panel->isHidden());
        QCOMPARE(panel->tabs()->count(), 0);
    }

    void canvasTabsCommand()
    {
        QTemporaryDir data;
        const auto runTessera = [&data](QStringList arguments) {
            arguments << QStringLiteral("--data-dir") << data.path();
            return TestSupport::runProgram(QStringLiteral(TESSERA_BINARY), arguments, TestSupport::displaylessEnvironment());
        };
        const TestSupport::CliResult result = runTessera({QStringLiteral("canvas-tabs"), QStringLiteral(TESSERA_TEST_DATA "/canvas/panel.jsonl")});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out, QStringLiteral(
                "{\"index\":0,\"type\":\"markdown\",\"title\":\"Notes\",\"source\":\"notes.md\",\"active\":false}\n"
                "{\"index\":1,\"type\":\"widget\",\"title\":\"Weather\",\"source\":\"weather\",\"active\":true}\n"));
        const TestSupport::CliResult missing = runTessera({QStringLiteral("canvas-tabs"), QStringLiteral("/no/such/file.jsonl")});
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(runTessera({QStringLiteral("canvas-tabs")}).exitCode, 2);
    }

    // `tessera render` draws the active tab's web content, not its placeholder: the last tab is a canvas
    // (a 300 px block of one colour) or an MCP App view (its stored HTML, a 200 px block; no server in a
    // headless run). The panel is the bottom 520 px of the image.
    void renderDrawsTheActiveWebTab_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QColor>("colour");
        QTest::addColumn<int>("blockHeight");
        QTest::newRow("canvas") << QStringLiteral("panel-canvas.jsonl") << QColor(0x00, 0xc8, 0x53) << 300;
        QTest::newRow("mcp_app") << QStringLiteral("panel-mcpapp.jsonl") << QColor(0x29, 0x62, 0xff) << 200;
    }

    void renderDrawsTheActiveWebTab()
    {
        QFETCH(QString, file);
        QFETCH(QColor, colour);
        QFETCH(int, blockHeight);
        QTemporaryDir data;
        const QString out = data.filePath(QStringLiteral("panel.png"));
        QElapsedTimer clock;
        clock.start();
        const TestSupport::CliResult result = TestSupport::runProgram(
                QStringLiteral(TESSERA_BINARY),
                {QStringLiteral("render"), QStringLiteral(TESSERA_TEST_DATA "/canvas/") + file, QStringLiteral("-o"), out,
                 QStringLiteral("--width"), QStringLiteral("900"), QStringLiteral("--data-dir"), data.path()},
                TestSupport::displaylessEnvironment());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(clock.elapsed() < 90000, qPrintable(QString::number(clock.elapsed())));
        const QImage image = QImage(out).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(image.width(), 900);
        QVERIFY(image.height() > 520);
        const int top = image.height() - 520;
        const auto near = [&colour](QRgb p) {
            return qAbs(qRed(p) - colour.red()) < 12 && qAbs(qGreen(p) - colour.green()) < 12 && qAbs(qBlue(p) - colour.blue()) < 12;
        };
        // Where the colour is in the panel, and that it is one solid block there.
        QRect box;
        int count = 0;
        for (int y = top; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                if (near(image.pixel(x, y))) {
                    box |= QRect(x, y, 1, 1);
                    ++count;
                }
            }
        }
        image.save(QDir::temp().filePath(QStringLiteral("tessera-panel-%1.png").arg(QLatin1String(QTest::currentDataTag()))));
        QVERIFY2(count > 0, "the tab's colour is not in the panel: its placeholder was drawn");
        QVERIFY2(box.width() > 700 && box.height() >= blockHeight - 2,
                 qPrintable(QStringLiteral("the block is %1x%2 at %3,%4").arg(box.width()).arg(box.height()).arg(box.x()).arg(box.y() - top)));
        // Solid: no text (a placeholder or a stop message) is drawn over it.
        QVERIFY2(count >= qint64(box.width()) * box.height() * 99 / 100, qPrintable(QString::number(count)));
        // And the conversation above is not where it came from (the canvas case has no inline canvas).
        if (file == QLatin1String("panel-canvas.jsonl")) {
            for (int y = 0; y < top; y += 2) {
                for (int x = 0; x < image.width(); x += 2)
                    QVERIFY(!near(image.pixel(x, y)));
            }
        }
    }
};

QTEST_MAIN(TestCanvasPanel)
#include "tst_canvaspanel.moc"

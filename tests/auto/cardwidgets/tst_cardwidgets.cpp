// Native renderers for text, code, alert, detail, item_list, recommend_actions, canvas and the
// fallback block; the safe Markdown view and the source-highlight based code highlighter.
//
// Set TESSERA_RENDER_DIR to a folder to get every widget rendered to PNG in both palettes.

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QThread>
#include <QVBoxLayout>

#include <memory>

#include <cards/card.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/theme.h>
#include <widgets/common/wraptext.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/findhighlight.h>
#include <widgets/kinds/alertcard.h>
#include <widgets/kinds/canvasplaceholdercard.h>
#include <widgets/kinds/codecard.h>
#include <widgets/kinds/codehighlighter.h>
#include <widgets/kinds/detailcard.h>
#include <widgets/kinds/itemlistcard.h>
#include <widgets/kinds/recommendactionscard.h>
#include <widgets/kinds/textcard.h>
#include <tests/support/cardhelpers.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

Card cardFrom(const QByteArray &json)
{
    return Card::fromEnvelopeText(json);
}

// Every image-format character in the document.
int imageCount(const QTextDocument *document)
{
    int count = 0;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            if (it.fragment().charFormat().isImageFormat())
                ++count;
        }
    }
    return count;
}

// The format the highlighter gave the character at position in the block (a default format if none).
QTextCharFormat formatAt(const QTextBlock &block, int position)
{
    const QList<QTextLayout::FormatRange> ranges = block.layout()->formats();
    for (const QTextLayout::FormatRange &range : ranges) {
        if (position >= range.start && position < range.start + range.length)
            return range.format;
    }
    return {};
}

QTextBlock blockContaining(const QTextDocument *document, const QString &text)
{
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.text().contains(text))
            return block;
    }
    return {};
}

} // namespace

class TestCardWidgets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void longWordsWrap_data();
    void longWordsWrap();
    void breakableTextKeepsShortWords();

    void textCardShowsTitleAndMarkdown();
    void markdownNeverLoadsImages_data();
    void markdownNeverLoadsImages();
    void markdownLinkIsNotFollowed();
    void markdownFollowsThemeSwitch();
    void markdownBreaksOutsideCode();
    void hostileMarkdownFinishes_data();
    void hostileMarkdownFinishes();

    void codeCardHighlightsSql();
    void codeLanguageAliases_data();
    void codeLanguageAliases();
    void codeBlockCommentCarriesAcrossLines();
    void codeUnknownLanguageIsPlain();
    void codeInvisibleCharactersAreMarked();
    void codeHeightCapsAtMaxLines();

    void alertShowsSeverityWord_data();
    void alertShowsSeverityWord();
    void detailShowsStatusAndRows();
    void itemListActivation();
    void pillsEmitExactPrompt();
    void canvasPlaceholder();

    void fallbackLabels_data();
    void fallbackLabels();
    void fallbackRawToggle();
    void fallbackHugeRawText();
    void fallbackCutKeepsCharacters();
    void fallbackUnreadableLine();
    void registrySendsInvalidToFallback();

    void heightForWidthGrows_data();
    void heightForWidthGrows();

    void renderAll();
};



void TestCardWidgets::initTestCase()
{
    applyTheme(ThemeMode::Light);
}

void TestCardWidgets::init()
{
    applyTheme(ThemeMode::Light);
}

void TestCardWidgets::textCardShowsTitleAndMarkdown()
{
    const Card card = cardFrom(envelopeText("text", R"({"title":"Why this setup","text":"Volume **dried up** through the base.\n\n- one\n- two"})"));
    QVERIFY(card.isValid());
    TextCard widget(card);
    QVERIFY(widget.titleLabel());
    QCOMPARE(widget.titleLabel()->text(), QStringLiteral("Why this setup"));
    const QString shown = widget.markdownView()->document()->toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("Volume dried up through the base.")), qPrintable(shown));
    QVERIFY(!shown.contains(QStringLiteral("**")));
    QVERIFY(shown.contains(QStringLiteral("one")));
    // "dried up" is bold.
    const QTextBlock block = blockContaining(widget.markdownView()->document(), QStringLiteral("dried up"));
    QVERIFY(block.isValid());
    QTextCursor cursor(block);
    cursor.setPosition(block.position() + int(block.text().indexOf(QStringLiteral("dried"))) + 1);
    QVERIFY(cursor.charFormat().fontWeight() >= QFont::Bold);
    QVERIFY(widget.markdownView()->isReadOnly());
    QCOMPARE(widget.markdownView()->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
}

void TestCardWidgets::markdownNeverLoadsImages_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QUrl>("url");
    QTest::newRow("file") << QStringLiteral("See ![x](file:///etc/passwd) here") << QStringLiteral("[image: x]")
                          << QUrl(QStringLiteral("file:///etc/passwd"));
    QTest::newRow("http") << QStringLiteral("![chart of flows](http://example.com/track.png)")
                          << QStringLiteral("[image: chart of flows]") << QUrl(QStringLiteral("http://example.com/track.png"));
    QTest::newRow("relative") << QStringLiteral("![](secret.png)") << QStringLiteral("[image]")
                              << QUrl(QStringLiteral("secret.png"));
    QTest::newRow("in link") << QStringLiteral("[![logo](https://x.test/l.png)](https://x.test)")
                             << QStringLiteral("[image: logo]") << QUrl(QStringLiteral("https://x.test/l.png"));
    QTest::newRow("in table") << QStringLiteral("| a |\n|---|\n| ![cell](/tmp/c.png) |")
                              << QStringLiteral("[image: cell]") << QUrl(QStringLiteral("/tmp/c.png"));
    QTest::newRow("html img") << QStringLiteral("<img src=\"file:///etc/passwd\" alt=\"p\">")
                              << QStringLiteral("<img src=\"file:///etc/passwd\" alt=\"p\">")
                              << QUrl(QStringLiteral("file:///etc/passwd"));
}

void TestCardWidgets::markdownNeverLoadsImages()
{
    QFETCH(QString, markdown);
    QFETCH(QString, expected);
    QFETCH(QUrl, url);
    MarkdownView view(markdown);
    view.resize(400, view.heightForWidth(400));
    view.show();
    QCoreApplication::processEvents();
    QCOMPARE(imageCount(view.document()), 0);
    const QString shown = view.document()->toPlainText();
    QVERIFY2(shown.contains(expected), qPrintable(shown));
    QVERIFY(!view.loadResource(QTextDocument::ImageResource, url).isValid());
    QVERIFY(!view.document()->resource(QTextDocument::ImageResource, url).isValid());
    // Painting must not bring anything in either.
    (void)view.grab();
    QVERIFY(!view.document()->resource(QTextDocument::ImageResource, url).isValid());
}

void TestCardWidgets::markdownFollowsThemeSwitch()
{
    MarkdownView view(QStringLiteral("A [link](https://example.com) here."));
    auto linkColor = [&view] {
        const QTextBlock block = view.document()->begin();
        QTextCursor cursor(block);
        cursor.setPosition(block.position() + int(block.text().indexOf(QStringLiteral("link"))) + 1);
        return cursor.charFormat().foreground().color();
    };
    applyTheme(ThemeMode::Light);
    const QColor light = linkColor();
    applyTheme(ThemeMode::Dark);
    QCoreApplication::processEvents();
    const QColor dark = linkColor();
    QVERIFY(view.document()->toPlainText().contains(QStringLiteral("A link here.")));
    QCOMPARE(light, themePalette(ThemeMode::Light).color(QPalette::Link));
    QCOMPARE(dark, themePalette(ThemeMode::Dark).color(QPalette::Link));
    applyTheme(ThemeMode::Light);
}

void TestCardWidgets::markdownLinkIsNotFollowed()
{
    MarkdownView view(QStringLiteral("Go to [the report](https://example.com/report) now."));
    QSignalSpy spy(&view, &MarkdownView::linkActivated);
    view.resize(400, view.heightForWidth(400));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QTextBlock block = view.document()->begin();
    const int offset = int(block.text().indexOf(QStringLiteral("report")));
    QVERIFY(offset > 0);
    QTextCursor cursor(view.document());
    cursor.setPosition(block.position() + offset + 2);
    const QPoint point = view.cursorRect(cursor).center();
    QCOMPARE(view.anchorAt(point), QStringLiteral("https://example.com/report"));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, point);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toUrl(), QUrl(QStringLiteral("https://example.com/report")));
    QVERIFY(view.source().isEmpty());
    QVERIFY(view.document()->toPlainText().contains(QStringLiteral("Go to the report now.")));
}

void TestCardWidgets::markdownBreaksOutsideCode()
{
    const QString in = QStringLiteral("| a |\n|---|\n| x<br/>y `<br>` |\n\n```\n<br>\n```");
    const QString out = MarkdownView::preprocess(in);
    QVERIFY(out.contains(QStringLiteral("x\u2028y `<br>`")));
    QVERIFY(out.contains(QStringLiteral("```\n<br>\n```")));
    MarkdownView view(in);
    const QString shown = view.document()->toRawText(); // keeps U+2028 (toPlainText makes it \n)
    QVERIFY2(shown.contains(QStringLiteral("x\u2028y <br>")), qPrintable(shown));
}

void TestCardWidgets::hostileMarkdownFinishes_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("mustShow");
    QTest::newRow("bold br link") << QStringLiteral("| a | b |\n|---|---|\n| **bold**<br/>[link](http://x.y) | c |\n")
                                  << QStringList{QStringLiteral("bold"), QStringLiteral("link"), QStringLiteral("c")};
    QTest::newRow("nested in bold") << QStringLiteral("| a | b |\n|---|---|\n| **bold<br/>[link](http://x.y)** | c |\n")
                                    << QStringList{QStringLiteral("bold"), QStringLiteral("link")};
    QTest::newRow("several") << QStringLiteral("| a | b |\n|---|---|\n| **a**<br>**b**<br/>[c](d) | e |\n| <br/>**b** [l](u) | **x<br>[y](z)** |\n")
                             << QStringList{QStringLiteral("a\u2028b\u2028c"), QStringLiteral("x\u2028y")};
    QTest::newRow("unclosed") << QStringLiteral("| a |\n|---|\n| **[link](http://x.y)<br/ |\n| **<br>**<br>**[ |\n")
                              << QStringList{QStringLiteral("link")};
    QString many = QStringLiteral("| a | b |\n|---|---|\n");
    for (int i = 0; i < 300; ++i)
        many += QStringLiteral("| **b%1**<br/>[l](http://e/%1) | **<br/>[x](y)** |\n").arg(i);
    QTest::newRow("many rows") << many << QStringList{QStringLiteral("b299")};
}

void TestCardWidgets::hostileMarkdownFinishes()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, mustShow);
    // Parse in a worker thread with a deadline, so a hang fails the test instead of the run.
    auto result = std::make_shared<QString>();
    QThread *worker = QThread::create([markdown, result] {
        QTextDocument document;
        MarkdownView::renderInto(&document, markdown);
        *result = document.toRawText();
    });
    worker->start();
    if (!worker->wait(QDeadlineTimer(10000))) {
        // Left running on purpose: it cannot be stopped safely.
        QFAIL("Markdown parsing did not finish within 10 s");
    }
    delete worker;
    for (const QString &text : mustShow)
        QVERIFY2(result->contains(text), qPrintable(*result));
    // And the view itself, on the GUI thread.
    MarkdownView view(markdown);
    QVERIFY(view.heightForWidth(300) > 0);
}

void TestCardWidgets::codeCardHighlightsSql()
{
    const Card card = cardFrom(envelopeText("code", R"({"language":"sql","code":"select symbol, close from bars where date = current_date -- today\n"})"));
    QVERIFY(card.isValid());
    CodeCard widget(card);
    QCOMPARE(widget.highlighter()->languageFile(), QStringLiteral("sql.lang"));
    QCOMPARE(widget.codeView()->lineWrapMode(), QPlainTextEdit::NoWrap);
    QVERIFY(widget.codeView()->isReadOnly());
    QCOMPARE(widget.codeView()->font().family(), QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    const QTextBlock block = widget.codeView()->document()->begin();
    const QTextCharFormat keyword = formatAt(block, 0); // "select"
    QVERIFY(keyword.hasProperty(QTextFormat::ForegroundBrush));
    const QTextCharFormat plain = formatAt(block, 8); // "symbol"
    QVERIFY(!plain.hasProperty(QTextFormat::ForegroundBrush));
    const QTextCharFormat comment = formatAt(block, int(block.text().indexOf(QStringLiteral("today"))));
    QVERIFY(comment.fontItalic());
    QVERIFY(comment.foreground() != keyword.foreground());
    QVERIFY(widget.findChild<QLabel *>(QStringLiteral("languageTag")));
    QCOMPARE(widget.findChild<QLabel *>(QStringLiteral("languageTag"))->text(), QStringLiteral("sql"));
}

void TestCardWidgets::codeLanguageAliases_data()
{
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("file");
    QTest::newRow("typescript") << QStringLiteral("typescript") << QStringLiteral("javascript.lang");
    QTest::newRow("ts") << QStringLiteral("ts") << QStringLiteral("javascript.lang");
    QTest::newRow("tsx") << QStringLiteral("TSX") << QStringLiteral("javascript.lang");
    QTest::newRow("jsx") << QStringLiteral("jsx") << QStringLiteral("javascript.lang");
    QTest::newRow("py") << QStringLiteral("py") << QStringLiteral("python.lang");
    QTest::newRow("python") << QStringLiteral(" Python ") << QStringLiteral("python.lang");
    QTest::newRow("bash") << QStringLiteral("bash") << QStringLiteral("sh.lang");
    QTest::newRow("zsh") << QStringLiteral("zsh") << QStringLiteral("sh.lang");
    QTest::newRow("shell") << QStringLiteral("shell") << QStringLiteral("sh.lang");
    QTest::newRow("c++") << QStringLiteral("c++") << QStringLiteral("cpp.lang");
    QTest::newRow("hpp") << QStringLiteral("hpp") << QStringLiteral("cpp.lang");
    QTest::newRow("sql") << QStringLiteral("sql") << QStringLiteral("sql.lang");
    QTest::newRow("json") << QStringLiteral("json") << QStringLiteral("json.lang");
    QTest::newRow("diff") << QStringLiteral("patch") << QStringLiteral("diff.lang");
    QTest::newRow("unknown") << QStringLiteral("klingon") << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("path") << QStringLiteral("../../etc/passwd") << QString();
}

void TestCardWidgets::codeLanguageAliases()
{
    QFETCH(QString, hint);
    QFETCH(QString, file);
    QCOMPARE(CodeHighlighter::languageFileFor(hint), file);
}

void TestCardWidgets::codeBlockCommentCarriesAcrossLines()
{
    QTextDocument document;
    CodeHighlighter highlighter(QStringLiteral("cpp"), &document);
    document.setPlainText(QStringLiteral("int a; /* opens\nstill comment\nends */ int b;\nint c;"));
    highlighter.rehighlight(); // a document without a layout is otherwise highlighted from the event loop
    const QTextBlock second = document.findBlockByNumber(1);
    QVERIFY(formatAt(second, 0).fontItalic());
    const QTextBlock third = document.findBlockByNumber(2);
    QVERIFY(formatAt(third, 0).fontItalic());
    const int intPos = int(third.text().indexOf(QStringLiteral("int")));
    QVERIFY(!formatAt(third, intPos).fontItalic());
    QVERIFY(formatAt(third, intPos).hasProperty(QTextFormat::ForegroundBrush));
    const QTextBlock fourth = document.findBlockByNumber(3);
    QVERIFY(!formatAt(fourth, 0).fontItalic());
    QVERIFY(formatAt(fourth, 0).hasProperty(QTextFormat::ForegroundBrush));
}

void TestCardWidgets::codeUnknownLanguageIsPlain()
{
    const Card card = cardFrom(envelopeText("code", R"({"language":"no-such-language","code":"select 1 /* x */"})"));
    QVERIFY(card.isValid());
    CodeCard widget(card);
    QCOMPARE(widget.highlighter()->languageFile(), QString());
    QCOMPARE(widget.displayText(), QStringLiteral("select 1 /* x */"));
    QVERIFY(widget.codeView()->document()->begin().layout()->formats().isEmpty());
}

void TestCardWidgets::codeInvisibleCharactersAreMarked()
{
    const QString code = QStringLiteral("let a\u180E = 1;\nif (x\u2061) { /* \u202E } \u2066if (admin)\u2069 */\nz\u200Dw\r\nend\uFEFF");
    const QByteArray payload = QByteArray(R"({"language":"js","code":")")
        + QByteArray("let a\\u180E = 1;\\nif (x\\u2061) { /* \\u202E } \\u2066if (admin)\\u2069 */\\nz\\u200Dw\\r\\nend\\uFEFF")
        + R"("})";
    const Card card = cardFrom(envelopeText("code", payload));
    QVERIFY(card.isValid());
    CodeCard widget(card);
    QCOMPARE(widget.code(), code);
    const QString shown = widget.displayText();
    for (const char *marker : {"U+180E", "U+2061", "U+202E", "U+2066", "U+2069", "U+200D", "U+FEFF"})
        QVERIFY2(shown.contains(QChar(0x27e8) + QLatin1String(marker) + QChar(0x27e9)), marker);
    for (const char16_t c : {u'\u180E', u'\u2061', u'\u202E', u'\u2066', u'\u2069', u'\u200D', u'\uFEFF', u'\r'})
        QVERIFY(!shown.contains(QChar(c)));
    QCOMPARE(widget.codeView()->document()->blockCount(), 4);
    // The marker has its own format, distinct from syntax roles (a background).
    const QTextBlock second = widget.codeView()->document()->findBlockByNumber(1);
    const int markerPos = int(second.text().indexOf(QStringLiteral("U+202E")));
    QVERIFY(markerPos > 0);
    QVERIFY(formatAt(second, markerPos).hasProperty(QTextFormat::BackgroundBrush));

    // Sized so that nothing scrolls when the lines fit (markers are bold and may use a fallback font).
    widget.resize(900, widget.heightForWidth(900));
    widget.show();
    QCoreApplication::processEvents();
    QVERIFY(!widget.codeView()->verticalScrollBar()->isVisible());
    QVERIFY(!widget.codeView()->horizontalScrollBar()->isVisible());

    QGuiApplication::clipboard()->clear();
    QTest::mouseClick(widget.copyButton(), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), code);
    QCOMPARE(widget.copyButton()->text(), QStringLiteral("Copied"));
}

void TestCardWidgets::codeHeightCapsAtMaxLines()
{
    auto codeCard = [](int lines) {
        QByteArray code;
        for (int i = 0; i < lines; ++i)
            code += "x = " + QByteArray::number(i) + "\\n";
        return cardFrom(envelopeText("code", R"({"language":"python","code":")" + code + R"("})"));
    };
    CodeCard few(codeCard(3));
    CodeCard more(codeCard(10));
    CodeCard many(codeCard(40));
    CodeCard huge(codeCard(400));
    const int width = 500;
    QVERIFY(few.heightForWidth(width) > 0);
    QVERIFY(more.heightForWidth(width) > few.heightForWidth(width));
    QVERIFY(many.heightForWidth(width) > more.heightForWidth(width));
    QCOMPARE(huge.heightForWidth(width), many.heightForWidth(width));
}

void TestCardWidgets::alertShowsSeverityWord_data()
{
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QString>("word");
    QTest::newRow("info") << QStringLiteral("info") << QStringLiteral("Info");
    QTest::newRow("success") << QStringLiteral("success") << QStringLiteral("Success");
    QTest::newRow("warning") << QStringLiteral("warning") << QStringLiteral("Warning");
    QTest::newRow("error") << QStringLiteral("error") << QStringLiteral("Error");
}

void TestCardWidgets::alertShowsSeverityWord()
{
    QFETCH(QString, severity);
    QFETCH(QString, word);
    const Card card = cardFrom(envelopeText("alert", QStringLiteral(R"({"severity":"%1","title":"Feed","message":"Quotes are 20 minutes delayed."})")
                                                      .arg(severity).toUtf8()));
    QVERIFY(card.isValid());
    AlertCard widget(card);
    auto *label = widget.findChild<QLabel *>(QStringLiteral("severityWord"));
    QVERIFY(label);
    QCOMPARE(label->text(), word);
    QVERIFY(!label->isHidden());
    QCOMPARE(widget.findChild<QLabel *>(QStringLiteral("alertMessage"))->text(), QStringLiteral("Quotes are 20 minutes delayed."));
    QCOMPARE(widget.findChild<QLabel *>(QStringLiteral("alertTitle"))->text(), QStringLiteral("Feed"));
    QVERIFY(widget.accessibleDescription().contains(word));
    QVERIFY(widget.accessibleName().contains(word));
}

void TestCardWidgets::detailShowsStatusAndRows()
{
    const Card card = cardFrom(envelopeText("detail", R"({"title":"TITAN","status":"watchlist","fields":[{"label":"Entry","value":"3412"},{"label":"Stop","value":"3280"},{"label":"Note","value":"Breakout on volume"}]})"));
    QVERIFY(card.isValid());
    DetailCard widget(card);
    QCOMPARE(widget.titleLabel()->text(), QStringLiteral("TITAN"));
    QVERIFY(widget.statusChip());
    QCOMPARE(widget.statusChip()->text(), QStringLiteral("watchlist"));
    const QList<QLabel *> labels = widget.findChildren<QLabel *>(QStringLiteral("fieldLabel"));
    const QList<QLabel *> values = widget.findChildren<QLabel *>(QStringLiteral("fieldValue"));
    QCOMPARE(labels.size(), 3);
    QCOMPARE(values.size(), 3);
    QCOMPARE(labels.at(1)->text(), QStringLiteral("Stop"));
    QCOMPARE(values.at(1)->text(), QStringLiteral("3280"));
    QVERIFY(values.at(2)->wordWrap());
    QVERIFY(values.at(2)->textInteractionFlags() & Qt::TextSelectableByMouse);

    const Card noStatus = cardFrom(envelopeText("detail", R"({"title":"X","fields":[{"label":"a","value":"b"}]})"));
    DetailCard plain(noStatus);
    QVERIFY(!plain.statusChip());
    QCOMPARE(plain.fieldValues(), QStringList{QStringLiteral("b")});
}

void TestCardWidgets::itemListActivation()
{
    const Card card = cardFrom(envelopeText("item_list", R"({"title":"Sessions","items":[
        {"id":"cli:ethos","name":"cli:ethos","status":"ok","meta":"14 messages"},
        {"id":"ticket/42 &amp; <b>x</b>","name":"Looks like a link","status":"error"},
        {"id":"s3","name":"Third","status":"warn","meta":"idle"},
        {"id":"s4","name":"Fourth"}]})"));
    QVERIFY2(card.isValid(), qPrintable(card.issues().value(0).pointer + QLatin1Char(' ') + card.issues().value(0).message));
    ItemListCard widget(card);
    QCOMPARE(widget.itemCount(), 4);
    QSignalSpy spy(&widget, &ItemListCard::itemActivated);
    widget.resize(420, widget.heightForWidth(420));
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    QTest::mouseClick(widget.itemWidget(1), Qt::LeftButton, {}, widget.itemWidget(1)->rect().center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("ticket/42 &amp; <b>x</b>"));

    widget.itemWidget(2)->setFocus();
    QTest::keyClick(widget.itemWidget(2), Qt::Key_Return);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("s3"));
    QTest::keyClick(widget.itemWidget(0), Qt::Key_Enter);
    QTest::keyClick(widget.itemWidget(3), Qt::Key_Space);
    QCOMPARE(spy.count(), 4);
    QCOMPARE(spy.at(2).at(0).toString(), QStringLiteral("cli:ethos"));
    QCOMPARE(spy.at(3).at(0).toString(), QStringLiteral("s4"));

    // Rows are keyboard focusable; status has a text alternative.
    for (int i = 0; i < widget.itemCount(); ++i)
        QCOMPARE(widget.itemWidget(i)->focusPolicy(), Qt::StrongFocus);
    QVERIFY(widget.itemWidget(0)->accessibleDescription().contains(QStringLiteral("ok")));
    QVERIFY(widget.itemWidget(1)->toolTip().contains(QStringLiteral("error")));
    QVERIFY(widget.itemWidget(2)->accessibleDescription().contains(QStringLiteral("warning")));
    QVERIFY(!widget.itemWidget(3)->accessibleDescription().contains(QStringLiteral("Status")));

    // Down arrow moves focus to the next row (needs an active window).
    QApplication::setActiveWindow(&widget);
    if (QTest::qWaitForWindowActive(&widget, 2000)) {
        widget.itemWidget(0)->setFocus();
        QTest::keyClick(widget.itemWidget(0), Qt::Key_Down);
        QVERIFY(widget.itemWidget(1)->hasFocus());
        QTest::keyClick(widget.itemWidget(1), Qt::Key_Up);
        QVERIFY(widget.itemWidget(0)->hasFocus());
    } else {
        qWarning("window not active on this platform: arrow-key focus not checked");
    }
}

void TestCardWidgets::pillsEmitExactPrompt()
{
    const Card card = cardFrom(envelopeText("recommend_actions", R"({"question":"Next?","actions":[
        {"label":"Size the trade","prompt":"Size TITAN at 1% portfolio risk."},
        {"label":"Compare","prompt":"  Compare with \"TCS\"\nline two  "}]})"));
    QVERIFY(card.isValid());
    RecommendActionsCard widget(card);
    QCOMPARE(widget.question(), QStringLiteral("Next?"));
    const QList<QPushButton *> pills = widget.findChildren<QPushButton *>(QStringLiteral("actionPill"));
    QCOMPARE(pills.size(), 2);
    QCOMPARE(pills.at(0)->text(), QStringLiteral("Size the trade"));
    QSignalSpy spy(&widget, &RecommendActionsCard::actionActivated);
    widget.resize(420, widget.heightForWidth(420));
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QTest::mouseClick(pills.at(0), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("Size TITAN at 1% portfolio risk."));
    pills.at(1)->setFocus();
    QTest::keyClick(pills.at(1), Qt::Key_Space);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("  Compare with \"TCS\"\nline two  "));
    QTest::keyClick(pills.at(0), Qt::Key_Return);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(pills.at(0)->focusPolicy(), Qt::StrongFocus);

    // Narrow: pills wrap onto more lines, so the card grows.
    QVERIFY(widget.heightForWidth(150) > widget.heightForWidth(600));
}

void TestCardWidgets::canvasPlaceholder()
{
    const Card card = Card::fromToolCall(QStringLiteral("render_ui"),
                                         R"({"title":"Sector flow","html":"<div id=x></div>","libraries":["echarts@1"]})");
    QVERIFY2(card.isValid(), card.issues().isEmpty() ? "" : qPrintable(card.issues().first().message));
    QWidget *widget = RendererRegistry::createCardWidget(card, RenderContext{}, nullptr);
    std::unique_ptr<QWidget> owner(widget);
    auto *canvas = qobject_cast<CanvasPlaceholderCard *>(widget);
    QVERIFY(canvas);
    QCOMPARE(canvas->titleLabel()->text(), QStringLiteral("Sector flow"));
    QVERIFY(canvas->noteText().contains(QStringLiteral("not drawn")));
    QCOMPARE(canvas->libraries(), QStringList{QStringLiteral("echarts@1")});
    QVERIFY(canvas->findChild<QLabel *>(QStringLiteral("canvasLibraries"))->text().contains(QStringLiteral("echarts@1")));
}

void TestCardWidgets::fallbackLabels_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("issuePrefix");
    QTest::newRow("unknown kind") << QByteArray(R"({"kind":"foo","specVersion":1,"payload":{}})")
                                  << QStringLiteral("Unknown card kind \"foo\"") << QStringLiteral("/kind");
    QTest::newRow("kind twice") << QByteArray(R"({"kind":"text","kind":"text","specVersion":1,"payload":{"text":"hi"}})")
                                << QStringLiteral("Invalid text card") << QStringLiteral("/kind: ");
    QTest::newRow("specVersion 2") << QByteArray(R"({"kind":"alert","specVersion":2,"payload":{"severity":"info","message":"m"}})")
                                   << QStringLiteral("Invalid alert card") << QStringLiteral("/specVersion: ");
    QTest::newRow("no points")
        << QByteArray(R"({"kind":"metric_chart","specVersion":1,"payload":{"series":[{"name":"FII","points":[]}]}})")
        << QStringLiteral("Invalid metric_chart card") << QStringLiteral("/payload/series/0/points: ");
    QTest::newRow("no kind") << QByteArray(R"({"specVersion":1,"payload":{}})") << QStringLiteral("Invalid card")
                             << QString();
    QTest::newRow("not json") << QByteArray("[1, oops") << QStringLiteral("Invalid card") << QString();
}

void TestCardWidgets::fallbackLabels()
{
    QFETCH(QByteArray, raw);
    QFETCH(QString, label);
    QFETCH(QString, issuePrefix);
    const Card card = cardFrom(raw);
    QVERIFY(!card.isValid());
    FallbackCard widget(card);
    QCOMPARE(widget.label(), label);
    QCOMPARE(widget.titleLabel()->text(), label);
    QVERIFY(!widget.issueText().isEmpty());
    QVERIFY2(widget.issueText().startsWith(issuePrefix), qPrintable(widget.issueText()));
    const ValidationIssue &first = card.issues().first();
    QVERIFY(widget.issueText().endsWith(first.message));
    QCOMPARE(widget.moreIssueCount(), int(card.issues().size()) - 1);
    if (card.issues().size() > 1) {
        auto *more = widget.findChild<QLabel *>(QStringLiteral("moreIssues"));
        QVERIFY(more);
        QCOMPARE(more->text(), QStringLiteral("+%1 more").arg(card.issues().size() - 1));
    }
    QVERIFY(!widget.isRawShown());
    QVERIFY(widget.rawToggle()->isCheckable());
    QVERIFY(!widget.rawToggle()->isChecked());
}

void TestCardWidgets::fallbackRawToggle()
{
    QByteArray raw = R"({"kind":"code","specVersion":1,"payload":{"code":""}, "x":")";
    raw += "\xff\xfe bad bytes \xc3\xa9\"}";
    const Card card = cardFrom(raw);
    QVERIFY(!card.isValid());
    FallbackCard widget(card);
    widget.resize(500, widget.heightForWidth(500));
    widget.show();
    const int collapsed = widget.heightForWidth(500);
    QVERIFY(!widget.rawView());
    QTest::mouseClick(widget.rawToggle(), Qt::LeftButton);
    QVERIFY(widget.rawToggle()->isChecked());
    QVERIFY(widget.isRawShown());
    QVERIFY(widget.rawView());
    QCOMPARE(widget.rawView()->toPlainText(), QString::fromUtf8(raw));
    QVERIFY(widget.rawView()->toPlainText().contains(QChar(0xfffd)));
    QVERIFY(widget.rawView()->toPlainText().contains(QStringLiteral("bad bytes \u00e9")));
    QVERIFY(widget.rawView()->isReadOnly());
    QVERIFY(widget.heightForWidth(500) > collapsed);
    QCOMPARE(widget.rawToggle()->text(), QStringLiteral("Hide raw JSON"));
    QVERIFY(!widget.rawCutRow()); // shown whole: no note
    QTest::mouseClick(widget.rawToggle(), Qt::LeftButton);
    QVERIFY(!widget.isRawShown());
    QCOMPARE(widget.heightForWidth(500), collapsed);
}

void TestCardWidgets::fallbackHugeRawText()
{
    const QByteArray raw = QByteArray(R"({"kind":"data_table","specVersion":1,"payload":)") + QByteArray(100000, '[')
        + QByteArray(100000, ']') + "}";
    const Card card = cardFrom(raw);
    QVERIFY(!card.isValid());
    FallbackCard widget(card);
    widget.resize(600, widget.heightForWidth(600));
    widget.show();
    widget.setRawShown(true);
    QCoreApplication::processEvents();
    QVERIFY(widget.rawView());
    // The view shows the first 64 KiB, says so, and copies all of it on request; the card keeps it all.
    QCOMPARE(widget.rawView()->toPlainText(), QString::fromLatin1(raw.left(FallbackCard::kMaxRawShownBytes)));
    QCOMPARE(widget.rawText(), raw);
    QVERIFY(widget.rawCutRow() && widget.rawCutRow()->isVisible());
    QCOMPARE(widget.findChild<QLabel *>(QStringLiteral("rawCutNote"))->text(),
             QStringLiteral("Showing the first %1 of %2.")
                 .arg(QLocale().formattedDataSize(64 * 1024, 0), QLocale().formattedDataSize(raw.size(), 1)));
    QCOMPARE(QLocale::c().formattedDataSize(raw.size(), 1), QStringLiteral("195.4 KiB")); // 200,047 bytes
    // The note is the app's words: find neither counts nor marks them.
    QCOMPARE(highlightInBlock(&widget, QStringLiteral("KiB"), 0), 0);
    QCOMPARE(highlightInBlock(&widget, QStringLiteral("Copy all"), 0), 0);
    QTest::mouseClick(widget.findChild<QPushButton *>(QStringLiteral("rawCopyAll")), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text().size(), raw.size());
    QCOMPARE(QGuiApplication::clipboard()->text().toLatin1(), raw);
    // The 100-level pointer cannot wrap: the label shortens it, the tooltip keeps it whole.
    auto *issue = widget.findChild<QLabel *>(QStringLiteral("issueText"));
    QVERIFY(issue->text().contains(QChar(0x2026)));
    QCOMPARE(issue->toolTip(), widget.issueText());
    QVERIFY(widget.issueText().size() > issue->text().size());
    // The viewer scrolls inside instead of growing to thousands of lines.
    QVERIFY(widget.heightForWidth(600) < 600);
    (void)widget.grab();
}

// The shown part ends between characters, never inside one (no U+FFFD made by the cut).
void TestCardWidgets::fallbackCutKeepsCharacters()
{
    QByteArray raw = R"({"kind":"text","specVersion":1,"payload":{"text":")";
    raw += QString(40000, QChar(0x00e9)).toUtf8() + "\"},\"x\":}";
    FallbackCard widget(QStringLiteral("Unreadable line 3"), QStringLiteral("not valid JSON"), raw);
    widget.setRawShown(true);
    const QString shown = widget.rawView()->toPlainText();
    QVERIFY(!shown.contains(QChar(0xfffd)));
    QVERIFY(shown.endsWith(QChar(0x00e9)));
    const qsizetype bytes = shown.toUtf8().size();
    QVERIFY2(bytes <= FallbackCard::kMaxRawShownBytes && bytes >= FallbackCard::kMaxRawShownBytes - 1,
             qPrintable(QString::number(bytes)));
    QVERIFY(raw.startsWith(shown.toUtf8()));
}

void TestCardWidgets::fallbackUnreadableLine()
{
    FallbackCard widget(QStringLiteral("Unreadable line 7"), QStringLiteral("not valid JSON"), QByteArray("{\"role\":"));
    QCOMPARE(widget.label(), QStringLiteral("Unreadable line 7"));
    QCOMPARE(widget.titleLabel()->text(), QStringLiteral("Unreadable line 7"));
    QCOMPARE(widget.issueText(), QStringLiteral("not valid JSON"));
    widget.setRawShown(true);
    QCOMPARE(widget.rawView()->toPlainText(), QStringLiteral("{\"role\":"));
}

void TestCardWidgets::registrySendsInvalidToFallback()
{
    const Card card = cardFrom(envelopeText("text", R"({"text":""})"));
    QVERIFY(!card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext{}, nullptr));
    auto *fallback = qobject_cast<FallbackCard *>(widget.get());
    QVERIFY(fallback);
    QCOMPARE(fallback->label(), QStringLiteral("Invalid text card"));
    QVERIFY(fallback->issueText().startsWith(QStringLiteral("/payload/text: ")));
}

void TestCardWidgets::heightForWidthGrows_data()
{
    const QString longText = QStringLiteral("Volume dried up through the base and expanded on the breakout. ").repeated(6);
    const QByteArray text = longText.toUtf8();
    QTest::addColumn<QByteArray>("raw");
    QTest::newRow("text") << envelopeText("text", R"({"title":"Why","text":")" + text + R"("})");
    QTest::newRow("alert") << envelopeText("alert", R"({"severity":"warning","title":"Delayed","message":")" + text.left(480) + R"("})");
    QTest::newRow("detail") << envelopeText("detail", R"({"title":"TITAN","status":"open","fields":[{"label":"Note","value":")" + text.left(480) + R"("}]})");
    QTest::newRow("item_list") << envelopeText("item_list", R"({"items":[{"id":"a","name":"A long name for an item that wraps","status":"ok","meta":")" + text.left(190) + R"("}]})");
    QTest::newRow("recommend_actions") << envelopeText("recommend_actions", R"({"question":")" + text.left(190) + R"(","actions":[{"label":"Size the trade","prompt":"p"},{"label":"Compare with peers","prompt":"q"},{"label":"Show the chart","prompt":"r"}]})");
    QTest::newRow("canvas") << envelopeText("canvas", R"({"title":"Flow","html":"<p>x</p>","libraries":["echarts@1"]})");
    QTest::newRow("fallback") << envelopeText("metric_chart", R"({"title":")" + text.left(110) + R"(","series":[]})");
    QTest::newRow("fallback raw") << envelopeText("detail", R"({"title":")" + text.left(110) + R"(","fields":[]})");
    QTest::newRow("code") << envelopeText("code", R"({"title":"q.sql","language":"sql","code":")" + text + R"("})");
}

void TestCardWidgets::heightForWidthGrows()
{
    QFETCH(QByteArray, raw);
    const Card card = cardFrom(raw);
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext{}, nullptr));
    if (QTest::currentDataTag() == QLatin1String("fallback raw"))
        qobject_cast<FallbackCard *>(widget.get())->setRawShown(true);
    QVERIFY(widget->hasHeightForWidth());
    const int wide = widget->heightForWidth(700);
    const int narrow = widget->heightForWidth(260);
    QVERIFY2(wide > 0, qPrintable(QString::number(wide)));
    if (QTest::currentDataTag() == QLatin1String("canvas") || QTest::currentDataTag() == QLatin1String("code")) {
        // Short canvas note; code never wraps (it scrolls), it only gains a scroll bar.
        QVERIFY(narrow >= wide);
    } else {
        QVERIFY2(narrow > wide, qPrintable(QStringLiteral("%1 vs %2").arg(narrow).arg(wide)));
    }
    // The layout agrees with heightForWidth: no minimum forces the widget taller than that.
    widget->resize(700, wide);
    widget->show();
    QCoreApplication::processEvents();
    QCOMPARE(widget->height(), wide);
    QCOMPARE(widget->heightForWidth(700), wide);
}

void TestCardWidgets::renderAll()
{
    const QString dir = qEnvironmentVariable("TESSERA_RENDER_DIR");
    if (dir.isEmpty())
        QSKIP("Set TESSERA_RENDER_DIR to render every widget to PNG");
    QDir().mkpath(dir);
    const QList<QPair<QString, QByteArray>> cards{
        {QStringLiteral("text"), envelopeText("text", R"J({"title":"Why this setup","text":"Volume **dried up** through the base and *expanded* on the breakout.\n\n| Sector | Flow |\n|---|---|\n| **Pharma**<br/>[link](http://x) | 412 |\n\n- ![chart](http://example.com/x.png)\n- `inline code` and [a link](https://example.com)"})J")},
        {QStringLiteral("code"), envelopeText("code", R"J({"title":"flows.sql","language":"sql","code":"-- net flow by sector\nselect sector, sum(flow) as net\nfrom bars where date = '2026-08-08' and x = 42\ngroup by sector; /* trojan: \u202E } \u2066 */"})J")},
        {QStringLiteral("code_ts"), envelopeText("code", R"J({"language":"typescript","code":"export function size(risk: number): number {\n  // 1% of the portfolio\n  const stop = 3280; /* block\n  comment */\n  return risk * 0.01 / (3412 - stop);\n}"})J")},
        {QStringLiteral("alert_info"), envelopeText("alert", R"J({"severity":"info","message":"Quotes are 20 minutes delayed — intraday levels are indicative."})J")},
        {QStringLiteral("alert_success"), envelopeText("alert", R"J({"severity":"success","title":"Backtest finished","message":"All 412 trades replayed."})J")},
        {QStringLiteral("alert_warning"), envelopeText("alert", R"J({"severity":"warning","title":"Delayed data","message":"Quotes are 20 minutes delayed — intraday levels are indicative."})J")},
        {QStringLiteral("alert_error"), envelopeText("alert", R"J({"severity":"error","message":"The broker rejected the order: insufficient margin."})J")},
        {QStringLiteral("detail"), envelopeText("detail", R"J({"title":"TITAN","status":"watchlist","fields":[{"label":"Entry","value":"3412"},{"label":"Stop","value":"3280"},{"label":"Thesis","value":"Volume dried up through the base and expanded on the breakout; watch for a retest of 3400."}]})J")},
        {QStringLiteral("item_list"), envelopeText("item_list", R"J({"title":"Sessions","items":[{"id":"cli:ethos","name":"cli:ethos","status":"ok","meta":"14 messages"},{"id":"b","name":"nightly-backtest","status":"warn","meta":"stalled 2 h ago"},{"id":"c","name":"broker-sync","status":"error","meta":"auth failed"},{"id":"d","name":"archive","status":"neutral"},{"id":"e","name":"no status item","meta":"meta only"}]})J")},
        {QStringLiteral("recommend_actions"), envelopeText("recommend_actions", R"J({"question":"Next?","actions":[{"label":"Size the trade","prompt":"Size TITAN at 1% portfolio risk."},{"label":"Compare with peers","prompt":"Compare"},{"label":"Show the weekly chart","prompt":"Chart"}]})J")},
        {QStringLiteral("canvas"), envelopeText("canvas", R"J({"title":"Sector flow heatmap","html":"<div id=chart></div>","libraries":["echarts@1"]})J")},
        {QStringLiteral("fallback"), envelopeText("metric_chart", R"J({"title":"Flows","series":[{"name":"FII","points":[]}],"xLabel":5})J")},
        {QStringLiteral("long_tokens"), envelopeText("detail", R"J({"title":"https://example.com/a/very/long/path/without/any/spaces/at/all/that/keeps/going/and/going","fields":[{"label":"URL","value":"https://example.com/a/very/long/path/without/any/spaces/at/all/that/keeps/going/and/going/and/going/on/and/on"}]})J")},
        {QStringLiteral("fallback_unknown"), QByteArray(R"J({"kind":"foo","specVersion":1,"payload":{}})J")},
    };
    for (const auto mode : {ThemeMode::Light, ThemeMode::Dark}) {
        applyTheme(mode);
        const QString suffix = mode == ThemeMode::Dark ? QStringLiteral("_dark") : QStringLiteral("_light");
        for (const auto &[name, raw] : cards) {
            for (const int width : {560, 260}) {
                QWidget host;
                host.setAutoFillBackground(true);
                host.setBackgroundRole(QPalette::Window);
                auto *layout = new QVBoxLayout(&host);
                layout->setContentsMargins(10, 10, 10, 10);
                QWidget *widget = RendererRegistry::createCardWidget(cardFrom(raw), RenderContext{}, &host);
                layout->addWidget(widget);
                if (auto *fallback = qobject_cast<FallbackCard *>(widget); fallback && name == QLatin1String("fallback"))
                    fallback->setRawShown(true);
                const int height = widget->heightForWidth(width) + 20;
                host.resize(width + 20, height);
                host.show();
                QCoreApplication::processEvents();
                host.resize(width + 20, widget->heightForWidth(width) + 20);
                QCoreApplication::processEvents();
                QVERIFY(host.grab().save(QStringLiteral("%1/%2_%3%4.png").arg(dir, name).arg(width).arg(suffix)));
            }
        }
    }
    applyTheme(ThemeMode::Light);
}

// Issue 18: a 300-character word (200 for an item name, its schema's limit) in an item name, a detail value, a json-render field value and a user
// turn wraps inside the block's width; the whole word is shown (no elision, nothing cut off).
void TestCardWidgets::longWordsWrap_data()
{
    const QString word = QString(300, QLatin1Char('x')).replace(0, 3, QStringLiteral("abc"));
    const QByteArray w = word.toUtf8();
    QTest::addColumn<QByteArray>("envelope"); // empty: a user turn
    QTest::addColumn<QString>("labelName");
    QTest::addColumn<QString>("word");
    const QString longestName = word.left(200); // the schema's longest item name
    QTest::newRow("item name") << envelopeText("item_list", R"({"items":[{"id":"a","name":")" + longestName.toUtf8() + R"("}]})")
                               << QStringLiteral("itemName") << longestName;
    QTest::newRow("detail value") << envelopeText("detail", R"({"title":"T","fields":[{"label":"Hash","value":")" + w + R"("}]})")
                                  << QStringLiteral("fieldValue") << word;
    QTest::newRow("json-render field value")
            << envelopeText("json_render", R"({"root":"c","elements":{"c":{"type":"Card","props":{"title":"T"},"children":["fs"]},)"
                                           R"("fs":{"type":"Fields","props":{},"children":["f"]},"f":{"type":"Field","props":{"label":"Hash","value":")" + w + R"("}}}})")
            << QStringLiteral("fieldValue") << word;
    QTest::newRow("user turn") << QByteArray() << QStringLiteral("userText") << word;
}

void TestCardWidgets::longWordsWrap()
{
    QFETCH(QByteArray, envelope);
    QFETCH(QString, labelName);
    QFETCH(QString, word);
    std::unique_ptr<QWidget> widget(envelope.isEmpty() ? new UserBubble(word)
                                                       : RendererRegistry::createCardWidget(cardFrom(envelope), RenderContext(), nullptr));
    const int width = 400;
    const int height = widget->hasHeightForWidth() ? widget->heightForWidth(width) : widget->sizeHint().height();
    widget->resize(width, height);
    widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(widget.get()));
    auto *label = widget->findChild<QLabel *>(labelName);
    QVERIFY2(label, qPrintable(labelName));
    QCOMPARE(unbreakableText(label->text()), word); // the whole word, not elided
    QVERIFY(label->wordWrap());
    QVERIFY2(label->minimumSizeHint().width() < width, qPrintable(QString::number(label->minimumSizeHint().width())));
    // Inside the block's width, and as tall as its wrapped lines need.
    const QRect inBlock(label->mapTo(widget.get(), QPoint()), label->size());
    QVERIFY2(inBlock.right() < width, qPrintable(QStringLiteral("label right edge %1").arg(inBlock.right())));
    QVERIFY2(label->heightForWidth(label->width()) <= label->height(),
             qPrintable(QStringLiteral("needs %1, has %2").arg(label->heightForWidth(label->width())).arg(label->height())));
    QVERIFY(label->height() > 3 * label->fontMetrics().height()); // it did wrap over several lines
    QVERIFY(inBlock.bottom() < widget->height());
}

void TestCardWidgets::breakableTextKeepsShortWords()
{
    const QString prose = QStringLiteral("short words stay as they are");
    QCOMPARE(breakableText(prose), prose);
    const QString longWord(kMaxUnbrokenRun + 5, QLatin1Char('y'));
    const QString broken = breakableText(QStringLiteral("a ") + longWord);
    QCOMPARE(broken.count(QChar(0x200B)), longWord.size() - 1);
    QCOMPARE(unbreakableText(broken), QStringLiteral("a ") + longWord);
    // Grapheme clusters stay whole: no mark between a letter and its combining accent.
    const QString accents = QString(30, QLatin1Char('e')).replace(QLatin1String("e"), QStringLiteral("e\u0301"));
    QVERIFY(!breakableText(accents).contains(QStringLiteral("\u200B\u0301")));
}

QTEST_MAIN(TestCardWidgets)
#include "tst_cardwidgets.moc"

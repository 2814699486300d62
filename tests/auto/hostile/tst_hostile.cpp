// Every hostile input of the foundation issue (tests/data/hostile.jsonl, described in tests/data/README.md)
// drawn the way the conversation view draws it: each gives a labeled fallback block or a correct native
// widget, and the lines around it still render.

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QFile>
#include <QTest>
#include <QXYSeries>

#include <cards/conversationmodel.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/kinds/codecard.h>
#include <widgets/kinds/datatablecard.h>
#include <widgets/kinds/datatablemodel.h>
#include <widgets/kinds/metricchartcard.h>
#include <widgets/kinds/textcard.h>

using namespace Tessera;

class tst_Hostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fallbackLabels_data();
    void fallbackLabels();
    void exactBigInteger();
    void repeatedCategoryLabelsStaySeparate();
    void markdownTableFinishes();
    void invisibleCharactersShown();
    void ordinaryLinesStillRender();

private:
    // The widget drawn for the block that came from a source line.
    QWidget *blockForLine(int line);

    ConversationModel m_model;
    QWidget m_host;
};

void tst_Hostile::initTestCase()
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    m_model.setTranscript(Transcript::fromJsonLines(file.readAll()));
    QCOMPARE(m_model.transcript().messages.size(), 22);
}

QWidget *tst_Hostile::blockForLine(int line)
{
    for (int row = 0; row < m_model.rowCount(); ++row) {
        if (m_model.message(row).lineNumber == line) {
            RenderContext context;
            QWidget *widget = createBlockWidget(m_model, row, context, &m_host);
            widget->resize(800, blockHeightForWidth(widget, 800));
            return widget;
        }
    }
    return nullptr;
}

void tst_Hostile::fallbackLabels_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("issueStart");
    QTest::newRow("not JSON") << 2 << "Unreadable line 2" << "not valid JSON";
    QTest::newRow("kind twice") << 3 << "Invalid text card" << "/kind: key appears more than once";
    QTest::newRow("invalid UTF-8") << 5 << "Unreadable line 5" << "not valid JSON";
    QTest::newRow("100,000 deep in structured.card") << 6 << "Invalid data_table card" << "/payload/0/0/0";
    QTest::newRow("100,000 deep in arguments") << 7 << "Invalid text card" << "/payload/0/0/0";
    QTest::newRow("unknown kind") << 9 << "Unknown card kind \"sparkline\"" << "/kind: unknown kind";
    QTest::newRow("specVersion 2") << 10 << "Invalid text card" << "/specVersion: must be 1";
    QTest::newRow("y of 1e999") << 12 << "Invalid metric_chart card" << "/payload/series/0/points/1/y: ";
    QTest::newRow("5 series") << 14 << "Invalid metric_chart card" << "/payload/series: must have at most 4 items";
    QTest::newRow("201 points") << 15 << "Invalid metric_chart card" << "/payload/series/0/points: must have at most 200 items";
    QTest::newRow("no points") << 16 << "Invalid metric_chart card" << "/payload/series/0/points: must have at least 1 item";
    QTest::newRow("URL as item id") << 20 << "Invalid item_list card" << "/payload/items/0/id: must be an identifier, not a URL";
    QTest::newRow("4 actions") << 21 << "Invalid recommend_actions card" << "/payload/actions: must have at most 3 items";
}

void tst_Hostile::fallbackLabels()
{
    QFETCH(int, line);
    QFETCH(QString, label);
    QFETCH(QString, issueStart);
    auto *fallback = qobject_cast<FallbackCard *>(blockForLine(line));
    QVERIFY2(fallback, "not drawn as a fallback block");
    QCOMPARE(fallback->label(), label);
    QVERIFY2(fallback->issueText().startsWith(issueStart), qPrintable(fallback->issueText()));
    QVERIFY(!fallback->rawText().isEmpty());
    QVERIFY(fallback->height() > 40);
}

void tst_Hostile::exactBigInteger()
{
    auto *table = qobject_cast<DataTableCard *>(blockForLine(11));
    QVERIFY(table);
    QStringList cells;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        for (int c = 0; c < table->model()->columnCount(); ++c)
            cells << table->model()->data(table->model()->index(r, c)).toString();
    }
    QVERIFY2(cells.contains(QStringLiteral("18446744073709551615")), qPrintable(cells.join(u'|')));
}

void tst_Hostile::repeatedCategoryLabelsStaySeparate()
{
    auto *chart = qobject_cast<MetricChartCard *>(blockForLine(17));
    QVERIFY(chart);
    const QList<QAbstractAxis *> axes = chart->chart()->axes(Qt::Horizontal);
    QVERIFY(!axes.isEmpty());
    QCOMPARE(axes.first()->type(), QAbstractAxis::AxisTypeBarCategory);
    QCOMPARE(chart->chart()->series().size(), 1);
}

void tst_Hostile::markdownTableFinishes()
{
    auto *text = qobject_cast<TextCard *>(blockForLine(18));
    QVERIFY(text);
    const QString plain = text->markdownView()->document()->toPlainText();
    QVERIFY2(plain.contains(QLatin1String("passed")), qPrintable(plain));
    QVERIFY(plain.contains(QLatin1String("the log")));
}

void tst_Hostile::invisibleCharactersShown()
{
    auto *code = qobject_cast<CodeCard *>(blockForLine(19));
    QVERIFY(code);
    for (const char *marker : {"U+180E", "U+2061", "U+202E", "U+200D"})
        QVERIFY2(code->displayText().contains(QLatin1String(marker)), marker);
    QVERIFY(code->code().contains(QChar(0x202E)));
    QVERIFY(!code->displayText().contains(QChar(0x202E)));
}

void tst_Hostile::ordinaryLinesStillRender()
{
    for (int line : {1, 4, 8, 13, 22}) {
        QWidget *widget = blockForLine(line);
        QVERIFY2(widget, qPrintable(QString::number(line)));
        QVERIFY(!qobject_cast<FallbackCard *>(widget));
        QVERIFY(widget->height() > 10);
    }
}

QTEST_MAIN(tst_Hostile)
#include "tst_hostile.moc"

// The kind-completeness test (issue 11, docs/adding-a-kind.md): walks every row of the cards kind table
// and fails when a kind lacks what a layer needs: a schema (catalog kinds), a renderer, a height
// estimate, a plain-text and a Markdown form, an accessible name and description, an example card in
// tests/data/cards/<kind>/valid/ and one in the demo conversation.

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTest>
#include <QWidget>

#include <memory>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <cards/transcript.h>
#include <store/markdownexport.h>
#include <widgets/card/cardexport.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>

using namespace Tessera;

namespace {

QString examplePath(const char *kind)
{
    return QStringLiteral(TESSERA_TEST_DATA "/cards/%1/valid/example.json").arg(QLatin1String(kind));
}

// The example card of a kind, read from its fixture file; an invalid Card when the file is missing.
Card exampleCard(const char *kind)
{
    QFile file(examplePath(kind));
    if (!file.open(QIODevice::ReadOnly))
        return Card::unparseable({}, QLatin1String(kind), {QString(), QStringLiteral("no example file")});
    return Card::fromEnvelopeText(file.readAll());
}

QStringList issueTexts(const Card &card)
{
    QStringList texts;
    for (const ValidationIssue &issue : card.issues())
        texts.append(issue.pointer + QStringLiteral(": ") + issue.message);
    return texts;
}

// The kinds of every card the demo conversation draws, prose fences included.
QSet<CardKind> demoKinds()
{
    Transcript demo;
    QString error;
    if (!Transcript::readFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &demo, &error))
        qWarning("demo.jsonl: %s", qPrintable(error));
    QSet<CardKind> kinds;
    for (const Message &message : demo.messages) {
        for (const Card &card : message.cards)
            kinds.insert(card.kind());
    }
    return kinds;
}

} // namespace

class tst_KindTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void table();
    void everyKindIsComplete_data();
    void everyKindIsComplete();
    void heightEstimatesCountTheirRows();

private:
    QSet<CardKind> m_demoKinds;
};

void tst_KindTable::initTestCase()
{
    installWidgetDocumentRenderer(); // dorkos_ui is drawn by its own library (tessera_widgetdoc)
    m_demoKinds = demoKinds();
}

// The table's shape: every kind before Registered has a row, names are unique, and the catalog is
// seed 000's nine in order (knownCardKinds()).
void tst_KindTable::table()
{
    QSet<QString> names;
    for (const CardKindInfo &info : cardKindTable()) {
        QVERIFY2(!names.contains(QLatin1String(info.name)), info.name);
        names.insert(QLatin1String(info.name));
        QCOMPARE(cardKindFromName(QString::fromLatin1(info.name)), info.kind);
        QCOMPARE(cardKindName(info.kind), QString::fromLatin1(info.name));
    }
    QCOMPARE(qsizetype(cardKindTable().size()), qsizetype(CardKind::Registered));
    QCOMPARE(knownCardKinds().size(), qsizetype(kCatalogKindCount));
    QVERIFY(!cardKindInfo(CardKind::Registered));
    QVERIFY(!cardKindInfo(CardKind::Unknown));
}

void tst_KindTable::everyKindIsComplete_data()
{
    QTest::addColumn<int>("row");
    const auto table = cardKindTable();
    for (std::size_t i = 0; i < table.size(); ++i)
        QTest::newRow(table[i].name) << int(i);
}

void tst_KindTable::everyKindIsComplete()
{
    QFETCH(int, row);
    const CardKindInfo &info = cardKindTable()[std::size_t(row)];

    if (info.catalog) {
        QVERIFY2(info.schema, "a catalog kind needs a schema file (resources/schemas/<kind>.json)");
        QVERIFY2(QFile::exists(QLatin1String(info.schema)), info.schema);
        QVERIFY2(CardValidator::payloadSchema(info.kind).is_object(), "its schema does not load");
    }
    QVERIFY2(info.plainText, "no plain-text form in the cards kind table");
    QVERIFY2(info.markdown, "no Markdown form in the cards kind table");
    QVERIFY2(RendererRegistry::hasRenderer(info.kind), "no renderer row in widgets/card/rendererregistry.cpp");

    const Card card = exampleCard(info.name);
    QVERIFY2(card.isValid(), qPrintable(examplePath(info.name) + QStringLiteral(": ") + issueTexts(card).join(QStringLiteral("; "))));
    QCOMPARE(card.kind(), info.kind);
    QVERIFY2(!kindPlainText(card).trimmed().isEmpty(), "the plain-text form is empty for the example");
    QVERIFY2(!cardPlainText(card).trimmed().isEmpty(), "copy as text is empty for the example");
    QVERIFY2(!cardToMarkdown(card).trimmed().isEmpty(), "the Markdown form is empty for the example");
    QVERIFY2(RendererRegistry::hasHeightEstimate(info.kind), "no height estimate in the renderer's row");
    QVERIFY(RendererRegistry::estimateHeight(card, 900) > 0);

    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QVERIFY(widget);
    QVERIFY2(widget->objectName() != QLatin1String("fallbackCard"), "the example is drawn by the fallback");
    QVERIFY2(!widget->accessibleName().isEmpty(), "the widget has no accessible name");
    QVERIFY2(!widget->accessibleDescription().isEmpty(), "the widget has no accessible description");

    QVERIFY2(m_demoKinds.contains(info.kind), "no card of this kind in resources/demo/demo.jsonl (scripts/make-demo.py)");
}

// The estimates a conversation's rows get before they are built count things in the card's text (issue 17:
// every card is estimated when a conversation opens): lines of code, items, detail rows, table rows.
void tst_KindTable::heightEstimatesCountTheirRows()
{
    // Payloads written with ' for " (and \\ for one backslash in the JSON text).
    auto estimate = [](const char *kind, const char *payload) {
        const QByteArray text = QByteArray("{'kind':'") + kind + "','specVersion':1,'payload':" + payload + '}';
        const Card card = Card::fromEnvelopeText(QByteArray(text).replace('\'', '"'));
        return RendererRegistry::estimateHeight(card, 900);
    };
    // Code: 70 + 17 per line (a "\n" in the JSON text), up to 24 lines; one at the text's very start.
    QCOMPARE(estimate("code", "{'language':'sql','code':'a'}"), 70 + 17 * 1);
    QCOMPARE(estimate("code", "{'language':'sql','code':'\\na\\nb\\nc'}"), 70 + 17 * 4);
    QCOMPARE(estimate("code", "{'language':'sql','code':'\\\\n'}"), 70 + 17 * 2); // a backslash, then n: counted too
    QByteArray many = "{'language':'sql','code':'";
    for (int i = 0; i < 40; ++i)
        many += "x\\n";
    many += "'}";
    QCOMPARE(estimate("code", many.constData()), 70 + 17 * 24);
    // Item list: 35 + 41 per "id" member (and a title that spells it).
    QCOMPARE(estimate("item_list", "{'items':[{'id':'a','title':'A','status':'ok'},{'id':'b','title':'x','status':'ok'}]}"),
             35 + 41 * 2);
    // Detail: 62 + 24 per "label".
    QCOMPARE(estimate("detail", "{'title':'T','fields':[{'label':'a','value':'1'},{'label':'b','value':'2'},{'label':'c','value':'3'}]}"),
             62 + 24 * 3);
    // Data table: 90 + 25 per row, rows being the objects ("{") less the columns and three.
    QCOMPARE(estimate("data_table", "{'columns':[{'key':'a','label':'A','type':'string'}],'rows':[{'a':'x'},{'a':'y'},{'a':'z'},{'a':'w'}]}"),
             90 + 25 * (7 - 1 - 3)); // the envelope, the payload, a column, four rows
}

QTEST_MAIN(tst_KindTable)
#include "tst_kindtable.moc"

// DorkOS widget documents (seed 003) as a card dialect: fences in assistant Markdown, validation of the
// whole node catalog at its bounds, normalisation, native rendering, actions, the error card, streaming.
//
// Set TESSERA_RENDER_DIR to a folder to get the seed examples rendered to PNG in both palettes.

#include <QAbstractButton>
#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QPieSeries>
#include <QValueAxis>

#include <cmath>
#include <memory>

#include <nlohmann/json.hpp>

#include <app/plurals.h>
#include <cards/card.h>
#include <cards/conversationmodel.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/transcript.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/theme.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/proseblock.h>
#include <widgets/conversation/proseskeleton.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>
#include <widgets/widgetdoc/widgetnodeboard.h>
#include <widgets/widgetdoc/widgetnodeconfetti.h>
#include <widgets/widgetdoc/widgetnodebuilder.h>
#include <widgets/widgetdoc/widgetnodebutton.h>
#include <widgets/widgetdoc/widgetnodechart.h>
#include <widgets/widgetdoc/widgetnodeicon.h>
#include <widgets/widgetdoc/widgetnodeimage.h>
#include <widgets/widgetdoc/widgetnodemood.h>
#include <widgets/widgetdoc/widgetnodereveal.h>
#include <widgets/widgetdoc/widgetnodestars.h>
#include <widgets/widgetdoc/widgetnodetimeline.h>

using namespace Tessera;
using nlohmann::json;

namespace {

// Seed 003 "Widgets in Chat": the weather card with a stat.
const QByteArray kWeather = R"({ "version": 1, "root": { "type": "card", "title": "Weather", "children": [
  { "type": "stat", "label": "San Francisco", "value": "64°F", "delta": { "value": "+2°", "direction": "up" } } ] } })";

// Seed 003 "Writing a Widget": a minimal table.
const QByteArray kMinimalTable = R"({ "version": 1, "root": { "type": "table",
  "columns": [ { "key": "id", "label": "Issue" }, { "key": "status", "label": "Status" } ],
  "rows": [{ "id": "DOR-1", "status": "open" }] } })";

Card fenceCard(const QByteArray &document, const QString &owner = QStringLiteral("m1"), int index = 1)
{
    ProseFence fence;
    fence.json = QString::fromUtf8(document);
    fence.closed = true;
    return widgetFenceCard(fence, owner, index);
}

// A document whose root is the given node.
QByteArray doc(const QByteArray &root)
{
    return QByteArray(R"({"version":1,"root":)") + root + "}";
}

QString issueLine(const Card &card)
{
    if (card.issues().isEmpty())
        return {};
    return card.issues().first().pointer + QLatin1String(": ") + card.issues().first().message;
}

QByteArray assistantLine(const QString &content, const QString &id = QStringLiteral("a1"))
{
    json line = {{"role", "assistant"}, {"content", content.toStdString()}};
    if (!id.isEmpty())
        line["id"] = id.toStdString();
    return QByteArray::fromStdString(line.dump());
}

QString fenced(const QByteArray &document, const QString &marker = QStringLiteral("```"))
{
    return marker + QStringLiteral("dorkos-ui\n") + QString::fromUtf8(document) + QLatin1Char('\n') + marker;
}

std::unique_ptr<QWidget> render(const Card &card, CardActions *actions = nullptr, const RenderSettings &settings = {})
{
    RenderContext context;
    context.actions = actions;
    context.settings = settings;
    return std::unique_ptr<QWidget>(RendererRegistry::createCardWidget(card, context, nullptr));
}

QLabel *labelNamed(QWidget *root, const char *name)
{
    return root->findChild<QLabel *>(QString::fromLatin1(name));
}

// Every visible text of the Markdown views under root.
QString proseText(QWidget *root)
{
    QString text;
    for (MarkdownView *view : root->findChildren<MarkdownView *>())
        text += view->document()->toPlainText() + QLatin1Char('\n');
    return text;
}

// Renders a widget to PNG in TESSERA_RENDER_DIR (when set) for a look.
void saveRender(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TESSERA_RENDER_DIR");
    if (dir.isEmpty())
        return;
    for (ThemeMode mode : {ThemeMode::Light, ThemeMode::Dark}) {
        widget->setPalette(themePalette(mode));
        widget->resize(640, blockHeightForWidth(widget, 640));
        widget->grab().save(QDir(dir).filePath(name + (mode == ThemeMode::Light ? "-light.png" : "-dark.png")));
    }
}

class ReducedMotion
{
public:
    explicit ReducedMotion(bool on) { on ? qputenv("TESSERA_REDUCE_MOTION", "1") : qunsetenv("TESSERA_REDUCE_MOTION"); }
    ~ReducedMotion() { qunsetenv("TESSERA_REDUCE_MOTION"); }
};

} // namespace

class tst_WidgetDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    // cards/widgetdocument: fences
    void fences_data();
    void fences();
    void fenceOffsetsAndOwnerIds();

    // cards/widgetdocument: validation at every bound
    void validation_data();
    void validation();
    void envelopeCardIsTheSameDocument();
    void normalisation();
    void boardSlicedTo12();
    void comparePadded();
    void tablesCoverEveryNodeType();

    // transcript, model, counts
    void transcriptMakesFenceCards();
    void fixtureFile();

    // rendering
    void weatherExample();
    void minimalTable();
    void ratingClamped_data();
    void ratingClamped();
    void ratingCountPlural_data();
    void ratingCountPlural();
    void progressBounds();
    void chartZeroAndKinds();
    void chartHugeValuesAreReadable_data();
    void chartHugeValuesAreReadable();
    void boardGlyphColours();
    void boardFixedPalette();
    void boardHeal_data();
    void boardHeal();
    void boardHealedCellDrawn();
    void boardInstantMark();
    void boardUserMark_data();
    void boardUserMark();
    void revealSettlesOnResult();
    void unknownIconIsNeutralDot();
    void reducedMotionKeepsThePose();
    void everyNodeRenders();

    // fences in prose
    void twoFencesInOneMessage();
    void tildeFence();
    void streamingSkeletonThenWidget();
    void invalidFenceShowsErrorCard();

    // actions
    void formSubmitMergesFields();
    void checklistSubmitPostsLabels();
    void agentButtonWithoutSession();
    void urlActions();
    void uiCelebrate();
    void celebrationKinds_data();
    void celebrationKinds();
    void celebrateFromClickedControl_data();
    void celebrateFromClickedControl();

    // images
    void remoteImageNotLoadedBeforeClick();
    void dataImageDecoded();
};

void tst_WidgetDocument::initTestCase()
{
    QVERIFY(installEnglishPlurals()); // "(1 review)", as main() installs them
    installWidgetDocumentRenderer();
    qunsetenv("TESSERA_REDUCE_MOTION");
    QCoreApplication::setOrganizationName(QStringLiteral("TesseraTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_widgetdocument"));
    QSettings().clear();
}

// --- fences ------------------------------------------------------------------------------------------

void tst_WidgetDocument::fences_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("jsons"); // the json of each fence found
    QTest::addColumn<QList<bool>>("closed");

    QTest::newRow("backticks") << QStringLiteral("a\n```dorkos-ui\n{\"x\":1}\n```\nb") << QStringList{"{\"x\":1}"}
                               << QList<bool>{true};
    QTest::newRow("tildes") << QStringLiteral("~~~dorkos-ui\n{}\n~~~") << QStringList{"{}"} << QList<bool>{true};
    QTest::newRow("two fences") << QStringLiteral("```dorkos-ui\n1\n```\ntext\n```dorkos-ui\n2\n```")
                                << QStringList{"1", "2"} << QList<bool>{true, true};
    QTest::newRow("unclosed") << QStringLiteral("a\n```dorkos-ui\n{\"version\":") << QStringList{"{\"version\":"}
                              << QList<bool>{false};
    QTest::newRow("info words after") << QStringLiteral("``` dorkos-ui  title\n{}\n```") << QStringList{"{}"}
                                      << QList<bool>{true};
    QTest::newRow("three-space indent, stripped")
        << QStringLiteral("   ```dorkos-ui\n   {\n     }\n   ```") << QStringList{"{\n  }"} << QList<bool>{true};
    QTest::newRow("four spaces: code, not a fence") << QStringLiteral("    ```dorkos-ui\n    {}\n    ```")
                                                    << QStringList{} << QList<bool>{};
    QTest::newRow("other fence quoting one") << QStringLiteral("````md\n```dorkos-ui\n{}\n```\n````") << QStringList{}
                                             << QList<bool>{};
    QTest::newRow("json fence skipped") << QStringLiteral("```json\n{}\n```\n```dorkos-ui\n7\n```") << QStringList{"7"}
                                        << QList<bool>{true};
    QTest::newRow("longer closing run") << QStringLiteral("```dorkos-ui\n1\n`````") << QStringList{"1"}
                                        << QList<bool>{true};
    QTest::newRow("shorter run does not close") << QStringLiteral("````dorkos-ui\n1\n```\n2\n````")
                                                << QStringList{"1\n```\n2"} << QList<bool>{true};
    QTest::newRow("tilde does not close backticks") << QStringLiteral("```dorkos-ui\n1\n~~~") << QStringList{"1\n~~~"}
                                                    << QList<bool>{false};
    QTest::newRow("closing with text is content") << QStringLiteral("```dorkos-ui\n1\n``` x\n```")
                                                  << QStringList{"1\n``` x"} << QList<bool>{true};
    QTest::newRow("other language") << QStringLiteral("```dorkos-uix\n{}\n```") << QStringList{} << QList<bool>{};
    QTest::newRow("CRLF") << QStringLiteral("```dorkos-ui\r\n{}\r\n```\r\n") << QStringList{"{}"} << QList<bool>{true};
    QTest::newRow("empty fence") << QStringLiteral("```dorkos-ui\n```") << QStringList{""} << QList<bool>{true};
}

void tst_WidgetDocument::fences()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, jsons);
    QFETCH(QList<bool>, closed);
    const QList<ProseFence> found = findWidgetFences(markdown);
    QCOMPARE(found.size(), jsons.size());
    for (qsizetype i = 0; i < found.size(); ++i) {
        QCOMPARE(found.at(i).json, jsons.at(i));
        QCOMPARE(found.at(i).closed, closed.at(i));
    }
}

void tst_WidgetDocument::fenceOffsetsAndOwnerIds()
{
    const QString text = QStringLiteral("Intro\n```dorkos-ui\n{}\n```\nOutro");
    const QList<ProseFence> found = findWidgetFences(text);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().begin, qsizetype(6));
    QCOMPARE(text.mid(found.first().begin, found.first().end - found.first().begin),
             QStringLiteral("```dorkos-ui\n{}\n```\n"));
    QCOMPARE(text.mid(found.first().end), QStringLiteral("Outro"));

    const QList<Card> cards = widgetFenceCards(QStringLiteral("```dorkos-ui\n%1\n```\n```dorkos-ui\n%1\n```")
                                                   .arg(QString::fromUtf8(kMinimalTable)),
                                               QStringLiteral("msg_7"));
    QCOMPARE(cards.size(), 2);
    QCOMPARE(cards.at(0).cardId(), QStringLiteral("msg_7#widget-1"));
    QCOMPARE(cards.at(1).cardId(), QStringLiteral("msg_7#widget-2"));
    QCOMPARE(cards.at(0).kind(), CardKind::WidgetDocument);
    QCOMPARE(cards.at(0).kindName(), QStringLiteral("dorkos_ui"));
    QCOMPARE(cards.at(0).source(), CardSource::ProseFence);
    QVERIFY2(cards.at(0).isValid(), qPrintable(issueLine(cards.at(0))));
    QCOMPARE(cards.at(0).rawText(), kMinimalTable); // the fence's JSON as received
}

// --- validation --------------------------------------------------------------------------------------

void tst_WidgetDocument::validation_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("issue"); // "" = valid; else the only issue, "pointer: message"

    const QString none;
    // Seed 003 examples.
    QTest::newRow("seed: weather") << kWeather << none;
    QTest::newRow("seed: minimal table") << kMinimalTable << none;
    QTest::newRow("seed: template-free stat")
        << doc(R"({"type":"stat","label":"DOR-1","value":"open","hint":"Filed today"})") << none;
    QTest::newRow("seed: celebrate emoji command")
        << doc(R"({"type":"button","label":"Ship","action":{"kind":"ui","command":{"action":"celebrate","kind":"emoji","emoji":"🏆"}}})")
        << none;

    // Envelope of the document.
    QTest::newRow("version 1.0") << QByteArray(R"({"version":1.0,"root":{"type":"divider"}})")
                                 << QStringLiteral("/payload/version: must be 1");
    QTest::newRow("version \"1\"") << QByteArray(R"({"version":"1","root":{"type":"divider"}})")
                                   << QStringLiteral("/payload/version: must be 1");
    QTest::newRow("no root") << QByteArray(R"({"version":1})") << QStringLiteral("/payload/root: is required");
    QTest::newRow("title not a string") << QByteArray(R"({"version":1,"title":3,"root":{"type":"divider"}})")
                                        << QStringLiteral("/payload/title: must be a string");
    QTest::newRow("not an object") << QByteArray("[1]") << QStringLiteral("/payload: must be an object");
    QTest::newRow("malformed") << QByteArray(R"({"version":1,)")
                               << QStringLiteral("/payload/version: syntax error while parsing object key - unexpected "
                                                 "end of input; expected string literal");
    QTest::newRow("duplicate key") << QByteArray(R"({"version":1,"version":1,"root":{"type":"divider"}})")
                                   << QStringLiteral("/payload/version: key appears more than once");

    // Types.
    QTest::newRow("unknown type") << doc(R"({"type":"stack","direction":"vertical","children":[{"type":"sparkle"}]})")
                                  << QStringLiteral("/payload/root/children/0/type: unknown node type \"sparkle\"");
    QTest::newRow("type missing") << doc(R"({"text":"x"})") << QStringLiteral("/payload/root/type: is required");
    QTest::newRow("stack without direction") << doc(R"({"type":"stack","children":[]})")
                                             << QStringLiteral("/payload/root/direction: is required");
    QTest::newRow("heading level 4") << doc(R"({"type":"heading","text":"x","level":4})")
                                     << QStringLiteral("/payload/root/level: must be 1, 2 or 3");
    QTest::newRow("badge tone") << doc(R"({"type":"badge","text":"x","tone":"danger"})")
                                << QStringLiteral("/payload/root/tone: must be one of: default, success, warning, error, info");

    // progress 0–100.
    QTest::newRow("progress 0") << doc(R"({"type":"progress","value":0})") << none;
    QTest::newRow("progress 100") << doc(R"({"type":"progress","value":100})") << none;
    QTest::newRow("progress 100.5") << doc(R"({"type":"progress","value":100.5})")
                                    << QStringLiteral("/payload/root/value: must be at most 100");
    QTest::newRow("progress -0.1") << doc(R"({"type":"progress","value":-0.1})")
                                   << QStringLiteral("/payload/root/value: must be at least 0");
    QTest::newRow("progress in a stack")
        << doc(R"({"type":"stack","direction":"vertical","children":[{"type":"progress","value":101}]})")
        << QStringLiteral("/payload/root/children/0/value: must be at most 100");

    // chart values >= 0.
    QTest::newRow("chart -0.0") << doc(R"({"type":"chart","kind":"bar","data":[{"label":"a","value":-0.0}]})") << none;
    QTest::newRow("chart -1") << doc(R"({"type":"chart","kind":"bar","data":[{"label":"a","value":-1}]})")
                              << QStringLiteral("/payload/root/data/0/value: must be at least 0");
    QTest::newRow("chart no data") << doc(R"({"type":"chart","kind":"pie","data":[]})")
                                   << QStringLiteral("/payload/root/data: must have at least 1 item");
    QTest::newRow("chart kind") << doc(R"({"type":"chart","kind":"radar","data":[{"label":"a","value":1}]})")
                                << QStringLiteral("/payload/root/kind: must be one of: bar, line, area, pie");

    // rating clamps, never an issue.
    QTest::newRow("rating 5.0001") << doc(R"({"type":"rating","value":5.0001})") << none;
    QTest::newRow("rating -1") << doc(R"({"type":"rating","value":-1})") << none;
    QTest::newRow("rating text") << doc(R"({"type":"rating","value":"5"})")
                                 << QStringLiteral("/payload/root/value: must be a number");

    // image src https:// or data: only.
    QTest::newRow("image https") << doc(R"({"type":"image","src":"https://example.com/a.png","alt":"a"})") << none;
    QTest::newRow("image data") << doc(R"({"type":"image","src":"data:image/png;base64,AAAA","alt":"a"})") << none;
    QTest::newRow("image http") << doc(R"({"type":"image","src":"http://example.com/a.png","alt":"a"})")
                                << QStringLiteral("/payload/root/src: must start with https:// or data:");
    QTest::newRow("image bare path") << doc(R"({"type":"image","src":"/tmp/a.png","alt":"a"})")
                                     << QStringLiteral("/payload/root/src: must start with https:// or data:");
    QTest::newRow("image javascript") << doc(R"x({"type":"image","src":"javascript:alert(1)","alt":"a"})x")
                                      << QStringLiteral("/payload/root/src: must start with https:// or data:");
    QTest::newRow("image no alt") << doc(R"({"type":"image","src":"https://e.com/a.png"})")
                                  << QStringLiteral("/payload/root/alt: is required");
    QTest::newRow("list item image http") << doc(R"({"type":"list","items":[{"title":"a","image":"http://e.com/a.png"}]})")
                                          << QStringLiteral("/payload/root/items/0/image: must start with https:// or data:");

    // actions.
    QTest::newRow("url https") << doc(R"({"type":"button","label":"Go","action":{"kind":"url","href":"https://e.com/"}})")
                               << none;
    QTest::newRow("url http") << doc(R"({"type":"button","label":"Go","action":{"kind":"url","href":"http://e.com/"}})")
                              << QStringLiteral("/payload/root/action/href: must be an https:// URL");
    QTest::newRow("url javascript")
        << doc(R"x({"type":"button","label":"Go","action":{"kind":"url","href":"javascript:alert(1)"}})x")
        << QStringLiteral("/payload/root/action/href: must be an https:// URL");
    QTest::newRow("url without host") << doc(R"({"type":"button","label":"Go","action":{"kind":"url","href":"https:///x"}})")
                                      << QStringLiteral("/payload/root/action/href: must be an https:// URL");
    QTest::newRow("agent without id") << doc(R"({"type":"button","label":"Go","action":{"kind":"agent"}})")
                                      << QStringLiteral("/payload/root/action/id: is required");
    QTest::newRow("agent payload array")
        << doc(R"({"type":"button","label":"Go","action":{"kind":"agent","id":"a","payload":[1]}})")
        << QStringLiteral("/payload/root/action/payload: must be an object");
    QTest::newRow("action kind") << doc(R"({"type":"button","label":"Go","action":{"kind":"shell","cmd":"rm"}})")
                                 << QStringLiteral("/payload/root/action/kind: must be one of: agent, ui, url");
    QTest::newRow("ui without command action") << doc(R"({"type":"button","label":"Go","action":{"kind":"ui","command":{}}})")
                                               << QStringLiteral("/payload/root/action/command/action: is required");
    QTest::newRow("button without action") << doc(R"({"type":"button","label":"Go"})")
                                           << QStringLiteral("/payload/root/action: is required");

    // board: sliced, not rejected.
    QTest::newRow("board 13 cells") << doc(R"({"type":"board","rows":[["1","2","3","4","5","6","7","8","9","10","11","12","13"]]})")
                                    << none;
    QTest::newRow("board bad 13th cell ignored")
        << doc(R"({"type":"board","rows":[["","","","","","","","","","","","",42]]})") << none;
    QTest::newRow("board bad 12th cell")
        << doc(R"({"type":"board","rows":[["","","","","","","","","","","",42]]})")
        << QStringLiteral("/payload/root/rows/0/11: must be a string, null or an object");
    QTest::newRow("board 13 rows")
        << doc(R"({"type":"board","rows":[[],[],[],[],[],[],[],[],[],[],[],[],[],"x"]})") << none;
    QTest::newRow("board cell action")
        << doc(R"({"type":"board","rows":[[{"glyph":"X"},{"action":{"kind":"agent","id":"move"}}, null, ""]]})") << none;

    // compare: padded, not longer.
    QTest::newRow("compare short row")
        << doc(R"({"type":"compare","options":[{"name":"A"},{"name":"B"},{"name":"C"}],"rows":[{"label":"x","values":[1]}]})")
        << none;
    QTest::newRow("compare long row")
        << doc(R"({"type":"compare","options":[{"name":"A"}],"rows":[{"label":"x","values":[1,2]}]})")
        << QStringLiteral("/payload/root/rows/0/values: must have at most 1 items (one per option)");

    // reveal result.
    QTest::newRow("reveal number") << doc(R"({"type":"reveal","kind":"d20","result":17})") << none;
    QTest::newRow("reveal bool") << doc(R"({"type":"reveal","kind":"coin","result":true})")
                                 << QStringLiteral("/payload/root/result: must be a string or a number");

    // icons never fail.
    QTest::newRow("unknown icon") << doc(R"({"type":"list","items":[{"title":"a","icon":"banana"}]})") << none;

    // fields and forms.
    QTest::newRow("duplicate field name")
        << doc(R"({"type":"form","children":[{"type":"input","name":"a"},{"type":"select","name":"a","options":[{"label":"x","value":1}]}],"submit":{"label":"Go","action":{"kind":"agent","id":"s"}}})")
        << QStringLiteral("/payload/root/children/1/name: must be unique within its form");
    QTest::newRow("form without submit") << doc(R"({"type":"form","children":[]})")
                                         << QStringLiteral("/payload/root/submit: is required");
    QTest::newRow("input kind") << doc(R"({"type":"input","name":"a","kind":"date"})")
                                << QStringLiteral("/payload/root/kind: must be one of: text, number");

    // table.
    QTest::newRow("table duplicate key")
        << doc(R"({"type":"table","columns":[{"key":"a","label":"A"},{"key":"a","label":"B"}],"rows":[]})")
        << QStringLiteral("/payload/root/columns/1/key: must be unique");
    QTest::newRow("table object cell")
        << doc(R"({"type":"table","columns":[{"key":"a","label":"A"}],"rows":[{"a":{"b":1}}]})")
        << QStringLiteral("/payload/root/rows/0/a: must be a string, number, boolean or null");
    QTest::newRow("table boolean and null cells")
        << doc(R"({"type":"table","columns":[{"key":"a","label":"A"}],"rows":[{"a":true},{"a":null},{"other":{}}]})")
        << none;

    // caps.
    const QByteArray longText = QByteArray(kWidgetMaxString, 'x');
    QTest::newRow("text at the cap") << doc(R"({"type":"text","text":")" + longText + R"("})") << none;
    QTest::newRow("text over the cap") << doc(R"({"type":"text","text":")" + longText + R"(y"})")
                                       << QStringLiteral("/payload/root/text: must be at most 4000 characters");
    QByteArray deep = R"({"type":"divider"})";
    for (int i = 1; i < kWidgetMaxDepth; ++i)
        deep = R"({"type":"stack","direction":"vertical","children":[)" + deep + "]}";
    QTest::newRow("depth 16") << doc(deep) << none;
    QString deepPointer = QStringLiteral("/payload/root");
    for (int i = 0; i < kWidgetMaxDepth; ++i)
        deepPointer += QStringLiteral("/children/0");
    QTest::newRow("depth 17") << doc(R"({"type":"stack","direction":"vertical","children":[)" + deep + "]}")
                              << deepPointer + QStringLiteral(": nodes must nest at most 16 levels deep");
    auto stackOf = [](int dividers) -> QByteArray {
        QByteArray children;
        for (int i = 0; i < dividers; ++i)
            children += QByteArray(i ? "," : "") + R"({"type":"divider"})";
        return R"({"type":"stack","direction":"vertical","children":[)" + children + "]}";
    };
    // The root, 5 stacks holding 99 + 99 + 99 + 99 + 97 dividers and one empty stack: 500 nodes.
    QByteArray five;
    for (int i = 0; i < 5; ++i)
        five += QByteArray(i ? "," : "") + stackOf(i < 4 ? 99 : 97);
    QTest::newRow("500 nodes") << doc(R"({"type":"stack","direction":"vertical","children":[)" + five + "," + stackOf(0)
                                      + "]}")
                               << none;
    QTest::newRow("501 nodes") << doc(R"({"type":"stack","direction":"vertical","children":[)" + five + "," + stackOf(0)
                                      + "," + stackOf(0) + "]}")
                               << QStringLiteral("/payload/root/children/6: the document must have at most 500 nodes");
    QTest::newRow("101 children") << doc(stackOf(101)) << QStringLiteral("/payload/root/children: must have at most 100 items");
}

void tst_WidgetDocument::validation()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, issue);
    const Card card = fenceCard(document);
    QCOMPARE(card.kindName(), QStringLiteral("dorkos_ui"));
    if (issue.isEmpty()) {
        QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
        return;
    }
    QVERIFY(!card.isValid());
    QCOMPARE(issueLine(card), issue);
    QCOMPARE(card.issues().size(), 1);
}

void tst_WidgetDocument::envelopeCardIsTheSameDocument()
{
    // {"kind":"dorkos_ui","specVersion":1,"payload":DOC} validates the same way, with the same pointers.
    const QByteArray envelope = R"({"kind":"dorkos_ui","specVersion":1,"payload":)"
        + doc(R"({"type":"progress","value":100.5})") + "}";
    const Card card = Card::fromEnvelopeText(envelope);
    QCOMPARE(card.kind(), CardKind::WidgetDocument);
    QCOMPARE(issueLine(card), QStringLiteral("/payload/root/value: must be at most 100"));
    const Card valid = Card::fromEnvelopeText(R"({"kind":"dorkos_ui","specVersion":1,"payload":)" + kWeather + "}");
    QVERIFY2(valid.isValid(), qPrintable(issueLine(valid)));
    auto widget = render(valid);
    QVERIFY(qobject_cast<WidgetDocumentCard *>(widget.get()));
}

void tst_WidgetDocument::normalisation()
{
    QCOMPARE(widgetRatingValue(5.0001), 5.0);
    QCOMPARE(widgetRatingValue(-1), 0.0);
    QCOMPARE(widgetRatingValue(2.5), 2.5);
    QCOMPARE(widgetRatingValue(std::nan("")), 0.0);

    QCOMPARE(widgetRevealText(json(4)), QStringLiteral("4"));
    QCOMPARE(widgetRevealText(json(4.0)), QStringLiteral("4"));
    QCOMPARE(widgetRevealText(json(2.5)), QStringLiteral("2.5"));
    QCOMPARE(widgetRevealText(json("Heads")), QStringLiteral("Heads"));
    QCOMPARE(widgetRevealText(json(-3)), QStringLiteral("-3"));

    QCOMPARE(widgetCellText(json(true)), QStringLiteral("\u2713"));
    QCOMPARE(widgetCellText(json(false)), QStringLiteral("\u2717"));
    QCOMPARE(widgetCellText(json(nullptr)), QStringLiteral("\u2014"));
    QCOMPARE(widgetCellText(json(12)), QStringLiteral("12"));
    QCOMPARE(widgetCellText(json(1.1), QStringLiteral("1.10")), QStringLiteral("1.10"));

    QVERIFY(isHttpsUrl(u"https://example.com/x"));
    QVERIFY(isHttpsUrl(u"HTTPS://example.com"));
    QVERIFY(!isHttpsUrl(u"http://example.com"));
    QVERIFY(!isHttpsUrl(u"https://"));
    QVERIFY(!isHttpsUrl(u"https:///path"));
    QVERIFY(!isHttpsUrl(u" https://example.com"));
    QVERIFY(isWidgetImageSource(u"data:image/png;base64,AA"));
    QVERIFY(!isWidgetImageSource(u"file:///etc/passwd"));

    const WidgetAction agent = widgetAction(json::parse(R"({"kind":"agent","id":"go","payload":{"b":1,"a":"x"}})"));
    QCOMPARE(agent.kind, WidgetAction::Kind::Agent);
    const QByteArray sortedPayload = R"({"a":"x","b":1})";
    QCOMPARE(agent.payloadJson, sortedPayload);
    const json bare = json::parse(R"({"kind":"agent","id":"go"})");
    const json http = json::parse(R"({"kind":"url","href":"http://e.com"})");
    const json https = json::parse(R"({"kind":"url","href":"https://e.com"})");
    const json celebrate = json::parse(R"({"kind":"ui","command":{"action":"celebrate"}})");
    QCOMPARE(widgetAction(bare).payloadJson, QByteArray("{}"));
    QCOMPARE(widgetAction(http).kind, WidgetAction::Kind::None);
    QCOMPARE(widgetAction(https).href, QStringLiteral("https://e.com"));
    QCOMPARE(widgetAction(celebrate).command, QStringLiteral("celebrate"));
}

void tst_WidgetDocument::boardSlicedTo12()
{
    json rows = json::array();
    for (int r = 0; r < 13; ++r) {
        json row = json::array();
        for (int c = 0; c < 13; ++c)
            row.push_back(c == 0 ? json("X") : c == 1 ? json("") : c == 2 ? json(nullptr) : json{{"glyph", "O"}, {"tone", "info"}});
        rows.push_back(row);
    }
    const QList<QList<WidgetBoardCell>> cells = widgetBoardCells(rows);
    QCOMPARE(cells.size(), 12);
    for (const auto &row : cells)
        QCOMPARE(row.size(), 12);
    QCOMPARE(cells[0][0].glyph, QStringLiteral("X")); // bare string = {glyph}
    QVERIFY(cells[0][1].isBlank());                    // "" = blank
    QVERIFY(cells[0][2].isBlank());                    // null = blank
    QCOMPARE(cells[0][3].glyph, QStringLiteral("O"));
    QCOMPARE(cells[0][3].tone, QStringLiteral("info"));
    QCOMPARE(widgetBoardCells(json::parse("[[1,2],[\"a\"]]"))[1][0].glyph, QStringLiteral("a"));

    // Drawn: 13 cells -> 12 buttons.
    const Card card = fenceCard(doc(QByteArray(R"({"type":"board","rows":)") + QByteArray::fromStdString(rows.dump()) + "}"));
    QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
    auto widget = render(card);
    auto *board = widget->findChild<WidgetNodeBoard *>();
    QVERIFY(board);
    QCOMPARE(board->rowCount(), 12);
    QCOMPARE(board->columnCount(0), 12);
    QVERIFY(board->cellButton(11, 11));
    QVERIFY(!board->cellButton(12, 0));
    QVERIFY(!board->cellButton(0, 12));
}

void tst_WidgetDocument::comparePadded()
{
    QCOMPARE(widgetCompareRow(json::parse("[1, true]"), 3), (QStringList{"1", "\u2713", ""}));
    QCOMPARE(widgetCompareRow(json::parse("[]"), 2), (QStringList{"", ""}));

    const Card card = fenceCard(doc(
        R"({"type":"compare","options":[{"name":"A"},{"name":"B","recommended":true},{"name":"C"}],"rows":[{"label":"Seats","values":[5,1.50]}]})"));
    QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
    auto widget = render(card);
    QStringList cells;
    for (QLabel *label : widget->findChildren<QLabel *>(QStringLiteral("widgetCompareCell")))
        cells.append(label->text());
    QCOMPARE(cells, (QStringList{"5", "1.50", ""})); // source digits kept, third padded blank
    QStringList options;
    for (QLabel *label : widget->findChildren<QLabel *>(QStringLiteral("widgetCompareOption")))
        options.append(label->text());
    QCOMPARE(options, (QStringList{"A", "B", "C"}));
}

// --- transcript --------------------------------------------------------------------------------------

// One list of node types; the validator's and the builder's tables each hold exactly that list, once.
void tst_WidgetDocument::tablesCoverEveryNodeType()
{
    const QStringList types = widgetNodeTypeNames();
    QCOMPARE(types.size(), qsizetype(kWidgetNodeTypeCount));
    QCOMPARE(QSet<QString>(types.begin(), types.end()).size(), types.size());
    const QStringList checked = widgetDocumentCheckedTypes();
    const QStringList built = WidgetNodeBuilder::nodeTypes();
    QCOMPARE(QSet<QString>(checked.begin(), checked.end()).size(), checked.size());
    QCOMPARE(QSet<QString>(built.begin(), built.end()).size(), built.size());
    QCOMPARE(QSet<QString>(checked.begin(), checked.end()), QSet<QString>(types.begin(), types.end()));
    QCOMPARE(QSet<QString>(built.begin(), built.end()), QSet<QString>(types.begin(), types.end()));
}

void tst_WidgetDocument::transcriptMakesFenceCards()
{
    const QString content = QStringLiteral("Two widgets:\n") + fenced(kWeather) + QStringLiteral("\nand\n")
        + fenced(doc(R"({"type":"sparkle"})"), QStringLiteral("~~~"));
    const QByteArray data = assistantLine(content) + '\n' + assistantLine(fenced(kMinimalTable), QString()) + '\n'
        + QByteArray(R"({"role":"user","content":")") + "```dorkos-ui\\n{}\\n```" + R"("})";
    const Transcript transcript = Transcript::fromJsonLines(data);
    QCOMPARE(transcript.messages.size(), 3);
    const Message &first = transcript.messages.at(0);
    QCOMPARE(first.cards.size(), 2);
    QCOMPARE(first.cards.at(0).cardId(), QStringLiteral("a1#widget-1"));
    QCOMPARE(first.cards.at(1).cardId(), QStringLiteral("a1#widget-2"));
    QVERIFY(first.cards.at(0).isValid());
    QCOMPARE(issueLine(first.cards.at(1)), QStringLiteral("/payload/root/type: unknown node type \"sparkle\""));
    QCOMPARE(transcript.messages.at(1).cards.first().cardId(), QStringLiteral("line 2#widget-1"));
    QVERIFY(transcript.messages.at(2).cards.isEmpty()); // a user's fence is what they typed
    // Headless counts: each document is a card, each invalid one a fallback.
    QCOMPARE(transcript.cardCount(), 3);
    QCOMPARE(transcript.fallbackCount(), 1);

    // The prose block draws them: no Card block of their own.
    ConversationModel model;
    model.setTranscript(transcript);
    QCOMPARE(model.rowCount(), 3);
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY(model.blockType(row) != BlockType::Card);
}

void tst_WidgetDocument::fixtureFile()
{
    // tests/data/dorkos-widgets.jsonl: every line's outcome as its README table says.
    Transcript transcript;
    QString error;
    QVERIFY2(Transcript::readFile(QStringLiteral(TESSERA_TEST_DATA "/dorkos-widgets.jsonl"), &transcript, &error),
             qPrintable(error));
    QCOMPARE(transcript.messages.size(), 12);
    QCOMPARE(transcript.cardCount(), 10);
    QCOMPARE(transcript.fallbackCount(), 6);
    const QHash<int, QString> firstIssue = {
        {3, QStringLiteral("/payload/root/type: unknown node type \"sparkle\"")},
        {5, QStringLiteral("/payload/root/children/0/value: must be at most 100")},
        {7, QStringLiteral("/payload/root/children/0/src: must start with https:// or data:")},
    };
    QHash<int, int> cardsPerLine;
    for (const Message &m : std::as_const(transcript.messages)) {
        QVERIFY(m.isReadable());
        cardsPerLine[m.lineNumber] = int(m.cards.size());
        for (const Card &card : m.cards) {
            QCOMPARE(card.kindName(), QStringLiteral("dorkos_ui"));
            if (firstIssue.contains(m.lineNumber))
                QCOMPARE(issueLine(card), firstIssue.value(m.lineNumber));
        }
    }
    QCOMPARE(cardsPerLine.value(2), 2);
    QCOMPARE(cardsPerLine.value(8), 0); // quoted inside a code block
    QCOMPARE(cardsPerLine.value(9), 1);
    QVERIFY(transcript.messages.at(1).cards.at(0).isValid() && transcript.messages.at(1).cards.at(1).isValid());
    QCOMPARE(transcript.messages.at(6).cards.first().issues().size(), 2);
    QVERIFY(issueLine(transcript.messages.at(3).cards.first()).startsWith(QLatin1String("/payload/root/type: syntax error")));
    QVERIFY(issueLine(transcript.messages.at(5).cards.first()).startsWith(QLatin1String("/payload/root/title: syntax error")));
    QVERIFY(issueLine(transcript.messages.at(9).cards.first()).endsWith(QLatin1String(": nodes must nest at most 16 levels deep")));
    QVERIFY(transcript.messages.at(10).cards.first().isValid());

    // Drawn: only the tool result's card is a block of its own; every block builds, no raw fence text.
    ConversationModel model;
    model.setTranscript(transcript);
    int cardBlocks = 0, widgets = 0, errorCards = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        cardBlocks += model.blockType(row) == BlockType::Card;
        std::unique_ptr<QWidget> block(createBlockWidget(model, row, RenderContext(), nullptr));
        QVERIFY(blockHeightForWidth(block.get(), 700) > 0);
        widgets += int(block->findChildren<WidgetDocumentCard *>().size()) + (qobject_cast<WidgetDocumentCard *>(block.get()) ? 1 : 0);
        errorCards += int(block->findChildren<FallbackCard *>().size());
        if (model.message(row).lineNumber != 8)
            QVERIFY(!proseText(block.get()).contains(QLatin1String("dorkos-ui")));
    }
    QCOMPARE(cardBlocks, 1);
    QCOMPARE(widgets, 4);
    QCOMPARE(errorCards, 6);
}

// --- rendering ---------------------------------------------------------------------------------------

void tst_WidgetDocument::weatherExample()
{
    auto widget = render(fenceCard(kWeather));
    auto *card = qobject_cast<WidgetDocumentCard *>(widget.get());
    QVERIFY(card);
    QVERIFY(card->titleLabel());
    QCOMPARE(card->titleLabel()->text(), QStringLiteral("Weather")); // the root card is the frame
    QCOMPARE(card->widgetName(), QStringLiteral("Weather"));
    QCOMPARE(labelNamed(card, "widgetStatLabel")->text(), QStringLiteral("San Francisco"));
    QCOMPARE(labelNamed(card, "widgetStatValue")->text(), QStringLiteral("64°F"));
    QCOMPARE(labelNamed(card, "widgetStatDelta")->text(), QStringLiteral("\u25B2 +2°"));
    QCOMPARE(labelNamed(card, "widgetStatDelta")->accessibleName(), QStringLiteral("up +2°"));
    QVERIFY(!card->findChild<QWidget *>(QStringLiteral("widgetSparkline"))); // no trend
    QVERIFY(card->accessibleDescription().contains(QStringLiteral("San Francisco: 64°F, up +2°")));
    const int h = blockHeightForWidth(card, 600);
    QVERIFY2(h > 70 && h < 200, qPrintable(QString::number(h)));
    saveRender(card, QStringLiteral("weather"));
}

void tst_WidgetDocument::minimalTable()
{
    auto widget = render(fenceCard(kMinimalTable));
    auto *table = widget->findChild<QTableWidget *>(QStringLiteral("widgetTable"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(table->columnCount(), 2);
    QCOMPARE(table->horizontalHeaderItem(0)->text(), QStringLiteral("Issue"));
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("Status"));
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("DOR-1"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("open"));
    QVERIFY(table->height() >= table->rowHeight(0));
    QVERIFY(blockHeightForWidth(widget.get(), 600) > table->height());
    saveRender(widget.get(), QStringLiteral("table"));

    // Numbers keep their source digits and sit right; booleans and null are symbols.
    auto more = render(fenceCard(doc(R"({"type":"table","columns":[{"key":"n","label":"N"},{"key":"b","label":"B","align":"center"}],
        "rows":[{"n":1.10,"b":true},{"n":18446744073709551615,"b":null},{"b":false}]})")));
    auto *t = more->findChild<QTableWidget *>(QStringLiteral("widgetTable"));
    QVERIFY(t);
    QCOMPARE(t->item(0, 0)->text(), QStringLiteral("1.10"));
    QCOMPARE(t->item(1, 0)->text(), QStringLiteral("18446744073709551615"));
    QCOMPARE(t->item(2, 0)->text(), QString()); // missing cell: empty
    QCOMPARE(t->item(0, 1)->text(), QStringLiteral("\u2713"));
    QCOMPARE(t->item(1, 1)->text(), QStringLiteral("\u2014"));
    QCOMPARE(t->item(2, 1)->text(), QStringLiteral("\u2717"));
    QVERIFY(t->item(0, 0)->textAlignment() & Qt::AlignRight);
    QVERIFY(t->item(0, 1)->textAlignment() & Qt::AlignHCenter);
}

void tst_WidgetDocument::ratingClamped_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<double>("drawn");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("lastStarFill");
    QTest::newRow("5.0001") << QByteArray("5.0001") << 5.0 << QStringLiteral("5") << 1.0;
    QTest::newRow("5") << QByteArray("5") << 5.0 << QStringLiteral("5") << 1.0;
    QTest::newRow("4.5") << QByteArray("4.5") << 4.5 << QStringLiteral("4.5") << 0.5;
    QTest::newRow("0") << QByteArray("0") << 0.0 << QStringLiteral("0") << 0.0;
    QTest::newRow("-1") << QByteArray("-1") << 0.0 << QStringLiteral("0") << 0.0;
    QTest::newRow("1e300") << QByteArray("1e300") << 5.0 << QStringLiteral("5") << 1.0;
}

void tst_WidgetDocument::ratingClamped()
{
    QFETCH(QByteArray, value);
    QFETCH(double, drawn);
    QFETCH(QString, text);
    QFETCH(double, lastStarFill);
    const Card card = fenceCard(doc(R"({"type":"rating","value":)" + value + R"(,"count":128,"label":"Score"})"));
    QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
    auto widget = render(card);
    auto *stars = widget->findChild<WidgetNodeStars *>();
    QVERIFY(stars);
    QCOMPARE(stars->value(), drawn);
    QCOMPARE(stars->fillOf(4), lastStarFill);
    QCOMPARE(labelNamed(widget.get(), "widgetRatingValue")->text(), text);
    QCOMPARE(labelNamed(widget.get(), "widgetRatingCount")->text(), QStringLiteral("(128 reviews)"));
}

void tst_WidgetDocument::ratingCountPlural_data()
{
    // Issue 18: "(1 reviews)". The count keeps the agent's digits; its integer part picks the form.
    QTest::addColumn<QByteArray>("count");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("spoken");
    QTest::newRow("1") << QByteArray("1") << "(1 review)" << "4 of 5 stars, 1 review";
    QTest::newRow("0") << QByteArray("0") << "(0 reviews)" << "4 of 5 stars, 0 reviews";
    QTest::newRow("2") << QByteArray("2") << "(2 reviews)" << "4 of 5 stars, 2 reviews";
    QTest::newRow("1.0 as written") << QByteArray("1.0") << "(1.0 review)" << "4 of 5 stars, 1.0 review";
}

void tst_WidgetDocument::ratingCountPlural()
{
    QFETCH(QByteArray, count);
    QFETCH(QString, shown);
    QFETCH(QString, spoken);
    const Card card = fenceCard(doc(R"({"type":"rating","value":4,"count":)" + count + "}"));
    QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
    auto widget = render(card);
    QCOMPARE(labelNamed(widget.get(), "widgetRatingCount")->text(), shown);
    const auto *stars = widget->findChild<WidgetNodeStars *>();
    QVERIFY(stars && stars->parentWidget());
    QCOMPARE(stars->parentWidget()->accessibleName(), spoken);
}

void tst_WidgetDocument::progressBounds()
{
    auto full = render(fenceCard(doc(R"({"type":"progress","value":100,"label":"Rollout"})")));
    QVERIFY(qobject_cast<WidgetDocumentCard *>(full.get()));
    QCOMPARE(labelNamed(full.get(), "widgetProgressText")->text(), QStringLiteral("100%"));
    QCOMPARE(labelNamed(full.get(), "widgetProgressLabel")->text(), QStringLiteral("Rollout"));

    auto half = render(fenceCard(doc(R"({"type":"progress","value":72.50})")));
    QCOMPARE(labelNamed(half.get(), "widgetProgressText")->text(), QStringLiteral("72.50%"));

    // 100.5 never draws: the error card says why.
    auto over = render(fenceCard(doc(R"({"type":"progress","value":100.5})")));
    auto *fallback = qobject_cast<FallbackCard *>(over.get());
    QVERIFY(fallback);
    QCOMPARE(fallback->issueText(), QStringLiteral("/payload/root/value: must be at most 100"));
}

void tst_WidgetDocument::chartZeroAndKinds()
{
    auto zero = render(fenceCard(doc(R"({"type":"chart","kind":"bar","data":[{"label":"a","value":-0.0},{"label":"b","value":3}]})")));
    auto *chart = zero->findChild<WidgetNodeChart *>();
    QVERIFY(chart);
    auto *bars = qobject_cast<QBarSeries *>(chart->chart()->series().value(0));
    QVERIFY(bars);
    QCOMPARE(bars->barSets().first()->count(), 2);
    QCOMPARE(bars->barSets().first()->at(0), 0.0);
    QVERIFY(!std::signbit(bars->barSets().first()->at(0)));
    QCOMPARE(bars->barSets().first()->at(1), 3.0);

    auto pie = render(fenceCard(doc(R"({"type":"chart","kind":"pie","data":[{"label":"A","value":60},{"label":"B","value":40}]})")));
    auto *pieSeries = qobject_cast<QPieSeries *>(pie->findChild<WidgetNodeChart *>()->chart()->series().value(0));
    QVERIFY(pieSeries);
    QCOMPARE(pieSeries->count(), 2);
    QCOMPARE(pieSeries->slices().first()->label(), QStringLiteral("A: 60"));

    for (const char *kind : {"line", "area"}) {
        auto w = render(fenceCard(doc(QByteArray(R"({"type":"chart","kind":")") + kind
                                      + R"(","data":[{"label":"A","value":1},{"label":"B","value":2}],"height":900})")));
        auto *c = w->findChild<WidgetNodeChart *>();
        QVERIFY(c);
        QCOMPARE(c->chart()->series().size(), 1);
        QCOMPARE(c->chart()->series().first()->type(),
                 qstrcmp(kind, "line") == 0 ? QAbstractSeries::SeriesTypeLine : QAbstractSeries::SeriesTypeArea);
        QCOMPARE(c->height() > 0 ? c->sizeHint().height() : c->sizeHint().height(), WidgetNodeChart::kMaxHeight);
    }
}

// Issue 13: a value of 1e308 drew an "inf" axis and a label of thousands of digits.
void tst_WidgetDocument::chartHugeValuesAreReadable_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::newRow("1e308 bar") << QByteArray(R"([{"label":"a","value":1e308},{"label":"b","value":3}])");
    QTest::newRow("DBL_MAX line") << QByteArray(R"([{"label":"a","value":1.7976931348623157e308}])");
    QTest::newRow("5e-324 area") << QByteArray(R"([{"label":"a","value":5e-324},{"label":"b","value":0}])");
    QTest::newRow("1e9 bar") << QByteArray(R"([{"label":"a","value":1e9}])");
}

void tst_WidgetDocument::chartHugeValuesAreReadable()
{
    QFETCH(QByteArray, data);
    const char *kind = QByteArray(QTest::currentDataTag()).contains("bar") ? "bar" : "line";
    auto widget = render(fenceCard(doc(QByteArray(R"({"type":"chart","kind":")") + kind + R"(","data":)" + data + "}")));
    auto *chart = widget->findChild<WidgetNodeChart *>();
    QVERIFY(chart);
    const QList<QAbstractAxis *> vertical = chart->chart()->axes(Qt::Vertical);
    QCOMPARE(vertical.size(), 1);
    auto *axis = qobject_cast<QValueAxis *>(vertical.first());
    QVERIFY(axis);
    QVERIFY(std::isfinite(axis->min()) && std::isfinite(axis->max()) && axis->min() < axis->max());
    QVERIFY(std::isfinite(axis->max() - axis->min()));
    auto *labelled = qobject_cast<QCategoryAxis *>(axis);
    QVERIFY(labelled); // huge or tiny values: our own labels, not printf's
    QVERIFY(labelled->count() >= 2);
    for (const QString &label : labelled->categoriesLabels()) {
        QVERIFY2(label.size() < 16, qPrintable(label));
        QVERIFY2(!label.contains(QLatin1String("inf")) && !label.contains(QLatin1String("nan")), qPrintable(label));
    }
    // The largest value is drawn at the top of the axis, not beyond it.
    auto *bars = qobject_cast<QBarSeries *>(chart->chart()->series().value(0));
    if (bars) {
        for (int i = 0; i < bars->barSets().first()->count(); ++i)
            QVERIFY(bars->barSets().first()->at(i) <= axis->max());
    }
}

void tst_WidgetDocument::boardGlyphColours()
{
    auto widget = render(fenceCard(doc(R"({"type":"board","label":"Tic-tac-toe","rows":[["X","O",""],[{"glyph":"x"},{"glyph":"Z","tone":"error"},{"icon":"rocket"}]]})")));
    auto *board = widget->findChild<WidgetNodeBoard *>();
    QVERIFY(board);
    for (ThemeMode mode : {ThemeMode::Light, ThemeMode::Dark}) {
        board->setPalette(themePalette(mode));
        QCOMPARE(board->glyphColorAt(0, 0), toneColor(StatusTone::Info, board->palette())); // X blue
        QCOMPARE(board->glyphColorAt(0, 1), toneColor(StatusTone::Warn, board->palette())); // O amber
        QCOMPARE(board->glyphColorAt(1, 0), toneColor(StatusTone::Info, board->palette()));
        QCOMPARE(board->glyphColorAt(1, 1), toneColor(StatusTone::Error, board->palette()));
    }
    // The glyph text is always there, not only its colour.
    QCOMPARE(board->cellButton(0, 0)->text(), QStringLiteral("X"));
    QCOMPARE(board->cellButton(0, 1)->text(), QStringLiteral("O"));
    QCOMPARE(board->cellButton(0, 2)->accessibleName(), QStringLiteral("empty"));
    QCOMPARE(labelNamed(widget.get(), "widgetBoardLabel")->text(), QStringLiteral("Tic-tac-toe"));
    saveRender(widget.get(), QStringLiteral("board"));
}

// Issue 15: every other glyph has one fixed colour of the written palette (widgetnodeboard.h), the same
// on every board; X and O keep blue and amber.
void tst_WidgetDocument::boardFixedPalette()
{
    const QPalette light = themePalette(ThemeMode::Light);
    const QPalette dark = themePalette(ThemeMode::Dark);
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("X"), QString(), light), QColor(0x1f, 0x63, 0xc6));
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("O"), QString(), light), QColor(0xa8, 0x6a, 0x00));
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("X"), QString(), dark), QColor(0x6c, 0xa8, 0xff));
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("O"), QString(), dark), QColor(0xf0, 0xb4, 0x3c));
    // Compared as QRgb values: QColor's operator== also compares its spec and padding, which a
    // sanitized -O1 build found to differ between equal colours made in different ways.
    const QList<QRgb> lightSet = {qRgb(0x00, 0x7a, 0x5e), qRgb(0xc2, 0x4e, 0x00), qRgb(0xb3, 0x47, 0x8f)};
    const QList<QRgb> darkSet = {qRgb(0x3f, 0xc7, 0xa0), qRgb(0xff, 0x8a, 0x4c), qRgb(0xe5, 0x9c, 0xcc)};
    QSet<QRgb> seen;
    for (const QString &glyph : {QStringLiteral("\u265E"), QStringLiteral("\u25CF"), QStringLiteral("A"), QStringLiteral("\u2605")}) {
        const QRgb onLight = WidgetNodeBoard::glyphColor(glyph, QString(), light).rgb();
        const QRgb onDark = WidgetNodeBoard::glyphColor(glyph, QString(), dark).rgb();
        const qsizetype index = lightSet.indexOf(onLight);
        QVERIFY2(index >= 0, qPrintable(QColor(onLight).name()));
        QCOMPARE(QColor(onDark).name(), QColor(darkSet.at(index)).name()); // the same hue, its dark variant
        QCOMPARE(WidgetNodeBoard::glyphColor(glyph, QString(), light).rgb(), onLight); // fixed
        seen.insert(onLight);
    }
    QVERIFY(seen.size() >= 2); // glyphs do not all share one colour
    // FNV-1a of "A" (0x41) picks index 2166136261 ^ 0x41 times 16777619, mod 3.
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("A"), QString(), light),
             lightSet.at(int(((2166136261u ^ 0x41u) * 16777619u) % 3u)));
    // A tone still wins for glyphs other than X and O.
    QCOMPARE(WidgetNodeBoard::glyphColor(QStringLiteral("A"), QStringLiteral("error"), light), toneColor(StatusTone::Error, light));
}

void tst_WidgetDocument::boardHeal_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<QStringList>("drawn"); // row-major glyphs after healing, "" blank
    QTest::addColumn<int>("healed");
    const QByteArray act = R"({"kind":"agent","id":"move","payload":{"cell":4,"state":STATE}})";
    auto board = [&](const char *state, const char *r0 = R"("X","","")") -> QByteArray {
        QByteArray a = act;
        a.replace("STATE", state);
        return QByteArray("[[") + r0 + "],[\"\",{\"action\":" + a + "},\"\"],[\"\",\"\",\"\"]]";
    };
    QTest::newRow("flat string") << board(R"("X...O...X")") << QStringList{"X", "", "", "", "O", "", "", "", "X"} << 2;
    QTest::newRow("rows split by /") << board(R"("X../.O./..X")") << QStringList{"X", "", "", "", "O", "", "", "", "X"} << 2;
    QTest::newRow("array of rows") << board(R"([["X","",""],["","O",""],["","","X"]])")
                                   << QStringList{"X", "", "", "", "O", "", "", "", "X"} << 2;
    QTest::newRow("drawn glyph wins") << board(R"("O........")") << QStringList{"X", "", "", "", "", "", "", "", ""} << 0;
    QTest::newRow("state of another shape") << board(R"("X...O...")") << QStringList{"X", "", "", "", "", "", "", "", ""} << 0;
    QTest::newRow("no state") << QByteArray(R"([["X",""],["",""]])") << QStringList{"X", "", "", ""} << 0;
    QTest::newRow("state not a string or rows") << board("42") << QStringList{"X", "", "", "", "", "", "", "", ""} << 0;
}

// seed 003: a move the agent recorded in state but a re-render dropped is drawn anyway.
void tst_WidgetDocument::boardHeal()
{
    QFETCH(QByteArray, rows);
    QFETCH(QStringList, drawn);
    QFETCH(int, healed);
    const json parsed = json::parse(rows.toStdString());
    QList<QList<WidgetBoardCell>> cells = widgetBoardCells(parsed);
    QCOMPARE(healWidgetBoard(cells), healed);
    QStringList glyphs;
    int marked = 0;
    for (const auto &row : cells) {
        for (const WidgetBoardCell &cell : row) {
            glyphs.append(cell.glyph);
            marked += cell.healed;
        }
    }
    QCOMPARE(glyphs, drawn);
    QCOMPARE(marked, healed);
}

void tst_WidgetDocument::boardHealedCellDrawn()
{
    CardActions actions;
    auto widget = render(fenceCard(doc(R"({"type":"board","rows":[["X",{"action":{"kind":"agent","id":"m1","payload":{"state":"X.O"}}},""]]})")),
                         &actions);
    auto *board = widget->findChild<WidgetNodeBoard *>();
    QVERIFY(board);
    QCOMPARE(board->glyphAt(0, 2), QStringLiteral("O")); // recorded, dropped by the re-render: drawn
    QVERIFY(board->isHealedAt(0, 2));
    QCOMPARE(board->cellButton(0, 2)->text(), QStringLiteral("O"));
    QCOMPARE(board->glyphColorAt(0, 2), toneColor(StatusTone::Warn, board->palette()));
    QCOMPARE(board->glyphAt(0, 1), QString()); // "." in the record: still empty and playable
    QVERIFY(board->cellButton(0, 1)->isEnabled());
}

// seed 003: "Click an empty square and your mark draws itself instantly, before the agent even replies";
// a refused request takes the mark back; an answered one keeps it and the cell takes no second move.
void tst_WidgetDocument::boardInstantMark()
{
    CardActions actions;
    const QByteArray board = doc(R"({"type":"board","label":"Tic-tac-toe","rows":[
        ["X",{"action":{"kind":"agent","id":"move","payload":{"cell":1}}},{"action":{"kind":"agent","id":"move","payload":{"cell":2}}}],
        ["O",{"action":{"kind":"agent","id":"move","payload":{"cell":4}}},""]]})");
    auto widget = render(fenceCard(board), &actions);
    widget->show();
    auto *nodes = widget->findChild<WidgetNodeBoard *>();
    QVERIFY(nodes);
    QSignalSpy spy(&actions, &CardActions::widgetActionRequested);
    QAbstractButton *cell = nodes->cellButton(0, 1);
    QCOMPARE(cell->text(), QString());
    cell->click();
    QCOMPARE(spy.count(), 1);
    // Drawn at once: the request is still open.
    QCOMPARE(nodes->glyphAt(0, 1), QStringLiteral("X")); // one X, one O: X moves
    QCOMPARE(cell->text(), QStringLiteral("X"));
    QCOMPARE(nodes->glyphColorAt(0, 1), toneColor(StatusTone::Info, nodes->palette()));
    QCOMPARE(cell->accessibleName(), QStringLiteral("X"));
    QCOMPARE(spy.first().at(3).toByteArray(), QByteArray(R"({"cell":1})"));
    QSignalSpy finished(qobject_cast<WidgetDocumentCard *>(widget.get()), &WidgetDocumentCard::agentRequestFinished);
    actions.finishRequest(spy.first().at(0).toInt(), true); // queued
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(nodes->glyphAt(0, 1), QStringLiteral("X"));
    QVERIFY(!cell->isEnabled()); // taken

    // Refused (the agent is busy): the mark is taken back and the cell can be played again.
    QAbstractButton *other = nodes->cellButton(1, 1);
    other->click();
    QCOMPARE(spy.count(), 2);
    QCOMPARE(nodes->glyphAt(1, 1), QStringLiteral("X"));
    actions.finishRequest(spy.at(1).at(0).toInt(), false, QStringLiteral("the agent is busy"));
    QTRY_COMPARE(finished.count(), 2);
    QCOMPARE(nodes->glyphAt(1, 1), QString());
    QCOMPARE(other->text(), QString());
    QCOMPARE(other->accessibleName(), QStringLiteral("empty"));
    QVERIFY(other->isEnabled());

    // Without a session nothing is drawn (the cell is disabled and says why).
    auto offline = render(fenceCard(board));
    auto *offlineBoard = offline->findChild<WidgetNodeBoard *>();
    QVERIFY(!offlineBoard->cellButton(0, 1)->isEnabled());
    offlineBoard->cellButton(0, 1)->click();
    QCOMPARE(offlineBoard->glyphAt(0, 1), QString());
}

void tst_WidgetDocument::boardUserMark_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<QString>("mark");
    const QByteArray free = R"({"action":{"kind":"agent","id":"m"}})";
    QTest::newRow("empty board: X") << QByteArray("[[" + free + "]]") << "X";
    QTest::newRow("X played: O") << QByteArray("[[\"X\"," + free + "]]") << "O";
    QTest::newRow("X and O: X") << QByteArray("[[\"X\",\"o\"," + free + "]]") << "X";
    QTest::newRow("payload mark") << QByteArray(R"([["X",{"action":{"kind":"agent","id":"m","payload":{"mark":"♞"}}}]])") << "♞";
    QTest::newRow("mark too long") << QByteArray(R"([[{"action":{"kind":"agent","id":"m","payload":{"mark":"abcde"}}}]])") << "X";
}

void tst_WidgetDocument::boardUserMark()
{
    QFETCH(QByteArray, rows);
    QFETCH(QString, mark);
    const json parsed = json::parse(rows.toStdString());
    const QList<QList<WidgetBoardCell>> cells = widgetBoardCells(parsed);
    QCOMPARE(widgetBoardUserMark(cells, cells.first().last()), mark);
}

void tst_WidgetDocument::revealSettlesOnResult()
{
    for (const char *kind : {"coin", "d6", "d20", "8ball"}) {
        auto widget = render(fenceCard(doc(QByteArray(R"({"type":"reveal","kind":")") + kind + R"(","result":4,"label":"Roll"})")));
        auto *face = widget->findChild<WidgetNodeReveal *>();
        QVERIFY(face);
        QCOMPARE(face->result(), QStringLiteral("4")); // a number is stored as a string
        QVERIFY(face->isSettled());                    // never shown: the result, no animation
        QCOMPARE(face->shownText(), QStringLiteral("4"));
        QCOMPARE(labelNamed(widget.get(), "widgetRevealResult")->text(), QStringLiteral("Result: 4"));
    }
    // A headless render (window never on screen) shows the result too.
    QWidget host;
    host.setAttribute(Qt::WA_DontShowOnScreen);
    RenderContext context;
    QWidget *w = RendererRegistry::createCardWidget(fenceCard(doc(R"({"type":"reveal","kind":"d20","result":17})")), context, &host);
    host.show();
    auto *face = w->findChild<WidgetNodeReveal *>();
    QVERIFY(face->isVisible());
    QVERIFY(face->isSettled());
    QCOMPARE(face->shownText(), QStringLiteral("17"));
}

void tst_WidgetDocument::unknownIconIsNeutralDot()
{
    auto widget = render(fenceCard(doc(R"({"type":"list","items":[{"title":"a","icon":"rocket"},{"title":"b","icon":"banana"},{"title":"c","icon":"check-circle"}]})")));
    const QList<WidgetNodeIcon *> icons = widget->findChildren<WidgetNodeIcon *>();
    QCOMPARE(icons.size(), 3);
    QCOMPARE(icons.at(0)->drawnIcon(), QStringLiteral("rocket"));
    QCOMPARE(icons.at(1)->drawnIcon(), QStringLiteral("dot"));
    QCOMPARE(icons.at(2)->drawnIcon(), QStringLiteral("check-circle"));
    QVERIFY(isWidgetIconKnown(u"clock"));
    QVERIFY(!isWidgetIconKnown(u""));
    QVERIFY(widgetIconNames().size() >= 40);
    // Drawing an unknown icon paints something (the dot), never nothing.
    QImage image(24, 24, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    paintWidgetIcon(&painter, QRectF(0, 0, 24, 24), u"no-such-icon", Qt::black);
    painter.end();
    QVERIFY(qAlpha(image.pixel(12, 12)) > 0);
    QCOMPARE(qAlpha(image.pixel(1, 1)), 0);
}

void tst_WidgetDocument::reducedMotionKeepsThePose()
{
    const QByteArray mood = doc(R"({"type":"mood","emotion":"celebrating","message":"Shipped!"})");
    {
        ReducedMotion reduced(true);
        auto widget = render(fenceCard(mood));
        widget->show();
        auto *face = widget->findChild<WidgetNodeMood *>();
        QVERIFY(face->isVisible());
        QVERIFY(!face->isAnimating());
        QCOMPARE(face->emotion(), QStringLiteral("celebrating"));
        QVERIFY(!widget->findChild<QWidget *>(QStringLiteral("widgetConfetti"))); // no burst
        QCOMPARE(labelNamed(widget.get(), "widgetMoodMessage")->text(), QStringLiteral("Shipped!"));
    }
    {
        // The reduce-motion setting, handed down in the render context.
        RenderSettings settings;
        settings.reduceMotion = true;
        ReducedMotion reduced(false);
        auto widget = render(fenceCard(mood), nullptr, settings);
        widget->show();
        QVERIFY(!widget->findChild<WidgetNodeMood *>()->isAnimating());
    }
    {
        ReducedMotion reduced(false);
        auto widget = render(fenceCard(mood));
        widget->show();
        QVERIFY(widget->findChild<WidgetNodeMood *>()->isAnimating());
        QVERIFY(widget->findChild<QWidget *>(QStringLiteral("widgetConfetti"))); // celebrating bursts once
        // The reveal animates when motion is allowed and then settles on the result.
        auto reveal = render(fenceCard(doc(R"({"type":"reveal","kind":"d6","result":6})")));
        reveal->show();
        auto *face = reveal->findChild<WidgetNodeReveal *>();
        QVERIFY(!face->isSettled());
        QTRY_VERIFY_WITH_TIMEOUT(face->isSettled(), 5000);
        QCOMPARE(face->shownText(), QStringLiteral("6"));
        QCOMPARE(labelNamed(reveal.get(), "widgetRevealResult")->text(), QStringLiteral("Result: 6"));
    }
    {
        // Headless: never animates even with motion allowed.
        ReducedMotion reduced(false);
        QWidget host;
        host.setAttribute(Qt::WA_DontShowOnScreen);
        RendererRegistry::createCardWidget(fenceCard(mood), RenderContext(), &host);
        host.show();
        auto *face = host.findChild<WidgetNodeMood *>();
        QVERIFY(face->isVisible());
        QVERIFY(!face->isAnimating());
        QVERIFY(!host.findChild<QWidget *>(QStringLiteral("widgetConfetti")));
    }
}

void tst_WidgetDocument::everyNodeRenders()
{
    // One document with every node type; each becomes its widget, nothing is a fallback.
    const QByteArray all = doc(R"x({"type":"stack","direction":"vertical","gap":2,"children":[
      {"type":"card","title":"Card","description":"desc","children":[{"type":"text","text":"**bold** [link](https://e.com)"}],
       "footer":[{"type":"badge","text":"ok","tone":"success"}]},
      {"type":"divider"},
      {"type":"heading","text":"H1","level":1},
      {"type":"stat","label":"L","value":3,"trend":[1,2,3],"hint":"h"},
      {"type":"keyValue","items":[{"key":"k","value":"v"}]},
      {"type":"progress","value":50},
      {"type":"table","columns":[{"key":"a","label":"A"}],"rows":[{"a":1}]},
      {"type":"list","items":[{"title":"t","subtitle":"s","meta":3,"badge":"b","actions":[{"kind":"agent","id":"x"},{"label":"Open","action":{"kind":"url","href":"https://e.com"}}]}]},
      {"type":"chart","kind":"line","data":[{"label":"a","value":1}]},
      {"type":"timeline","items":[{"title":"a","status":"done"},{"title":"b","status":"active"},{"title":"c"}]},
      {"type":"checklist","items":[{"label":"a","checked":true}]},
      {"type":"compare","options":[{"name":"A"}],"rows":[{"label":"r","values":["x"]}]},
      {"type":"rating","value":3},
      {"type":"mood","emotion":"thinking"},
      {"type":"board","rows":[["X"]]},
      {"type":"reveal","kind":"coin","result":"Heads"},
      {"type":"image","src":"https://e.com/a.png","alt":"a"},
      {"type":"button","label":"B","variant":"outline","action":{"kind":"ui","command":{"action":"open_canvas"}}},
      {"type":"form","children":[{"type":"input","name":"i"},{"type":"select","name":"s","options":[{"label":"x","value":1}]}],
       "submit":{"label":"Go","action":{"kind":"agent","id":"go"}}}]})x");
    const Card card = fenceCard(all);
    QVERIFY2(card.isValid(), qPrintable(issueLine(card)));
    auto widget = render(card);
    QVERIFY(qobject_cast<WidgetDocumentCard *>(widget.get()));
    QSet<QString> types;
    for (QWidget *w : widget->findChildren<QWidget *>()) {
        const QString type = w->property("widgetNodeType").toString();
        if (!type.isEmpty())
            types.insert(type);
    }
    for (const char *t : {"stack", "card", "divider", "heading", "text", "badge", "stat", "keyValue", "progress", "table",
                          "list", "chart", "timeline", "checklist", "compare", "rating", "mood", "board", "reveal", "image",
                          "button", "input", "select", "form"})
        QVERIFY2(types.contains(QString::fromLatin1(t)), t);
    QCOMPARE(types.size(), 24);
    auto *timeline = widget->findChild<WidgetNodeTimeline *>();
    QCOMPARE(timeline->activeIndex(), 1);
    QVERIFY(timeline->titleLabel(1)->font().bold()); // the active stop is emphasised
    QVERIFY(!timeline->titleLabel(0)->font().bold());
    QVERIFY(widget->findChild<QWidget *>(QStringLiteral("widgetSparkline"))); // 3 trend points
    const int h = blockHeightForWidth(widget.get(), 700);
    QVERIFY2(h > 1200, qPrintable(QString::number(h)));
    saveRender(widget.get(), QStringLiteral("every-node"));
}

// --- fences in prose ---------------------------------------------------------------------------------

void tst_WidgetDocument::twoFencesInOneMessage()
{
    const QString content = QStringLiteral("Before\n\n") + fenced(kWeather) + QStringLiteral("\n\nBetween\n\n")
        + fenced(kMinimalTable) + QStringLiteral("\n\nAfter");
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(assistantLine(content)));
    QCOMPARE(model.rowCount(), 1);
    std::unique_ptr<QWidget> block(createBlockWidget(model, 0, RenderContext(), nullptr));
    auto *prose = qobject_cast<ProseBlock *>(block.get());
    QVERIFY(prose);
    const QList<QWidget *> parts = prose->parts();
    QCOMPARE(parts.size(), 5);
    QVERIFY(qobject_cast<MarkdownView *>(parts.at(0)));
    QVERIFY(qobject_cast<WidgetDocumentCard *>(parts.at(1)));
    QVERIFY(qobject_cast<MarkdownView *>(parts.at(2)));
    QVERIFY(qobject_cast<WidgetDocumentCard *>(parts.at(3)));
    QVERIFY(qobject_cast<MarkdownView *>(parts.at(4)));
    QCOMPARE(qobject_cast<MarkdownView *>(parts.at(0))->document()->toPlainText().trimmed(), QStringLiteral("Before"));
    QCOMPARE(qobject_cast<MarkdownView *>(parts.at(2))->document()->toPlainText().trimmed(), QStringLiteral("Between"));
    QCOMPARE(qobject_cast<MarkdownView *>(parts.at(4))->document()->toPlainText().trimmed(), QStringLiteral("After"));
    const QString text = proseText(prose);
    QVERIFY(!text.contains(QLatin1String("dorkos-ui")));
    QVERIFY(!text.contains(QLatin1String("\"version\"")));
    QVERIFY(parts.at(3)->findChild<QTableWidget *>());
    // Every part has height and the block is their sum.
    int sum = 0;
    for (QWidget *part : parts) {
        const int h = blockHeightForWidth(part, 600);
        QVERIFY(h > 0);
        sum += h;
    }
    QVERIFY(blockHeightForWidth(prose, 600) >= sum);
    saveRender(prose, QStringLiteral("two-fences"));
}

void tst_WidgetDocument::tildeFence()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(assistantLine(fenced(kMinimalTable, QStringLiteral("~~~~")))));
    std::unique_ptr<QWidget> block(createBlockWidget(model, 0, RenderContext(), nullptr));
    auto *prose = qobject_cast<ProseBlock *>(block.get());
    QVERIFY(prose);
    QCOMPARE(prose->parts().size(), 1);
    auto *table = prose->findChild<QTableWidget *>();
    QVERIFY(table);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("DOR-1"));
}

void tst_WidgetDocument::streamingSkeletonThenWidget()
{
    const QString partial = QStringLiteral("Here it is:\n\n```dorkos-ui\n{\"version\": 1, \"root\": {\"type\": \"card\", \"title\": \"Wea");
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(assistantLine(partial)));
    RenderContext streaming;
    streaming.streaming = true;
    std::unique_ptr<QWidget> block(createBlockWidget(model, 0, streaming, nullptr));
    QVERIFY(block->findChild<ProseSkeleton *>());
    QVERIFY(!block->findChild<WidgetDocumentCard *>());
    QVERIFY(!block->findChild<FallbackCard *>());
    const QString text = proseText(block.get());
    QCOMPARE(text.trimmed(), QStringLiteral("Here it is:"));
    for (QLabel *label : block->findChildren<QLabel *>())
        QVERIFY(!label->text().contains(QLatin1String("version")));
    QVERIFY(blockHeightForWidth(block.get(), 600) >= ProseSkeleton::kHeight);

    // Complete: the widget replaces the skeleton.
    model.setTranscript(Transcript::fromJsonLines(assistantLine(QStringLiteral("Here it is:\n\n") + fenced(kWeather))));
    std::unique_ptr<QWidget> done(createBlockWidget(model, 0, streaming, nullptr));
    QVERIFY(!done->findChild<ProseSkeleton *>());
    QVERIFY(done->findChild<WidgetDocumentCard *>());
    QCOMPARE(labelNamed(done.get(), "widgetStatValue")->text(), QStringLiteral("64°F"));

    // The model's provisional streaming message (StreamingRole) gets the skeleton too, with no context flag.
    Message live;
    live.role = MessageRole::Assistant;
    live.content = partial;
    model.setStreamingMessage(live);
    const int last = model.rowCount() - 1;
    QVERIFY(model.data(model.index(last), ConversationModel::StreamingRole).toBool());
    std::unique_ptr<QWidget> provisional(createBlockWidget(model, last, RenderContext(), nullptr));
    QVERIFY(provisional->findChild<ProseSkeleton *>());
    QVERIFY(!provisional->findChild<FallbackCard *>());
    live.content = QStringLiteral("Here it is:\n\n") + fenced(kWeather) + QStringLiteral("\n\nMore coming");
    model.setStreamingMessage(live);
    std::unique_ptr<QWidget> grown(createBlockWidget(model, model.rowCount() - 1, RenderContext(), nullptr));
    QVERIFY(!grown->findChild<ProseSkeleton *>());
    QCOMPARE(labelNamed(grown.get(), "widgetStatValue")->text(), QStringLiteral("64°F"));
    model.clearStreamingMessage();

    // A message that ended inside a fence (no longer streaming) is judged like a closed one.
    model.setTranscript(Transcript::fromJsonLines(assistantLine(partial)));
    std::unique_ptr<QWidget> cut(createBlockWidget(model, 0, RenderContext(), nullptr));
    QVERIFY(!cut->findChild<ProseSkeleton *>());
    QVERIFY(cut->findChild<FallbackCard *>());
}

void tst_WidgetDocument::invalidFenceShowsErrorCard()
{
    const QByteArray bad = doc(R"({"type":"stack","direction":"vertical","children":[{"type":"sparkle"},{"type":"progress","value":-5}]})");
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(assistantLine(QStringLiteral("Look:\n") + fenced(bad) + QStringLiteral("\nok"))));
    std::unique_ptr<QWidget> block(createBlockWidget(model, 0, RenderContext(), nullptr));
    auto *fallback = block->findChild<FallbackCard *>();
    QVERIFY(fallback);
    QCOMPARE(fallback->label(), QStringLiteral("Invalid dorkos-ui widget"));
    QCOMPARE(fallback->issueText(), QStringLiteral("/payload/root/children/0/type: unknown node type \"sparkle\""));
    QCOMPARE(fallback->moreIssueCount(), 1);
    QCOMPARE(fallback->rawText(), bad); // the fence's JSON, collapsible
    QVERIFY(!fallback->isRawShown());
    fallback->setRawShown(true);
    QCOMPARE(fallback->rawView()->toPlainText(), QString::fromUtf8(bad));
    const QString text = proseText(block.get());
    QVERIFY(!text.contains(QLatin1String("sparkle")));
    QVERIFY(!text.contains(QLatin1String("dorkos-ui")));

    // Malformed JSON: the same card, the parser's reason.
    ConversationModel broken;
    broken.setTranscript(Transcript::fromJsonLines(assistantLine(fenced("{\"version\": 1, \"root\": }"))));
    std::unique_ptr<QWidget> b(createBlockWidget(broken, 0, RenderContext(), nullptr));
    auto *f2 = b->findChild<FallbackCard *>();
    QVERIFY(f2);
    QVERIFY2(f2->issueText().startsWith(QLatin1String("/payload/root: syntax error")), qPrintable(f2->issueText()));
}

// --- actions -----------------------------------------------------------------------------------------

void tst_WidgetDocument::formSubmitMergesFields()
{
    CardActions actions;
    const QByteArray form = R"({"version":1,"title":"Forecast","root":{"type":"form","children":[
        {"type":"input","name":"city","label":"City"},
        {"type":"stack","direction":"horizontal","children":[{"type":"input","name":"days","kind":"number"},
                                                             {"type":"input","name":"note"}]},
        {"type":"select","name":"units","options":[{"label":"Celsius","value":"c"},{"label":"Fahrenheit","value":"f"}]},
        {"type":"select","name":"count","options":[{"label":"One","value":1},{"label":"Yes","value":true}]}],
      "submit":{"label":"Get forecast","action":{"kind":"agent","id":"forecast","payload":{"source":"form","city":"old"}}}}})";
    auto widget = render(fenceCard(form), &actions);
    widget->show();
    widget->findChild<QLineEdit *>(QStringLiteral("widgetInput_city"))->setText(QStringLiteral("Paris \"Île\""));
    widget->findChild<QLineEdit *>(QStringLiteral("widgetInput_days"))->setText(QStringLiteral("3"));
    widget->findChild<QComboBox *>(QStringLiteral("widgetSelect_units"))->setCurrentIndex(1);
    widget->findChild<QComboBox *>(QStringLiteral("widgetSelect_count"))->setCurrentIndex(1);
    auto *submit = widget->findChild<WidgetNodeButton *>(QStringLiteral("widgetFormSubmit"));
    QVERIFY(submit);
    QVERIFY(submit->isEnabled());

    QSignalSpy spy(&actions, &CardActions::widgetActionRequested);
    QTest::mouseClick(submit, Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    const QList<QVariant> args = spy.takeFirst();
    QCOMPARE(args.at(1).toString(), QStringLiteral("Forecast"));
    QCOMPARE(args.at(2).toString(), QStringLiteral("forecast"));
    // Field values merged under their names over the authored payload; keys in byte order.
    const QByteArray expected = R"({"city":"Paris \"Île\"","count":true,"days":3,"note":"","source":"form","units":"f"})";
    QCOMPARE(args.at(3).toByteArray(), expected);

    // Busy until the request finishes: a second click sends nothing.
    QVERIFY(submit->isBusy());
    QVERIFY(!submit->isEnabled());
    QTest::mouseClick(submit, Qt::LeftButton);
    QCOMPARE(spy.count(), 0);
    actions.finishRequest(args.at(0).toInt(), false, QStringLiteral("the agent is busy"));
    QTRY_VERIFY(submit->isEnabled());
    QVERIFY(!submit->isBusy());
    QCOMPARE(submit->text(), QStringLiteral("Get forecast"));

    // An empty number field is null.
    widget->findChild<QLineEdit *>(QStringLiteral("widgetInput_days"))->clear();
    QTest::mouseClick(submit, Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    const QByteArray daysNull = R"("days":null)";
    QVERIFY(spy.first().at(3).toByteArray().contains(daysNull));
}

void tst_WidgetDocument::checklistSubmitPostsLabels()
{
    CardActions actions;
    auto widget = render(fenceCard(doc(R"({"type":"checklist","items":[{"label":"Changelog","checked":true},{"label":"Docs"},{"label":"Announce"}],
        "action":{"kind":"agent","id":"checklist","payload":{"sprint":4}},"submitLabel":"Save"})")),
                         &actions);
    const QList<QCheckBox *> boxes = widget->findChildren<QCheckBox *>(QStringLiteral("widgetChecklistItem"));
    QCOMPARE(boxes.size(), 3);
    QVERIFY(boxes.at(0)->isChecked());
    boxes.at(2)->setChecked(true);
    auto *submit = widget->findChild<WidgetNodeButton *>(QStringLiteral("widgetChecklistSubmit"));
    QCOMPARE(submit->label(), QStringLiteral("Save"));
    QSignalSpy spy(&actions, &CardActions::widgetActionRequested);
    submit->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().at(2).toString(), QStringLiteral("checklist"));
    QCOMPARE(spy.first().at(1).toString(), QStringLiteral("m1#widget-1")); // no title: the card id
    const QByteArray expected = R"({"checked":["Changelog","Announce"],"sprint":4,"unchecked":["Docs"]})";
    QCOMPARE(spy.first().at(3).toByteArray(), expected);
}

void tst_WidgetDocument::agentButtonWithoutSession()
{
    const Card card = fenceCard(doc(R"({"type":"stack","direction":"horizontal","children":[
        {"type":"button","label":"Refresh","action":{"kind":"agent","id":"refresh"}},
        {"type":"board","rows":[[{"glyph":"","action":{"kind":"agent","id":"move"}}]]}]})"));
    auto headless = render(card);
    auto *button = headless->findChild<WidgetNodeButton *>();
    QVERIFY(!button->isEnabled());
    QVERIFY(button->toolTip().contains(QLatin1String("not connected to a live session")));
    auto *cell = headless->findChild<WidgetNodeBoard *>()->cellButton(0, 0);
    QVERIFY(!cell->isEnabled());
    QVERIFY(!cell->toolTip().isEmpty());

    CardActions actions;
    auto live = render(card, &actions);
    QSignalSpy spy(&actions, &CardActions::widgetActionRequested);
    live->findChild<WidgetNodeButton *>()->click();
    live->findChild<WidgetNodeBoard *>()->cellButton(0, 0)->click();
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(0).at(2).toString(), QStringLiteral("refresh"));
    QCOMPARE(spy.at(0).at(3).toByteArray(), QByteArray("{}"));
    QCOMPARE(spy.at(1).at(2).toString(), QStringLiteral("move"));
    // A successful request re-enables the control too.
    auto *refresh = live->findChild<WidgetNodeButton *>();
    QVERIFY(!refresh->isEnabled());
    actions.finishRequest(spy.at(0).at(0).toInt(), true);
    QTRY_VERIFY(refresh->isEnabled());
}

void tst_WidgetDocument::urlActions()
{
    CardActions actions;
    QSignalSpy links(&actions, &CardActions::linkRequested);
    auto widget = render(fenceCard(doc(R"({"type":"button","label":"Docs","action":{"kind":"url","href":"https://example.com/docs?a=1"}})")),
                         &actions);
    auto *button = widget->findChild<WidgetNodeButton *>();
    QVERIFY(button->isEnabled());
    QCOMPARE(button->toolTip(), QStringLiteral("https://example.com/docs?a=1")); // the full address
    button->click();
    QCOMPARE(links.count(), 1);
    QCOMPARE(links.first().first().toString(), QStringLiteral("https://example.com/docs?a=1"));

    // http:// and javascript: are refused: the document is invalid, and even drawn as is (no
    // validation) the control is disabled and sends nothing.
    for (const char *href : {"http://example.com/", "javascript:alert(1)"}) {
        const Card card = fenceCard(doc(QByteArray(R"({"type":"button","label":"Bad","action":{"kind":"url","href":")") + href + "\"}}"));
        QVERIFY(!card.isValid());
        QVERIFY(qobject_cast<FallbackCard *>(render(card, &actions).get()));
        WidgetDocumentCard raw(card, RenderContext{&actions});
        auto *bad = raw.findChild<WidgetNodeButton *>();
        QVERIFY(bad);
        QVERIFY(!bad->isEnabled());
        bad->click();
        QTest::mouseClick(bad, Qt::LeftButton);
    }
    QCOMPARE(links.count(), 1);

    // A link in a text node: https goes through requestLink, anything else nowhere.
    WidgetDocumentCard text(fenceCard(doc(R"x({"type":"text","text":"see [a](https://a.example) or [b](http://b.example)"})x")),
                            RenderContext{&actions});
    text.openLink(QStringLiteral("http://b.example"));
    text.openLink(QStringLiteral("javascript:alert(1)"));
    QCOMPARE(links.count(), 1);
    text.openLink(QStringLiteral("https://a.example"));
    QCOMPARE(links.count(), 2);
}

void tst_WidgetDocument::uiCelebrate()
{
    const QByteArray buttons = doc(R"({"type":"stack","direction":"horizontal","children":[
        {"type":"button","label":"Party","action":{"kind":"ui","command":{"action":"celebrate","kind":"emoji","emoji":"🏆"}}},
        {"type":"button","label":"Canvas","action":{"kind":"ui","command":{"action":"open_canvas"}}}]})");
    {
        ReducedMotion reduced(true);
        auto widget = render(fenceCard(buttons)); // ui actions run without a session
        auto *card = qobject_cast<WidgetDocumentCard *>(widget.get());
        widget->show();
        QSignalSpy spy(card, &WidgetDocumentCard::uiCommandRun);
        const QList<WidgetNodeButton *> all = widget->findChildren<WidgetNodeButton *>();
        QCOMPARE(all.size(), 2);
        QVERIFY(all.at(0)->isEnabled());
        all.at(0)->click();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.first().first().toString(), QStringLiteral("celebrate"));
        QVERIFY(!widget->findChild<QWidget *>(QStringLiteral("widgetConfetti")));
        QVERIFY(card->statusNote()->isVisibleTo(card));
        QVERIFY(card->statusNote()->text().contains(QLatin1String("reduced motion")));
        all.at(1)->click();
        QCOMPARE(spy.count(), 2);
        QVERIFY(card->statusNote()->text().contains(QLatin1String("open_canvas")));
    }
    {
        ReducedMotion reduced(false);
        auto widget = render(fenceCard(buttons));
        widget->show();
        widget->findChild<WidgetNodeButton *>()->click();
        QVERIFY(widget->findChild<QWidget *>(QStringLiteral("widgetConfetti")));
        QTRY_VERIFY_WITH_TIMEOUT(!widget->findChild<QWidget *>(QStringLiteral("widgetConfetti")), 5000); // removes itself
    }
}

void tst_WidgetDocument::celebrationKinds_data()
{
    QTest::addColumn<QByteArray>("command");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("emoji");
    QTest::newRow("no kind") << QByteArray(R"({"action":"celebrate"})") << "burst" << "";
    QTest::newRow("burst") << QByteArray(R"({"action":"celebrate","kind":"burst"})") << "burst" << "";
    QTest::newRow("fireworks") << QByteArray(R"({"action":"celebrate","kind":"fireworks"})") << "fireworks" << "";
    QTest::newRow("cannons") << QByteArray(R"({"action":"celebrate","kind":"cannons"})") << "cannons" << "";
    QTest::newRow("stars") << QByteArray(R"({"action":"celebrate","kind":"stars"})") << "stars" << "";
    QTest::newRow("rain") << QByteArray(R"({"action":"celebrate","kind":"rain"})") << "rain" << "";
    QTest::newRow("emoji") << QByteArray(R"({"action":"celebrate","kind":"emoji","emoji":"🏆"})") << "emoji" << "🏆";
    QTest::newRow("emoji default") << QByteArray(R"({"action":"celebrate","kind":"emoji"})") << "emoji" << "🎉";
    QTest::newRow("unknown kind") << QByteArray(R"({"action":"celebrate","kind":"lasers","emoji":"x"})") << "burst" << "";
    QTest::newRow("kind not a string") << QByteArray(R"({"action":"celebrate","kind":3})") << "burst" << "";
    QTest::newRow("wrong case") << QByteArray(R"({"action":"celebrate","kind":"Stars"})") << "burst" << "";
}

void tst_WidgetDocument::celebrationKinds()
{
    QFETCH(QByteArray, command);
    QFETCH(QString, kind);
    QFETCH(QString, emoji);
    const WidgetCelebration celebration = widgetCelebration(json::parse(command.toStdString()));
    QCOMPARE(widgetCelebrationKindName(celebration.kind), kind);
    QCOMPARE(celebration.emoji, emoji);
}

void tst_WidgetDocument::celebrateFromClickedControl_data()
{
    QTest::addColumn<QString>("kind");
    for (const char *kind : {"burst", "fireworks", "cannons", "stars", "rain", "emoji", "unknown"})
        QTest::newRow(kind) << QString::fromLatin1(kind);
}

// Each kind is fired from the control that was clicked, and skipped under reduced motion (the setting
// or the environment).
void tst_WidgetDocument::celebrateFromClickedControl()
{
    QFETCH(QString, kind);
    const QByteArray command = R"({"kind":"ui","command":{"action":"celebrate","kind":")" + kind.toUtf8() + R"("}})";
    const QByteArray buttons = doc(QByteArray(R"({"type":"stack","direction":"horizontal","children":[
        {"type":"button","label":"Left","action":{"kind":"ui","command":{"action":"noop"}}},
        {"type":"button","label":"Ship it","action":)") + command + "}]}");
    const QString expectedKind = kind == QLatin1String("unknown") ? QStringLiteral("burst") : kind;
    {
        ReducedMotion reduced(false);
        auto widget = render(fenceCard(buttons));
        widget->resize(640, 200);
        widget->show();
        const QList<WidgetNodeButton *> all = widget->findChildren<WidgetNodeButton *>();
        QCOMPARE(all.size(), 2);
        all.at(1)->click();
        auto *confetti = widget->findChild<WidgetNodeConfetti *>(QStringLiteral("widgetConfetti"));
        QVERIFY(confetti);
        QCOMPARE(widgetCelebrationKindName(confetti->kind()), expectedKind);
        QCOMPARE(confetti->emoji(), kind == QLatin1String("emoji") ? QStringLiteral("🎉") : QString());
        const QPointF centre = QRectF(all.at(1)->mapTo(confetti->parentWidget(), QPointF(0, 0)), QSizeF(all.at(1)->size())).center();
        QCOMPARE(confetti->origin(), centre);
        QVERIFY(confetti->origin() != QRectF(all.at(0)->mapTo(confetti->parentWidget(), QPointF(0, 0)), QSizeF(all.at(0)->size())).center());
        QVERIFY(confetti->pieceCount() > 0);
        QVERIFY(!qobject_cast<WidgetDocumentCard *>(widget.get())->statusNote()->isVisibleTo(widget.get()));
    }
    for (bool setting : {true, false}) {
        ReducedMotion reduced(!setting); // the environment when the setting is off
        RenderSettings settings;
        settings.reduceMotion = setting;
        auto widget = render(fenceCard(buttons), nullptr, settings);
        widget->show();
        widget->findChildren<WidgetNodeButton *>().at(1)->click();
        QVERIFY(!widget->findChild<WidgetNodeConfetti *>());
        auto *card = qobject_cast<WidgetDocumentCard *>(widget.get());
        QCOMPARE(card->statusNote()->text(), QStringLiteral("Celebrate! (no confetti: reduced motion is on)"));
    }
}

// --- images ------------------------------------------------------------------------------------------

void tst_WidgetDocument::remoteImageNotLoadedBeforeClick()
{
    auto widget = render(fenceCard(doc(R"({"type":"image","src":"https://127.0.0.1:9/cat.png","alt":"A cat","caption":"Cat"})")));
    widget->show();
    QCoreApplication::processEvents();
    auto *image = widget->findChild<WidgetNodeImage *>();
    QVERIFY(image);
    QVERIFY(image->isRemote());
    QVERIFY(!image->hasImage());
    QVERIFY(!image->network());
    QVERIFY(widget->findChildren<QNetworkAccessManager *>().isEmpty()); // nothing could have asked the network
    QVERIFY(image->note().contains(QLatin1String("A cat")));
    QVERIFY(image->loadButton());
    QCOMPARE(image->loadButton()->text(), QStringLiteral("Load image from 127.0.0.1"));
    QCOMPARE(labelNamed(widget.get(), "widgetImageCaption")->text(), QStringLiteral("Cat"));

    // List thumbnails from https are not loaded either (no button).
    auto list = render(fenceCard(doc(R"({"type":"list","items":[{"title":"t","image":"https://127.0.0.1:9/t.png"}]})")));
    list->show();
    QCoreApplication::processEvents();
    QVERIFY(list->findChildren<QNetworkAccessManager *>().isEmpty());

    // After the click (and only then) a network manager exists and the request is made.
    image->loadButton()->click();
    QVERIFY(image->network());
    QCOMPARE(widget->findChildren<QNetworkAccessManager *>().size(), 1);
    QVERIFY(!image->loadButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(image->loadButton()->isEnabled(), 20000); // port 9 refuses: the button returns
    QVERIFY(image->note().contains(QLatin1String("Could not load")));
    QVERIFY(!image->hasImage());

    // The setting (handed down in the render context) loads on show; a headless render still never fetches.
    RenderContext loading;
    loading.settings.loadRemoteImages = true;
    QWidget host;
    host.setAttribute(Qt::WA_DontShowOnScreen);
    RendererRegistry::createCardWidget(fenceCard(doc(R"({"type":"image","src":"https://127.0.0.1:9/x.png","alt":"x"})")),
                                       loading, &host);
    host.show();
    QVERIFY(host.findChildren<QNetworkAccessManager *>().isEmpty());
    auto allowed = render(fenceCard(doc(R"({"type":"image","src":"https://127.0.0.1:9/x.png","alt":"x"})")), nullptr,
                          loading.settings);
    allowed->show();
    QVERIFY(allowed->findChild<WidgetNodeImage *>()->network());
}

void tst_WidgetDocument::dataImageDecoded()
{
    QImage source(4, 2, QImage::Format_RGB32);
    source.fill(QColor(10, 120, 200));
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    source.save(&buffer, "PNG");
    const QByteArray src = "data:image/png;base64," + png.toBase64();
    auto widget = render(fenceCard(doc(R"({"type":"image","src":")" + src + R"(","alt":"blue"})")));
    auto *image = widget->findChild<WidgetNodeImage *>();
    QVERIFY(image);
    QVERIFY(!image->isRemote());
    QVERIFY(image->hasImage());
    QCOMPARE(image->image().size(), QSize(4, 2));
    QCOMPARE(image->image().pixelColor(0, 0), QColor(10, 120, 200));
    QVERIFY(!image->loadButton());
    QVERIFY(widget->findChildren<QNetworkAccessManager *>().isEmpty());
    QCOMPARE(image->heightForWidth(600), 2); // never scaled up

    // Undecodable data shows the alt text, never breaks.
    auto broken = render(fenceCard(doc(R"({"type":"image","src":"data:image/png;base64,@@@@","alt":"nothing"})")));
    auto *b = broken->findChild<WidgetNodeImage *>();
    QVERIFY(!b->hasImage());
    QVERIFY(b->note().contains(QLatin1String("nothing")));
    QVERIFY(blockHeightForWidth(broken.get(), 600) > 40);

    // Larger than the pixel cap: refused.
    QString error;
    QImage big(WidgetNodeImage::kMaxPixels + 1, 1, QImage::Format_RGB32);
    big.fill(Qt::white);
    QByteArray bigPng;
    QBuffer bigBuffer(&bigPng);
    bigBuffer.open(QIODevice::WriteOnly);
    big.save(&bigBuffer, "PNG");
    QVERIFY(WidgetNodeImage::decodeBytes(bigPng, &error).isNull());
    QVERIFY(error.contains(QString::number(WidgetNodeImage::kMaxPixels)));
}

QTEST_MAIN(tst_WidgetDocument)
#include "tst_widgetdocument.moc"

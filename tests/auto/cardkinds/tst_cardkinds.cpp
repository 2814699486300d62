// Card kinds added by descriptor (issue 6, seed 002: "a plugin adds a kind … with a schema and a
// renderer name"): loading, refusals with their reasons, validation against both schemas, drawing
// with the named built-in renderer, and `tessera validate --plugins DIR`.

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <cards/card.h>
#include <cards/cardkindregistry.h>
#include <cards/transcript.h>
#include <widgets/card/decisionbar.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/kinds/detailcard.h>
#include <widgets/kinds/itemlistcard.h>
#include <tests/support/cardhelpers.h>
#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

const QByteArray kReleaseGate = R"({
  "kind": "release_gate",
  "renderer": "detail",
  "title": "Release gate",
  "schema": {
    "type": "object",
    "required": ["title", "fields", "gate"],
    "properties": {
      "gate": {"type": "string", "enum": ["pass", "fail"]},
      "build": {"type": "string", "pattern": "^[0-9]+\\.[0-9]+$"},
      "shipped": {"type": "string", "format": "date"},
      "fields": {"maxItems": 4}
    }
  },
  "actions": [
    {"id": "approve", "label": "Approve", "outcome": "approved"},
    {"id": "hold", "label": "Hold"}
  ]
})";

const QByteArray kTaskBoard = R"({"kind": "task_board", "renderer": "item_list",
  "schema": {"type": "object", "required": ["owner"], "properties": {"owner": {"type": "string", "maxLength": 20}}}})";

const QByteArray kValidGate =
    R"({"title":"Build 42","gate":"pass","build":"4.2","fields":[{"label":"Tests","value":"1204 passed"},{"label":"Owner","value":"Ada"}]})";

QStringList issueTexts(const Card &card)
{
    QStringList texts;
    for (const ValidationIssue &issue : card.issues())
        texts.append(issue.pointer + QStringLiteral(": ") + issue.message);
    return texts;
}

} // namespace

class tst_CardKinds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanupTestCase();
    void loadDirectory();
    void refused_data();
    void refused();
    void actionsAndTitle();
    void validates_data();
    void validates();
    void hostilePatternInput();
    void drawsWithBuiltInRenderer();
    void itemListRenderer();
    void invalidRegisteredCardIsFallback();
    void unregisteredKindStaysUnknown();
    void validateCommand();

private:
    using Result = CliResult;
    Result run(const QStringList &arguments);
    QTemporaryDir m_dir;
};

void tst_CardKinds::init()
{
    CardKindRegistry::clear();
}

void tst_CardKinds::cleanupTestCase()
{
    CardKindRegistry::clear();
}

void tst_CardKinds::loadDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("release_gate.json")), kReleaseGate));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("task_board.json")), kTaskBoard));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("a_builtin.json")),
                      R"({"kind":"detail","renderer":"detail","schema":{}})"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("z_again.json")),
                      R"({"kind":"release_gate","renderer":"text","schema":{}})"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("notes.txt")), "not a descriptor"));

    QStringList errors;
    QCOMPARE(CardKindRegistry::loadDirectory(dir.path(), &errors), 2);
    // Sorted by file name; each refusal names its file and its reason; the others still load.
    QCOMPARE(errors, QStringList({QStringLiteral("a_builtin.json: /kind: \"detail\" is a built-in kind"),
                                  QStringLiteral("z_again.json: /kind: \"release_gate\" is already registered by release_gate.json")}));
    QVERIFY(CardKindRegistry::contains(u"release_gate"));
    QVERIFY(CardKindRegistry::contains(u"task_board"));
    QCOMPARE(cardKindFromName(u"release_gate"), CardKind::Registered);
    QCOMPARE(cardKindFromName(u"detail"), CardKind::Detail);
    QCOMPARE(CardKindRegistry::descriptor(u"release_gate").renderer, CardKind::Detail);
    QCOMPARE(CardKindRegistry::descriptor(u"task_board").renderer, CardKind::ItemList);
    QCOMPARE(CardKindRegistry::descriptor(u"release_gate").path, dir.filePath(QStringLiteral("release_gate.json")));
    QCOMPARE(CardKindRegistry::descriptors().size(), 2);

    QStringList missing;
    QCOMPARE(CardKindRegistry::loadDirectory(dir.filePath(QStringLiteral("nope")), &missing), 0);
    QCOMPARE(missing.size(), 1);
    QVERIFY2(missing.first().endsWith(QStringLiteral(": no such directory")), qPrintable(missing.first()));
}

void tst_CardKinds::refused_data()
{
    QTest::addColumn<QByteArray>("descriptor");
    QTest::addColumn<QString>("reason"); // exact, or a prefix when it ends with "…"

    QTest::newRow("bad kind name") << QByteArray(R"({"kind":"Release-Gate","renderer":"detail","schema":{}})")
                                   << QStringLiteral("/kind: must be a lower-case name: a letter, then letters, digits or '_' ([a-z][a-z0-9_]{0,39})");
    QTest::newRow("kind too long") << QByteArray(R"({"kind":"a23456789012345678901234567890123456789012","renderer":"detail","schema":{}})")
                                   << QStringLiteral("/kind: must be at most 40 characters");
    QTest::newRow("no kind") << QByteArray(R"({"renderer":"detail","schema":{}})") << QStringLiteral("/kind: is required");
    QTest::newRow("built-in name") << QByteArray(R"({"kind":"data_table","renderer":"data_table","schema":{}})")
                                   << QStringLiteral("/kind: \"data_table\" is a built-in kind");
    QTest::newRow("dialect name") << QByteArray(R"({"kind":"json_render","renderer":"detail","schema":{}})")
                                  << QStringLiteral("/kind: \"json_render\" is a built-in kind");
    QTest::newRow("canvas renderer")
        << QByteArray(R"({"kind":"web_page","renderer":"canvas","schema":{}})")
        << QStringLiteral("/renderer: canvas cannot draw a registered kind (it runs HTML, not a payload); use one of: "
                          "text, code, alert, detail, item_list, data_table, metric_chart");
    QTest::newRow("pills renderer") << QByteArray(R"({"kind":"my_pills","renderer":"recommend_actions","schema":{}})")
                                    << QStringLiteral("/renderer: must be one of: text, code, alert, detail, item_list, data_table, metric_chart");
    QTest::newRow("unknown renderer") << QByteArray(R"({"kind":"gauge","renderer":"speedometer","schema":{}})")
                                      << QStringLiteral("/renderer: must be one of: text, code, alert, detail, item_list, data_table, metric_chart");
    QTest::newRow("not JSON") << QByteArray(R"({"kind":"broken","renderer":"detail","schema":{)")
                              << QStringLiteral("/schema/: not valid JSON: …"); // where the parser stopped
    QTest::newRow("not an object") << QByteArray("[1,2]") << QStringLiteral("must be an object");
    QTest::newRow("key twice") << QByteArray(R"({"kind":"a","kind":"b","renderer":"detail","schema":{}})")
                               << QStringLiteral("/kind: key appears more than once");
    QTest::newRow("no schema") << QByteArray(R"({"kind":"gate","renderer":"detail"})") << QStringLiteral("/schema: is required");
    QTest::newRow("schema not an object") << QByteArray(R"({"kind":"gate","renderer":"detail","schema":"object"})")
                                          << QStringLiteral("/schema: must be an object");
    QTest::newRow("schema valijson refuses")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{"properties":{"a":{"minLength":"three"}}}})")
        << QStringLiteral("/schema: is not a usable JSON Schema: …");
    QTest::newRow("remote $ref") << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{"$ref":"https://example.com/s.json"}})")
                                 << QStringLiteral("/schema: is not a usable JSON Schema: …");
    QTest::newRow("pattern inside anyOf")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{"anyOf":[{"pattern":"^a"},{"type":"object"}]}})")
        << QStringLiteral("/schema/anyOf/0/pattern: a pattern is checked only under properties, items and additionalProperties");
    QTest::newRow("patternProperties")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{"patternProperties":{"^x":{}}}})")
        << QStringLiteral("/schema/patternProperties: is not supported; use properties");
    QTest::newRow("bad regular expression")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{"properties":{"id":{"type":"string","pattern":"(("}}}})")
        << QStringLiteral("/schema/properties/id/pattern: is not a valid regular expression: …");
    QTest::newRow("actions not an array") << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"actions":{}})")
                                          << QStringLiteral("/actions: must be an array");
    QTest::newRow("action without label")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"actions":[{"id":"ok"}]})")
        << QStringLiteral("/actions/0/label: is required");
    QTest::newRow("action id twice")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"actions":[{"id":"ok","label":"OK"},{"id":"ok","label":"Yes"}]})")
        << QStringLiteral("/actions/1/id: must be unique (\"ok\" appears twice)");
    QTest::newRow("action id shape")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"actions":[{"id":"a b","label":"OK"}]})")
        << QStringLiteral("/actions/0/id: must contain only letters, digits, '_', '.' and '-'");
    QTest::newRow("too many actions")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"actions":[{"id":"a","label":"A"},{"id":"b","label":"B"},)"
                      R"({"id":"c","label":"C"},{"id":"d","label":"D"},{"id":"e","label":"E"},{"id":"f","label":"F"},{"id":"g","label":"G"}]})")
        << QStringLiteral("/actions: must have at most 6 items");
    QTest::newRow("title too long")
        << QByteArray(R"({"kind":"gate","renderer":"detail","schema":{},"title":")" + QByteArray(81, 'x') + R"("})")
        << QStringLiteral("/title: must be at most 80 characters");
}

void tst_CardKinds::refused()
{
    QFETCH(QByteArray, descriptor);
    QFETCH(QString, reason);
    QString error;
    QVERIFY(!CardKindRegistry::registerDescriptor(descriptor, QStringLiteral("test.json"), &error));
    if (reason.endsWith(QChar(0x2026)))
        QVERIFY2(error.startsWith(reason.chopped(1)) && error.size() > reason.size(), qPrintable(error));
    else
        QCOMPARE(error, reason);
    QVERIFY(CardKindRegistry::descriptors().isEmpty());
}

void tst_CardKinds::actionsAndTitle()
{
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kReleaseGate, QStringLiteral("/plugins/release_gate.json"), &error),
             qPrintable(error));
    const CardKindDescriptor d = CardKindRegistry::descriptor(u"release_gate");
    QCOMPARE(d.kind, QStringLiteral("release_gate"));
    QCOMPARE(d.title, QStringLiteral("Release gate"));
    QCOMPARE(d.path, QStringLiteral("/plugins/release_gate.json"));
    // An action without an outcome decides with its id as the outcome.
    QCOMPARE(d.actions, QList<CardKindAction>({{QStringLiteral("approve"), QStringLiteral("Approve"), QStringLiteral("approved")},
                                               {QStringLiteral("hold"), QStringLiteral("Hold"), QStringLiteral("hold")}}));
    QCOMPARE(CardKindRegistry::descriptor(u"nothing").kind, QString());
}

void tst_CardKinds::validates_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QStringList>("issues");

    QTest::newRow("valid") << kValidGate << QStringList();
    QTest::newRow("descriptor enum")
        << QByteArray(R"({"title":"B","gate":"maybe","fields":[{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/gate: must be one of: pass, fail")};
    QTest::newRow("descriptor pattern")
        << QByteArray(R"({"title":"B","gate":"pass","build":"4.2-rc1","fields":[{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/build: must match the pattern ^[0-9]+\\.[0-9]+$")};
    QTest::newRow("descriptor format")
        << QByteArray(R"({"title":"B","gate":"pass","shipped":"2026-13-01","fields":[{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/shipped: must be a date (RFC 3339)")};
    QTest::newRow("descriptor format ok")
        << QByteArray(R"({"title":"B","gate":"pass","shipped":"2026-09-25","fields":[{"label":"a","value":"b"}]})")
        << QStringList();
    QTest::newRow("descriptor limit tighter than the renderer's")
        << QByteArray(R"({"title":"B","gate":"pass","fields":[{"label":"a","value":"b"},{"label":"a","value":"b"},)"
                      R"({"label":"a","value":"b"},{"label":"a","value":"b"},{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/fields: must have at most 4 items")};
    QTest::newRow("renderer's own limit")
        << QByteArray(R"({"title":"B","gate":"pass","fields":[{"label":")" + QByteArray(61, 'L') + R"(","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/fields/0/label: must be at most 60 characters")};
    QTest::newRow("required by both, reported once")
        << QByteArray(R"({"gate":"pass","fields":[{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/title: is required")};
    QTest::newRow("both schemas, in payload order")
        << QByteArray(R"({"title":"B","gate":"maybe"})")
        << QStringList{QStringLiteral("/payload/fields: is required"), QStringLiteral("/payload/gate: must be one of: pass, fail")};
    QTest::newRow("wrong type hides the rest")
        << QByteArray(R"({"title":"B","gate":7,"fields":[{"label":"a","value":"b"}]})")
        << QStringList{QStringLiteral("/payload/gate: must be a string")};
}

void tst_CardKinds::validates()
{
    QFETCH(QByteArray, payload);
    QFETCH(QStringList, issues);
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kReleaseGate, QStringLiteral("release_gate.json"), &error), qPrintable(error));
    const Card card = Card::fromEnvelopeText(envelopeText("release_gate", payload));
    QCOMPARE(card.kind(), CardKind::Registered);
    QCOMPARE(card.kindName(), QStringLiteral("release_gate"));
    QCOMPARE(issueTexts(card), issues);
    QCOMPARE(card.isValid(), issues.isEmpty());
}

void tst_CardKinds::hostilePatternInput()
{
    // A long string against the descriptor's pattern: checked by PCRE2, never by std::regex (which
    // recurses per character and would overflow the stack).
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kReleaseGate, QStringLiteral("release_gate.json"), &error), qPrintable(error));
    const QByteArray build = QByteArray(400000, '7') + ".x";
    const Card card = Card::fromEnvelopeText(envelopeText(
        "release_gate", R"({"title":"B","gate":"pass","build":")" + build + R"(","fields":[{"label":"a","value":"b"}]})"));
    QCOMPARE(issueTexts(card), QStringList{QStringLiteral("/payload/build: must match the pattern ^[0-9]+\\.[0-9]+$")});
}

void tst_CardKinds::drawsWithBuiltInRenderer()
{
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kReleaseGate, QStringLiteral("release_gate.json"), &error), qPrintable(error));
    Card card = Card::fromEnvelopeText(envelopeText("release_gate", kValidGate));
    card.setCardId(QStringLiteral("gate-1"));
    QVERIFY(card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    auto *detail = qobject_cast<DetailCard *>(widget.get());
    QVERIFY2(detail, widget->metaObject()->className());
    QCOMPARE(detail->fieldLabels(), QStringList({QStringLiteral("Tests"), QStringLiteral("Owner")}));
    QCOMPARE(detail->fieldValues(), QStringList({QStringLiteral("1204 passed"), QStringLiteral("Ada")}));
    QCOMPARE(detail->titleLabel()->text(), QStringLiteral("Build 42"));
    // The descriptor's title is the kind's label.
    QCOMPARE(detail->accessibleName(), QStringLiteral("Release gate: Build 42"));
    // Its actions make a decision bar inside the card.
    auto *bar = detail->findChild<DecisionBar *>();
    QVERIFY(bar);
    QCOMPARE(bar->buttons().size(), 2);
    QCOMPARE(bar->buttons().at(0)->text(), QStringLiteral("Approve"));
    QCOMPARE(bar->buttons().at(1)->text(), QStringLiteral("Hold"));
    QVERIFY(bar->buttons().at(0)->isEnabled());
    QVERIFY(!RendererRegistry::hasRenderer(CardKind::Registered)); // drawn through its descriptor's renderer
}

void tst_CardKinds::itemListRenderer()
{
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kTaskBoard, QStringLiteral("task_board.json"), &error), qPrintable(error));
    const Card card = Card::fromEnvelopeText(envelopeText(
        "task_board", R"({"title":"Sprint","owner":"Ada","items":[{"id":"t-1","name":"Write tests","status":"ok"},)"
                      R"({"id":"t-2","name":"Ship","status":"warn"}]})"));
    QVERIFY2(card.isValid(), qPrintable(issueTexts(card).join(u'\n')));
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    auto *list = qobject_cast<ItemListCard *>(widget.get());
    QVERIFY2(list, widget->metaObject()->className());
    QCOMPARE(list->itemIds(), QStringList({QStringLiteral("t-1"), QStringLiteral("t-2")}));
    QCOMPARE(list->accessibleName(), QStringLiteral("task_board: Sprint")); // no descriptor title: the kind
    QVERIFY(!list->findChild<DecisionBar *>()); // no actions, no buttons
}

void tst_CardKinds::invalidRegisteredCardIsFallback()
{
    QString error;
    QVERIFY2(CardKindRegistry::registerDescriptor(kTaskBoard, QStringLiteral("task_board.json"), &error), qPrintable(error));
    // The item_list renderer's own rule (ids are never URLs) holds for a registered kind too.
    const Card card = Card::fromEnvelopeText(envelopeText(
        "task_board", R"({"title":"Sprint","owner":"Ada","items":[{"id":"https://evil.example","name":"x","status":"ok"}]})"));
    QCOMPARE(issueTexts(card), QStringList{QStringLiteral("/payload/items/0/id: must be an identifier, not a URL")});
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QVERIFY2(qobject_cast<FallbackCard *>(widget.get()), widget->metaObject()->className());
}

void tst_CardKinds::unregisteredKindStaysUnknown()
{
    const Card card = Card::fromEnvelopeText(envelopeText("release_gate", kValidGate));
    QCOMPARE(card.kind(), CardKind::Unknown);
    QCOMPARE(issueTexts(card), QStringList{QStringLiteral("/kind: unknown kind \"release_gate\"")});
}

tst_CardKinds::Result tst_CardKinds::run(const QStringList &arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // No settings or default plugins of the user running the tests.
    env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("home/config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("home/data")));
    return runProgram(QStringLiteral(TESSERA_BINARY), arguments, env);
}

void tst_CardKinds::validateCommand()
{
    QVERIFY(m_dir.isValid());
    const QString plugins = m_dir.filePath(QStringLiteral("plugins"));
    QVERIFY(QDir().mkpath(plugins));
    QVERIFY(writeFile(plugins + QStringLiteral("/release_gate.json"), kReleaseGate));
    QVERIFY(writeFile(plugins + QStringLiteral("/canvas_kind.json"), R"({"kind":"web_page","renderer":"canvas","schema":{}})"));
    const QString file = m_dir.filePath(QStringLiteral("gate.jsonl"));
    QVERIFY(writeFile(file,
                      R"({"role":"user","content":"Can we ship?"})"
                      "\n"
                      R"({"role":"tool","tool_call_id":"c1","name":"emit_card","content":"rendered","structured":{"card":)" +
                          envelopeText("release_gate", kValidGate) +
                          "}}\n"
                          R"({"role":"tool","tool_call_id":"c2","name":"emit_card","content":"rendered","structured":{"card":)" +
                          envelopeText("release_gate", R"({"title":"B","gate":"maybe","fields":[{"label":"a","value":"b"}]})") + "}}\n"));

    const Result with = run({QStringLiteral("validate"), QStringLiteral("--plugins"), plugins, file});
    QCOMPARE(with.out, QStringLiteral("line 3: release_gate: /payload/gate: must be one of: pass, fail\n"));
    QCOMPARE(with.exitCode, 1);
    // The refused descriptor is named on stderr; the good one still loaded.
    QVERIFY2(with.err.contains(QStringLiteral("card kind not loaded: canvas_kind.json: /renderer: canvas cannot draw")),
             qPrintable(with.err));

    const Result without = run({QStringLiteral("validate"), file});
    QCOMPARE(without.out, QStringLiteral("line 2: release_gate: /kind: unknown kind \"release_gate\"\n"
                                         "line 3: release_gate: /kind: unknown kind \"release_gate\"\n"));
    QCOMPARE(without.exitCode, 1);

    const Result render = run({QStringLiteral("render"), QStringLiteral("--plugins"), plugins, file, QStringLiteral("-o"),
                               m_dir.filePath(QStringLiteral("gate.png"))});
    QCOMPARE(render.exitCode, 0);
    QVERIFY2(render.out.contains(QStringLiteral("3 messages, 2 cards, 1 fallback")), qPrintable(render.out + render.err));

    const Result missing = run({QStringLiteral("validate"), QStringLiteral("--plugins")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(QStringLiteral("--plugins needs a directory")), qPrintable(missing.err));
}

QTEST_MAIN(tst_CardKinds)
#include "tst_cardkinds.moc"

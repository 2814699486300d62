// Elicitation (issue 16): the form read from a requested schema (types, options, defaults, required), the
// content of an accept answer (defaults filled in, values checked, errors naming the field), schemas
// Tessera cannot show, and server-everything's trigger-elicitation-request answered by `tessera mcp call`:
// declined unless told, cancelled, accepted with the defaults and given values. Values are checked.

#include <QTemporaryDir>
#include <QTest>

#include <cards/strictjson.h>
#include <mcp/mcpelicitation.h>
#include <tests/support/mcpservers.h>
#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;
using json = nlohmann::json;

namespace {

json parse(const QByteArray &text)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    return parsed.ok() ? *parsed.value : json();
}

QString dumped(const json &value)
{
    return QString::fromStdString(value.dump());
}

const QByteArray kForm = R"({"message": "Who are you?", "requestedSchema": {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string", "title": "Name", "maxLength": 20},
    "agree": {"type": "boolean", "default": false},
    "age": {"type": "integer", "minimum": 1, "maximum": 130, "default": 42},
    "ratio": {"type": "number", "minimum": 0, "maximum": 1},
    "pet": {"type": "string", "enum": ["pet-1", "pet-2"], "enumNames": ["Cats", "Dogs"], "default": "pet-1"},
    "hero": {"type": "string", "oneOf": [{"const": "h1", "title": "Superman"}, {"const": "h2", "title": "Wonder Woman"}]},
    "tools": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"enum": ["saw", "drill", "glue"]}, "default": ["saw"]}}}})";

} // namespace

class tst_McpElicitation : public QObject
{
    Q_OBJECT

private slots:
    void readsTheForm();
    void contentFillsDefaultsAndChecks_data();
    void contentFillsDefaultsAndChecks();
    void refusesWhatItCannotShow_data();
    void refusesWhatItCannotShow();
    void cliAnswersServerEverything();
};

void tst_McpElicitation::readsTheForm()
{
    McpElicitationForm form;
    QString error;
    QVERIFY2(McpElicitationForm::parse(parse(kForm), &form, &error), qPrintable(error));
    QCOMPARE(form.message, QStringLiteral("Who are you?"));
    QStringList summary;
    for (const McpElicitationField &f : std::as_const(form.fields))
        summary.append(QStringLiteral("%1:%2:%3:%4:%5").arg(f.name, f.title).arg(int(f.type)).arg(f.required).arg(f.optionTitles.join(QLatin1Char('/'))));
    // Sorted by name; type numbers: 0 String, 1 Number, 2 Integer, 3 Boolean, 4 Choice, 5 MultiChoice.
    QCOMPARE(summary, QStringList({QStringLiteral("age:age:2:0:"), QStringLiteral("agree:agree:3:0:"),
                                   QStringLiteral("hero:hero:4:0:Superman/Wonder Woman"), QStringLiteral("name:Name:0:1:"),
                                   QStringLiteral("pet:pet:4:0:Cats/Dogs"), QStringLiteral("ratio:ratio:1:0:"),
                                   QStringLiteral("tools:tools:5:0:saw/drill/glue")}));
    QCOMPARE(dumped(form.defaults()), QStringLiteral(R"({"age":42,"agree":false,"pet":"pet-1","tools":["saw"]})"));
}

void tst_McpElicitation::contentFillsDefaultsAndChecks_data()
{
    QTest::addColumn<QByteArray>("values");
    QTest::addColumn<QString>("result"); // the content, or the error
    QTest::newRow("defaults and the name") << QByteArray(R"({"name": "Ada"})")
                                           << QStringLiteral(R"({"age":42,"agree":false,"name":"Ada","pet":"pet-1","tools":["saw"]})");
    QTest::newRow("every field") << QByteArray(R"({"name": "Ada", "agree": true, "age": 36.0, "ratio": 0.5, "pet": "pet-2", "hero": "h2", "tools": ["drill", "glue"]})")
                                 << QStringLiteral(R"({"age":36,"agree":true,"hero":"h2","name":"Ada","pet":"pet-2","ratio":0.5,"tools":["drill","glue"]})");
    QTest::newRow("required missing") << QByteArray("{}") << QStringLiteral("name: is required");
    QTest::newRow("too long") << QByteArray(R"({"name": "Ada Augusta King, Countess of Lovelace"})") << QStringLiteral("name: must be at most 20 characters");
    QTest::newRow("over the maximum") << QByteArray(R"({"name": "Ada", "age": 131})") << QStringLiteral("age: must be at most 130");
    QTest::newRow("not whole") << QByteArray(R"({"name": "Ada", "age": 1.5})") << QStringLiteral("age: must be a whole number");
    QTest::newRow("below the minimum") << QByteArray(R"({"name": "Ada", "ratio": -0.1})") << QStringLiteral("ratio: must be at least 0");
    QTest::newRow("not an option") << QByteArray(R"({"name": "Ada", "hero": "Batman"})") << QStringLiteral("hero: must be one of: h1, h2");
    QTest::newRow("too many chosen") << QByteArray(R"({"name": "Ada", "tools": ["saw", "drill", "glue"]})") << QStringLiteral("tools: takes at most 2 chosen");
    QTest::newRow("none chosen") << QByteArray(R"({"name": "Ada", "tools": []})") << QStringLiteral("tools: needs at least 1 chosen");
    QTest::newRow("a boolean as text") << QByteArray(R"({"name": "Ada", "agree": "yes"})") << QStringLiteral("agree: must be true or false");
    QTest::newRow("an unknown field") << QByteArray(R"({"name": "Ada", "password": "x"})") << QStringLiteral("password: is not a field of this form");
}

void tst_McpElicitation::contentFillsDefaultsAndChecks()
{
    QFETCH(QByteArray, values);
    QFETCH(QString, result);
    McpElicitationForm form;
    QString error;
    QVERIFY(McpElicitationForm::parse(parse(kForm), &form, &error));
    json content;
    if (form.content(parse(values), &content, &error))
        QCOMPARE(dumped(content), result);
    else
        QCOMPARE(error, result);
}

void tst_McpElicitation::refusesWhatItCannotShow_data()
{
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QString>("error");
    QTest::newRow("url mode") << QByteArray(R"({"mode": "url", "url": "https://example.org", "message": "m"})")
                              << QStringLiteral("/mode: only form elicitation is supported");
    QTest::newRow("no schema") << QByteArray(R"({"message": "m"})") << QStringLiteral("/requestedSchema: must be {\"type\": \"object\", \"properties\": …}");
    QTest::newRow("nested object") << QByteArray(R"({"message": "m", "requestedSchema": {"type": "object", "properties": {"a": {"type": "object"}}}})")
                                   << QStringLiteral("/requestedSchema/properties/a/type: \"object\" is not a field Tessera can show (string, number, integer, boolean, or a choice)");
    QTest::newRow("array of numbers") << QByteArray(R"({"message": "m", "requestedSchema": {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "number"}}}}})")
                                      << QStringLiteral("/requestedSchema/properties/a/items: an array field must list its options (enum or anyOf)");
    QTest::newRow("a default that does not fit") << QByteArray(R"({"message": "m", "requestedSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 5, "default": 9}}}})")
                                                 << QStringLiteral("/requestedSchema/properties/n/default: must be at most 5");
    QTest::newRow("an option not a string") << QByteArray(R"({"message": "m", "requestedSchema": {"type": "object", "properties": {"e": {"type": "string", "enum": ["a", 2]}}}})")
                                            << QStringLiteral("/requestedSchema/properties/e/enum/1: must be a string");
}

void tst_McpElicitation::refusesWhatItCannotShow()
{
    QFETCH(QByteArray, params);
    QFETCH(QString, error);
    McpElicitationForm form;
    QString got;
    QVERIFY(!McpElicitationForm::parse(parse(params), &form, &got));
    QCOMPARE(got, error);
}

void tst_McpElicitation::cliAnswersServerEverything()
{
    const QString server = McpServers::everythingCommand();
    QVERIFY2(QFile::exists(server), "node_modules lacks the MCP servers: run npm ci --ignore-scripts");
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("mcp.json"));
    QVERIFY(writeFile(config, QByteArray::fromStdString(json{{"mcpServers", {{"everything", {{"command", server.toStdString()}, {"args", {"stdio"}}}}}}}.dump())));
    QProcessEnvironment env = displaylessEnvironment();
    env.insert(QStringLiteral("HOME"), dir.path()); // no stored servers of the user's
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    auto call = [&](const QStringList &extra) {
        return runProgram(QStringLiteral(TESSERA_BINARY), QStringList{QStringLiteral("--mcp-config"), config, QStringLiteral("mcp"), QStringLiteral("call"),
                                                                      QStringLiteral("everything"), QStringLiteral("trigger-elicitation-request")} + extra, env);
    };

    const CliResult declined = call({});
    QVERIFY2(declined.exitCode == 0, qPrintable(declined.err));
    QVERIFY2(declined.out.contains(QStringLiteral("User declined to provide the requested information.")), qPrintable(declined.out));
    QVERIFY2(declined.out.contains(QStringLiteral("\"action\": \"decline\"")), qPrintable(declined.out));

    const CliResult cancelled = call({QStringLiteral("--elicitation"), QStringLiteral("cancel")});
    QVERIFY2(cancelled.out.contains(QStringLiteral("User cancelled the elicitation dialog.")), qPrintable(cancelled.out));

    const CliResult accepted = call({QStringLiteral("--elicitation"), QStringLiteral(R"(accept={"name": "Ada", "integer": 7})")});
    QVERIFY2(accepted.exitCode == 0, qPrintable(accepted.err));
    QVERIFY2(accepted.out.contains(QStringLiteral("- Name: Ada\n- Favorite Integer: 7\n- Favorite Number: 3.14")), qPrintable(accepted.out));
    QVERIFY2(accepted.out.contains(QStringLiteral("\"firstLine\": \"It was a dark and stormy night.\"")), qPrintable(accepted.out)); // a default
    QVERIFY2(accepted.err.contains(QStringLiteral("elicitation: Please provide inputs for the following fields:")), qPrintable(accepted.err));

    // "name" is required and has no default: accept alone cannot fill the form, so it is cancelled.
    const CliResult unfit = call({QStringLiteral("--elicitation"), QStringLiteral("accept")});
    QVERIFY2(unfit.err.contains(QStringLiteral("elicitation: cancelled, the answer does not fit the form: name: is required")), qPrintable(unfit.err));
    QVERIFY2(unfit.out.contains(QStringLiteral("\"action\": \"cancel\"")), qPrintable(unfit.out));

    const CliResult bad = call({QStringLiteral("--elicitation"), QStringLiteral("yes")});
    QCOMPARE(bad.exitCode, 2);
}

QTEST_GUILESS_MAIN(tst_McpElicitation)
#include "tst_mcpelicitation.moc"

// Conversation files (PRODUCT.md §2) and the block list the view draws from them.

#include <atomic>

#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/conversationmodel.h>
#include <cards/cardkinds.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>

#include "samples.h"
#include <tests/support/cardhelpers.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

// Every fixture and fuzz seed, one text per file; false when one cannot be read.
bool readFixtureFiles(QList<QByteArray> *files)
{
    for (const QString &root : {QStringLiteral(TESSERA_TEST_DATA), QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly))
                return false;
            files->append(file.readAll());
        }
    }
    return true;
}

} // namespace


class tst_Transcript : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cardFromResultNotFromCall();
    void cardFromArgumentsWhenNoResult();
    void keepsUnknownFieldsAndOptionalOnes();
    void unreadableLinesKeepTheRest();
    void invalidUtf8LineIsUnreadable();
    void duplicateKeyInsideCardMakesCardInvalid();
    void duplicateKeyOutsideCardMakesLineUnreadable();
    void brokenInsideCardGivesFallbackCard();
    void toleratesBomCrlfAndBlankLines();
    void contentPartsAreJoined();
    void unreadableShapesAreNotDropped();
    void renderUiCallBecomesCanvas();
    void modelBlocks();
    void modelAppendEmitsRowsInserted();
    void cardReadOnceEqualsCardReadAlone();
    void linesReadOnThreadsEqualLinesReadInOrder();
    void runsOfLinesComeInFileOrder();
    void passesOverRunsEqualFromJsonLines();
};

void tst_Transcript::cardFromResultNotFromCall()
{
    const Transcript t = Transcript::fromJsonLines(lines({kUser, kCall, kResult, kProse}));
    QCOMPARE(t.messages.size(), 4);
    QCOMPARE(t.cardCount(), 1);
    QVERIFY(t.messages.at(1).cards.isEmpty());
    const Card &card = t.messages.at(2).cards.first();
    QCOMPARE(card.kind(), CardKind::Alert);
    QCOMPARE(card.source(), CardSource::ToolResult);
    QCOMPARE(card.payload().at("message").get<std::string>(), std::string("from the result"));
    // The raw text is the envelope's exact bytes in the line.
    QCOMPARE(card.rawText(), QByteArray(R"({"kind":"alert","specVersion":1,"payload":{"severity":"warning","message":"from the result"}})"));
    QCOMPARE(t.messages.at(2).content, QStringLiteral("rendered: alert"));
}

void tst_Transcript::cardFromArgumentsWhenNoResult()
{
    const Transcript t = Transcript::fromJsonLines(lines({kUser, kLoneCall}));
    QCOMPARE(t.cardCount(), 1);
    const Card &card = t.messages.at(1).cards.first();
    QCOMPARE(card.kind(), CardKind::Text);
    QCOMPARE(card.source(), CardSource::EmitCardCall);
    QCOMPARE(card.envelope().at("specVersion").get<int>(), 1);
    QCOMPARE(card.rawText(), QByteArray(R"({"kind":"text","payload":{"text":"hello"}})"));
    QCOMPARE(t.messages.at(1).toolCalls.size(), 2);
    QCOMPARE(t.messages.at(1).toolCalls.at(1).name, QStringLiteral("web_search"));
}

void tst_Transcript::keepsUnknownFieldsAndOptionalOnes()
{
    const Transcript t = Transcript::fromJsonLines(lines({kUser, kProse}));
    QCOMPARE(t.messages.at(0).json().at("x_client").at("seat").get<int>(), 4);
    QCOMPARE(t.messages.at(0).rawLine, QByteArray(kUser));
    QCOMPARE(t.messages.at(1).turnId, QStringLiteral("t1"));
    QCOMPARE(t.messages.at(1).id, QStringLiteral("m4"));
    QCOMPARE(t.messages.at(1).createdAt, QStringLiteral("2026-08-08T10:00:00Z"));
    QCOMPARE(t.messages.at(1).role, MessageRole::Assistant);
}

void tst_Transcript::unreadableLinesKeepTheRest()
{
    const Transcript t = Transcript::fromJsonLines(lines({kUser, "this is not json", "[1,2]", kProse}));
    QCOMPARE(t.messages.size(), 4);
    QVERIFY(t.messages.at(0).isReadable());
    QVERIFY(!t.messages.at(1).isReadable());
    QCOMPARE(t.messages.at(1).lineNumber, 2);
    QVERIFY(t.messages.at(1).readError.startsWith(QLatin1String("not valid JSON")));
    QCOMPARE(t.messages.at(2).readError, QStringLiteral("not a message object"));
    QVERIFY(t.messages.at(3).isReadable());
    QCOMPARE(t.fallbackCount(), 2);
}

void tst_Transcript::invalidUtf8LineIsUnreadable()
{
    QByteArray data = lines({kUser});
    data += "{\"role\":\"user\",\"content\":\"caf\xc3\"}\n";
    data += lines({kProse});
    const Transcript t = Transcript::fromJsonLines(data);
    QCOMPARE(t.messages.size(), 3);
    QVERIFY(!t.messages.at(1).isReadable());
    QVERIFY(t.messages.at(1).readError.contains(QLatin1String("UTF-8")));
    QCOMPARE(t.messages.at(1).rawLine, QByteArray("{\"role\":\"user\",\"content\":\"caf\xc3\"}"));
    QVERIFY(t.messages.at(2).isReadable());
}

void tst_Transcript::duplicateKeyInsideCardMakesCardInvalid()
{
    const QByteArray line = R"({"role":"tool","tool_call_id":"c","structured":{"card":{"kind":"text","kind":"alert","specVersion":1,"payload":{"text":"x"}}}})";
    const Transcript t = Transcript::fromJsonLines(line);
    QCOMPARE(t.messages.size(), 1);
    QVERIFY(t.messages.first().isReadable());
    const Card &card = t.messages.first().cards.first();
    QVERIFY(!card.isValid());
    QCOMPARE(card.issues().first().pointer, QStringLiteral("/kind"));
    QCOMPARE(card.issues().first().message, QStringLiteral("key appears more than once"));
}

void tst_Transcript::duplicateKeyOutsideCardMakesLineUnreadable()
{
    const Transcript t = Transcript::fromJsonLines(R"({"role":"user","role":"assistant","content":"x"})");
    QVERIFY(!t.messages.first().isReadable());
    QVERIFY(t.messages.first().readError.contains(QLatin1String("/role")));
}

void tst_Transcript::brokenInsideCardGivesFallbackCard()
{
    const QByteArray deep = R"({"role":"tool","tool_call_id":"c","structured":{"card":{"kind":"data_table","specVersion":1,"payload":)"
            + QByteArray(100000, '[') + QByteArray(100000, ']') + "}}}";
    const Transcript t = Transcript::fromJsonLines(lines({kUser}) + deep + '\n' + lines({kProse}));
    QCOMPARE(t.messages.size(), 3);
    const Message &m = t.messages.at(1);
    QVERIFY(m.isReadable());
    QCOMPARE(m.cards.size(), 1);
    QCOMPARE(m.cards.first().kindName(), QStringLiteral("data_table"));
    QVERIFY(!m.cards.first().isValid());
    QCOMPARE(m.cards.first().issues().first().message, QStringLiteral("nested deeper than 100 levels"));
    QVERIFY(m.cards.first().issues().first().pointer.startsWith(QLatin1String("/payload/0/0")));
    QVERIFY(t.messages.at(2).isReadable());

    // The same depth inside emit_card arguments: the card keeps the kind it named before breaking.
    const QByteArray args = "{\\\"kind\\\":\\\"text\\\",\\\"payload\\\":" + QByteArray(100000, '[') + QByteArray(100000, ']') + "}";
    const QByteArray call = R"({"role":"assistant","tool_calls":[{"id":"x","type":"function","function":{"name":"emit_card","arguments":")"
            + args + "\"}}]}";
    const Transcript calls = Transcript::fromJsonLines(call);
    QCOMPARE(calls.messages.size(), 1);
    QVERIFY(calls.messages.first().isReadable());
    QCOMPARE(calls.messages.first().cards.size(), 1);
    QCOMPARE(calls.messages.first().cards.first().kindName(), QStringLiteral("text"));
    QVERIFY(!calls.messages.first().cards.first().isValid());
}

void tst_Transcript::toleratesBomCrlfAndBlankLines()
{
    const QByteArray data = "\xEF\xBB\xBF" + QByteArray(kUser) + "\r\n\r\n   \n" + QByteArray(kProse) + "\r\n";
    const Transcript t = Transcript::fromJsonLines(data);
    QCOMPARE(t.messages.size(), 2);
    QVERIFY(t.messages.at(0).isReadable());
    QCOMPARE(t.messages.at(0).lineNumber, 1);
    QCOMPARE(t.messages.at(1).lineNumber, 4);
}

void tst_Transcript::contentPartsAreJoined()
{
    const Transcript t = Transcript::fromJsonLines(
            R"({"role":"user","content":[{"type":"text","text":"one"},{"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"two"}]})");
    QCOMPARE(t.messages.first().content, QStringLiteral("one\n\ntwo"));
}

void tst_Transcript::unreadableShapesAreNotDropped()
{
    // "card" twice inside structured: which one is the card would be a guess.
    const Transcript twice = Transcript::fromJsonLines(
            R"({"role":"tool","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"a"}},"card":{"kind":"text","specVersion":1,"payload":{"text":"b"}}}})");
    QVERIFY(!twice.messages.first().isReadable());
    QVERIFY(twice.messages.first().readError.contains(QLatin1String("/structured/card")));
    // tool_calls that is not an array.
    const Transcript object = Transcript::fromJsonLines(
            R"({"role":"assistant","content":null,"tool_calls":{"id":"a","function":{"name":"emit_card","arguments":"{}"}}})");
    QCOMPARE(object.messages.first().readError, QStringLiteral("tool_calls must be an array"));
    // Content given as an array of plain strings is text.
    const Transcript strings = Transcript::fromJsonLines(R"({"role":"assistant","content":["array","content"]})");
    QCOMPARE(strings.messages.first().content, QStringLiteral("array\n\ncontent"));
}

void tst_Transcript::renderUiCallBecomesCanvas()
{
    const Transcript t = Transcript::fromJsonLines(
            R"({"role":"assistant","tool_calls":[{"id":"r1","type":"function","function":{"name":"render_ui","arguments":"{\"title\":\"Flow\",\"html\":\"<p>hi</p>\"}"}}]})");
    const Card &card = t.messages.first().cards.first();
    QCOMPARE(card.kind(), CardKind::Canvas);
    QCOMPARE(card.source(), CardSource::RenderUiCall);
    QCOMPARE(card.title(), QStringLiteral("Flow"));
    QCOMPARE(card.payload().at("html").get<std::string>(), std::string("<p>hi</p>"));

    // emit_card cannot produce a canvas (seed 000).
    const Card viaEmitCard = Card::fromToolCall(QStringLiteral("emit_card"), R"({"kind":"canvas","payload":{"html":"<p>hi</p>"}})");
    QVERIFY(!viaEmitCard.isValid());
    QCOMPARE(viaEmitCard.issues().first().pointer, QStringLiteral("/kind"));
}

void tst_Transcript::modelBlocks()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines({kUser, kCall, kResult, kProse, "nope", kLoneCall})));
    QList<BlockType> types;
    for (int row = 0; row < model.rowCount(); ++row)
        types.append(model.blockType(row));
    const QList<BlockType> expected{BlockType::UserText, BlockType::Card, BlockType::AssistantProse,
                                    BlockType::Unreadable, BlockType::AssistantProse, BlockType::ToolActivity,
                                    BlockType::Card};
    QCOMPARE(types, expected);
    // The ack of a card tool is kept in the transcript but never a block of its own.
    QCOMPARE(model.message(1).content, QStringLiteral("rendered: alert"));
    QCOMPARE(model.card(1)->kind(), CardKind::Alert);
    QCOMPARE(model.blockText(3), QStringLiteral("Unreadable line 5: ") + model.message(3).readError);
    QCOMPARE(model.blockText(5), QStringLiteral("Tool call: web_search"));
    QCOMPARE(model.data(model.index(1), ConversationModel::CardKindRole).toString(), QStringLiteral("alert"));
    QCOMPARE(model.data(model.index(0), ConversationModel::LineNumberRole).toInt(), 1);
}

void tst_Transcript::modelAppendEmitsRowsInserted()
{
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines({kUser})));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.appendMessage(parseTranscriptLine(kResult, 2));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 1);
    QCOMPARE(inserted.first().at(2).toInt(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.blockType(1), BlockType::Card);
}

// Issue 17: a tool result's card is validated from its envelope taken out of the line's value (one parse),
// which must give the card its bytes give alone: kind, title, issues (pointers, messages, order), envelope.
void tst_Transcript::cardReadOnceEqualsCardReadAlone()
{
    int compared = 0;
    int invalid = 0;
    for (const QString &root : {QStringLiteral(TESSERA_TEST_DATA), QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const Transcript t = Transcript::fromJsonLines(file.readAll());
            for (const Message &m : t.messages) {
                // A line that broke inside its card keeps a fallback card of the line's error: not this case.
                if (!parseStrictJson(std::string_view(m.rawLine.constData(), std::size_t(m.rawLine.size()))).ok())
                    continue;
                for (const Card &card : m.cards) {
                    if (card.source() != CardSource::ToolResult || card.rawText().isEmpty())
                        continue;
                    const Card alone = Card::fromEnvelopeText(card.rawText(), CardSource::ToolResult);
                    const QByteArray where = (file.fileName() + QStringLiteral(" line ") + QString::number(m.lineNumber)).toUtf8();
                    QVERIFY2(card.kindName() == alone.kindName(), where.constData());
                    QVERIFY2(card.kind() == alone.kind(), where.constData());
                    QVERIFY2(card.title() == alone.title(), where.constData());
                    QVERIFY2(card.issues() == alone.issues(), where.constData());
                    QVERIFY2(card.envelope() == alone.envelope(), where.constData());
                    ++compared;
                    invalid += card.isValid() ? 0 : 1;
                }
            }
        }
    }
    qInfo("%d cards compared, %d of them invalid", compared, invalid);
    QVERIFY(compared > 20);
    QVERIFY(invalid > 0);
}

// Transcript::fromJsonLines reads a large text's lines on several threads (issue 17): the messages, their
// cards and fallbacks, issue texts and pointers, and the counts must be those of one thread reading in order.
void tst_Transcript::linesReadOnThreadsEqualLinesReadInOrder()
{
    QList<QByteArray> texts;
    QVERIFY(readFixtureFiles(&texts));
    texts.append(texts.join('\n') + '\n'); // every fixture in one text: card calls answered across runs, turns split by them
    QVERIFY(texts.size() > 20);
    int messages = 0;
    for (const QByteArray &text : std::as_const(texts)) {
        const Transcript inOrder = Transcript::fromJsonLines(text, 1);
        for (int threads : {2, 3, 4, 7}) {
            const Transcript threaded = Transcript::fromJsonLines(text, threads);
            QCOMPARE(threaded.messages.size(), inOrder.messages.size());
            for (qsizetype i = 0; i < inOrder.messages.size(); ++i)
                QCOMPARE(describedMessage(threaded.messages.at(i)), describedMessage(inOrder.messages.at(i)));
            QCOMPARE(threaded.cardCount(), inOrder.cardCount());
            QCOMPARE(threaded.fallbackCount(), inOrder.fallbackCount());
        }
        QCOMPARE(describedMessage(Transcript::fromJsonLines(text).messages.value(0)), describedMessage(inOrder.messages.value(0)));
        messages += int(inOrder.messages.size());
    }
    qInfo("%d messages compared", messages);
    QVERIFY(messages > 200);
}

// Transcript::readJsonLinesInRuns (the store's import) hands over runs of at most runLines messages, in file
// order, each message as parseTranscriptLine reads its line, whatever the number of threads; a consumer that
// returns false gets no further run. The `prepare` step has run on every message before it is handed over.
void tst_Transcript::runsOfLinesComeInFileOrder()
{
    QList<QByteArray> files;
    QVERIFY(readFixtureFiles(&files));
    const QByteArray text = files.join('\n') + '\n';
    QStringList expected;
    for (const Message &m : Transcript::fromJsonLines(text, 1).messages)
        expected.append(describedMessage(parseTranscriptLine(m.rawLine, m.lineNumber)));
    QVERIFY(expected.size() > 200);
    for (int threads : {1, 2, 3, 4}) {
        for (qsizetype runLines : {1, 7, 256, 100000}) {
            QStringList read;
            int runs = 0;
            int unprepared = 0;
            std::atomic<int> prepared{0};
            Transcript::readJsonLinesInRuns(text, [&](QList<Message> &run) {
                ++runs;
                if (run.isEmpty() || run.size() > runLines)
                    return false;
                for (Message &m : run) {
                    unprepared += m.incomplete ? 0 : 1;
                    m.incomplete = false; // as parsed
                    read.append(describedMessage(m));
                }
                return true;
            }, threads, runLines, [&](QList<Message> &run) {
                for (Message &m : run)
                    m.incomplete = true; // a mark the consumer checks
                prepared += int(run.size());
            });
            QCOMPARE(unprepared, 0);
            QCOMPARE(prepared.load(), int(expected.size()));
            QCOMPARE(runs, int((expected.size() + runLines - 1) / runLines));
            QCOMPARE(read.size(), expected.size());
            for (qsizetype i = 0; i < expected.size(); ++i)
                QCOMPARE(read.at(i), expected.at(i));

            int stoppedAfter = 0;
            Transcript::readJsonLinesInRuns(text, [&](QList<Message> &) { return ++stoppedAfter < 3; }, threads, runLines);
            QCOMPARE(stoppedAfter, std::min(3, runs));
        }
    }
}

// LinePasses (the store's import) over runs of lines ends every message as fromJsonLines gives it: cards,
// their ids, prose elided. Every fixture and corpus file in one text, runs of 1, 7 and 256 lines, 1-3 threads.
void tst_Transcript::passesOverRunsEqualFromJsonLines()
{
    QList<QByteArray> files;
    QVERIFY(readFixtureFiles(&files));
    const QByteArray text = files.join('\n') + '\n';
    const Transcript eager = Transcript::fromJsonLines(text, 1);
    QVERIFY(eager.messages.size() > 200);
    for (int threads : {1, 3}) {
        for (qsizetype runLines : {1, 7, 256}) {
            LinePasses passes;
            QList<Message> read;
            Transcript::readJsonLinesInRuns(text, [&](QList<Message> &run) {
                passes.settle(run);
                read.append(run);
                return true;
            }, threads, runLines, &LinePasses::prepare);
            int changed = 0;
            for (LinePasses::Changed &c : passes.finish()) {
                QCOMPARE(read.at(c.index).cards.size(), c.cardsBefore);
                read[c.index] = c.message;
                ++changed;
            }
            QCOMPARE(read.size(), eager.messages.size());
            for (qsizetype i = 0; i < read.size(); ++i)
                QCOMPARE(describedMessage(read.at(i)), describedMessage(eager.messages.at(i)));
            if (runLines == 1)
                QVERIFY(changed > 0); // the fixtures answer calls on later lines
        }
    }
}

QTEST_APPLESS_MAIN(tst_Transcript)
#include "tst_transcript.moc"

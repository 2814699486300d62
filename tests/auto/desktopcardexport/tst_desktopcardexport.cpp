// Copying a card (issue 7): text (prose; tables and charts as TSV), JSON (the envelope as
// received) and image (the card as drawn), checked on the clipboard; and the conversation view's
// context menu on cards. Copy for Slack / Teams / WhatsApp / Telegram (issue 14): the surface's JSON on
// the clipboard, or, over a limit, a dialog listing the issues and the clipboard untouched.

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <tests/support/cardhelpers.h>
#include <widgets/card/cardexport.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

const QByteArray kTable =
    R"({"kind":"data_table","specVersion":1,"payload":{"title":"Sector flow","caption":"NSE, week 32",)"
    R"("columns":[{"key":"sector","label":"Sector"},{"key":"flow","label":"Net flow","numeric":true}],)"
    R"("rows":[{"sector":"Pharma","flow":412},{"sector":"IT\tServices","flow":-88.50},{"sector":"Auto","flow":null}],)"
    R"("totals":{"sector":"Total","flow":323.5}}})";

// A json-render card with one Button; its label decides whether WhatsApp can carry it (20 characters).
QByteArray orderCard(const QByteArray &label)
{
    return R"({"kind":"json_render","specVersion":1,"payload":{"root":"card","elements":{)"
           R"("card":{"type":"Card","props":{"title":"Order #1042"},"children":["a"]},)"
           R"("a":{"type":"Actions","children":["approve"]},)"
           R"("approve":{"type":"Button","props":{"id":"approve","label":")" + label + R"("}}},"text":"Order ready."}})";
}

} // namespace

class tst_DesktopCardExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainText_data();
    void plainText();
    void copyText();
    void copyTextKeepsNonAscii();
    void noLatin1LiteralHoldsNonAscii();
    void copyJson();
    void copyImage();
    void contextMenuInConversationView();
    void copyForSurfaces();
    void copyForOverALimitShowsTheIssues();
};

void tst_DesktopCardExport::plainText_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<QString>("expected");
    // Source digits are kept ("-88.50"), tabs inside cells become spaces, null is an empty cell.
    QTest::newRow("data_table as TSV") << kTable
                                       << "Sector flow\nNSE, week 32\nSector\tNet flow\nPharma\t412\nIT Services\t-88.50\n"
                                          "Auto\t\nTotal\t323.5";
    QTest::newRow("text") << QByteArray(R"({"kind":"text","specVersion":1,"payload":{"title":"Why","text":"Volume **dried** up."}})")
                          << "Why\nVolume **dried** up.";
    QTest::newRow("metric_chart as TSV")
            << QByteArray(R"({"kind":"metric_chart","specVersion":1,"payload":{"title":"Flow","xLabel":"Day","yLabel":"Cr",)"
                          R"("series":[{"name":"FII","points":[{"x":"2026-08-08","y":-1240},{"x":"2026-08-11","y":380}]}]}})")
            << "Flow\nseries\tDay\tCr\nFII\t2026-08-08\t-1240\nFII\t2026-08-11\t380";
    QTest::newRow("detail") << QByteArray(R"({"kind":"detail","specVersion":1,"payload":{"title":"TITAN","status":"watchlist",)"
                                          R"("fields":[{"label":"Entry","value":"3412"},{"label":"Stop","value":"3280"}]}})")
                            << "TITAN\nStatus: watchlist\nEntry: 3412\nStop: 3280";
    QTest::newRow("alert") << QByteArray(R"({"kind":"alert","specVersion":1,"payload":{"severity":"warning","message":"Quotes are delayed."}})")
                           << "[warning] Quotes are delayed.";
    QTest::newRow("invalid: issue then raw text")
            << QByteArray(R"({"kind":"alert","specVersion":1,"payload":{"severity":"loud","message":"x"}})")
            << QString();
}

void tst_DesktopCardExport::plainText()
{
    QFETCH(QByteArray, envelope);
    QFETCH(QString, expected);
    const Card card = Card::fromEnvelopeText(envelope);
    if (expected.isEmpty()) {
        QVERIFY(!card.isValid());
        const QString text = cardPlainText(card);
        QVERIFY2(text.startsWith(QStringLiteral("alert (invalid): /payload/severity")), qPrintable(text));
        QVERIFY(text.endsWith(QString::fromUtf8(envelope)));
        return;
    }
    QVERIFY2(card.isValid(), qPrintable(card.issues().value(0).pointer + QLatin1Char(' ') + card.issues().value(0).message));
    QCOMPARE(cardPlainText(card), expected);
}

void tst_DesktopCardExport::copyText()
{
    const Card card = Card::fromEnvelopeText(kTable);
    QApplication::clipboard()->clear();
    copyCard(card, nullptr, CardCopyFormat::Text);
    const QString text = QApplication::clipboard()->text();
    const QStringList lines = text.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 7);
    QCOMPARE(lines.at(2).split(QLatin1Char('\t')), (QStringList{QStringLiteral("Sector"), QStringLiteral("Net flow")}));
    QCOMPARE(lines.at(4), QStringLiteral("IT Services\t-88.50"));
}

void tst_DesktopCardExport::copyTextKeepsNonAscii()
{
    // The item separator is an em dash (U+2014), one character, never its UTF-8 bytes read as Latin-1.
    const QByteArray raw = R"({"kind":"item_list","specVersion":1,"payload":{"title":"Watchlist \u00b7 Q3",)"
                           R"("items":[{"id":"a","name":"TITAN","status":"ok","meta":"3412 \u2192 3280"},)"
                           R"({"id":"b","name":"Caf\u00e9 Co","meta":"\u65e5\u672c"}]}})";
    const Card card = Card::fromEnvelopeText(raw);
    QVERIFY(card.isValid());
    QApplication::clipboard()->clear();
    copyCard(card, nullptr, CardCopyFormat::Text);
    const QString text = QApplication::clipboard()->text();
    const QStringList lines = text.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines.at(0), QStringLiteral("Watchlist \u00b7 Q3"));
    QCOMPARE(lines.at(1), QStringLiteral("- TITAN [ok] \u2014 3412 \u2192 3280"));
    QCOMPARE(lines.at(2), QStringLiteral("- Caf\u00e9 Co \u2014 \u65e5\u672c"));
    QCOMPARE(lines.at(2).at(10), QChar(0x2014));
    QVERIFY(!text.contains(QChar(0xe2)));
}

void tst_DesktopCardExport::noLatin1LiteralHoldsNonAscii()
{
    // The audit of issue 18, kept: QLatin1String / QLatin1Char / QLatin1StringView read each byte as one
    // character, so a UTF-8 literal in them ("—" is three bytes) turns into mojibake. Sources are UTF-8;
    // non-ASCII text goes into QStringLiteral or tr().
    static const QRegularExpression latin1(QStringLiteral("QLatin1(String|Char|StringView)?\\s*\\(\\s*(\"[^\"]*\"|'[^']*')"));
    int files = 0;
    QStringList offenders;
    for (const char *dir : {"app", "backend", "cards", "canvas", "session", "store", "widgets", "tests"}) {
        QDirIterator it(QStringLiteral(TESSERA_SOURCE_DIR "/") + QLatin1String(dir), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            ++files;
            const QString text = QString::fromUtf8(file.readAll());
            for (auto m = latin1.globalMatch(text); m.hasNext();) {
                const QString literal = m.next().captured(2);
                if (std::any_of(literal.cbegin(), literal.cend(), [](QChar c) { return c.unicode() > 0x7f; }))
                    offenders.append(file.fileName() + QLatin1String(": ") + literal);
            }
        }
    }
    QVERIFY2(files > 200, qPrintable(QString::number(files)));
    QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
}

void tst_DesktopCardExport::copyJson()
{
    // Spacing and digits exactly as received.
    const QByteArray raw = R"({"kind": "text", "specVersion": 1, "payload": {"text": "1.10 is not 1.1"}})";
    const Card card = Card::fromEnvelopeText(raw);
    QVERIFY(card.isValid());
    copyCard(card, nullptr, CardCopyFormat::Json);
    const QMimeData *mime = QApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QCOMPARE(mime->text(), QString::fromUtf8(raw));
    QCOMPARE(mime->data(QStringLiteral("application/json")), raw);

    // A card built from emit_card arguments is copied as the envelope the tool would have broadcast.
    const Card fromCall = Card::fromToolCall(QStringLiteral("emit_card"),
                                             R"({"kind":"text","payload":{"text":"hello"}})");
    QVERIFY(fromCall.isValid());
    copyCard(fromCall, nullptr, CardCopyFormat::Json);
    const auto envelope = nlohmann::json::parse(QApplication::clipboard()->text().toStdString());
    QCOMPARE(QString::fromStdString(envelope.at("kind").get<std::string>()), QStringLiteral("text"));
    QCOMPARE(envelope.at("specVersion").get<int>(), 1);
    QCOMPARE(QString::fromStdString(envelope.at("payload").at("text").get<std::string>()), QStringLiteral("hello"));
}

void tst_DesktopCardExport::copyImage()
{
    const Card card = Card::fromEnvelopeText(kTable);
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    widget->resize(520, qMax(80, widget->heightForWidth(520)));
    QApplication::clipboard()->clear();
    copyCard(card, widget.get(), CardCopyFormat::Image);
    const QImage image = QApplication::clipboard()->image();
    QVERIFY(!image.isNull());
    const qreal dpr = widget->devicePixelRatioF();
    QCOMPARE(image.size(), widget->size() * dpr);
    // The card's panel is drawn (its Base color inside the frame), not an empty image.
    QCOMPARE(image.pixelColor(image.width() / 2, image.height() - int(4 * dpr)), widget->palette().color(QPalette::Base));
}

void tst_DesktopCardExport::contextMenuInConversationView()
{
    const QByteArray lines = QByteArray(R"({"role":"user","content":"Where did the money go?"})") + '\n'
            + R"({"role":"tool","tool_call_id":"c1","content":"ok","structured":{"card":)" + kTable + "}}\n";
    ConversationModel model;
    model.setTranscript(Transcript::fromJsonLines(lines));
    int cardRow = -1;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.card(row))
            cardRow = row;
    }
    QVERIFY(cardRow >= 0);

    ConversationView view;
    view.setModel(&model);
    view.resize(700, 900);
    view.show();
    QTRY_VERIFY(view.widgetForRow(cardRow));
    QWidget *cardWidget = view.widgetForRow(cardRow);
    QCOMPARE(cardWidget->contextMenuPolicy(), Qt::CustomContextMenu);
    // A user block gets no card menu.
    for (int row = 0; row < model.rowCount(); ++row) {
        if (!model.card(row) && view.widgetForRow(row))
            QVERIFY(view.widgetForRow(row)->contextMenuPolicy() != Qt::CustomContextMenu);
    }

    // Open the menu and pick "Copy as JSON" (second entry).
    QStringList entries;
    QApplication::clipboard()->clear();
    QTimer::singleShot(0, this, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (QAction *action : menu->actions())
            entries.append(action->text());
        menu->actions().at(1)->trigger();
        menu->close();
    });
    Q_EMIT cardWidget->customContextMenuRequested(QPoint(10, 10));
    QCOMPARE(entries, (QStringList{QStringLiteral("Copy as &Text"), QStringLiteral("Copy as &JSON"),
                                   QStringLiteral("Copy as &Image"), QString(), QStringLiteral("Copy for Slack"),
                                   QStringLiteral("Copy for Teams"), QStringLiteral("Copy for WhatsApp"),
                                   QStringLiteral("Copy for Telegram")}));
    QCOMPARE(QApplication::clipboard()->text(), QString::fromUtf8(kTable));

    // "Copy for Telegram" (the last entry) puts sendMessage parameters on the clipboard.
    QTimer::singleShot(0, this, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        menu->actions().last()->trigger();
        menu->close();
    });
    Q_EMIT cardWidget->customContextMenuRequested(QPoint(10, 10));
    const nlohmann::json telegram = nlohmann::json::parse(QApplication::clipboard()->text().toStdString());
    TESSERA_COMPARE_JSON(telegram["text"], "Sector flow\n\nSector | Net flow\nPharma | 412\nIT\tServices | -88.50\nAuto | —\nTotal | 323.5\n\nNSE, week 32");
}

void tst_DesktopCardExport::copyForSurfaces()
{
    const Card card = Card::fromEnvelopeText(orderCard("Approve"));
    QVERIFY(card.isValid());
    QWidget parent;
    for (const ExportSurface surface : copySurfaces()) {
        QApplication::clipboard()->clear();
        const ExportResult result = copyCardFor(card, surface, &parent);
        QVERIFY(result.ok());
        const QMimeData *mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime);
        QCOMPARE(mime->text(), result.text());
        TESSERA_COMPARE_JSON(nlohmann::json::parse(mime->data(QStringLiteral("application/json")).toStdString()), result.message);
    }
    // Check the values of two: the Slack action_id and the WhatsApp reply button.
    copyCardFor(card, ExportSurface::Slack, &parent);
    const nlohmann::json slack = nlohmann::json::parse(QApplication::clipboard()->text().toStdString());
    TESSERA_COMPARE_JSON(slack["blocks"][1]["elements"][0]["action_id"], "approve");
    TESSERA_COMPARE_JSON(slack["text"], "Order ready.");
    copyCardFor(card, ExportSurface::WhatsApp, &parent);
    const nlohmann::json whatsapp = nlohmann::json::parse(QApplication::clipboard()->text().toStdString());
    TESSERA_COMPARE_JSON(whatsapp["interactive"]["action"]["buttons"][0]["reply"]["title"], "Approve");
    QVERIFY(!parent.findChild<QMessageBox *>());
}

void tst_DesktopCardExport::copyForOverALimitShowsTheIssues()
{
    const Card card = Card::fromEnvelopeText(orderCard("Approve the whole lot")); // 21 characters
    QVERIFY(card.isValid());
    QWidget parent;
    parent.show();
    QApplication::clipboard()->setText(QStringLiteral("before"));
    const ExportResult result = copyCardFor(card, ExportSurface::WhatsApp, &parent);
    QVERIFY(!result.ok());
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("before"));
    auto *box = parent.findChild<QMessageBox *>(QStringLiteral("cardExportIssues"));
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->informativeText(), QStringLiteral("/elements/approve/props/label: a WhatsApp reply button title is at "
                                                    "most 20 characters (this one has 21)"));
    QVERIFY(box->text().contains(QLatin1String("WhatsApp")));
    box->close();
    // Slack takes 75 characters: the same card copies there.
    QVERIFY(copyCardFor(card, ExportSurface::Slack, &parent).ok());
    QVERIFY(QApplication::clipboard()->text().contains(QLatin1String("Approve the whole lot")));
}

QTEST_MAIN(tst_DesktopCardExport)
#include "tst_desktopcardexport.moc"

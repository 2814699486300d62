// Accessibility and keyboard reachability of every card kind (issue 7), checked the way a screen
// reader and a keyboard user meet them: through QAccessibleInterface and by pressing Tab.
// Cards come from the bundled demo (every kind appears there) built with RendererRegistry.

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>

#include <memory>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/transcript.h>
#include <app/mainwindow.h>
#include <cards/cardkinds.h>
#include <widgets/card/cardframe.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/theme.h>

using namespace Tessera;

namespace {

// The first valid card of each kind in the demo, by kind name.
QHash<QString, Card> demoCards()
{
    Transcript transcript;
    QString error;
    if (!Transcript::readFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &transcript, &error))
        qFatal("cannot read the demo: %s", qPrintable(error));
    QHash<QString, Card> cards;
    for (const Message &message : std::as_const(transcript.messages)) {
        for (const Card &card : message.cards) {
            if (card.isValid() && !cards.contains(card.kindName()))
                cards.insert(card.kindName(), card);
        }
    }
    return cards;
}

const QStringList kKinds = {QStringLiteral("text"),      QStringLiteral("code"),         QStringLiteral("alert"),
                            QStringLiteral("detail"),    QStringLiteral("item_list"),    QStringLiteral("data_table"),
                            QStringLiteral("metric_chart"), QStringLiteral("recommend_actions"), QStringLiteral("canvas")};

} // namespace

class tst_DesktopAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void accessibleNameAndDescription_data();
    void accessibleNameAndDescription();
    void chartDescriptionSummarisesSeries();
    void tableExposesHeaders();
    void fallbackIsAccessible();
    void everyDrawnKindHasASpokenName();
    void spokenNames_data();
    void spokenNames();
    void detailValuesSayTheirLabels();
    void focusRingInBothThemes_data();
    void focusRingInBothThemes();
    void idleTurnIndicatorIsNotInTheTree();
    void tabReachesEveryInteractiveElement_data();
    void tabReachesEveryInteractiveElement();

private:
    QHash<QString, Card> m_cards;
};

void tst_DesktopAccessibility::initTestCase()
{
    m_cards = demoCards();
    for (const QString &kind : kKinds)
        QVERIFY2(m_cards.contains(kind), qPrintable(QStringLiteral("the demo has no valid %1 card").arg(kind)));
}

void tst_DesktopAccessibility::accessibleNameAndDescription_data()
{
    QTest::addColumn<QString>("kind");
    for (const QString &kind : kKinds)
        QTest::newRow(qPrintable(kind)) << kind;
}

void tst_DesktopAccessibility::accessibleNameAndDescription()
{
    QFETCH(QString, kind);
    const Card card = m_cards.value(kind);
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget.get());
    QVERIFY(iface);
    QVERIFY(iface->isValid());
    const QString name = iface->text(QAccessible::Name);
    const QString description = iface->text(QAccessible::Description);
    // The kind is said as a person says it ("Table", "Item list", "Canvas placeholder"), never by its wire
    // name ("data_table"), then the title.
    const QString spokenKind = RendererRegistry::spokenKindName(cardKindFromName(kind));
    QVERIFY(!spokenKind.isEmpty());
    QVERIFY2(name.contains(spokenKind, Qt::CaseInsensitive),
             qPrintable(QStringLiteral("name \"%1\" does not say the kind %2").arg(name, spokenKind)));
    QVERIFY2(!name.contains(QLatin1Char('_')), qPrintable(name));
    if (!card.title().isEmpty())
        QVERIFY2(name.contains(card.title()), qPrintable(QStringLiteral("name \"%1\" lacks the title").arg(name)));
    QVERIFY2(!description.trimmed().isEmpty(), qPrintable(QStringLiteral("%1 has no accessible description").arg(kind)));
    QVERIFY2(description != name, qPrintable(description));
}

void tst_DesktopAccessibility::chartDescriptionSummarisesSeries()
{
    // Every chart of the demo: the description names each series with its point count.
    Transcript transcript;
    QString error;
    QVERIFY(Transcript::readFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &transcript, &error));
    int charts = 0;
    for (const Message &message : std::as_const(transcript.messages)) {
        for (const Card &card : message.cards) {
            if (card.kind() != CardKind::MetricChart || !card.isValid())
                continue;
            ++charts;
            std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
            const QString description = QAccessible::queryAccessibleInterface(widget.get())->text(QAccessible::Description);
            const nlohmann::json payload = card.payload(); // by value: a loop over a temporary's member dangles
            for (const auto &series : payload.at("series")) {
                const QString seriesName = QString::fromStdString(series.at("name").get<std::string>());
                const int points = int(series.at("points").size());
                const QString expected = points == 0 ? seriesName + QStringLiteral(": no points")
                                                     : QStringLiteral("%1: %2 point").arg(seriesName).arg(points);
                QVERIFY2(description.contains(expected), qPrintable(description + QStringLiteral(" / wanted ") + expected));
            }
        }
    }
    QVERIFY(charts >= 2);
}

void tst_DesktopAccessibility::tableExposesHeaders()
{
    const Card card = m_cards.value(QStringLiteral("data_table"));
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    auto *table = widget->findChild<QTableView *>();
    QVERIFY(table);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(table);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QAccessibleTableInterface *tableIface = iface->tableInterface();
    QVERIFY(tableIface);
    const auto columns = card.payload().at("columns");
    QCOMPARE(tableIface->columnCount(), int(columns.size()));
    QCOMPARE(tableIface->rowCount(), int(card.payload().at("rows").size()));
    // The header a screen reader announces with each cell is the column's label.
    for (int c = 0; c < tableIface->columnCount(); ++c) {
        QAccessibleInterface *cell = tableIface->cellAt(0, c);
        QVERIFY(cell);
        QAccessibleTableCellInterface *cellIface = cell->tableCellInterface();
        QVERIFY(cellIface);
        const QList<QAccessibleInterface *> headers = cellIface->columnHeaderCells();
        QCOMPARE(headers.size(), 1);
        const QString label = QString::fromStdString(columns.at(size_t(c)).at("label").get<std::string>());
        QCOMPARE(headers.first()->text(QAccessible::Name), label);
        // Qt 6.4's QAccessibleTableCell::columnHeaderCells() returns new header cells that are not in
        // the accessibility cache (LeakSanitizer found them leaked): registered, then deleted through it.
        for (QAccessibleInterface *header : headers)
            QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(header));
    }
}

void tst_DesktopAccessibility::fallbackIsAccessible()
{
    const Card card = Card::fromEnvelopeText(R"({"kind":"alert","specVersion":1,"payload":{"severity":"loud","message":"x"}})");
    QVERIFY(!card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget.get());
    QVERIFY(iface->text(QAccessible::Name).contains(QStringLiteral("alert")));
    QVERIFY(!iface->text(QAccessible::Description).isEmpty());
}

void tst_DesktopAccessibility::everyDrawnKindHasASpokenName()
{
    for (const CardKindInfo &info : cardKindTable()) {
        if (RendererRegistry::hasRenderer(info.kind))
            QVERIFY2(!RendererRegistry::spokenKindName(info.kind).isEmpty(), info.name);
    }
}

void tst_DesktopAccessibility::spokenNames_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("spoken");
    QTest::newRow("item_list") << QStringLiteral("item_list") << QStringLiteral("Item list");
    QTest::newRow("data_table") << QStringLiteral("data_table") << QStringLiteral("Table");
    QTest::newRow("metric_chart") << QStringLiteral("metric_chart") << QStringLiteral("Chart");
    QTest::newRow("code") << QStringLiteral("code") << QStringLiteral("Code");
    QTest::newRow("detail") << QStringLiteral("detail") << QStringLiteral("Details");
}

void tst_DesktopAccessibility::spokenNames()
{
    QFETCH(QString, kind);
    QFETCH(QString, spoken);
    const Card card = m_cards.value(kind);
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    const QString name = QAccessible::queryAccessibleInterface(widget.get())->text(QAccessible::Name);
    QCOMPARE(name, card.title().isEmpty() ? spoken : spoken + QStringLiteral(": ") + card.title());
}

void tst_DesktopAccessibility::detailValuesSayTheirLabels()
{
    const Card card = Card::fromEnvelopeText(
            R"({"kind":"detail","specVersion":1,"payload":{"title":"Order","fields":[{"label":"Entry","value":"3412"},{"label":"Stop","value":"3380"}]}})");
    QVERIFY(card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QStringList values;
    for (QLabel *label : widget->findChildren<QLabel *>(QStringLiteral("fieldValue")))
        values.append(QAccessible::queryAccessibleInterface(label)->text(QAccessible::Name));
    QCOMPARE(values, (QStringList{QStringLiteral("Entry: 3412"), QStringLiteral("Stop: 3380")}));
}

void tst_DesktopAccessibility::focusRingInBothThemes_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void tst_DesktopAccessibility::focusRingInBothThemes()
{
    QFETCH(bool, dark);
    const QPalette palette = themePalette(dark ? ThemeMode::Dark : ThemeMode::Light);
    QWidget window;
    window.setPalette(palette);
    auto *layout = new QVBoxLayout(&window);
    auto *before = new QLineEdit(&window);
    QWidget *cardWidget = RendererRegistry::createCardWidget(m_cards.value(QStringLiteral("item_list")), RenderContext(), &window);
    layout->addWidget(before);
    layout->addWidget(cardWidget);
    window.resize(600, 500);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *frame = qobject_cast<CardFrame *>(cardWidget);
    QVERIFY(frame);
    before->setFocus(Qt::TabFocusReason);
    QVERIFY(!frame->hasFocusRing());
    const QRgb ring = focusRingColor(palette).rgb();
    auto edgeColour = [&] {
        const QImage image = frame->grab().toImage();
        return QColor(image.pixel(1, image.height() / 2)).rgb();
    };
    QVERIFY(edgeColour() != ring);
    QTest::keyClick(before, Qt::Key_Tab); // into the card: its first item
    QVERIFY(frame->isAncestorOf(QApplication::focusWidget()));
    QVERIFY(frame->hasFocusRing());
    QCOMPARE(frame->property("focusRing").toBool(), true);
    QCOMPARE(edgeColour(), ring);
    // The ring stands out of the card's background in both themes.
    const QColor base = palette.color(QPalette::Base);
    const QColor ringColour(ring);
    QVERIFY2(qAbs(ringColour.lightness() - base.lightness()) > 60 || qAbs(ringColour.hue() - base.hue()) > 60,
             qPrintable(ringColour.name() + QStringLiteral(" on ") + base.name()));
    before->setFocus(Qt::BacktabFocusReason);
    QVERIFY(!frame->hasFocusRing());
}

namespace {

// Every node's name in the accessible tree under iface (bounded: a window has far fewer nodes).
void collectNames(QAccessibleInterface *iface, QStringList *names, int depth = 0)
{
    if (!iface || depth > 40 || names->size() > 20000)
        return;
    names->append(iface->text(QAccessible::Name));
    for (int i = 0; i < iface->childCount(); ++i)
        collectNames(iface->child(i), names, depth + 1);
}

} // namespace

void tst_DesktopAccessibility::idleTurnIndicatorIsNotInTheTree()
{
    MainWindow window;
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.isTurnIndicatorVisible());
    QStringList names;
    collectNames(QAccessible::queryAccessibleInterface(&window), &names);
    QVERIFY(names.size() > 10); // the walk did reach the window's parts
    QVERIFY2(!names.contains(QStringLiteral("The agent is answering…")), qPrintable(names.join(QLatin1Char('|'))));
    QVERIFY2(!names.contains(QStringLiteral("Stop")), qPrintable(names.join(QLatin1Char('|'))));
    QVERIFY(!window.findChild<QWidget *>(QStringLiteral("turnIndicator")));
}

void tst_DesktopAccessibility::tabReachesEveryInteractiveElement_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("minimumStops"); // interactive elements the payload promises
    const auto count = [&](const QString &kind, const char *array) {
        const nlohmann::json payload = m_cards.value(kind).payload();
        return payload.contains(array) ? int(payload.at(array).size()) : 0;
    };
    QTest::newRow("recommend_actions: every pill") << QStringLiteral("recommend_actions") << count(QStringLiteral("recommend_actions"), "actions");
    QTest::newRow("item_list: every item") << QStringLiteral("item_list") << count(QStringLiteral("item_list"), "items");
    QTest::newRow("data_table: the table") << QStringLiteral("data_table") << 1;
    QTest::newRow("code: copy button and code") << QStringLiteral("code") << 2;
    QTest::newRow("fallback: raw JSON toggle") << QStringLiteral("fallback") << 1;
}

void tst_DesktopAccessibility::tabReachesEveryInteractiveElement()
{
    QFETCH(QString, kind);
    QFETCH(int, minimumStops);
    const Card card = kind == QLatin1String("fallback")
            ? Card::fromEnvelopeText(R"({"kind":"detail","specVersion":1,"payload":{"fields":"nope"}})")
            : m_cards.value(kind);

    // A window with a line edit before and after the card: Tab from the first must pass through
    // every interactive element of the card and arrive at the second.
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    // Created in focus-chain order: before, the card, after.
    auto *before = new QLineEdit(&window);
    QWidget *cardWidget = RendererRegistry::createCardWidget(card, RenderContext(), &window);
    auto *after = new QLineEdit(&window);
    layout->addWidget(before);
    layout->addWidget(cardWidget);
    layout->addWidget(after);
    window.resize(700, 900);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    before->setFocus(Qt::TabFocusReason);
    QCOMPARE(QApplication::focusWidget(), before);

    QList<QWidget *> visited;
    for (int i = 0; i < 200 && QApplication::focusWidget() != after; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *now = QApplication::focusWidget();
        QVERIFY2(now && !visited.contains(now), "Tab went round in a circle inside the card");
        visited.append(now);
    }
    QCOMPARE(QApplication::focusWidget(), after);
    visited.removeAll(after);

    // Every element a keyboard user could operate is a stop, and every stop is inside the card.
    QList<QWidget *> interactive;
    const QList<QWidget *> descendants = cardWidget->findChildren<QWidget *>();
    for (QWidget *w : descendants) {
        if (w->isVisibleTo(&window) && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus))
            interactive.append(w);
    }
    for (QWidget *w : std::as_const(interactive)) {
        QVERIFY2(visited.contains(w) || visited.contains(w->focusProxy()),
                 qPrintable(QStringLiteral("%1 \"%2\" is not reachable with Tab")
                                .arg(QString::fromLatin1(w->metaObject()->className()), w->accessibleName())));
    }
    for (QWidget *w : std::as_const(visited))
        QVERIFY(cardWidget == w || cardWidget->isAncestorOf(w));
    QVERIFY2(visited.size() >= minimumStops,
             qPrintable(QStringLiteral("%1 Tab stops, expected at least %2").arg(visited.size()).arg(minimumStops)));

    if (kind == QLatin1String("recommend_actions") || kind == QLatin1String("code") || kind == QLatin1String("fallback")) {
        int buttons = 0;
        for (QWidget *w : std::as_const(visited))
            buttons += qobject_cast<QAbstractButton *>(w) ? 1 : 0;
        QVERIFY(buttons >= (kind == QLatin1String("recommend_actions") ? minimumStops : 1));
    }
    if (kind == QLatin1String("data_table"))
        QVERIFY(std::any_of(visited.cbegin(), visited.cend(), [](QWidget *w) { return qobject_cast<QTableView *>(w); }));
    // Each stop says what it is.
    for (QWidget *w : std::as_const(visited)) {
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        QVERIFY2(iface && !iface->text(QAccessible::Name).isEmpty(),
                 qPrintable(QStringLiteral("a %1 stop has no accessible name").arg(QString::fromLatin1(w->metaObject()->className()))));
    }
}

QTEST_MAIN(tst_DesktopAccessibility)
#include "tst_desktopaccessibility.moc"

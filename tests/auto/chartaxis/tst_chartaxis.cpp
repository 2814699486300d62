// metric_chart x-axis inference (PRODUCT.md §1): numeric, time (UTC), or category with repeats kept.
// Runs with TZ=Asia/Kolkata (UTC+05:30), so any local-time leak shows as a 5h30 shift.

#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/chartaxis.h>

using namespace Tessera;
using nlohmann::json;

Q_DECLARE_METATYPE(Tessera::ChartAxisKind)

class tst_ChartAxis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void localZoneIsNotUtc();
    void inferKind_data();
    void inferKind();
    void parseIso_data();
    void parseIso();
    void categorySlotsKeepRepeats();
    void categorySlotsOfOddPayloads();
};

void tst_ChartAxis::localZoneIsNotUtc()
{
    // The parse tests below prove UTC only if the process is not itself in UTC.
    const QDateTime probe(QDate(2026, 8, 8), QTime(12, 0), Qt::LocalTime);
    QVERIFY(probe.offsetFromUtc() != 0);
}

void tst_ChartAxis::inferKind_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<ChartAxisKind>("kind");
    auto row = [](const char *name, const char *series, ChartAxisKind kind) {
        QTest::newRow(name) << QByteArray(R"({"series":)") + series + "}" << kind;
    };
    row("integers", R"([{"name":"a","points":[{"x":1,"y":1},{"x":2,"y":2}]}])", ChartAxisKind::Numeric);
    row("mixed integer and float", R"([{"name":"a","points":[{"x":-1,"y":1},{"x":2.5,"y":2},{"x":1e3,"y":3}]}])", ChartAxisKind::Numeric);
    row("numbers across series", R"([{"name":"a","points":[{"x":1,"y":1}]},{"name":"b","points":[{"x":18446744073709551615,"y":1}]}])", ChartAxisKind::Numeric);
    row("dates", R"([{"name":"a","points":[{"x":"2026-08-08","y":-1240},{"x":"2026-08-11","y":380}]}])", ChartAxisKind::Time);
    row("date-times with offsets", R"([{"name":"a","points":[{"x":"2026-08-08T09:15:00+05:30","y":1},{"x":"2026-08-08T04:00:00Z","y":2},{"x":"2026-08-08T05:00","y":3}]}])", ChartAxisKind::Time);
    row("dates and date-times across series", R"([{"name":"a","points":[{"x":"2026-08-08","y":1}]},{"name":"b","points":[{"x":"2026-08-08T10:00:00.250Z","y":1}]}])", ChartAxisKind::Time);
    row("weekday labels", R"([{"name":"a","points":[{"x":"Mon","y":1},{"x":"Tue","y":2}]}])", ChartAxisKind::Category);
    row("numeric strings", R"([{"name":"a","points":[{"x":"1","y":1},{"x":"2","y":2}]}])", ChartAxisKind::Category);
    row("numbers and dates", R"([{"name":"a","points":[{"x":1,"y":1},{"x":"2026-08-08","y":2}]}])", ChartAxisKind::Category);
    row("number in one series, label in another", R"([{"name":"a","points":[{"x":1,"y":1}]},{"name":"b","points":[{"x":"Q1","y":2}]}])", ChartAxisKind::Category);
    row("one invalid date (Feb 30)", R"([{"name":"a","points":[{"x":"2026-02-28","y":1},{"x":"2026-02-30","y":2}]}])", ChartAxisKind::Category);
    row("month 13", R"([{"name":"a","points":[{"x":"2026-13-01","y":1}]}])", ChartAxisKind::Category);
    row("empty label", R"([{"name":"a","points":[{"x":"","y":1}]}])", ChartAxisKind::Category);
    row("boolean x", R"([{"name":"a","points":[{"x":true,"y":1}]}])", ChartAxisKind::Category);
    row("point without x", R"([{"name":"a","points":[{"x":1,"y":1},{"y":2}]}])", ChartAxisKind::Category);
    row("no points", R"([{"name":"a","points":[]}])", ChartAxisKind::Category);
    row("series not an array", R"("nope")", ChartAxisKind::Category);
}

void tst_ChartAxis::inferKind()
{
    QFETCH(QByteArray, payload);
    QFETCH(ChartAxisKind, kind);
    QCOMPARE(inferChartAxisKind(json::parse(payload.toStdString())), kind);
}

void tst_ChartAxis::parseIso_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("utc"); // ISO with milliseconds in UTC; empty: not a date
    QTest::newRow("date") << "2026-08-08" << "2026-08-08T00:00:00.000Z";
    QTest::newRow("leap day") << "2024-02-29" << "2024-02-29T00:00:00.000Z";
    QTest::newRow("minutes") << "2026-08-08T10:30" << "2026-08-08T10:30:00.000Z";
    QTest::newRow("seconds") << "2026-08-08T10:30:15" << "2026-08-08T10:30:15.000Z";
    QTest::newRow("Z") << "2026-08-08T10:30:15Z" << "2026-08-08T10:30:15.000Z";
    QTest::newRow("minutes Z") << "2026-08-08T10:30Z" << "2026-08-08T10:30:00.000Z";
    QTest::newRow("+05:30") << "2026-08-08T10:30:15+05:30" << "2026-08-08T05:00:15.000Z";
    QTest::newRow("-02:00") << "2026-08-08T00:30:00-02:00" << "2026-08-08T02:30:00.000Z";
    QTest::newRow("offset crosses day") << "2026-08-08T23:30:00-02:00" << "2026-08-09T01:30:00.000Z";
    QTest::newRow("offset crosses year") << "2026-01-01T03:00+05:30" << "2025-12-31T21:30:00.000Z";
    QTest::newRow("+00:00") << "2026-08-08T10:30:00+00:00" << "2026-08-08T10:30:00.000Z";
    QTest::newRow("fraction .5") << "2026-08-08T10:30:15.5Z" << "2026-08-08T10:30:15.500Z";
    QTest::newRow("fraction .25 local") << "2026-08-08T10:30:15.25" << "2026-08-08T10:30:15.250Z";
    QTest::newRow("fraction micro") << "2026-08-08T10:30:15.123456+01:00" << "2026-08-08T09:30:15.123Z";
    QTest::newRow("fraction .999999999") << "2026-08-08T10:30:15.999999999Z" << "2026-08-08T10:30:15.999Z";
    QTest::newRow("Feb 30") << "2026-02-30" << "";
    QTest::newRow("month 13") << "2026-13-01" << "";
    QTest::newRow("not a leap year") << "2023-02-29" << "";
    QTest::newRow("day 00") << "2026-08-00" << "";
    QTest::newRow("short month") << "2026-8-08" << "";
    QTest::newRow("hour 24") << "2026-08-08T24:00" << "";
    QTest::newRow("minute 60") << "2026-08-08T10:60" << "";
    QTest::newRow("second 60") << "2026-08-08T10:30:60Z" << "";
    QTest::newRow("space separator") << "2026-08-08 10:30" << "";
    QTest::newRow("hour only") << "2026-08-08T10" << "";
    QTest::newRow("comma fraction") << "2026-08-08T10:30:15,5Z" << "";
    QTest::newRow("empty fraction") << "2026-08-08T10:30:15.Z" << "";
    QTest::newRow("offset without colon") << "2026-08-08T10:30:00+0530" << "";
    QTest::newRow("offset hour only") << "2026-08-08T10:30:00+05" << "";
    QTest::newRow("date with Z") << "2026-08-08Z" << "";
    QTest::newRow("trailing text") << "2026-08-08T10:30:00Zx" << "";
    QTest::newRow("leading space") << " 2026-08-08" << "";
    QTest::newRow("label") << "Mon" << "";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("arabic-indic digits") << QString::fromUtf8("٢٠٢٦-08-08") << "";
}

void tst_ChartAxis::parseIso()
{
    QFETCH(QString, input);
    QFETCH(QString, utc);
    const std::optional<QDateTime> parsed = parseIsoDateTime(input);
    if (utc.isEmpty()) {
        QVERIFY2(!parsed, qPrintable(parsed ? parsed->toString(Qt::ISODateWithMs) : QString()));
        return;
    }
    QVERIFY(parsed);
    QVERIFY(parsed->isValid());
    QCOMPARE(parsed->timeSpec(), Qt::UTC);
    QCOMPARE(parsed->toString(Qt::ISODateWithMs), utc);
    QCOMPARE(parsed->toMSecsSinceEpoch(), QDateTime::fromString(utc, Qt::ISODateWithMs).toMSecsSinceEpoch());
}

void tst_ChartAxis::categorySlotsKeepRepeats()
{
    const json payload = json::parse(R"({"series":[
        {"name":"a","points":[{"x":"Mon","y":1},{"x":"Tue","y":2},{"x":"Mon","y":3}]},
        {"name":"b","points":[{"x":"Mon","y":4},{"x":"Wed","y":5},{"x":"Wed","y":6},{"x":"Mon","y":7},{"x":"Mon","y":8}]}
    ]})");
    QCOMPARE(inferChartAxisKind(payload), ChartAxisKind::Category);
    const CategorySlots cats = categorySlots(payload);
    // The k-th "Mon" of each series shares slot k-th-Mon; a third "Mon" in b gets a new slot.
    QCOMPARE(cats.labels, (QStringList{"Mon", "Tue", "Mon", "Wed", "Wed", "Mon"}));
    QCOMPARE(cats.slotOfPoint.size(), 2);
    QCOMPARE(cats.slotOfPoint.at(0), (QList<int>{0, 1, 2}));
    QCOMPARE(cats.slotOfPoint.at(1), (QList<int>{0, 3, 4, 2, 5}));
}

void tst_ChartAxis::categorySlotsOfOddPayloads()
{
    // Mixed numbers and labels: a number's label is its JSON text; a point without x has "".
    const json mixed = json::parse(R"({"series":[{"name":"a","points":[{"x":1.5,"y":1},{"x":"Q1","y":2},{"y":3}]},"junk",{"name":"c","points":[{"x":"Q1","y":1}]}]})");
    const CategorySlots cats = categorySlots(mixed);
    QCOMPARE(cats.labels, (QStringList{"1.5", "Q1", ""}));
    QCOMPARE(cats.slotOfPoint.size(), 3);
    QCOMPARE(cats.slotOfPoint.at(0), (QList<int>{0, 1, 2}));
    QCOMPARE(cats.slotOfPoint.at(1), QList<int>());
    QCOMPARE(cats.slotOfPoint.at(2), (QList<int>{1}));

    const CategorySlots none = categorySlots(json::parse(R"({"title":"t"})"));
    QVERIFY(none.labels.isEmpty());
    QVERIFY(none.slotOfPoint.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ChartAxis)
#include "tst_chartaxis.moc"

#pragma once

// Card envelopes and card fixtures for tests. An envelope is {kind, specVersion: 1, payload} (seed 000);
// fixtures are files under tests/data/cards/<kind>/{valid,invalid}/ (format: tests/data/README.md).

#include <string_view>
#include <utility>

#include <QByteArray>
#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/transcript.h>

namespace Tessera::TestSupport {

// {kind, specVersion: 1, payload} built in code.
nlohmann::json envelope(std::string_view kind, const nlohmann::json &payload);
// The same as text, with the payload's bytes kept exactly as given (spacing, number spelling).
QByteArray envelopeText(const QByteArray &kind, const QByteArray &payload);
// A metric_chart envelope whose series s (named S0, S1, …) has the points (xs[p], y = p * 3 + s), the x
// values given as JSON text; viz is the suggestedViz ("" leaves it out), extra more payload members.
QByteArray chartText(const QByteArray &viz, const QList<QList<QByteArray>> &seriesXs, const QByteArray &extra = {});
// A metric_chart envelope with one series "A" of (x, y) points given as JSON number text.
QByteArray xyText(const QByteArray &viz, const QList<std::pair<QByteArray, QByteArray>> &points);
// Compact JSON text of a value.
QByteArray jsonText(const nlohmann::json &value);

// QCOMPARE for JSON values (QCOMPARE cannot take nlohmann::json: its conversion operators drag QTest's
// qfloat16 overloads in): compares the compact texts, so a failure prints both.
#define TESSERA_COMPARE_JSON(actual, expected)                                                                 \
    QCOMPARE(QString::fromStdString(nlohmann::json(actual).dump()), QString::fromStdString(nlohmann::json(expected).dump()))

// The card of an envelope a test means to be valid; an invalid one is still returned, with a warning
// naming its first issue, so the test's own checks fail with a reason.
Card validCard(const QByteArray &envelopeText);

// Every field a message and its cards carry (issue texts and pointers, number lexemes), as one text
// that compares equal only when they all do.
QString describedMessage(const Message &message);

enum class FixtureSet { Valid, Invalid };

struct CardFixture
{
    QString name; // "<kind>/<file name without .json>": the _data() row name
    QString kind; // the folder the file is in
    QByteArray envelopeText; // compact JSON text of the card envelope
    QList<ValidationIssue> expected; // Invalid: every issue, in order; Valid: none
    QString error; // why the fixture file itself could not be read; "" when it was
};

// Every fixture of the set, kind folder by kind folder, each folder's files by name.
QList<CardFixture> cardFixtures(FixtureSet set);

} // namespace Tessera::TestSupport

#pragma once

// What the kind table (cardkinds.cpp) points at: the per-kind rules, plain-text and Markdown forms.
// Internal to cards/: the rules live in cardvalidator.cpp (they share its schema walk), the text
// forms in kindplaintext.cpp and kindmarkdown.cpp.

#include <string>
#include <vector>

#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

namespace simdjson::dom {
class element;
}

namespace Tessera {

class Card;
struct ShallowSchema; // cardvalidator.cpp: the compiled shape of one item under CardKindInfo::shallowItems

// An issue found in a payload, its pointer relative to /payload ("/rows/3/flow").
struct PayloadFinding
{
    std::string pointer;
    QString message;
    bool wrongType = false; // a wrong type makes every other issue at the same place moot
};

// The payload in one of the two trees the rules read (cardvalidator.cpp): nlohmann's on the exact way,
// simdjson's tape on the clean one (CardValidator::readCleanEnvelope). Exactly one is set.
struct KindRuleInput
{
    const nlohmann::json *payload;
    const simdjson::dom::element *tapePayload;
    bool tooDeep;                       // the payload nests deeper than kMaxJsonDepth
    const ShallowSchema *shallowItems;  // compiled from CardKindInfo::shallowItems; may be null
};

namespace KindRule {
void dataTable(const KindRuleInput &input, std::vector<PayloadFinding> &found);
void itemList(const KindRuleInput &input, std::vector<PayloadFinding> &found);
void canvas(const KindRuleInput &input, std::vector<PayloadFinding> &found);
void metricChart(const KindRuleInput &input, std::vector<PayloadFinding> &found);
} // namespace KindRule

namespace KindPlainText {
void text(const Card &card, const nlohmann::json &payload, QStringList &lines);
void code(const Card &card, const nlohmann::json &payload, QStringList &lines);
void alert(const Card &card, const nlohmann::json &payload, QStringList &lines);
void detail(const Card &card, const nlohmann::json &payload, QStringList &lines);
void itemList(const Card &card, const nlohmann::json &payload, QStringList &lines);
void dataTable(const Card &card, const nlohmann::json &payload, QStringList &lines);
void metricChart(const Card &card, const nlohmann::json &payload, QStringList &lines);
void recommendActions(const Card &card, const nlohmann::json &payload, QStringList &lines);
void rawText(const Card &card, const nlohmann::json &payload, QStringList &lines);   // canvas
void textLines(const Card &card, const nlohmann::json &payload, QStringList &lines); // dialects
} // namespace KindPlainText

// CardKindInfo::findText: what the kind's renderer draws as text (kindfindtext.cpp); nullptr in a row:
// its plain-text form is what it draws.
namespace KindFindText {
void nothing(const Card &card, const nlohmann::json &payload, QStringList &lines); // canvas, metric_chart
void code(const Card &card, const nlohmann::json &payload, QStringList &lines);
void alert(const Card &card, const nlohmann::json &payload, QStringList &lines);
void detail(const Card &card, const nlohmann::json &payload, QStringList &lines);
void itemList(const Card &card, const nlohmann::json &payload, QStringList &lines);
void dataTable(const Card &card, const nlohmann::json &payload, QStringList &lines);
void recommendActions(const Card &card, const nlohmann::json &payload, QStringList &lines);
void jsonRender(const Card &card, const nlohmann::json &payload, QStringList &lines);
} // namespace KindFindText

namespace KindMarkdown {
QString text(const Card &card, const nlohmann::json &payload);
QString code(const Card &card, const nlohmann::json &payload);
QString alert(const Card &card, const nlohmann::json &payload);
QString detail(const Card &card, const nlohmann::json &payload);
QString itemList(const Card &card, const nlohmann::json &payload);
QString dataTable(const Card &card, const nlohmann::json &payload);
QString metricChart(const Card &card, const nlohmann::json &payload);
QString recommendActions(const Card &card, const nlohmann::json &payload);
QString canvas(const Card &card, const nlohmann::json &payload);
QString textLines(const Card &card, const nlohmann::json &payload); // dialects
} // namespace KindMarkdown

} // namespace Tessera

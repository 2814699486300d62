#pragma once

// A card: one envelope { kind, specVersion, payload } as received, plus what validation found.
// Seed 000 "Envelope": the tool stamps kind and specVersion (CARD_SPEC_VERSION is 1); the model
// supplies only the payload. PRODUCT.md §1: an invalid card is never dropped; it keeps its raw text
// and renders as a labeled fallback block.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace simdjson::dom {
class element;
}

namespace Tessera {

inline constexpr int kCardSpecVersion = 1;

// The kinds: the full enum and its table are in cardkinds.h, included only where kinds are named, so
// adding a kind does not rebuild every file that handles cards.
enum class CardKind : std::uint8_t;

// Names: the kind table's (cardkinds.h), then kinds registered by descriptor (Registered).
CardKind cardKindFromName(QStringView name);
QString cardKindName(CardKind kind); // "data_table", …; "" for Unknown and Registered (use Card::kindName)
QList<CardKind> knownCardKinds();    // the nine of seed 000, in catalog order

struct ValidationIssue
{
    QString pointer; // JSON Pointer into the envelope, e.g. "/payload/rows/3/flow"; "" is the envelope
    QString message; // short, lower-case sentence, e.g. "must be at most 120 characters"

    friend bool operator==(const ValidationIssue &, const ValidationIssue &) = default;
};

// Where a card came from, for the fallback label and for export.
enum class CardSource {
    ToolResult,    // a tool message's structured.card
    EmitCardCall,  // arguments of an emit_card tool call with no structured result
    RenderUiCall,  // arguments of a render_ui tool call with no structured result
    Wire,          // a live backend event (later issues)
    SendCardCall,  // arguments {spec, text} of a send_card tool call (seed 001) -> json_render
    ProseFence,    // a ```dorkos-ui fence inside assistant Markdown (seed 003) -> dorkos_ui; drawn in place
                   // inside the prose block, so the conversation model gives it no block of its own
};

class Card
{
public:
    Card(); // kind Unknown, no text

    // Parses and validates raw envelope text (UTF-8 JSON). Never throws; problems become issues.
    // With CardSource::ProseFence the text is a widget document and the envelope is stamped around it:
    // {"kind":"dorkos_ui","specVersion":1,"payload":<text>}, so pointers read "/payload/…" (seed 003).
    static Card fromEnvelopeText(const QByteArray &rawText, CardSource source = CardSource::ToolResult);
    // The same card as fromEnvelopeText(rawText, ToolResult), from the envelope already read out of its
    // line: `parsed` is what parseStrictJson reports for rawText (strictjson.h, takeSpanResult), so
    // the bytes are not parsed a second time (issue 17).
    static Card fromParsedEnvelope(const QByteArray &rawText, const struct StrictJsonResult &parsed);
    // The same card as fromEnvelopeText(rawText, ToolResult) when the clean way reads it whole (a valid
    // catalog card, CardValidator::readCleanEnvelope); nothing otherwise, having built nothing.
    static std::optional<Card> fromCleanEnvelopeText(const QByteArray &rawText);
    // The same, for an envelope already on simdjson's tape inside a line read clean whole (transcript.cpp).
    static std::optional<Card> fromCleanEnvelope(const QByteArray &rawText, const simdjson::dom::element &envelope);
    // Builds the envelope a tool would have broadcast from its call arguments (a JSON string):
    // emit_card {kind, payload} -> {kind, specVersion: 1, payload}; render_ui {...} -> canvas;
    // send_card {spec, text} -> json_render with payload = spec + "text" (jsonrenderspec.h).
    static Card fromToolCall(const QString &toolName, const QByteArray &argumentsText);
    // A card that could not even be parsed out of its line: kind as far as known, one issue.
    static Card unparseable(const QByteArray &rawText, const QString &kindName, const ValidationIssue &issue);

    QString kindName() const { return m_kindName; } // as received; "" when missing or not a string

    // Identity for the card lifecycle (seed 002, PRODUCT.md §4 card.update/card.decision). Set by the
    // transcript parser: structured.cardId when a string, else the tool message's tool_call_id, else the
    // call id of the tool call it was built from, else the line's id; a second and later card of one
    // line get "#2", "#3", …; a prose fence gets "<message id or line>#widget-N". "" when nothing names it.
    QString cardId() const { return m_cardId; }
    void setCardId(const QString &id) { m_cardId = id; }
    CardKind kind() const { return m_kind; }
    CardSource source() const { return m_source; }
    QByteArray rawText() const { return m_rawText; } // exactly as received
    const QList<ValidationIssue> &issues() const { return m_issues; }
    bool isValid() const { return m_issues.isEmpty(); }

    // The envelope parsed anew from the raw text (tool-call arguments stamped as the tool would), or a
    // null JSON value when the text cannot be parsed. Not cached: a 10,000-message conversation would
    // otherwise keep every card's tree in memory while only the few on screen are drawn from.
    // Like numberText and numberLexemes, it keeps the source digits a card read the clean way has not
    // found yet (a Card is used from one thread at a time, as Qt's reentrant classes are).
    nlohmann::json envelope() const;
    // envelope()["payload"] when it is an object, else a null JSON value. Parses: call it once per use.
    nlohmann::json payload() const;
    // The payload's "title" string, if any; used for labels and accessible names.
    QString title() const { return m_title; }

    // Display text for a number at an envelope pointer: the exact source digits when re-serialising
    // would change them (PRODUCT.md §1: "18446744073709551615 stays that"), else the JSON number text.
    QString numberText(const QString &pointer, const nlohmann::json &value) const;
    // The source digits kept, by envelope pointer: the numbers numberText shows as received.
    const QHash<QString, QString> &numberLexemes() const;

    // Re-runs validation with the running version's rules (seed 000's third validation point).
    void revalidate();

private:
    void parseAndValidate();
    // A tool result's or an emit_card call's card the clean way (CardValidator::readCleanEnvelope,
    // readCleanEmitCardArguments); false: take the exact way.
    bool readClean();
    // What the clean way found, kept; the lexemes are found when first asked (m_lexemesPending).
    void keepClean(const QString &kindName, CardKind kind, const QString &title);
    // A pointer into the parsed text as a pointer into the envelope built from it.
    QString envelopePointer(const std::string &pointer) const;
    // The lexemes `parsed` (of m_rawText) reports, kept by envelope pointer.
    void keepLexemes(const struct StrictJsonResult &parsed) const;
    // Validation of an envelope built from m_rawText (null when it did not parse; then `parsed` says why).
    void validateParsed(const struct StrictJsonResult &parsed, const std::shared_ptr<nlohmann::json> &envelope);
    // Parses m_rawText and builds the envelope from it; nullptr when the text is not JSON.
    std::shared_ptr<nlohmann::json> buildEnvelope(struct StrictJsonResult *parsed) const;

    QString m_kindName;
    QString m_cardId;
    CardKind m_kind; // set by the constructor: the enumerators are not visible here
    CardSource m_source = CardSource::ToolResult;
    QByteArray m_rawText;
    QString m_title;
    QList<ValidationIssue> m_issues;
    // Found while reading the exact way; the clean way (most cards) leaves them to the first use: only the
    // cards drawn or exported need their digits, and finding them is a fifth of reading a chart or a table.
    mutable QHash<QString, QString> m_numberLexemes;
    mutable bool m_lexemesPending = false;
    bool m_stampSpecVersion = false; // built from tool-call arguments
};

} // namespace Tessera

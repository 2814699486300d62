#pragma once

// Card kinds added at run time by descriptor files, without recompiling (seed 002: "kinds registered by
// descriptor … a plugin adds a kind … with a schema and a renderer name"; issue 6).
//
// A descriptor is one JSON file, <pluginsDir>/*.json:
//   { "kind": "release_gate",            // [a-z][a-z0-9_]{0,39}, not a built-in or dialect kind name
//     "renderer": "detail",              // a built-in renderer: text, code, alert, detail, item_list,
//                                        // data_table, metric_chart (never canvas)
//     "title": "Release gate",           // optional, for labels
//     "schema": { … JSON Schema draft 7 of the payload … },
//     "actions": [ { "id": "approve", "label": "Approve", "outcome": "approved" } ] }  // optional
// Actions make a decision card (seed 002): one button each; a press posts card.decision {cardId,
// action: id, outcome}. id [A-Za-z0-9_.-]{1,40}, unique; label 1–40 chars; outcome 1–60 chars, the id
// when absent; at most kMaxActions. Unknown members are ignored. Schema limits: cardvalidator.h
// (compilePayloadSchema: where "pattern" may appear).
// The payload must satisfy both the descriptor's schema and the chosen renderer's own schema, so the
// built-in renderer always gets a payload it can draw.
//
// Thread-safe (a read-write lock): registration happens at startup, lookups from any thread.

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>

namespace Tessera {

struct CardKindAction
{
    QString id;      // card.decision's action
    QString label;   // the button's text
    QString outcome; // card.decision's outcome

    friend bool operator==(const CardKindAction &, const CardKindAction &) = default;
};

struct CardKindDescriptor
{
    static constexpr int kMaxActions = 6;

    QString kind;
    CardKind renderer = CardKind::Unknown; // one of the built-in kinds it is drawn (and checked) as
    QString title;
    QString path; // the file it came from
    QList<CardKindAction> actions; // in the descriptor's order; empty: not a decision card
};

class CardKindRegistry
{
public:
    // Loads every *.json in dir (sorted by name). A bad descriptor is skipped with one line in *errors
    // ("release_gate.json: /renderer: must be one of: …"); the others still load. Returns how many loaded.
    static int loadDirectory(const QString &dir, QStringList *errors = nullptr);
    // One descriptor from its JSON text; false with a reason when it is refused.
    static bool registerDescriptor(const QByteArray &jsonText, const QString &origin, QString *error);
    static bool contains(QStringView kind);
    // A copy of the descriptor (kind empty when none).
    static CardKindDescriptor descriptor(QStringView kind);
    static QList<CardKindDescriptor> descriptors();
    // Payload issues for a registered kind (pointers under "/payload"); used by CardValidator.
    static void validatePayload(QStringView kind, const nlohmann::json &payload, QList<ValidationIssue> &issues);
    static void clear(); // tests
};

} // namespace Tessera

#pragma once

// The store's schema and its migrations (issue 4). The version lives in PRAGMA user_version.
//
//  v1  conversations(id, title, created_at, updated_at, source)
//      messages(conversation_id, seq, raw_line BLOB, role, created_at)
//  v2  + conversations.message_count, card_count (listing 1,000 conversations reads no messages)
//      + messages.turn_id, incomplete, card_count, search_text, card_call_ids, result_call_id
//      + turns(conversation_id, turn_id, started_at, completed_at, incomplete)
//      + indexes messages(conversation_id, turn_id), messages(conversation_id, result_call_id),
//        conversations(updated_at)
//  v3  + streamed(conversation_id, turn_id, piece, text): prose of a turn in progress, written as it
//        streams (PRODUCT.md §6); an assistant line of the turn clears it, and what a crash leaves is
//        turned into the turn's assistant line on the next open (ConversationStore::recoverStreamedProse)
//  v4  + conversations.title_by_user (a title the person gave: never replaced by an automatic one),
//        deleted_at (UTC text, NULL while kept: "Recently deleted" until emptied, issue 12)
//  v5  + conversations.system_prompt (the person's instructions for an OpenAI-compatible backend, sent
//        before Tessera's card rules; '' = none, issue 12)
// A migration runs in one transaction with the version bump: it happens whole or not at all.
// Fixture databases of every earlier version are in tests/data/store/ (tests/auto/storemigration).

#include <QList>
#include <QSet>
#include <QString>

#include <cards/transcript.h>

class QSqlDatabase;

namespace Tessera {

inline constexpr int kSchemaVersion = 5;
// A read-only open (no migration possible) reads databases from this version on: v3 only added a table
// that writes use, so a v2 file in a read-only data dir is still listed and opened. v4's columns are
// read as their defaults (not renamed by the person, not deleted) from an older file: the store's read
// code asks kFirstVersionWithDeletion before naming them; v5's system prompt likewise.
inline constexpr int kOldestReadableSchemaVersion = 2;
inline constexpr int kFirstVersionWithDeletion = 4;
inline constexpr int kFirstVersionWithSystemPrompt = 5; // older files read it as '' (none)
// PRAGMA application_id: "TSRA". A database with other tables and another id is foreign.
inline constexpr int kApplicationId = 0x54535241;

// Creates the current schema in an empty database (inside the caller's transaction).
bool createSchema(QSqlDatabase &db, QString *error);
// Migrates from `fromVersion` to kSchemaVersion, step by step (inside the caller's transaction).
bool migrateSchema(QSqlDatabase &db, int fromVersion, QString *error);

} // namespace Tessera

namespace Tessera {

// What the store keeps beside a raw line, derived from it (never the truth: the raw line is).
struct StoredLineFacts
{
    QString role;         // as received, "" when unreadable
    QString turnId;
    QString createdAt;    // the line's created_at, else empty (the caller stamps the arrival time)
    QString searchText;   // prose or ack, plus card titles, for search
    QString cardCallIds;  // ids of emit_card / render_ui calls drawn at this line, space separated
    QString resultCallId; // a tool result carrying a card or refusing its call: the call it answers
    int cardCount = 0;    // cards drawn at this line
};

// For a message whose card-tool calls are already resolved (Transcript::fromJsonLines or
// resolveCardCalls) against `answeredCalls`: its cards are the ones it draws.
StoredLineFacts storedLineFacts(const Message &message, const QSet<QString> &answeredCalls);

} // namespace Tessera

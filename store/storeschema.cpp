#include <store/storeschema.h>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace Tessera {

namespace {

bool exec(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery query(db);
    if (query.exec(sql))
        return true;
    if (error)
        *error = query.lastError().text() + QStringLiteral(" (") + sql.left(60) + QStringLiteral(")");
    return false;
}

bool execAll(QSqlDatabase &db, const QStringList &statements, QString *error)
{
    for (const QString &sql : statements) {
        if (!exec(db, sql, error))
            return false;
    }
    return true;
}

bool isCardTool(const QString &name)
{
    return isCardToolName(name);
}

// v2's additions, shared by createSchema (fresh) and the v1 -> v2 migration so both end the same.
const QStringList kV2Tables = {
    QStringLiteral("CREATE TABLE turns("
                   "conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE, "
                   "turn_id TEXT NOT NULL, "
                   "started_at TEXT NOT NULL, "
                   "completed_at TEXT, "
                   "incomplete INTEGER NOT NULL DEFAULT 0, "
                   "PRIMARY KEY(conversation_id, turn_id))"),
    QStringLiteral("CREATE INDEX messages_turn ON messages(conversation_id, turn_id)"),
    QStringLiteral("CREATE INDEX messages_result_call ON messages(conversation_id, result_call_id) "
                   "WHERE result_call_id IS NOT NULL"),
    QStringLiteral("CREATE INDEX conversations_updated ON conversations(updated_at)"),
};

// Recomputes the derived columns of v2 from the raw lines (the v1 -> v2 backfill).
bool backfillV2(QSqlDatabase &db, QString *error)
{
    QStringList ids;
    {
        QSqlQuery query(db);
        if (!query.exec(QStringLiteral("SELECT id FROM conversations"))) {
            *error = query.lastError().text();
            return false;
        }
        while (query.next())
            ids.append(query.value(0).toString());
    }
    for (const QString &id : std::as_const(ids)) {
        QList<Message> messages;
        QList<qint64> seqs;
        {
            QSqlQuery query(db);
            query.prepare(QStringLiteral("SELECT seq, raw_line FROM messages WHERE conversation_id = ? ORDER BY seq"));
            query.addBindValue(id);
            if (!query.exec()) {
                *error = query.lastError().text();
                return false;
            }
            while (query.next()) {
                seqs.append(query.value(0).toLongLong());
                messages.append(parseTranscriptLine(query.value(1).toByteArray(), int(seqs.last())));
            }
        }
        const QSet<QString> answered = answeredCardCalls(messages);
        resolveCardCalls(&messages, answered);
        int cards = 0;
        QSqlQuery update(db);
        update.prepare(QStringLiteral("UPDATE messages SET turn_id = ?, card_count = ?, search_text = ?, "
                                      "card_call_ids = ?, result_call_id = ? WHERE conversation_id = ? AND seq = ?"));
        for (int i = 0; i < messages.size(); ++i) {
            const StoredLineFacts facts = storedLineFacts(messages.at(i), answered);
            cards += facts.cardCount;
            update.addBindValue(facts.turnId.isEmpty() ? QVariant() : QVariant(facts.turnId));
            update.addBindValue(facts.cardCount);
            update.addBindValue(facts.searchText.isNull() ? QStringLiteral("") : facts.searchText);
            update.addBindValue(facts.cardCallIds.isEmpty() ? QVariant() : QVariant(facts.cardCallIds));
            update.addBindValue(facts.resultCallId.isEmpty() ? QVariant() : QVariant(facts.resultCallId));
            update.addBindValue(id);
            update.addBindValue(seqs.at(i));
            if (!update.exec()) {
                *error = update.lastError().text();
                return false;
            }
        }
        QSqlQuery counts(db);
        counts.prepare(QStringLiteral("UPDATE conversations SET message_count = ?, card_count = ? WHERE id = ?"));
        counts.addBindValue(int(messages.size()));
        counts.addBindValue(cards);
        counts.addBindValue(id);
        if (!counts.exec()) {
            *error = counts.lastError().text();
            return false;
        }
        // v1 had no turns: lines that name one become completed turns (a v1 store had no live turns).
        QSqlQuery turns(db);
        turns.prepare(QStringLiteral("INSERT OR IGNORE INTO turns(conversation_id, turn_id, started_at, completed_at) "
                                     "SELECT conversation_id, turn_id, MIN(created_at), MAX(created_at) FROM messages "
                                     "WHERE conversation_id = ? AND turn_id IS NOT NULL GROUP BY turn_id"));
        turns.addBindValue(id);
        if (!turns.exec()) {
            *error = turns.lastError().text();
            return false;
        }
    }
    return true;
}

// v3's addition, shared like kV2Tables.
const QStringList kV3Tables = {
    QStringLiteral("CREATE TABLE streamed("
                   "conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE, "
                   "turn_id TEXT NOT NULL, "
                   "piece INTEGER NOT NULL, "
                   "text TEXT NOT NULL, "
                   "PRIMARY KEY(conversation_id, turn_id, piece))"),
};

// v4's columns, added at the end of conversations by the migration and by createSchema alike.
const QStringList kV4Columns = {
    QStringLiteral("title_by_user INTEGER NOT NULL DEFAULT 0"),
    QStringLiteral("deleted_at TEXT"),
};

// v5's column, added at the end of conversations like v4's.
const QString kV5Column = QStringLiteral("system_prompt TEXT NOT NULL DEFAULT ''");

bool migrateV1ToV2(QSqlDatabase &db, QString *error)
{
    const QStringList alter = {
        QStringLiteral("ALTER TABLE conversations ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE conversations ADD COLUMN card_count INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN turn_id TEXT"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN card_count INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN search_text TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN card_call_ids TEXT"),
        QStringLiteral("ALTER TABLE messages ADD COLUMN result_call_id TEXT"),
    };
    return execAll(db, alter, error) && execAll(db, kV2Tables, error) && backfillV2(db, error)
        && exec(db, QStringLiteral("PRAGMA user_version = 2"), error);
}

bool migrateV2ToV3(QSqlDatabase &db, QString *error)
{
    return execAll(db, kV3Tables, error) && exec(db, QStringLiteral("PRAGMA user_version = 3"), error);
}

bool migrateV3ToV4(QSqlDatabase &db, QString *error)
{
    QStringList alter;
    for (const QString &column : kV4Columns)
        alter.append(QStringLiteral("ALTER TABLE conversations ADD COLUMN ") + column);
    return execAll(db, alter, error) && exec(db, QStringLiteral("PRAGMA user_version = 4"), error);
}

bool migrateV4ToV5(QSqlDatabase &db, QString *error)
{
    return exec(db, QStringLiteral("ALTER TABLE conversations ADD COLUMN ") + kV5Column, error)
        && exec(db, QStringLiteral("PRAGMA user_version = 5"), error);
}

} // namespace

bool createSchema(QSqlDatabase &db, QString *error)
{
    // Columns in the order a migrated v1 database ends up with, so both compare equal.
    const QStringList tables = {
        QStringLiteral("CREATE TABLE conversations("
                       "id TEXT PRIMARY KEY NOT NULL, "
                       "title TEXT NOT NULL, "
                       "created_at TEXT NOT NULL, "
                       "updated_at TEXT NOT NULL, "
                       "source TEXT NOT NULL DEFAULT '', "
                       "message_count INTEGER NOT NULL DEFAULT 0, "
                       "card_count INTEGER NOT NULL DEFAULT 0, ")
            + kV4Columns.join(QStringLiteral(", ")) + QStringLiteral(", ") + kV5Column + QLatin1Char(')'),
        QStringLiteral("CREATE TABLE messages("
                       "conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE, "
                       "seq INTEGER NOT NULL, "
                       "raw_line BLOB NOT NULL, "
                       "role TEXT NOT NULL DEFAULT '', "
                       "created_at TEXT NOT NULL, "
                       "turn_id TEXT, "
                       "incomplete INTEGER NOT NULL DEFAULT 0, "
                       "card_count INTEGER NOT NULL DEFAULT 0, "
                       "search_text TEXT NOT NULL DEFAULT '', "
                       "card_call_ids TEXT, "
                       "result_call_id TEXT, "
                       "PRIMARY KEY(conversation_id, seq))"),
    };
    return execAll(db, tables, error) && execAll(db, kV2Tables, error) && execAll(db, kV3Tables, error)
        && exec(db, QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId), error)
        && exec(db, QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion), error);
}

bool migrateSchema(QSqlDatabase &db, int fromVersion, QString *error)
{
    if (fromVersion < 1 || fromVersion > kSchemaVersion) {
        *error = QStringLiteral("no migration from schema version %1").arg(fromVersion);
        return false;
    }
    if (fromVersion == 1 && !migrateV1ToV2(db, error))
        return false;
    if (fromVersion <= 2 && !migrateV2ToV3(db, error))
        return false;
    if (fromVersion <= 3 && !migrateV3ToV4(db, error))
        return false;
    if (fromVersion <= 4 && !migrateV4ToV5(db, error))
        return false;
    return true;
}

StoredLineFacts storedLineFacts(const Message &message, const QSet<QString> &answeredCalls)
{
    StoredLineFacts facts;
    if (!message.isReadable())
        return facts;
    facts.role = message.roleName;
    facts.turnId = message.turnId;
    facts.createdAt = message.createdAt;
    facts.searchText = message.content;
    facts.cardCount = int(message.cards.size());
    for (const Card &card : message.cards) {
        if (!card.title().isEmpty())
            facts.searchText += QLatin1Char('\n') + card.title();
    }
    QStringList callIds;
    for (const ToolCall &call : message.toolCalls) {
        // Only the calls this line draws: an answered call draws at its result.
        if (isCardTool(call.name) && !call.id.isEmpty() && !answeredCalls.contains(call.id))
            callIds.append(call.id);
    }
    facts.cardCallIds = callIds.join(QLatin1Char(' '));
    if (message.role == MessageRole::Tool && (!message.cards.isEmpty() || message.refusesCall))
        facts.resultCallId = message.toolCallId; // the call draws here, or (refused) nowhere
    return facts;
}

} // namespace Tessera

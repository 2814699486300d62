#include <cards/toolcarddescriptor.h>

#include <QDir>
#include <QFile>
#include <QReadWriteLock>

#include <cards/cardkindregistry.h>
#include <cards/cardkinds.h>
#include <cards/logging.h>
#include <cards/strictjson.h>

namespace Tessera {

namespace {

using json = nlohmann::json;

constexpr qint64 kMaxFileBytes = 256 * 1024;

// A pointer split into unescaped tokens; false when it is not an RFC 6901 pointer.
bool splitPointer(const QString &pointer, QStringList *tokens)
{
    tokens->clear();
    if (pointer.isEmpty())
        return true;
    if (!pointer.startsWith(QLatin1Char('/')))
        return false;
    const QStringList raw = pointer.mid(1).split(QLatin1Char('/'));
    for (QString token : raw) {
        for (qsizetype i = token.indexOf(QLatin1Char('~')); i >= 0; i = token.indexOf(QLatin1Char('~'), i + 1)) {
            if (i + 1 >= token.size() || (token.at(i + 1) != QLatin1Char('0') && token.at(i + 1) != QLatin1Char('1')))
                return false;
        }
        token.replace(QLatin1String("~1"), QLatin1String("/"));
        token.replace(QLatin1String("~0"), QLatin1String("~"));
        tokens->append(token);
    }
    return true;
}

QString joinPointer(const QStringList &tokens)
{
    QString out;
    for (const QString &token : tokens)
        out += QLatin1Char('/') + QString::fromStdString(escapePointerToken(token.toStdString()));
    return out;
}

QString at(const QString &base, const std::string &key)
{
    return base + QLatin1Char('/') + QString::fromStdString(escapePointerToken(key));
}

bool fail(QString *error, const QString &pointer, const QString &message)
{
    *error = (pointer.isEmpty() ? QStringLiteral("(root)") : pointer) + QStringLiteral(": ") + message;
    return false;
}

// Checks a pointer of the descriptor; *stars is how many "*" tokens it has.
bool checkPointer(const QString &pointer, const QString &where, bool target, int *stars, QString *error)
{
    QStringList tokens;
    if (!splitPointer(pointer, &tokens))
        return fail(error, where, QStringLiteral("\"%1\" is not a JSON Pointer (\"\" or \"/a/b\", ~0 and ~1 escapes)").arg(pointer));
    if (target && tokens.isEmpty())
        return fail(error, where, QStringLiteral("a payload pointer names a member, not the whole payload"));
    *stars = int(tokens.count(QStringLiteral("*")));
    if (*stars > 1)
        return fail(error, where, QStringLiteral("\"%1\" has \"*\" more than once").arg(pointer));
    return true;
}

bool parseMapping(const std::string &key, const json &value, ToolCardMapping *mapping, QString *error)
{
    const QString where = at(QStringLiteral("/map"), key);
    mapping->target = QString::fromStdString(key);
    int targetStars = 0;
    if (!checkPointer(mapping->target, where, true, &targetStars, error))
        return false;
    QString sourceWhere = where;
    if (value.is_string()) {
        mapping->source = QString::fromStdString(value.get<std::string>());
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (it.key() != "from" && it.key() != "optional" && it.key() != "as")
                return fail(error, at(where, it.key()), QStringLiteral("is not a member of a mapping (from, optional, as)"));
        }
        if (!value.contains("from") || !value["from"].is_string())
            return fail(error, where + QStringLiteral("/from"), QStringLiteral("must be the source's JSON Pointer (a string)"));
        mapping->source = QString::fromStdString(value["from"].get<std::string>());
        sourceWhere = where + QStringLiteral("/from");
        if (value.contains("optional")) {
            if (!value["optional"].is_boolean())
                return fail(error, where + QStringLiteral("/optional"), QStringLiteral("must be true or false"));
            mapping->optional = value["optional"].get<bool>();
        }
        if (value.contains("as")) {
            if (value["as"] != "string")
                return fail(error, where + QStringLiteral("/as"), QStringLiteral("must be \"string\""));
            mapping->asString = true;
        }
    } else {
        return fail(error, where, QStringLiteral("must be the source's JSON Pointer or {\"from\", \"optional\", \"as\"}, not %1")
                                          .arg(QString::fromLatin1(value.type_name())));
    }
    int sourceStars = 0;
    if (!checkPointer(mapping->source, sourceWhere, false, &sourceStars, error))
        return false;
    if (sourceStars != targetStars)
        return fail(error, where, targetStars ? QStringLiteral("the target has \"*\" but its source %1 does not").arg(mapping->source)
                                              : QStringLiteral("the source %1 has \"*\" but the target does not").arg(mapping->source));
    return true;
}

// Reads the value at tokens (no "*") under root; nullptr when it is not there.
const json *resolve(const json &root, const QStringList &tokens, QString *reached)
{
    const json *node = &root;
    for (const QString &token : tokens) {
        *reached += QLatin1Char('/') + QString::fromStdString(escapePointerToken(token.toStdString()));
        if (node->is_object()) {
            const auto it = node->find(token.toStdString());
            if (it == node->end())
                return nullptr;
            node = &*it;
        } else if (node->is_array()) {
            bool ok = false;
            const qulonglong index = token.toULongLong(&ok);
            if (!ok || (token.size() > 1 && token.startsWith(QLatin1Char('0'))) || index >= node->size())
                return nullptr;
            node = &(*node)[std::size_t(index)];
        } else {
            return nullptr;
        }
    }
    return node;
}

// Writes value at tokens (array indexes where a token is a number given by the "*" expansion) under root,
// creating objects and arrays on the way. False with *why when a scalar is in the way or the place is taken.
bool place(json &root, const QStringList &tokens, const QList<bool> &isIndex, const json &value, QString *why)
{
    json *node = &root;
    for (int i = 0; i < tokens.size(); ++i) {
        const bool last = i + 1 == tokens.size();
        bool number = false;
        const qulonglong wanted = tokens.at(i).toULongLong(&number);
        number = number && !(tokens.at(i).size() > 1 && tokens.at(i).startsWith(QLatin1Char('0')));
        // A number names an array element (created as an array), as "*" does; digits are rarely a key.
        if (isIndex.at(i) || (number && (node->is_null() || node->is_array()))) {
            if (wanted >= qulonglong(ToolCardDescriptor::kMaxElements))
                return (*why = QStringLiteral("an index over %1 is not written").arg(ToolCardDescriptor::kMaxElements), false);
            if (node->is_null())
                *node = json::array();
            if (!node->is_array())
                return (*why = QStringLiteral("something other than an array is already there"), false);
            const std::size_t index = std::size_t(wanted);
            while (node->size() <= index)
                node->push_back(json());
            node = &(*node)[index];
        } else {
            if (node->is_null())
                *node = json::object();
            if (!node->is_object())
                return (*why = QStringLiteral("something other than an object is already there"), false);
            node = &(*node)[tokens.at(i).toStdString()];
        }
        if (last) {
            if (!node->is_null())
                return (*why = QStringLiteral("is written twice"), false);
            *node = value;
        }
    }
    return true;
}

struct Registry
{
    QReadWriteLock lock;
    QList<ToolCardDescriptor> descriptors;
};

Registry &registry()
{
    static Registry instance;
    return instance;
}

} // namespace

bool ToolCardDescriptor::parse(const QByteArray &text, ToolCardDescriptor *out, QString *error)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    if (!parsed.ok())
        return fail(error, QString::fromStdString(parsed.errorPointer), QStringLiteral("not valid JSON: %1").arg(QString::fromStdString(parsed.error)));
    if (!parsed.duplicateKeys.empty())
        return fail(error, QString::fromStdString(parsed.duplicateKeys.front()), QStringLiteral("is given twice"));
    const json &root = *parsed.value;
    if (!root.is_object())
        return fail(error, QString(), QStringLiteral("must be an object with \"tool\", \"kind\" and \"map\""));
    ToolCardDescriptor d;
    for (const char *member : {"tool", "kind"}) {
        if (!root.contains(member) || !root[member].is_string() || root[member].get<std::string>().empty())
            return fail(error, QLatin1Char('/') + QLatin1String(member), QStringLiteral("must be a non-empty string"));
    }
    d.tool = QString::fromStdString(root["tool"].get<std::string>());
    d.kind = QString::fromStdString(root["kind"].get<std::string>());
    if (root.contains("server")) {
        if (!root["server"].is_string())
            return fail(error, QStringLiteral("/server"), QStringLiteral("must be a server's name (a string)"));
        d.server = QString::fromStdString(root["server"].get<std::string>());
    }
    const CardKind kind = cardKindFromName(d.kind);
    if (kind == CardKind::Unknown || kind == CardKind::Canvas)
        return fail(error, QStringLiteral("/kind"), kind == CardKind::Canvas ? QStringLiteral("a tool result is never drawn as a canvas")
                                                                              : QStringLiteral("\"%1\" is not a card kind Tessera knows").arg(d.kind));
    if (root.contains("set")) {
        if (!root["set"].is_object())
            return fail(error, QStringLiteral("/set"), QStringLiteral("must be an object of payload pointers"));
        for (auto it = root["set"].begin(); it != root["set"].end(); ++it) {
            int stars = 0;
            if (!checkPointer(QString::fromStdString(it.key()), at(QStringLiteral("/set"), it.key()), true, &stars, error))
                return false;
            if (stars)
                return fail(error, at(QStringLiteral("/set"), it.key()), QStringLiteral("a fixed value has no \"*\""));
        }
        d.set = root["set"];
    }
    if (!root.contains("map") || !root["map"].is_object() || root["map"].empty())
        return fail(error, QStringLiteral("/map"), QStringLiteral("must be an object of payload pointer -> source pointer, with one at least"));
    if (root["map"].size() > std::size_t(kMaxMappings))
        return fail(error, QStringLiteral("/map"), QStringLiteral("has more than %1 pointers").arg(kMaxMappings));
    for (auto it = root["map"].begin(); it != root["map"].end(); ++it) { // sorted by target (nlohmann)
        ToolCardMapping mapping;
        if (!parseMapping(it.key(), it.value(), &mapping, error))
            return false;
        d.mappings.append(mapping);
    }
    *out = d;
    return true;
}

ToolCardOutcome cardFromToolResult(const ToolCardDescriptor &descriptor, const nlohmann::json &structuredContent)
{
    ToolCardOutcome outcome;
    auto failed = [&outcome](const QString &pointer, const QString &message) {
        outcome.pointer = pointer.isEmpty() ? QStringLiteral("(root)") : pointer;
        outcome.message = message;
        return outcome;
    };
    if (structuredContent.is_null())
        return failed(QString(), QStringLiteral("the result has no structuredContent"));
    json payload = json::object();
    QString why;
    for (auto it = descriptor.set.begin(); it != descriptor.set.end(); ++it) {
        QStringList tokens;
        splitPointer(QString::fromStdString(it.key()), &tokens);
        if (!place(payload, tokens, QList<bool>(tokens.size(), false), it.value(), &why))
            return failed(QStringLiteral("/payload") + QString::fromStdString(it.key()), why);
    }
    for (const ToolCardMapping &mapping : descriptor.mappings) {
        QStringList source;
        QStringList target;
        splitPointer(mapping.source, &source);
        splitPointer(mapping.target, &target);
        const qsizetype sourceStar = source.indexOf(QStringLiteral("*"));
        const qsizetype targetStar = target.indexOf(QStringLiteral("*"));
        std::size_t count = 1;
        if (sourceStar >= 0) {
            QString reached;
            const json *array = resolve(structuredContent, source.mid(0, sourceStar), &reached);
            if (!array || !array->is_array())
                return failed(joinPointer(source.mid(0, sourceStar)),
                              array ? QStringLiteral("must be an array, not %1").arg(QString::fromLatin1(array->type_name()))
                                    : QStringLiteral("is missing"));
            if (array->size() > std::size_t(ToolCardDescriptor::kMaxElements))
                return failed(joinPointer(source.mid(0, sourceStar)),
                              QStringLiteral("has more than %1 elements").arg(ToolCardDescriptor::kMaxElements));
            count = array->size();
        }
        for (std::size_t i = 0; i < count; ++i) {
            QStringList from = source;
            QStringList to = target;
            QList<bool> isIndex(to.size(), false);
            if (sourceStar >= 0) {
                from[sourceStar] = QString::number(i);
                to[targetStar] = QString::number(i);
                isIndex[targetStar] = true;
            }
            QString reached;
            const json *value = resolve(structuredContent, from, &reached);
            if (!value || value->is_null()) {
                if (mapping.optional)
                    continue;
                return failed(joinPointer(from), QStringLiteral("is missing"));
            }
            json written = *value;
            if (mapping.asString && !value->is_string()) {
                if (!value->is_number() && !value->is_boolean())
                    return failed(joinPointer(from), QStringLiteral("must be a string, number or boolean, not %1").arg(QString::fromLatin1(value->type_name())));
                written = value->dump();
            }
            if (!place(payload, to, isIndex, written, &why))
                return failed(QStringLiteral("/payload") + joinPointer(to), why);
        }
    }
    const json envelope = {{"kind", descriptor.kind.toStdString()}, {"specVersion", kCardSpecVersion}, {"payload", payload}};
    outcome.card = Card::fromEnvelopeText(QByteArray::fromStdString(envelope.dump(-1, ' ', false, json::error_handler_t::replace)),
                                          CardSource::ToolResult);
    if (!outcome.card.isValid()) {
        const ValidationIssue &issue = outcome.card.issues().first();
        return failed(issue.pointer, QStringLiteral("the card is not valid: ") + issue.message);
    }
    outcome.ok = true;
    return outcome;
}

int ToolCardDescriptors::loadDirectory(const QString &dir, QStringList *errors)
{
    const QDir directory(dir);
    if (!directory.exists())
        return 0;
    int loaded = 0;
    const QStringList names = directory.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &name : names) {
        QFile file(directory.filePath(name));
        QString error;
        ToolCardDescriptor descriptor;
        if (file.size() > kMaxFileBytes) {
            error = QStringLiteral("is larger than %1 KiB").arg(kMaxFileBytes / 1024);
        } else if (!file.open(QIODevice::ReadOnly)) {
            error = QStringLiteral("cannot be read: ") + file.errorString();
        } else if (ToolCardDescriptor::parse(file.readAll(), &descriptor, &error)) {
            descriptor.path = file.fileName();
            QWriteLocker locker(&registry().lock);
            registry().descriptors.append(descriptor);
            ++loaded;
            qCInfo(lcCards, "tool-card descriptor %s: %s%s -> %s", qPrintable(name),
                   qPrintable(descriptor.server.isEmpty() ? QString() : descriptor.server + QStringLiteral(" ")),
                   qPrintable(descriptor.tool), qPrintable(descriptor.kind));
            continue;
        }
        qCWarning(lcCards, "tool-card descriptor %s not loaded: %s", qPrintable(name), qPrintable(error));
        if (errors)
            errors->append(name + QStringLiteral(": ") + error);
    }
    return loaded;
}

bool ToolCardDescriptors::find(const QString &server, const QString &tool, ToolCardDescriptor *out)
{
    QReadLocker locker(&registry().lock);
    const ToolCardDescriptor *anyServer = nullptr;
    for (const ToolCardDescriptor &d : std::as_const(registry().descriptors)) {
        if (d.tool != tool)
            continue;
        if (d.server == server) {
            *out = d;
            return true;
        }
        if (d.server.isEmpty() && !anyServer)
            anyServer = &d;
    }
    if (anyServer)
        *out = *anyServer;
    return anyServer != nullptr;
}

QList<ToolCardDescriptor> ToolCardDescriptors::all()
{
    QReadLocker locker(&registry().lock);
    return registry().descriptors;
}

void ToolCardDescriptors::clear()
{
    QWriteLocker locker(&registry().lock);
    registry().descriptors.clear();
}

} // namespace Tessera

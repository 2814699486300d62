#include <cards/cardkindregistry.h>

#include <algorithm>
#include <memory>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QReadWriteLock>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <cards/cardvalidator.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

constexpr qint64 kMaxDescriptorBytes = 1024 * 1024; // a descriptor is a schema, not data
constexpr int kMaxTitleChars = 80;
constexpr int kMaxLabelChars = 40;
constexpr int kMaxOutcomeChars = 60;

// The renderers a descriptor may name: the catalog's data kinds. Never canvas (it runs HTML, not a
// payload shape) and never recommend_actions (its pills are prompts, not decisions).
constexpr CardKind kRenderers[] = {CardKind::Text,   CardKind::Code,     CardKind::Alert,      CardKind::Detail,
                                   CardKind::ItemList, CardKind::DataTable, CardKind::MetricChart};

struct Entry
{
    CardKindDescriptor descriptor;
    std::shared_ptr<const CardValidator::CompiledSchema> schema;
};

QReadWriteLock &registryLock()
{
    static QReadWriteLock lock;
    return lock;
}

QHash<QString, Entry> &registry() // guarded by registryLock()
{
    static QHash<QString, Entry> entries;
    return entries;
}

QString rendererNames()
{
    QStringList names;
    for (CardKind kind : kRenderers)
        names.append(cardKindName(kind));
    return names.join(QStringLiteral(", "));
}

QString issueText(const ValidationIssue &issue)
{
    return issue.pointer.isEmpty() ? issue.message : issue.pointer + QStringLiteral(": ") + issue.message;
}

int codePoints(const QString &text)
{
    int n = 0;
    for (qsizetype i = 0; i < text.size(); ++i)
        n += !text.at(i).isLowSurrogate();
    return n;
}

// A member that must be a non-empty string of at most `max` code points; false with *error when not.
bool readText(const json &object, const char *key, const QString &at, int max, bool required, QString *out,
              ValidationIssue *error)
{
    const auto it = object.find(key);
    const QString pointer = at + QLatin1Char('/') + QLatin1String(key);
    if (it == object.end()) {
        if (required)
            *error = {pointer, QStringLiteral("is required")};
        return !required;
    }
    if (!it->is_string()) {
        *error = {pointer, QStringLiteral("must be a string")};
        return false;
    }
    *out = fromStdString(it->get_ref<const std::string &>());
    if (out->isEmpty()) {
        *error = {pointer, QStringLiteral("must not be empty")};
        return false;
    }
    if (codePoints(*out) > max) {
        *error = {pointer, QStringLiteral("must be at most %1 characters").arg(max)};
        return false;
    }
    return true;
}

bool readActions(const json &root, QList<CardKindAction> *actions, ValidationIssue *error)
{
    const auto it = root.find("actions");
    if (it == root.end())
        return true;
    if (!it->is_array()) {
        *error = {QStringLiteral("/actions"), QStringLiteral("must be an array")};
        return false;
    }
    if (it->size() > std::size_t(CardKindDescriptor::kMaxActions)) {
        *error = {QStringLiteral("/actions"),
                  QStringLiteral("must have at most %1 items").arg(CardKindDescriptor::kMaxActions)};
        return false;
    }
    static const QRegularExpression idShape(QStringLiteral("^[A-Za-z0-9_.-]{1,40}$"));
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &one = (*it)[i];
        const QString at = QStringLiteral("/actions/%1").arg(i);
        if (!one.is_object()) {
            *error = {at, QStringLiteral("must be an object")};
            return false;
        }
        CardKindAction action;
        if (!readText(one, "id", at, 40, true, &action.id, error))
            return false;
        if (!idShape.match(action.id).hasMatch()) {
            *error = {at + QStringLiteral("/id"), QStringLiteral("must contain only letters, digits, '_', '.' and '-'")};
            return false;
        }
        for (const CardKindAction &earlier : std::as_const(*actions)) {
            if (earlier.id == action.id) {
                *error = {at + QStringLiteral("/id"), QStringLiteral("must be unique (\"%1\" appears twice)").arg(action.id)};
                return false;
            }
        }
        if (!readText(one, "label", at, kMaxLabelChars, true, &action.label, error))
            return false;
        if (!readText(one, "outcome", at, kMaxOutcomeChars, false, &action.outcome, error))
            return false;
        if (action.outcome.isEmpty())
            action.outcome = action.id;
        actions->append(action);
    }
    return true;
}

// Everything but the checks that need the registry (name taken); false with *error when refused.
bool parseDescriptor(const QByteArray &jsonText, Entry *entry, ValidationIssue *error)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(jsonText.constData(), size_t(jsonText.size())));
    if (!parsed.ok()) {
        *error = {fromStdString(parsed.errorPointer), QStringLiteral("not valid JSON: ") + fromStdString(parsed.error)};
        return false;
    }
    if (!parsed.duplicateKeys.empty()) {
        *error = {fromStdString(parsed.duplicateKeys.front()), QStringLiteral("key appears more than once")};
        return false;
    }
    const json &root = *parsed.value;
    if (!root.is_object()) {
        *error = {QString(), QStringLiteral("must be an object")};
        return false;
    }
    CardKindDescriptor &d = entry->descriptor;

    if (!readText(root, "kind", QString(), 40, true, &d.kind, error))
        return false;
    static const QRegularExpression kindShape(QStringLiteral("^[a-z][a-z0-9_]{0,39}$"));
    if (!kindShape.match(d.kind).hasMatch()) {
        *error = {QStringLiteral("/kind"),
                  QStringLiteral("must be a lower-case name: a letter, then letters, digits or '_' ([a-z][a-z0-9_]{0,39})")};
        return false;
    }

    QString renderer;
    if (!readText(root, "renderer", QString(), 40, true, &renderer, error))
        return false;
    const CardKind rendererKind = cardKindFromName(renderer);
    if (rendererKind == CardKind::Canvas) {
        *error = {QStringLiteral("/renderer"),
                  QStringLiteral("canvas cannot draw a registered kind (it runs HTML, not a payload); use one of: ") +
                      rendererNames()};
        return false;
    }
    if (std::find(std::begin(kRenderers), std::end(kRenderers), rendererKind) == std::end(kRenderers)) {
        *error = {QStringLiteral("/renderer"), QStringLiteral("must be one of: ") + rendererNames()};
        return false;
    }
    d.renderer = rendererKind;

    if (!readText(root, "title", QString(), kMaxTitleChars, false, &d.title, error))
        return false;
    if (!readActions(root, &d.actions, error))
        return false;

    const auto schema = root.find("schema");
    if (schema == root.end()) {
        *error = {QStringLiteral("/schema"), QStringLiteral("is required")};
        return false;
    }
    ValidationIssue schemaError;
    entry->schema = CardValidator::compilePayloadSchema(*schema, &schemaError);
    if (!entry->schema) {
        *error = {QStringLiteral("/schema") + schemaError.pointer, schemaError.message};
        return false;
    }
    return true;
}

} // namespace

int CardKindRegistry::loadDirectory(const QString &dir, QStringList *errors)
{
    const QDir directory(dir);
    if (!directory.exists()) {
        if (errors)
            errors->append(QStringLiteral("%1: no such directory").arg(QDir::toNativeSeparators(dir)));
        return 0;
    }
    int loaded = 0;
    const QStringList names = directory.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &name : names) {
        QFile file(directory.filePath(name));
        QString error;
        if (file.size() > kMaxDescriptorBytes) {
            error = QStringLiteral("is larger than %1 KiB").arg(kMaxDescriptorBytes / 1024);
        } else if (!file.open(QIODevice::ReadOnly)) {
            error = QStringLiteral("cannot be read: ") + file.errorString();
        } else if (registerDescriptor(file.readAll(), file.fileName(), &error)) {
            ++loaded;
            continue;
        }
        if (errors)
            errors->append(name + QStringLiteral(": ") + error);
    }
    return loaded;
}

bool CardKindRegistry::registerDescriptor(const QByteArray &jsonText, const QString &origin, QString *error)
{
    Entry entry;
    ValidationIssue issue;
    if (!parseDescriptor(jsonText, &entry, &issue)) {
        if (error)
            *error = issueText(issue);
        return false;
    }
    entry.descriptor.path = origin;
    const QString kind = entry.descriptor.kind;
    // Built-in and dialect names are resolved before the registry is asked, so they can never be replaced.
    const CardKind existing = cardKindFromName(kind);
    if (existing != CardKind::Unknown && existing != CardKind::Registered) {
        if (error)
            *error = QStringLiteral("/kind: \"%1\" is a built-in kind").arg(kind);
        return false;
    }
    QWriteLocker locker(&registryLock());
    if (const auto it = registry().constFind(kind); it != registry().constEnd()) {
        if (error)
            *error = QStringLiteral("/kind: \"%1\" is already registered by %2")
                         .arg(kind, QFileInfo(it->descriptor.path).fileName());
        return false;
    }
    registry().insert(kind, std::move(entry));
    return true;
}

bool CardKindRegistry::contains(QStringView kind)
{
    QReadLocker locker(&registryLock());
    return registry().contains(kind.toString());
}

CardKindDescriptor CardKindRegistry::descriptor(QStringView kind)
{
    QReadLocker locker(&registryLock());
    return registry().value(kind.toString()).descriptor;
}

QList<CardKindDescriptor> CardKindRegistry::descriptors()
{
    QList<CardKindDescriptor> all;
    {
        QReadLocker locker(&registryLock());
        for (const Entry &entry : std::as_const(registry()))
            all.append(entry.descriptor);
    }
    std::sort(all.begin(), all.end(), [](const CardKindDescriptor &a, const CardKindDescriptor &b) { return a.kind < b.kind; });
    return all;
}

void CardKindRegistry::validatePayload(QStringView kind, const json &payload, QList<ValidationIssue> &issues)
{
    Entry entry;
    {
        QReadLocker locker(&registryLock());
        entry = registry().value(kind.toString());
    }
    if (!entry.schema) {
        issues.append({QStringLiteral("/kind"), QStringLiteral("\"%1\" is no longer registered").arg(kind)});
        return;
    }
    // Outside the lock: the compiled schema is immutable and shared.
    CardValidator::validateRegisteredPayload(*entry.schema, entry.descriptor.renderer, payload, issues);
}

void CardKindRegistry::clear()
{
    QWriteLocker locker(&registryLock());
    registry().clear();
}

} // namespace Tessera

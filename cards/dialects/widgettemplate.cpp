#include <cards/dialects/widgettemplate.h>

#include <algorithm>
#include <string>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

bool isNameChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'-'
        || c == u'_' || c == u'.';
}

// A string member that must be there and not be empty; nullptr (with an issue) otherwise.
const std::string *requiredString(const json &object, const char *key, QList<ValidationIssue> &issues)
{
    const QString pointer = QLatin1Char('/') + QLatin1String(key);
    auto it = object.find(key);
    if (it == object.end()) {
        issues.append({pointer, QStringLiteral("is required")});
        return nullptr;
    }
    if (!it->is_string()) {
        issues.append({pointer, QStringLiteral("must be a string")});
        return nullptr;
    }
    if (it->get_ref<const std::string &>().empty()) {
        issues.append({pointer, QStringLiteral("must not be empty")});
        return nullptr;
    }
    return &it->get_ref<const std::string &>();
}

// Every placeholder name in the document's strings, each once, in the order the document holds them. The parser bounds the
// nesting (kMaxJsonDepth), so the recursion is bounded too.
void collectPlaceholders(const json &value, QStringList &names)
{
    if (value.is_string()) {
        for (const QString &name : widgetPlaceholderNames(value.get_ref<const std::string &>())) {
            if (!names.contains(name))
                names.append(name);
        }
    } else if (value.is_structured()) {
        for (const json &child : value)
            collectPlaceholders(child, names);
    }
}

} // namespace

QString WidgetTemplateProblem::line() const
{
    return pointer.isEmpty() ? QStringLiteral("%1: %2").arg(file, message)
                             : QStringLiteral("%1: %2: %3").arg(file, pointer, message);
}

QList<ValidationIssue> checkWidgetTemplate(const QByteArray &bytes, WidgetTemplate *out)
{
    QList<ValidationIssue> issues;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!parsed.ok()) {
        issues.append({fromStdString(parsed.errorPointer), QStringLiteral("not JSON: ") + fromStdString(parsed.error)});
        return issues;
    }
    for (const std::string &pointer : parsed.duplicateKeys)
        issues.append({fromStdString(pointer), QStringLiteral("is given twice")});
    const json &root = *parsed.value;
    if (!root.is_object()) {
        issues.append({QString(), QStringLiteral("must be an object {name, description, document}")});
        return issues;
    }
    QString name;
    if (const std::string *n = requiredString(root, "name", issues)) {
        name = fromStdString(*n);
        if (name.size() > kWidgetTemplateMaxName)
            issues.append({QStringLiteral("/name"), QStringLiteral("must be at most %1 characters").arg(kWidgetTemplateMaxName)});
        else if (!std::all_of(name.cbegin(), name.cend(), isNameChar))
            issues.append({QStringLiteral("/name"), QStringLiteral("may hold only letters, digits, -, _ and .")});
    }
    QString description;
    if (const std::string *d = requiredString(root, "description", issues)) {
        description = fromStdString(*d);
        if (description.toUcs4().size() > kWidgetTemplateMaxDescription)
            issues.append({QStringLiteral("/description"),
                           QStringLiteral("must be at most %1 characters").arg(kWidgetTemplateMaxDescription)});
    }
    auto document = root.find("document");
    if (document == root.end())
        issues.append({QStringLiteral("/document"), QStringLiteral("is required")});
    else
        validateWidgetTemplateDocument(*document, issues);
    if (issues.isEmpty() && out) {
        out->name = name;
        out->description = description;
        out->documentJson = QByteArray::fromStdString(document->dump(-1, ' ', false, json::error_handler_t::replace));
        out->placeholders.clear();
        collectPlaceholders(*document, out->placeholders);
    }
    return issues;
}

WidgetTemplateSet loadWidgetTemplates(const QString &personalityDir)
{
    WidgetTemplateSet set;
    const QFileInfo dirInfo(personalityDir);
    if (!dirInfo.isDir() || !dirInfo.isReadable()) {
        set.readable = false;
        set.unreadable = QStringLiteral("%1: not a readable directory").arg(personalityDir);
        return set;
    }
    const QDir ui(QDir(personalityDir).filePath(QStringLiteral("ui")));
    const QFileInfo uiInfo(ui.path());
    if (!uiInfo.exists() && !uiInfo.isSymLink())
        return set; // a personality without widget templates
    if (!uiInfo.isDir()) {
        // A file (or a broken link) named ui is a mistake, not "no templates".
        set.readable = false;
        set.unreadable = QStringLiteral("ui: is not a directory");
        return set;
    }
    QStringList files = ui.entryList({QStringLiteral("*.widget.json")}, QDir::Files | QDir::Readable | QDir::Hidden
                                         | QDir::System, QDir::Name);
    // Files QDir leaves out as unreadable are still files: they must not pass unnoticed.
    const QStringList all = ui.entryList({QStringLiteral("*.widget.json")}, QDir::Files | QDir::Hidden | QDir::System,
                                         QDir::Name);
    // Only regular files (or links to one) are opened: opening a FIFO waits for a writer forever, a
    // device may never end. Each other entry is one problem, named, never opened.
    QStringList regular;
    for (const QString &file : all) {
        if (QFileInfo(ui.filePath(file)).isFile()) {
            regular.append(file);
            continue;
        }
        set.problems.append({QStringLiteral("ui/") + file, QString(), QStringLiteral("is not a regular file: not opened")});
        files.removeAll(file);
    }
    for (const QString &file : std::as_const(regular)) {
        if (!files.contains(file)) {
            set.readable = false;
            set.unreadable = QStringLiteral("ui/%1: cannot be read").arg(file);
            return set;
        }
    }
    if (files.size() > kWidgetTemplateMaxFiles) {
        set.problems.append({QStringLiteral("ui/"), QString(),
                             QStringLiteral("holds %1 templates: at most %2 are read").arg(files.size()).arg(kWidgetTemplateMaxFiles)});
        files = files.first(kWidgetTemplateMaxFiles);
    }
    for (const QString &fileName : std::as_const(files)) {
        const QString shown = QStringLiteral("ui/") + fileName;
        QFile file(ui.filePath(fileName));
        if (!file.open(QIODevice::ReadOnly)) {
            set.readable = false;
            set.unreadable = QStringLiteral("%1: cannot be read: %2").arg(shown, file.errorString());
            return set;
        }
        if (file.size() > kWidgetTemplateMaxBytes) {
            set.problems.append({shown, QString(), QStringLiteral("is %1 bytes: a template may have at most %2")
                                                       .arg(file.size()).arg(kWidgetTemplateMaxBytes)});
            continue;
        }
        WidgetTemplate widgetTemplate;
        const QList<ValidationIssue> issues = checkWidgetTemplate(file.read(kWidgetTemplateMaxBytes + 1), &widgetTemplate);
        for (const ValidationIssue &issue : issues)
            set.problems.append({shown, issue.pointer, issue.message});
        if (!issues.isEmpty())
            continue;
        const auto taken = std::find_if(set.templates.cbegin(), set.templates.cend(),
                                        [&](const WidgetTemplate &t) { return t.name == widgetTemplate.name; });
        if (taken != set.templates.cend()) {
            set.problems.append({shown, QStringLiteral("/name"),
                                 QStringLiteral("\"%1\" is the name of %2 already").arg(widgetTemplate.name, taken->file)});
            continue;
        }
        widgetTemplate.file = shown;
        set.templates.append(widgetTemplate);
    }
    return set;
}

} // namespace Tessera

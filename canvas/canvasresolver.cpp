#include <canvas/canvasresolver.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>

namespace Tessera {

namespace {

QString stringMember(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return {};
    const std::string &text = it->get_ref<const std::string &>();
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

CanvasSource refused(CanvasSource source, CanvasRefusal refusal, const QString &reason)
{
    source.refusal = refusal;
    source.reason = reason;
    source.html.clear();
    return source;
}

// Reads ui/<name>.html inside dir; fills source.html or refuses.
CanvasSource readTemplate(CanvasSource source, const QString &personalityDir)
{
    if (personalityDir.isEmpty())
        return refused(source, CanvasRefusal::NotAvailable, QStringLiteral("no personality directory is set"));
    const QString root = QFileInfo(personalityDir).canonicalFilePath();
    if (root.isEmpty() || !QFileInfo(root).isDir())
        return refused(source, CanvasRefusal::NotAvailable,
                       QStringLiteral("the personality directory cannot be resolved"));
    const QString relative = QStringLiteral("ui/") + source.templateName + QStringLiteral(".html");
    const QString path = QDir(root).filePath(relative);
    const QFileInfo info(path);
    if (!info.exists())
        return refused(source, CanvasRefusal::NotAvailable, QStringLiteral("template %1 does not exist").arg(relative));
    // Symlinks (the file or ui/ itself) must not lead outside the personality directory.
    const QString canonical = info.canonicalFilePath();
    const QString rootPrefix = root.endsWith(QLatin1Char('/')) ? root : root + QLatin1Char('/');
    if (canonical.isEmpty() || !canonical.startsWith(rootPrefix))
        return refused(source, CanvasRefusal::NotAvailable,
                       QStringLiteral("template %1 is outside the personality directory").arg(relative));
    const QFileInfo target(canonical);
    // It exists and is in reach, but is no regular file (a directory, a device): it cannot be read.
    if (!target.isFile())
        return refused(source, CanvasRefusal::ExecutionFailed,
                       QStringLiteral("template %1 could not be read: not a regular file").arg(relative));
    if (target.size() == 0)
        return refused(source, CanvasRefusal::NotAvailable, QStringLiteral("template %1 is empty").arg(relative));
    // A UTF-8 character is at most 4 bytes: anything larger cannot be within the cap.
    if (target.size() > 4 * kCanvasHtmlMaxChars)
        return refused(source, CanvasRefusal::InputInvalid,
                       QStringLiteral("template %1 is over %2 characters").arg(relative).arg(kCanvasHtmlMaxChars));
    QFile file(canonical);
    if (!file.open(QIODevice::ReadOnly))
        return refused(source, CanvasRefusal::ExecutionFailed,
                       QStringLiteral("template %1 could not be read: %2").arg(relative, file.errorString()));
    const QByteArray bytes = file.read(4 * kCanvasHtmlMaxChars + 1);
    if (file.error() != QFileDevice::NoError)
        return refused(source, CanvasRefusal::ExecutionFailed,
                       QStringLiteral("template %1 could not be read: %2").arg(relative, file.errorString()));
    if (bytes.isEmpty())
        return refused(source, CanvasRefusal::NotAvailable, QStringLiteral("template %1 is empty").arg(relative));
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString html = decoder(bytes);
    if (decoder.hasError())
        return refused(source, CanvasRefusal::InputInvalid, QStringLiteral("template %1 is not UTF-8").arg(relative));
    if (html.size() > kCanvasHtmlMaxChars)
        return refused(source, CanvasRefusal::InputInvalid,
                       QStringLiteral("template %1 is over %2 characters").arg(relative).arg(kCanvasHtmlMaxChars));
    source.html = html;
    return source;
}

} // namespace

QString canvasRefusalCode(CanvasRefusal refusal)
{
    switch (refusal) {
    case CanvasRefusal::None:
        return {};
    case CanvasRefusal::NotAvailable:
        return QStringLiteral("not_available");
    case CanvasRefusal::InputInvalid:
        return QStringLiteral("input_invalid");
    case CanvasRefusal::ExecutionFailed:
        return QStringLiteral("execution_failed");
    }
    return {};
}

CanvasSource resolveCanvas(const Card &card, const QString &personalityDir)
{
    CanvasSource source;
    source.title = card.title();
    source.dataJson = QByteArrayLiteral("null");
    if (card.kind() != CardKind::Canvas)
        return refused(source, CanvasRefusal::InputInvalid, QStringLiteral("not a canvas card"));
    if (!card.isValid()) {
        const ValidationIssue &issue = card.issues().constFirst();
        return refused(source, CanvasRefusal::InputInvalid,
                       issue.pointer.isEmpty() ? issue.message : issue.pointer + QStringLiteral(": ") + issue.message);
    }
    const nlohmann::json payload = card.payload();
    if (!payload.is_object())
        return refused(source, CanvasRefusal::InputInvalid, QStringLiteral("the payload is not an object"));
    if (const auto data = payload.find("data"); data != payload.end()) {
        // The validator has checked the size; dump() escapes nothing a script needs (see canvasdocument).
        const std::string text = data->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        source.dataJson = QByteArray(text.data(), qsizetype(text.size()));
    }
    if (const auto libraries = payload.find("libraries"); libraries != payload.end() && libraries->is_array()) {
        for (const nlohmann::json &library : *libraries) {
            if (library.is_string())
                source.libraries.append(QString::fromStdString(library.get<std::string>()));
        }
    }
    source.templateName = stringMember(payload, "template");
    if (source.templateName.isEmpty()) {
        source.html = stringMember(payload, "html");
        if (source.html.isEmpty())
            return refused(source, CanvasRefusal::InputInvalid, QStringLiteral("must have html or template"));
        return source;
    }
    return readTemplate(source, personalityDir);
}

} // namespace Tessera

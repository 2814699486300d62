#include <export/cardexporter.h>

#include <array>

#include <cards/card.h>
#include <export/exportelements.h>
#include <export/exportmapping.h>
#include <export/logging.h>
#include <export/surfacewriters.h>

namespace Tessera {

namespace {

constexpr std::array<ExportSurfaceInfo, 5> kSurfaces{{
    {ExportSurface::Slack, "slack", "Slack", &writeSlack},
    {ExportSurface::Teams, "teams", "Teams", &writeTeams},
    {ExportSurface::WhatsApp, "whatsapp", "WhatsApp", &writeWhatsApp},
    {ExportSurface::Telegram, "telegram", "Telegram", &writeTelegram},
    {ExportSurface::Markdown, "markdown", "Markdown", &writeMarkdown},
}};

constexpr bool surfacesInEnumOrder()
{
    for (std::size_t i = 0; i < kSurfaces.size(); ++i) {
        if (std::size_t(kSurfaces[i].surface) != i)
            return false;
    }
    return true;
}
static_assert(surfacesInEnumOrder(), "kSurfaces rows must be in ExportSurface order");

} // namespace

int codePointCount(const QString &text)
{
    int n = 0;
    for (const QChar c : text)
        n += c.isLowSurrogate() ? 0 : 1;
    return n;
}

int utf8ByteCount(const QString &text)
{
    return int(text.toUtf8().size());
}

int ExportCard::buttonCount() const
{
    int n = 0;
    for (const ExportElement &e : elements) {
        for (const ExportButton &b : e.buttons)
            n += b.isLink ? 0 : 1;
    }
    return n;
}

int ExportCard::linkCount() const
{
    int n = 0;
    for (const ExportElement &e : elements) {
        for (const ExportButton &b : e.buttons)
            n += b.isLink ? 1 : 0;
    }
    return n;
}

QString ExportIssue::line() const
{
    return (pointer.isEmpty() ? QStringLiteral("(card)") : pointer) + QStringLiteral(": ") + message;
}

QString ExportResult::text() const
{
    if (surface == ExportSurface::Markdown)
        return markdown;
    if (message.is_null())
        return {};
    return QString::fromStdString(message.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) + QLatin1Char('\n');
}

QList<ExportSurfaceInfo> exportSurfaces()
{
    return QList<ExportSurfaceInfo>(kSurfaces.begin(), kSurfaces.end());
}

const ExportSurfaceInfo &exportSurfaceInfo(ExportSurface surface)
{
    const std::size_t index = std::size_t(surface);
    return kSurfaces[index < kSurfaces.size() ? index : 0];
}

bool exportSurfaceFromName(const QString &name, ExportSurface *surface)
{
    for (const ExportSurfaceInfo &info : kSurfaces) {
        if (name.compare(QLatin1String(info.name), Qt::CaseInsensitive) == 0) {
            *surface = info.surface;
            return true;
        }
    }
    return false;
}

ExportResult exportCard(const Card &card, ExportSurface surface)
{
    ExportResult result;
    result.surface = surface;
    ExportCard mapped;
    if (!mapCardForExport(card, &mapped, &result.issues))
        return result;
    exportSurfaceInfo(surface).write(mapped, result);
    if (!result.ok()) {
        // Nothing is written over a limit: a writer that began anyway has its output dropped here.
        result.message = nlohmann::json();
        result.markdown.clear();
        qCDebug(lcExport) << "card" << card.cardId() << "cannot go to" << exportSurfaceInfo(surface).name << ":"
                          << result.issues.size() << "issues";
    }
    return result;
}

// --- LimitCheck and the flattened body ------------------------------------------------------------------

bool LimitCheck::chars(const QString &pointer, const QString &text, int max, const QString &what)
{
    const int n = codePointCount(text);
    if (n <= max)
        return true;
    issue(pointer, QStringLiteral("%1 is at most %2 characters (this one has %3)").arg(what).arg(max).arg(n));
    return false;
}

bool LimitCheck::bytes(const ExportString &s, int max, const QString &what)
{
    const int n = utf8ByteCount(s.text);
    if (n <= max)
        return true;
    issue(s.pointer, QStringLiteral("%1 is at most %2 bytes in UTF-8 (this one has %3)").arg(what).arg(max).arg(n));
    return false;
}

bool LimitCheck::count(const QString &pointer, qsizetype n, int max, const QString &what, const QString &things)
{
    if (n <= max)
        return true;
    issue(pointer, QStringLiteral("%1 holds at most %2 %3 (this one has %4)").arg(what).arg(max).arg(things).arg(n));
    return false;
}

bool LimitCheck::notEmpty(const ExportString &s, const QString &what)
{
    if (!s.isEmpty())
        return true;
    issue(s.pointer, QStringLiteral("%1 must not be empty").arg(what));
    return false;
}

QString flattenedBody(const ExportCard &card, const QString &surfaceName, QStringList *notes)
{
    QStringList paragraphs;
    QStringList head;
    for (const ExportString *s : {&card.title, &card.subtitle}) {
        if (!s->isEmpty())
            head.append(s->text);
    }
    if (!head.isEmpty())
        paragraphs.append(head.join(QLatin1Char('\n')));
    for (const ExportElement &e : card.elements) {
        QStringList lines;
        switch (e.kind) {
        case ExportElement::Kind::Text:
        case ExportElement::Kind::Code:
            lines.append(e.text.text);
            break;
        case ExportElement::Kind::Fields:
            for (const ExportField &f : e.fields)
                lines.append(f.label.text + QStringLiteral(": ") + f.value.text);
            break;
        case ExportElement::Kind::Table: {
            QStringList header;
            for (const ExportString &c : e.columns)
                header.append(c.text);
            lines.append(header.join(QStringLiteral(" | ")));
            for (const QList<ExportString> &row : e.rows) {
                QStringList cells;
                for (const ExportString &c : row)
                    cells.append(c.text);
                lines.append(cells.join(QStringLiteral(" | ")));
            }
            break;
        }
        case ExportElement::Kind::Image:
            notes->append(QStringLiteral("%1: the Image is left out (a %2 message shows no images here)").arg(e.pointer, surfaceName));
            break;
        case ExportElement::Kind::Divider:
            notes->append(QStringLiteral("%1: the Divider is left out (%2 has no rule between parts)").arg(e.pointer, surfaceName));
            break;
        case ExportElement::Kind::Buttons:
            break;
        }
        if (!lines.isEmpty())
            paragraphs.append(lines.join(QLatin1Char('\n')));
    }
    return paragraphs.join(QStringLiteral("\n\n"));
}

} // namespace Tessera

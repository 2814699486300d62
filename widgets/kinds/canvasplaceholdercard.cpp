#include <widgets/kinds/canvasplaceholdercard.h>

#include <limits>

#include <QLabel>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <widgets/conversation/findhighlight.h>

namespace Tessera {

CanvasPlaceholderCard::CanvasPlaceholderCard(const Card &card, QWidget *parent)
    : CardFrame(card.kindName(), card.title().isEmpty() ? tr("Canvas") : card.title(), parent)
{
    const nlohmann::json &payload = card.payload();
    qsizetype htmlChars = 0;
    if (payload.is_object()) {
        const auto html = payload.find("html");
        if (html != payload.end() && html->is_string())
            htmlChars = QString::fromStdString(html->get<std::string>()).size();
        const auto libraries = payload.find("libraries");
        if (libraries != payload.end() && libraries->is_array()) {
            for (const nlohmann::json &library : *libraries) {
                if (library.is_string())
                    m_libraries.append(QString::fromStdString(library.get<std::string>()));
            }
        }
    }

    m_note = tr("Interactive canvases are not drawn in this version. The canvas HTML (%Ln character(s)) is kept "
                "with the conversation.", nullptr, int(qMin<qsizetype>(htmlChars, std::numeric_limits<int>::max())));
    auto *note = new QLabel(m_note, this);
    excludeFromFind(note); // the app explains itself: not the conversation's text
    note->setObjectName(QStringLiteral("canvasNote"));
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    bodyLayout()->addWidget(note);

    const QString libraryText = m_libraries.isEmpty()
        ? tr("Libraries requested: none")
        : tr("Libraries requested: %1").arg(m_libraries.join(QLatin1String(", ")));
    auto *libraries = new QLabel(libraryText, this);
    excludeFromFind(libraries);
    libraries->setObjectName(QStringLiteral("canvasLibraries"));
    libraries->setTextFormat(Qt::PlainText);
    libraries->setWordWrap(true);
    libraries->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bodyLayout()->addWidget(libraries);

    setAccessibleName(tr("Canvas placeholder: %1").arg(card.title().isEmpty() ? tr("untitled") : card.title()));
    setAccessibleDescription(m_note + QLatin1Char(' ') + libraryText);
}

} // namespace Tessera

#include <widgets/kinds/textcard.h>

#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <widgets/common/markdownview.h>

namespace Tessera {

TextCard::TextCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const nlohmann::json &payload = card.payload();
    QString text;
    if (payload.is_object()) {
        const auto it = payload.find("text");
        if (it != payload.end() && it->is_string())
            text = QString::fromStdString(it->get<std::string>());
    }
    m_view = new MarkdownView(text, this);
    m_view->setObjectName(QStringLiteral("textBody"));
    connect(m_view, &MarkdownView::linkActivated, this, &TextCard::linkActivated);
    bodyLayout()->addWidget(m_view);
    setAccessibleDescription(text.left(300));
}

} // namespace Tessera

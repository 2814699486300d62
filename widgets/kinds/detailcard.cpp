#include <widgets/kinds/detailcard.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <widgets/common/wraptext.h>

namespace Tessera {

namespace {

QString displayText(const nlohmann::json &value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump());
}

// A rounded chip around a short status word.
class StatusChip : public QLabel
{
public:
    StatusChip(const QString &text, QWidget *parent)
        : QLabel(text, parent)
    {
        setTextFormat(Qt::PlainText);
        setContentsMargins(9, 2, 9, 2);
        setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        QFont font = this->font();
        font.setPointSizeF(font.pointSizeF() * 0.92);
        font.setWeight(QFont::DemiBold);
        setFont(font);
    }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(palette().color(QPalette::Mid), 1));
        painter.setBrush(palette().color(QPalette::AlternateBase));
        const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2);
        painter.end();
        QLabel::paintEvent(event);
    }
};

} // namespace

DetailCard::DetailCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const nlohmann::json &payload = card.payload();
    if (payload.is_object()) {
        const auto status = payload.find("status");
        if (status != payload.end() && status->is_string())
            m_status = QString::fromStdString(status->get<std::string>());
        const auto fields = payload.find("fields");
        if (fields != payload.end() && fields->is_array()) {
            for (const nlohmann::json &field : *fields) {
                if (!field.is_object())
                    continue;
                m_labels.append(displayText(field.value("label", nlohmann::json())));
                m_values.append(displayText(field.value("value", nlohmann::json())));
            }
        }
    }

    if (!m_status.isEmpty()) {
        auto *row = new QHBoxLayout;
        row->setContentsMargins(0, 0, 0, 2);
        m_chip = new StatusChip(m_status, this);
        m_chip->setObjectName(QStringLiteral("statusChip"));
        m_chip->setAccessibleName(tr("Status: %1").arg(m_status));
        row->addWidget(m_chip);
        row->addStretch(1);
        bodyLayout()->addLayout(row);
    }

    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(16);
    grid->setVerticalSpacing(6);
    for (int i = 0; i < m_labels.size(); ++i) {
        auto *label = new QLabel(this);
        label->setObjectName(QStringLiteral("fieldLabel"));
        setBreakableText(label, m_labels.at(i));
        label->setForegroundRole(QPalette::PlaceholderText);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        auto *value = new QLabel(this);
        value->setObjectName(QStringLiteral("fieldValue"));
        setBreakableText(value, m_values.at(i)); // a long hash or URL wraps instead of being cut off
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        // A screen reader announces each value with its label ("Entry: 3412"), not the label twice.
        value->setAccessibleName(tr("%1: %2").arg(m_labels.at(i), m_values.at(i)));
        grid->addWidget(label, i, 0);
        grid->addWidget(value, i, 1);
    }
    grid->setColumnStretch(0, 0);
    grid->setColumnStretch(1, 1);
    bodyLayout()->addLayout(grid);

    QStringList description;
    if (!m_status.isEmpty())
        description.append(tr("Status: %1").arg(m_status));
    description.append(tr("%n field(s)", nullptr, int(m_labels.size())));
    setAccessibleDescription(description.join(QLatin1String(". ")));
}

} // namespace Tessera

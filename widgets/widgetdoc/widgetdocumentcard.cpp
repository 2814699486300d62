#include <widgets/widgetdoc/widgetdocumentcard.h>

#include <QAbstractButton>
#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/motion.h>
#include <widgets/widgetdoc/widgetnodebuilder.h>
#include <widgets/widgetdoc/widgetnodebutton.h>
#include <widgets/widgetdoc/widgetnodeconfetti.h>

namespace Tessera {

using nlohmann::json;

namespace {

// The root card's title when the root is a card node.
QString rootCardTitle(const json &payload)
{
    auto root = payload.is_object() ? payload.find("root") : payload.end();
    if (!payload.is_object() || root == payload.end() || jsonString(*root, "type") != QLatin1String("card"))
        return {};
    return jsonString(*root, "title");
}

QString frameTitle(const Card &card, const json &payload)
{
    const QString cardTitle = rootCardTitle(payload);
    return cardTitle.isEmpty() ? card.title() : cardTitle;
}

// The height a widget wants at a width, whether or not anything in it is height-for-width.
int measure(QWidget *widget, int width)
{
    if (QLayout *l = widget->layout()) {
        l->activate();
        return l->hasHeightForWidth() ? l->totalHeightForWidth(width)
                                      : qMax(l->totalSizeHint().height(), l->totalMinimumSize().height());
    }
    if (widget->hasHeightForWidth())
        return widget->heightForWidth(width);
    // A fixed-height view (a table) is its fixed height, whatever its size hint says.
    return qBound(widget->minimumHeight(), qMax(widget->sizeHint().height(), widget->minimumSizeHint().height()),
                  widget->maximumHeight());
}

// Holds the node tree without a layout of its own, so the frame's layout asks heightForWidth() here even
// when nothing in the tree is height-for-width (a lone table or chart): a layout with no such item answers
// -1, and the frame would collapse.
class NodeHolder : public QWidget
{
public:
    NodeHolder(QWidget *content, QWidget *parent)
        : QWidget(parent)
        , m_content(content)
    {
        content->setParent(this);
        QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
    }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return measure(m_content, width); }
    QSize sizeHint() const override
    {
        const int w = qMax(m_content->sizeHint().width(), 200);
        return {w, heightForWidth(w)};
    }
    QSize minimumSizeHint() const override { return {qMin(m_content->minimumSizeHint().width(), 320), 0}; }

protected:
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            updateGeometry(); // the tree's size changed (an image loaded, a note appeared): tell the frame
        return QWidget::event(event);
    }
    void resizeEvent(QResizeEvent *) override { m_content->setGeometry(rect()); }

private:
    QWidget *m_content;
};

void setBusy(QAbstractButton *control, bool busy)
{
    if (auto *button = qobject_cast<WidgetNodeButton *>(control)) {
        button->setBusy(busy);
        return;
    }
    control->setEnabled(!busy);
    control->setProperty("busy", busy);
}

} // namespace

void installWidgetDocumentRenderer()
{
    RendererRegistry::setPluggedFactory(CardKind::WidgetDocument,
                                        [](const Card &card, const RenderContext &context, QWidget *parent) -> QWidget * {
                                            return new WidgetDocumentCard(card, context, parent);
                                        });
}

WidgetDocumentCard::WidgetDocumentCard(const Card &card, const RenderContext &context, QWidget *parent)
    : WidgetDocumentCard(card, context, card.payload(), parent)
{}

WidgetDocumentCard::WidgetDocumentCard(const Card &card, const RenderContext &context, const json &payload,
                                       QWidget *parent)
    : CardFrame(QStringLiteral("dorkos_ui"), frameTitle(card, payload), parent)
    , m_actions(context.actions)
    , m_settings(context.settings)
{
    setObjectName(QStringLiteral("widgetDocumentCard"));
    QString name = card.title();
    if (name.isEmpty())
        name = rootCardTitle(payload);
    if (name.isEmpty())
        name = card.cardId();
    m_widgetName = name.isEmpty() ? QStringLiteral("widget") : name;

    WidgetNodeBuilder builder(card, this);
    auto root = payload.is_object() ? payload.find("root") : payload.end();
    QWidget *content = nullptr;
    if (payload.is_object() && root != payload.end()) {
        if (jsonString(*root, "type") == QLatin1String("card")) {
            content = new QWidget(this);
            auto *column = new QVBoxLayout(content);
            column->setContentsMargins(0, 0, 0, 0);
            column->setSpacing(8);
            builder.buildCardContents(*root, QStringLiteral("/payload/root"), 1, column, content);
        } else {
            content = builder.build(*root, QStringLiteral("/payload/root"), 1, this);
        }
    } else {
        content = new QWidget(this);
    }
    bodyLayout()->addWidget(new NodeHolder(content, this));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("widgetStatusNote"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->hide();
    bodyLayout()->addWidget(m_status);

    const QString title = titleLabel() ? titleLabel()->text() : QString();
    setAccessibleName(title.isEmpty() ? tr("Widget") : tr("Widget: %1").arg(title));
    setAccessibleDescription(builder.summary().join(QLatin1String("; ")).left(500));
    if (m_actions)
        connect(m_actions, &CardActions::requestFinished, this, &WidgetDocumentCard::onRequestFinished);
}

void WidgetDocumentCard::attachAction(QAbstractButton *control, const WidgetAction &action, PayloadMerge merge)
{
    if (!control)
        return;
    switch (action.kind) {
    case WidgetAction::Kind::Agent:
        if (!m_actions) {
            control->setEnabled(false);
            control->setToolTip(tr("This widget is not connected to a live session, so it cannot send "
                                   "\"%1\" to the agent.").arg(action.id));
            return;
        }
        control->setToolTip(action.label.isEmpty() ? QString() : action.label);
        break;
    case WidgetAction::Kind::Ui:
        control->setToolTip(action.command);
        break;
    case WidgetAction::Kind::Url:
        control->setToolTip(action.href);
        if (!m_actions) {
            control->setEnabled(false);
            control->setToolTip(tr("Links open only in the Tessera window: %1").arg(action.href));
            return;
        }
        break;
    case WidgetAction::Kind::None:
        control->setEnabled(false);
        control->setToolTip(tr("This control has no action Tessera can run."));
        return;
    }
    connect(control, &QAbstractButton::clicked, this,
            [this, control, action, merge] { trigger(control, action, merge); });
}

void WidgetDocumentCard::trigger(QAbstractButton *control, const WidgetAction &action, const PayloadMerge &merge)
{
    switch (action.kind) {
    case WidgetAction::Kind::Agent: {
        if (!m_actions || !control || !control->isEnabled())
            return;
        const QByteArray payload = merge ? merge(action.payloadJson) : action.payloadJson;
        setBusy(control, true); // before sending: a handler may answer at once (queued)
        const int id = m_actions->requestWidgetAction(m_widgetName, action.id, payload);
        m_pending.insert(id, control);
        break;
    }
    case WidgetAction::Kind::Ui:
        if (action.command == QLatin1String("celebrate")) {
            const json command = json::parse(action.commandJson.constBegin(), action.commandJson.constEnd(), nullptr, false);
            // seed 003: every celebration style is skipped for people who prefer reduced motion; each is
            // fired from the control that was clicked.
            if (!WidgetNodeConfetti::celebrate(control ? static_cast<QWidget *>(control) : this,
                                               widgetCelebration(command), m_settings.reduceMotion))
                showNote(widgetMotionAllowed(m_settings.reduceMotion) ? tr("Celebrate!") : tr("Celebrate! (no confetti: reduced motion is on)"));
        } else {
            showNote(tr("\"%1\" is a DorkOS window command; Tessera has nothing to run for it.").arg(action.command));
        }
        Q_EMIT uiCommandRun(action.command);
        break;
    case WidgetAction::Kind::Url:
        if (m_actions && isHttpsUrl(action.href))
            m_actions->requestLink(action.href);
        break;
    case WidgetAction::Kind::None:
        break;
    }
}

void WidgetDocumentCard::openLink(const QString &url)
{
    if (m_actions && isHttpsUrl(url))
        m_actions->requestLink(url);
}

void WidgetDocumentCard::onRequestFinished(int requestId, bool ok, const QString &)
{
    const auto it = m_pending.find(requestId);
    if (it == m_pending.end())
        return;
    QPointer<QAbstractButton> control = it.value();
    m_pending.erase(it);
    if (control) {
        setBusy(control, false); // the application says why a request failed
        Q_EMIT agentRequestFinished(control, ok);
    }
}

void WidgetDocumentCard::showNote(const QString &text)
{
    m_status->setText(text);
    m_status->show();
    updateGeometry();
}

int WidgetDocumentCard::heightForWidth(int width) const
{
    QLayout *l = layout();
    l->activate();
    return l->totalHeightForWidth(width); // the node holder is always height-for-width
}

} // namespace Tessera

#include <widgets/common/wheelpassthrough.h>

#include <QAbstractScrollArea>
#include <QChildEvent>
#include <QCoreApplication>
#include <QWheelEvent>

namespace Tessera {

namespace {

class WheelPassThrough : public QObject
{
public:
    WheelPassThrough(QWidget *owner, CanScrollItself canScroll)
        : QObject(owner)
        , m_owner(owner)
        , m_canScroll(std::move(canScroll))
    {
        setObjectName(QStringLiteral("wheelPassThrough"));
        watch(owner);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ChildAdded) {
            if (QObject *child = static_cast<QChildEvent *>(event)->child(); child && child->isWidgetType())
                watch(static_cast<QWidget *>(child));
        } else if (event->type() == QEvent::Wheel && watched->isWidgetType()) {
            auto *wheel = static_cast<QWheelEvent *>(event);
            if ((!m_canScroll || !m_canScroll(*wheel)) && forward(static_cast<QWidget *>(watched), *wheel))
                return true;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void watch(QWidget *widget)
    {
        widget->installEventFilter(this);
        for (QObject *child : widget->children()) {
            if (child->isWidgetType())
                watch(static_cast<QWidget *>(child));
        }
    }

    bool forward(QWidget *from, const QWheelEvent &wheel)
    {
        QAbstractScrollArea *area = nullptr;
        for (QWidget *w = m_owner->parentWidget(); w && !area; w = w->parentWidget())
            area = qobject_cast<QAbstractScrollArea *>(w);
        if (!area)
            return false;
        QWidget *target = area->viewport();
        const QPointF local = target->mapFromGlobal(from->mapToGlobal(wheel.position()));
        QWheelEvent copy(local, wheel.globalPosition(), wheel.pixelDelta(), wheel.angleDelta(), wheel.buttons(),
                         wheel.modifiers(), wheel.phase(), wheel.inverted(), wheel.source());
        QCoreApplication::sendEvent(target, &copy);
        return true;
    }

    QWidget *m_owner; // the widget this filter belongs to (its parent QObject)
    CanScrollItself m_canScroll;
};

} // namespace

void installWheelPassThrough(QWidget *widget, CanScrollItself canScroll)
{
    if (!widget || hasWheelPassThrough(widget))
        return;
    new WheelPassThrough(widget, std::move(canScroll)); // Owned by widget.
}

bool hasWheelPassThrough(const QWidget *widget)
{
    return widget && widget->findChild<QObject *>(QStringLiteral("wheelPassThrough"), Qt::FindDirectChildrenOnly);
}

} // namespace Tessera

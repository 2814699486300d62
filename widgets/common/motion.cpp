#include <widgets/common/motion.h>

#include <QSettings>
#include <QWidget>

namespace Tessera {

bool widgetMotionAllowed()
{
    if (qEnvironmentVariableIntValue("TESSERA_REDUCE_MOTION") == 1)
        return false;
    return !QSettings().value(QStringLiteral("appearance/reduceMotion"), false).toBool();
}

bool widgetCanAnimate(const QWidget *widget)
{
    if (!widget || !widget->isVisible())
        return false;
    const QWidget *window = widget->window();
    if (!window || window->testAttribute(Qt::WA_DontShowOnScreen))
        return false;
    return widgetMotionAllowed();
}

} // namespace Tessera

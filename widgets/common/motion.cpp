#include <widgets/common/motion.h>

#include <QWidget>

namespace Tessera {

bool widgetMotionAllowed(bool reduceMotionSetting)
{
    if (qEnvironmentVariableIntValue("TESSERA_REDUCE_MOTION") == 1)
        return false;
    return !reduceMotionSetting;
}

bool widgetCanAnimate(const QWidget *widget, bool reduceMotionSetting)
{
    if (!widget || !widget->isVisible())
        return false;
    const QWidget *window = widget->window();
    if (!window || window->testAttribute(Qt::WA_DontShowOnScreen))
        return false;
    return widgetMotionAllowed(reduceMotionSetting);
}

} // namespace Tessera

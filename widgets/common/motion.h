#pragma once

// Reduced motion for widget documents (seed 003: "Reduced-motion turns the animation off but keeps the
// pose"). Motion is off when the reduce-motion setting (RenderSettings::reduceMotion, handed down by
// whoever draws) is on or the environment has TESSERA_REDUCE_MOTION=1. A headless render (its window is never put on screen, Qt::WA_DontShowOnScreen)
// never animates: every animated node paints its resting pose first and animates only after that.

class QWidget;

namespace Tessera {

// False when reduced motion is asked for: by the setting given or by the environment (read on every call).
bool widgetMotionAllowed(bool reduceMotionSetting);
// Motion allowed (widgetMotionAllowed), the widget visible, and its window really on screen (not a
// headless render). Call it when the animation would start (show), so the environment is read then.
bool widgetCanAnimate(const QWidget *widget, bool reduceMotionSetting);

} // namespace Tessera

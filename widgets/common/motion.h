#pragma once

// Reduced motion for widget documents (seed 003: "Reduced-motion turns the animation off but keeps the
// pose"). Motion is off when QSettings "appearance/reduceMotion" is true or the environment has
// TESSERA_REDUCE_MOTION=1. A headless render (its window is never put on screen, Qt::WA_DontShowOnScreen)
// never animates: every animated node paints its resting pose first and animates only after that.

class QWidget;

namespace Tessera {

// False when reduced motion is asked for (setting or environment). Read on every call (cheap).
bool widgetMotionAllowed();
// Motion allowed, the widget visible, and its window really on screen (not a headless render).
bool widgetCanAnimate(const QWidget *widget);

} // namespace Tessera

#pragma once

// Menus under a right-to-left language (issue 18, --lang ar): the shortcut column of a menu item is
// drawn by the style from the text after its tab, in the menu's right-to-left paragraph, so "Ctrl+,"
// read "+,Ctrl" (the trailing comma is neutral and took the paragraph's direction). This proxy style
// draws that part between LRI and PDI (cards/bidicontrols.h); everything else goes to the base style.
// installTranslations (app/localization.h) installs it once into the QApplication.

#include <QProxyStyle>

namespace Tessera {

class BidiStyle : public QProxyStyle
{
    Q_OBJECT

public:
    using QProxyStyle::QProxyStyle;

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;

    // The menu item text as drawn: under a right-to-left direction, the part after the first tab
    // (the shortcut) isolated left to right; otherwise text unchanged.
    static QString menuItemText(const QString &text, Qt::LayoutDirection direction);
};

} // namespace Tessera

#include <widgets/common/theme.h>

#include <QApplication>
#include <QAreaSeries>

namespace Tessera {

bool themeModeFromString(const QString &text, ThemeMode *mode)
{
    const QString word = text.trimmed().toLower();
    if (word == QLatin1String("light"))
        *mode = ThemeMode::Light;
    else if (word == QLatin1String("dark"))
        *mode = ThemeMode::Dark;
    else if (word == QLatin1String("system"))
        *mode = ThemeMode::System;
    else
        return false;
    return true;
}

namespace {

// The palette the platform gave the application (the desktop's light or dark colors), captured before
// Tessera first replaces it, so "follow the system" can return to it.
const QPalette &systemPalette()
{
    static const QPalette palette = QApplication::palette();
    return palette;
}

} // namespace

QPalette themePalette(ThemeMode mode)
{
    if (mode == ThemeMode::System)
        return systemPalette();
    QPalette p;
    if (mode == ThemeMode::Dark) {
        const QColor window(0x1e, 0x20, 0x24), base(0x26, 0x29, 0x2e), text(0xe6, 0xe8, 0xeb);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x2d, 0x31, 0x37));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x32, 0x36, 0x3d));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x7a, 0xb4, 0xff));
        p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x91, 0x9a));
        p.setColor(QPalette::Light, QColor(0x45, 0x4a, 0x52));
        p.setColor(QPalette::Midlight, QColor(0x3a, 0x3e, 0x45));
        p.setColor(QPalette::Mid, QColor(0x4a, 0x4f, 0x57));
        p.setColor(QPalette::Dark, QColor(0x12, 0x13, 0x15));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x85, 0x8c));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x85, 0x8c));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x85, 0x8c));
    } else {
        const QColor window(0xf4, 0xf5, 0xf7), base(Qt::white), text(0x1d, 0x1f, 0x23);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf7, 0xf9));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0xe9, 0xeb, 0xee));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xbf));
        p.setColor(QPalette::LinkVisited, QColor(0x6a, 0x3f, 0xb5));
        p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x71, 0x7a));
        p.setColor(QPalette::Light, Qt::white);
        p.setColor(QPalette::Midlight, QColor(0xe3, 0xe5, 0xe8));
        p.setColor(QPalette::Mid, QColor(0xc8, 0xcc, 0xd1));
        p.setColor(QPalette::Dark, QColor(0x9a, 0x9f, 0xa6));
        p.setColor(QPalette::Shadow, QColor(0x50, 0x50, 0x50));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9a, 0x9f, 0xa6));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9a, 0x9f, 0xa6));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9a, 0x9f, 0xa6));
    }
    return p;
}

void applyTheme(ThemeMode mode)
{
    systemPalette(); // capture it before the first change
    QApplication::setPalette(themePalette(mode));
}

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor findMatchColor(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0x6b, 0x55, 0x12) : QColor(0xff, 0xe5, 0x6b);
}

QColor focusRingColor(const QPalette &palette)
{
    const QColor highlight = palette.color(QPalette::Highlight);
    return isDarkPalette(palette) ? highlight.lighter(140) : highlight;
}

QColor toneColor(StatusTone tone, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case StatusTone::Ok:
        return dark ? QColor(0x4c, 0xc3, 0x6e) : QColor(0x1e, 0x8a, 0x3c);
    case StatusTone::Warn:
        return dark ? QColor(0xf0, 0xb4, 0x3c) : QColor(0xa8, 0x6a, 0x00);
    case StatusTone::Error:
        return dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc0, 0x2b, 0x2b);
    case StatusTone::Info:
        return dark ? QColor(0x6c, 0xa8, 0xff) : QColor(0x1f, 0x63, 0xc6);
    case StatusTone::Neutral:
        break;
    }
    return dark ? QColor(0x9a, 0xa0, 0xa8) : QColor(0x6b, 0x71, 0x7a);
}

QString toneWord(StatusTone tone)
{
    switch (tone) {
    case StatusTone::Ok:
        return QApplication::translate("Tessera::Theme", "ok");
    case StatusTone::Warn:
        return QApplication::translate("Tessera::Theme", "warning");
    case StatusTone::Error:
        return QApplication::translate("Tessera::Theme", "error");
    case StatusTone::Info:
        return QApplication::translate("Tessera::Theme", "info");
    case StatusTone::Neutral:
        break;
    }
    return QApplication::translate("Tessera::Theme", "neutral");
}

QString toneSymbol(StatusTone tone)
{
    switch (tone) {
    case StatusTone::Ok:
        return QStringLiteral("\u2713");
    case StatusTone::Warn:
        return QStringLiteral("!");
    case StatusTone::Error:
        return QStringLiteral("\u2715");
    case StatusTone::Info:
        return QStringLiteral("i");
    case StatusTone::Neutral:
        break;
    }
    return QStringLiteral("\u2022");
}

void styleTranslucentArea(QAreaSeries *area)
{
    QColor fill = area->color();
    area->setBorderColor(fill);
    fill.setAlphaF(0.3f);
    area->setColor(fill);
    QPen pen = area->pen();
    pen.setWidthF(2);
    area->setPen(pen);
}

} // namespace Tessera

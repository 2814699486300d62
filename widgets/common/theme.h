#pragma once

// Light and dark palettes and the few semantic colors cards need. Cards read colors from their
// palette (so a theme switch is a palette change); status is never shown by color alone.

#include <QColor>
#include <QPalette>
#include <QString>

class QAreaSeries;
class QWidget;

namespace Tessera {

enum class ThemeMode { System, Light, Dark };

// Parses "light" / "dark" / "system"; false when the word is none of them.
bool themeModeFromString(const QString &text, ThemeMode *mode);

// A complete palette for the mode (System: the palette the platform gave the application at start,
// i.e. the desktop's own light or dark colors).
QPalette themePalette(ThemeMode mode);
// Applies the palette to the whole application.
void applyTheme(ThemeMode mode);

// True when the widget's window color is dark.
bool isDarkPalette(const QPalette &palette);

// The background of a find match that is not the current one (the current one uses Highlight): a
// yellow on light palettes, a dim amber on dark ones, legible under the palette's Text colour.
QColor findMatchColor(const QPalette &palette);
// The ring around the card (and control) that has keyboard focus (issue 18): the palette's Highlight,
// lightened on dark palettes so it stands out of the dark Base.
QColor focusRingColor(const QPalette &palette);

enum class StatusTone { Neutral, Ok, Warn, Error, Info };

// A tone color legible on the palette's Base color.
QColor toneColor(StatusTone tone, const QPalette &palette);
// The tone's short word ("ok", "warning", …) and symbol ("✓", "!", "✕", "•", "i"), for text alternatives.
QString toneWord(StatusTone tone);
QString toneSymbol(StatusTone tone);

// An area series drawn in its own colour: a 2 px border at full strength, the fill at 30 % so grid
// lines and a second area stay visible (metric_chart and the widget chart node look alike).
void styleTranslucentArea(QAreaSeries *area);

} // namespace Tessera

#pragma once

// Text from cards made safe to draw beside other text (issue 13 "Bidi spoofing"): a card.update state of
// U+202E + "evil" must not read "live", a numeric cell U+202E + "0001" must not read "1000".
// The model is the code card (widgets/kinds/codehighlighter.h): a bidi control is shown as a visible
// marker "⟨U+202E⟩" rather than obeyed. What remains can still hold right-to-left letters, which are
// drawn correctly but must not reorder what is drawn next to them: those texts are isolated.
// Pure string functions: no display needed (tests/auto/datatable, tests/auto/cardlifecycle).

#include <QString>
#include <qnamespace.h>

namespace Tessera {

// Unicode's explicit directional formatting characters (UAX #9): ALM U+061C, LRM U+200E, RLM U+200F,
// LRE/RLE/PDF/LRO/RLO U+202A–U+202E, LRI/RLI/FSI/PDI U+2066–U+2069.
bool isBidiControl(char32_t codePoint);

// text with every bidi control replaced by a visible marker "⟨U+XXXX⟩" (the code card's form);
// text without any comes back unchanged.
QString withVisibleBidiControls(const QString &text);

// withVisibleBidiControls(text), between FSI U+2068 and PDI U+2069 when it holds right-to-left letters
// (bidi class R or AL), so it keeps its own direction and leaves its neighbours' alone. Text of
// left-to-right letters, digits and punctuation only comes back without the isolate (it cannot reorder
// a left-to-right line), so what most cards show is unchanged.
QString isolatedText(const QString &text);

// withVisibleBidiControls(text) drawn strictly left to right, for numbers: between LRO U+202D and PDF
// U+202C when it holds right-to-left letters, so digit groups are never reordered around them.
QString leftToRightText(const QString &text);

// Isolates for Tessera's own right-to-left layout (issue 18, --lang ar). Unlike isolatedText these
// always add the isolate, since left-to-right text inside a right-to-left line is what gets reordered
// there ("?and can I trust", "backend-cmd--", "+,Ctrl"). The text itself is kept as it is: a control
// inside cannot leak past the closing PDI.
// text between FSI U+2068 and PDI U+2069: its own first strong letter decides its direction (titles).
QString firstStrongIsolate(const QString &text);
// text between LRI U+2066 and PDI U+2069: always left to right (command-line flags, key sequences,
// file paths). Empty text stays empty.
QString leftToRightIsolate(const QString &text);
// A title (a conversation's, a card's) shown in Tessera's own text with layout `direction`: under
// right to left always isolated (first strong), under left to right as isolatedText; bidi controls
// inside are shown as markers either way.
QString isolatedTitle(const QString &text, Qt::LayoutDirection direction);

} // namespace Tessera

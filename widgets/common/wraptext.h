#pragma once

// Long unbroken words in labels (issue 18): a QLabel wraps only where a line may break, so a 300-character
// token (a hash, a URL, an id) runs past the card's edge and is cut off. breakableText() puts a zero-width
// space (U+200B, a line-break opportunity) between the grapheme clusters of every run of more than
// kMaxUnbrokenRun characters without a space, so such a run breaks anywhere when it must; shorter words
// are left alone and still wrap between words. The marks draw nothing. Copy as text and the
// find bar read the model's text, which never holds them; a selection copied from a label does.

#include <QString>

class QLabel;

namespace Tessera {

inline constexpr int kMaxUnbrokenRun = 20; // characters

QString breakableText(const QString &text);
// The text without the marks breakableText() added.
QString unbreakableText(const QString &text);

// A plain-text, word-wrapping label of breakableText(text).
void setBreakableText(QLabel *label, const QString &text);

// Whether a line of text ('\n' ends one) is longer than `limit` characters: Qt's text editors lay out a
// whole line (a paragraph) on each change, so a long one makes each key slow (the composer, the canvas
// tabs' editors).
bool hasLineLongerThan(QStringView text, qsizetype limit);

} // namespace Tessera

#pragma once

// Marks the find bar's matches inside one built block (issue 18): every occurrence of the needle in its
// prose and card text, the current one in the selection colours, the others in the find colour
// (findMatchColor, theme.h). Only the live widget of a row is touched; the model is searched elsewhere
// (cards/conversationsearch.h).
//
// Text views (prose, text cards, code) get extra selections for every occurrence; labels (user turns,
// titles, item names, detail values, json-render fields) get their first occurrence selected, or the
// current one; a table's matching cells are selected. `current` counts occurrences in the block in
// the order found here (views, then labels, then tables, each in child order); -1: none is current.

#include <QRect>
#include <QString>
#include <QStringList>

class QWidget;

namespace Tessera {

// What is searched is what the block draws as the conversation's text (cards/conversationsearch.h):
// hidden widgets, header views, the table's placeholder for an empty cell and widgets marked with
// excludeFromFind are passed over, so the marks made here match the model's count for the row.

// Marks a widget that draws the app's words, not the conversation's (a canvas's status line, an
// alert's severity word): find neither counts nor marks text in it or its children.
void excludeFromFind(QWidget *widget);

// Marks the needle in block; an empty needle clears every mark this function made. Returns how many
// occurrences it marked.
int highlightInBlock(QWidget *block, const QString &needle, int current);

// The rectangle of the current occurrence in block's coordinates; null when there is none.
QRect currentHighlightRect(const QWidget *block);

// The texts marked in block, current first (tests and the accessible description of the find bar).
QStringList highlightedTexts(const QWidget *block);

} // namespace Tessera

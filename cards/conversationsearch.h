#pragma once

// Find in the open conversation (issue 18): every occurrence of a needle in the text the loaded blocks
// show, searched in the model (ConversationModel rows), never in widgets, so a 10,000-message
// conversation is searched without building a row. The view then builds only the row of the match
// it scrolls to (widgets/conversation/findbar.h).
//
// What a block is searched for: user turns and prose as written (prose's Markdown marks included, so
// "**a**b" does not match "ab"), tool lines and notices as shown, a valid card in the text its renderer
// draws (kindFindText, cardkinds.h: title, values, items, cells; never a canvas's html or data, a chart's
// points or list markers), an invalid card as its raw text.
// Case-insensitive; matches do not overlap; an empty needle finds nothing.

#include <QList>
#include <QString>

namespace Tessera {

class ConversationModel;

struct ConversationMatch
{
    int row = -1;         // model row (block)
    int message = -1;     // index into the model's transcript of the block's message; -1: streaming
    int occurrence = 0;   // 0-based, among the matches of the same row
    int start = 0;        // offset into blockSearchText(row)
    int length = 0;       // characters

    bool operator==(const ConversationMatch &other) const = default;
};

// The text a row is searched in (see above).
QString blockSearchText(const ConversationModel &model, int row);

// Every match in row order, then by offset. Stops after `limit` matches (a needle like "e" in a long
// history: the count then reads "limit+" in the find bar).
QList<ConversationMatch> findInConversation(const ConversationModel &model, const QString &needle, int limit = 100000);
// The same over rows [from, to), appended to `matches` until it holds `limit`: a long history is searched
// a slice at a time (the find bar keeps each slice within a frame).
void findInRows(const ConversationModel &model, const QString &needle, int from, int to,
                QList<ConversationMatch> *matches, int limit);

} // namespace Tessera

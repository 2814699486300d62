#pragma once

// `tessera export --format md` (issue 4): a conversation as Markdown for pasting elsewhere.
//
// Prose as written; user turns under "**User**", assistant turns under "**Assistant**"; system messages
// and card-tool acks are left out (they draw nothing). Cards are flattened:
//   text -> its title in bold and its text; code -> a fenced block with the language;
//   alert -> a quote starting with the severity word; detail -> a list of label: value;
//   item_list -> a list (name, status, meta, id); data_table -> a Markdown table (exact source digits,
//   totals as a last bold row, caption in italics); metric_chart -> its data as a table (x then one
//   column per series when every series has the same x values, else one row per point with its series);
//   recommend_actions -> the question and a list of label: prompt; canvas -> a note (not exportable).
// An invalid or unknown card becomes a note with its kind and first issue; an unreadable line a note.
// A turn with several versions (regenerated, or edited and resent; cards/transcript.h "Turn versions")
// is written as the version chosen, the others left out, with one italic line after its question:
// "_Version N of M of this turn; the others are kept in the JSON Lines export._"

#include <QByteArray>
#include <QString>

#include <cards/transcript.h>

namespace Tessera {

QByteArray transcriptToMarkdown(const Transcript &transcript, const QString &title);
// One card as a Markdown block (no trailing blank line).
QString cardToMarkdown(const Card &card);

} // namespace Tessera

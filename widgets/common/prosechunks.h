#pragma once

// Splits assistant prose (Markdown) into layout chunks, so no single QTextDocument block is long enough
// for Qt's text layout to go super-linear (issue 13: a 100 KB word took 12 s, 2,500 bold spans in one
// paragraph 13 s). The rule (docs/decisions.md, "Prose layout chunks"):
//  - Chunks are cut at paragraph boundaries (a blank line outside a code fence) and filled up to
//    kProseChunkChars characters.
//  - A paragraph longer than that is cut inside: at a line start, else after a space, else (a run
//    with no space) between any two characters — only where no code span, link, autolink or
//    emphasis is open (a cut is also due after kProseChunkMarks marks) — and never inside a surrogate pair or before a combining mark. Failing a safe
//    point for kProseChunkHardLimit characters (unbalanced marks), it is cut anyway.
//  - A code fence is never cut unless it is itself longer than kProseChunkChars; its pieces are
//    drawn as code blocks of the same fence (the fence line is repeated before each piece).
//  - A table longer than that is cut between rows; each piece repeats the header and delimiter rows
//    before it (MarkdownView::HidesTableHeader hides the repeated header row).
// Chunks are ranges of the source: their concatenation is the source, exactly. What a chunk draws
// (proseChunkMarkdown) may add fence lines or one escaping backslash; it never changes the text read.
// Linear in the length of the source.

#include <QList>
#include <QString>
#include <QStringView>

namespace Tessera {

inline constexpr qsizetype kProseChunkChars = 2048;     // a chunk's target size, in UTF-16 units
inline constexpr qsizetype kProseChunkHardLimit = 8192; // no chunk is ever longer
// Qt's itemization of one block is quadratic in its format runs: a paragraph is also cut after this many
// emphasis, code and link marks (about half as many spans).
inline constexpr int kProseChunkMarks = 128;

struct ProseChunk
{
    qsizetype begin = 0;  // in the source, UTF-16 units
    qsizetype length = 0;
    bool joinsPrevious = false; // cut inside a paragraph or code block: drawn without a paragraph gap above
    QString fence;        // lines drawn before the piece: a cut code fence's opening line ("```cpp"), or a
                          // cut table's header and delimiter rows
    QChar fenceChar;      // '`' or '~' for a fence, '|' for a table, when fence is set

    bool operator==(const ProseChunk &other) const = default;
};

// The chunks of markdown, in order; one chunk for prose up to kProseChunkChars; none for empty text.
QList<ProseChunk> splitProse(QStringView markdown);

// The Markdown one chunk draws.
QString proseChunkMarkdown(QStringView markdown, const ProseChunk &chunk);

} // namespace Tessera

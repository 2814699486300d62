#include <widgets/common/prosechunks.h>

namespace Tessera {

namespace {

struct Line
{
    qsizetype begin = 0;
    qsizetype end = 0;  // before the '\n'
    qsizetype next = 0; // after the '\n' (or the end of the text)
};

Line lineAt(QStringView s, qsizetype begin)
{
    const qsizetype nl = s.indexOf(u'\n', begin);
    return nl < 0 ? Line{begin, s.size(), s.size()} : Line{begin, nl, nl + 1};
}

bool isBlank(QStringView line)
{
    for (const QChar c : line) {
        if (c != u' ' && c != u'\t' && c != u'\r')
            return false;
    }
    return true;
}

struct Fence
{
    QChar c;
    qsizetype length = 0;
};

// The fence run that starts line (up to three spaces in), or length 0.
Fence fenceOf(QStringView line)
{
    qsizetype indent = 0;
    while (indent < line.size() && indent < 4 && line.at(indent) == u' ')
        ++indent;
    if (indent >= 4 || indent >= line.size())
        return {};
    const QChar c = line.at(indent);
    if (c != u'`' && c != u'~')
        return {};
    qsizetype n = 0;
    while (indent + n < line.size() && line.at(indent + n) == c)
        ++n;
    return n >= 3 ? Fence{c, n} : Fence{};
}

bool closes(QStringView line, const Fence &open)
{
    const Fence f = fenceOf(line);
    if (f.length < open.length || f.c != open.c)
        return false;
    const qsizetype at = line.indexOf(f.c);
    return isBlank(line.sliced(at + f.length));
}

bool isSpace(QChar c) { return c == u' ' || c == u'\t'; }

bool isPlain(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9');
}

// Whether a cut between a and b keeps both characters whole.
bool wholeBetween(QChar a, QChar b)
{
    return !a.isHighSurrogate() && !b.isLowSurrogate() && !b.isMark() && b != QChar(0x200D) && a != QChar(0x200D)
        && !(b.unicode() >= 0xFE00 && b.unicode() <= 0xFE0F);
}

// Open inline constructs of a paragraph, enough to know where a cut leaves the Markdown intact.
class InlineState
{
public:
    // Consumes s[i] (and, for a backtick run, the rest of the run); returns the index after it.
    qsizetype feed(QStringView s, qsizetype i, qsizetype lineBegin)
    {
        const QChar c = s.at(i);
        if (m_escape) {
            m_escape = false;
            return i + 1;
        }
        if (c == u'`') {
            ++m_marks;
            qsizetype n = 0;
            while (i + n < s.size() && s.at(i + n) == u'`')
                ++n;
            if (m_code == 0)
                m_code = n;
            else if (m_code == n)
                m_code = 0;
            return i + n;
        }
        if (m_code > 0)
            return i + 1;
        if (m_entity && !c.isLetterOrNumber() && c != u'#')
            m_entity = false;
        const QChar before = i > 0 ? s.at(i - 1) : QChar(u' ');
        const QChar after = i + 1 < s.size() ? s.at(i + 1) : QChar(u' ');
        switch (c.unicode()) {
        case u'\\':
            m_escape = true;
            break;
        case u'&':
            m_entity = true;
            break;
        case u'[':
            ++m_brackets;
            ++m_marks;
            break;
        case u']':
            m_brackets = qMax(0, m_brackets - 1);
            if (after == u'(')
                m_linkTarget = true;
            break;
        case u'(':
            if (m_linkTarget || m_parens > 0)
                ++m_parens;
            m_linkTarget = false;
            break;
        case u')':
            m_parens = qMax(0, m_parens - 1);
            break;
        case u'<':
            m_angle = !after.isSpace();
            break;
        case u'>':
            m_angle = false;
            break;
        case u'*':
        case u'_':
        case u'~': {
            const bool spaced = before.isSpace() && after.isSpace();
            const bool intraword = c == u'_' && before.isLetterOrNumber() && after.isLetterOrNumber();
            const bool listMarker = (c == u'*') && i == lineBegin && after.isSpace();
            if (!spaced && !intraword && !listMarker) {
                (c == u'*' ? m_stars : c == u'_' ? m_underscores : m_tildes) ^= 1;
                ++m_marks;
            }
            break;
        }
        default:
            if (c.isSpace())
                m_angle = false;
            break;
        }
        return i + 1;
    }

    // Emphasis, code and link marks seen since the last cut: each starts a format run.
    int marks() const { return m_marks; }
    void resetMarks() { m_marks = 0; }

    bool balanced() const
    {
        return m_code == 0 && !m_escape && !m_entity && !m_angle && m_brackets == 0 && m_parens == 0 && m_stars == 0
            && m_underscores == 0 && m_tildes == 0;
    }

private:
    qsizetype m_code = 0; // length of the open code span's backtick run
    bool m_escape = false;
    bool m_entity = false;
    bool m_angle = false;
    bool m_linkTarget = false;
    int m_brackets = 0;
    int m_parens = 0;
    int m_stars = 0;
    int m_underscores = 0;
    int m_tildes = 0;
    int m_marks = 0;
};

// Cuts one paragraph-level segment longer than kProseChunkChars into pieces (see the header's rule).
class SegmentCutter
{
public:
    SegmentCutter(QStringView s, QList<ProseChunk> *out)
        : m_s(s)
        , m_out(out)
    {}

    void cut(qsizetype begin, qsizetype end)
    {
        m_pieceStart = begin;
        m_pieceFence = {};
        m_first = true;
        if (cutTable(begin, end))
            return;
        qsizetype i = begin;
        while (i < end) {
            const Line line = lineAt(m_s, i);
            startLine(line, end);
            const qsizetype stop = qMin(line.next, end);
            while (i < stop) {
                // A run of ASCII letters and digits changes no state: only its last cut point counts.
                if (isPlain(m_s.at(i)) && i + 1 < stop && isPlain(m_s.at(i + 1))) {
                    qsizetype j = i + 1;
                    const qsizetype runEnd = qMin(stop, m_pieceStart + kProseChunkChars);
                    while (j < runEnd && isPlain(m_s.at(j)))
                        ++j;
                    if (j - 1 > i && j - 1 < line.end && cuttable() && (m_fence.length == 0 || j - 1 > m_fenceBegin))
                        m_best[Any] = j - 1;
                    i = j;
                    if (i < stop)
                        consider(i, line);
                    if (i - m_pieceStart >= kProseChunkChars || m_inline.marks() >= kProseChunkMarks)
                        tryCut(i);
                    continue;
                }
                const qsizetype from = i;
                i = m_fence.length == 0 ? m_inline.feed(m_s, i, line.begin) : i + 1;
                if (i < stop && i > from)
                    consider(i, line);
                if (i - m_pieceStart >= kProseChunkChars || m_inline.marks() >= kProseChunkMarks)
                    tryCut(i);
            }
            if (m_closesAfterLine) {
                m_fence = {};
                m_inline = InlineState();
                m_closesAfterLine = false;
            }
        }
        close(end);
    }

private:
    enum Kind { LineStart, Space, Any };

    static bool isDelimiterRow(QStringView line)
    {
        bool dash = false;
        for (const QChar c : line) {
            if (c == u'-')
                dash = true;
            else if (c != u'|' && c != u':' && c != u' ' && c != u'\t')
                return false;
        }
        return dash;
    }

    // A table is cut only between rows; every piece repeats its header and delimiter rows (the
    // view hides the repeated header), so each piece is drawn as the same table.
    bool cutTable(qsizetype begin, qsizetype end)
    {
        const Line header = lineAt(m_s, begin);
        if (header.next >= end || !m_s.sliced(header.begin, header.end - header.begin).contains(u'|'))
            return false;
        const Line delimiter = lineAt(m_s, header.next);
        if (!isDelimiterRow(m_s.sliced(delimiter.begin, delimiter.end - delimiter.begin)))
            return false;
        const QString repeated = m_s.sliced(begin, delimiter.end - begin).toString();
        for (qsizetype i = delimiter.next; i < end;) {
            const Line row = lineAt(m_s, i);
            if (row.begin - m_pieceStart >= kProseChunkChars) {
                close(row.begin);
                m_pieceFenceLine = repeated;
                m_pieceFence = Fence{QChar(u'|'), 1};
            }
            i = row.next;
        }
        close(end);
        return true;
    }

    bool cuttable() const { return m_fence.length > 0 ? m_fenceHuge : m_inline.balanced(); }

    void startLine(const Line &line, qsizetype end)
    {
        const QStringView text = m_s.sliced(line.begin, line.end - line.begin);
        if (m_fence.length == 0) {
            // Not before a line indented four or more: drawn alone, it would become code.
            if (line.begin > m_pieceStart && cuttable() && !text.startsWith(QLatin1String("    "))
                && !text.startsWith(u'\t'))
                m_best[LineStart] = line.begin;
            const Fence open = fenceOf(text);
            if (open.length > 0) {
                // A fence: find where it ends, to know whether it may be cut at all.
                m_fence = open;
                m_fenceLine = text.toString();
                m_fenceBegin = line.next;
                qsizetype close = end;
                for (qsizetype j = line.next; j < end;) {
                    const Line l = lineAt(m_s, j);
                    if (closes(m_s.sliced(l.begin, l.end - l.begin), open)) {
                        close = l.begin;
                        break;
                    }
                    j = l.next;
                }
                m_fenceHuge = close - line.begin > kProseChunkChars;
            }
            return;
        }
        if (closes(text, m_fence)) {
            m_closesAfterLine = true;
            return;
        }
        if (line.begin > m_pieceStart && m_fenceHuge && line.begin > m_fenceBegin)
            m_best[LineStart] = line.begin;
    }

    void consider(qsizetype at, const Line &line)
    {
        if (at >= line.end || !cuttable() || (m_fence.length > 0 && at <= m_fenceBegin))
            return;
        const QChar a = m_s.at(at - 1);
        const QChar b = m_s.at(at);
        if (isSpace(a) && !isSpace(b))
            m_best[Space] = at;
        else if (!isSpace(a) && !isSpace(b) && wholeBetween(a, b)
                 && (m_fence.length > 0 || (a.isLetterOrNumber() && b.isLetterOrNumber())))
            m_best[Any] = at;
    }

    void tryCut(qsizetype at)
    {
        const qsizetype floor = m_pieceStart + qMin(kProseChunkChars / 4, (at - m_pieceStart) / 2);
        for (const Kind kind : {LineStart, Space, Any}) {
            if (m_best[kind] > floor) {
                close(m_best[kind]);
                return;
            }
        }
        if (at - m_pieceStart >= kProseChunkHardLimit) {
            // No safe point (unbalanced marks): cut anyway, keeping characters whole.
            qsizetype cut = at;
            while (cut > m_pieceStart + 1 && cut < m_s.size() && !wholeBetween(m_s.at(cut - 1), m_s.at(cut)))
                --cut;
            close(cut);
        }
    }

    void close(qsizetype at)
    {
        if (at <= m_pieceStart)
            return;
        ProseChunk chunk;
        chunk.begin = m_pieceStart;
        chunk.length = at - m_pieceStart;
        chunk.joinsPrevious = !m_first;
        chunk.fence = m_pieceFence.length > 0 ? m_pieceFenceLine : QString();
        chunk.fenceChar = m_pieceFence.length > 0 ? m_pieceFence.c : QChar();
        m_out->append(chunk);
        m_first = false;
        m_pieceStart = at;
        m_inline.resetMarks();
        // The next piece starts inside the fence when the cut is past its opening line.
        const bool insideFence = m_fence.length > 0 && at >= m_fenceBegin;
        m_pieceFence = insideFence ? m_fence : Fence{};
        m_pieceFenceLine = insideFence ? m_fenceLine : QString();
        for (qsizetype &best : m_best)
            best = -1;
    }

    QStringView m_s;
    QList<ProseChunk> *m_out;
    qsizetype m_pieceStart = 0;
    bool m_first = true;
    Fence m_pieceFence;
    QString m_pieceFenceLine;
    Fence m_fence; // the fence the scan is in (length 0: none)
    QString m_fenceLine;
    qsizetype m_fenceBegin = 0; // first character after the opening line
    bool m_fenceHuge = false;
    bool m_closesAfterLine = false;
    InlineState m_inline;
    qsizetype m_best[3] = {-1, -1, -1};
};

ProseChunk range(qsizetype begin, qsizetype end)
{
    ProseChunk chunk;
    chunk.begin = begin;
    chunk.length = end - begin;
    return chunk;
}

} // namespace

QList<ProseChunk> splitProse(QStringView s)
{
    QList<ProseChunk> out;
    if (s.isEmpty())
        return out;
    if (s.size() <= kProseChunkChars) {
        out.append(range(0, s.size()));
        return out;
    }
    qsizetype packStart = 0;
    qsizetype packEnd = 0;
    auto addSegment = [&](qsizetype begin, qsizetype end) {
        if (end <= begin)
            return;
        if (end - begin > kProseChunkChars) {
            if (packEnd > packStart)
                out.append(range(packStart, packEnd));
            SegmentCutter(s, &out).cut(begin, end);
            packStart = packEnd = end;
        } else if (end - packStart > kProseChunkChars) {
            out.append(range(packStart, packEnd));
            packStart = begin;
            packEnd = end;
        } else {
            packEnd = end;
        }
    };
    // Segments: paragraphs with the blank lines after them; a fence's blank lines stay inside it.
    Fence fence;
    bool afterBlank = false;
    qsizetype segmentStart = 0;
    for (qsizetype i = 0; i < s.size();) {
        const Line line = lineAt(s, i);
        const QStringView text = s.sliced(line.begin, line.end - line.begin);
        if (fence.length > 0) {
            if (closes(text, fence))
                fence = {};
        } else if (isBlank(text)) {
            afterBlank = true;
        } else {
            if (afterBlank) {
                addSegment(segmentStart, line.begin);
                segmentStart = line.begin;
                afterBlank = false;
            }
            fence = fenceOf(text);
        }
        i = line.next;
    }
    addSegment(segmentStart, s.size());
    if (packEnd > packStart)
        out.append(range(packStart, packEnd));
    return out;
}

QString proseChunkMarkdown(QStringView markdown, const ProseChunk &chunk)
{
    QStringView text = markdown.sliced(qBound(qsizetype(0), chunk.begin, markdown.size()));
    text = text.first(qMin(chunk.length, text.size()));
    if (!chunk.fence.isEmpty())
        return chunk.fence + u'\n' + text.toString();
    // A piece that starts at a line start is drawn as written (a list item, heading or quote there
    // starts one in the whole text too). One cut inside a line must not start a heading, quote, list
    // or fence.
    const bool midLine = chunk.joinsPrevious && chunk.begin > 0 && markdown.at(chunk.begin - 1) != u'\n';
    if (!midLine)
        return text.toString();
    while (!text.isEmpty() && isSpace(text.front()))
        text = text.sliced(1);
    QString out = text.toString();
    qsizetype indent = 0;
    while (indent < out.size() && out.at(indent) == u' ')
        ++indent;
    if (indent >= out.size())
        return out;
    const QChar c = out.at(indent);
    const QChar next = indent + 1 < out.size() ? out.at(indent + 1) : QChar(u' ');
    if (c == u'#' || c == u'>' || c == u'=' || c == u'|' || ((c == u'-' || c == u'+' || c == u'*') && next.isSpace())
        || ((c == u'`' || c == u'~') && fenceOf(QStringView(out).sliced(indent)).length > 0)) {
        out.insert(indent, u'\\');
    } else if (c.isDigit()) {
        qsizetype d = indent;
        while (d < out.size() && out.at(d).isDigit())
            ++d;
        if (d < out.size() && (out.at(d) == u'.' || out.at(d) == u')'))
            out.insert(d, u'\\');
    }
    return out;
}

} // namespace Tessera

#include <widgets/common/wraptext.h>

#include <QLabel>
#include <QTextBoundaryFinder>

namespace Tessera {

namespace {

constexpr QChar kZeroWidthSpace(0x200B);

bool breaksLine(QChar c)
{
    return c.isSpace() || c == kZeroWidthSpace;
}

} // namespace

QString breakableText(const QString &text)
{
    // Fast path: most text has no long run at all.
    int run = 0;
    bool needed = false;
    for (const QChar c : text) {
        run = breaksLine(c) ? 0 : run + 1;
        if (run > kMaxUnbrokenRun) {
            needed = true;
            break;
        }
    }
    if (!needed)
        return text;

    QString out;
    out.reserve(text.size() * 2);
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
    qsizetype from = 0;
    qsizetype runStart = 0; // where the current run without spaces began
    qsizetype runEnd = -1;  // and where it ends, found once per run
    for (qsizetype to = graphemes.toNextBoundary(); to > 0; to = graphemes.toNextBoundary()) {
        const QStringView cluster = QStringView(text).mid(from, to - from);
        if (breaksLine(cluster.front())) {
            runStart = to;
        } else {
            if (runEnd < from) {
                runEnd = from;
                while (runEnd < text.size() && !breaksLine(text.at(runEnd)))
                    ++runEnd;
            }
            // Inside a long run: a break opportunity before every cluster but the first.
            if (from > runStart && runEnd - runStart > kMaxUnbrokenRun)
                out += kZeroWidthSpace;
        }
        out += cluster;
        from = to;
    }
    return out;
}

QString unbreakableText(const QString &text)
{
    QString out = text;
    out.remove(kZeroWidthSpace);
    return out;
}

void setBreakableText(QLabel *label, const QString &text)
{
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setText(breakableText(text));
}

bool hasLineLongerThan(QStringView text, qsizetype limit)
{
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = text.indexOf(u'\n', at);
        if (end < 0)
            end = text.size();
        if (end - at > limit)
            return true;
        at = end + 1;
    }
    return false;
}

} // namespace Tessera

#include <workbench/editorloader.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextCursor>

#include <widgets/common/wraptext.h>

namespace Tessera {

EditorLoader *EditorLoader::of(QPlainTextEdit *editor)
{
    if (auto *existing = editor->findChild<EditorLoader *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new EditorLoader(editor);
}

bool EditorLoader::isLoading(const QPlainTextEdit *editor)
{
    const auto *loader = editor ? editor->findChild<EditorLoader *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
    return loader && loader->isLoading();
}

EditorLoader::EditorLoader(QPlainTextEdit *editor)
    : QObject(editor)
    , m_editor(editor)
{
    m_next.setSingleShot(true);
    m_next.setInterval(0);
    connect(&m_next, &QTimer::timeout, this, &EditorLoader::appendSlice);
    m_nextRehighlight.setSingleShot(true);
    m_nextRehighlight.setInterval(0);
    connect(&m_nextRehighlight, &QTimer::timeout, this, &EditorLoader::rehighlightSlice);
}

bool EditorLoader::hasLongLine(const QString &text)
{
    return hasLineLongerThan(text, kLongLineChars);
}

QString EditorLoader::longLineNote()
{
    return QCoreApplication::translate("Tessera::EditorLoader",
                                       "Shown read-only, broken every %1 characters: a line is longer than %2 characters.")
            .arg(QLocale().toString(qlonglong(kBrokenLineChars)), QLocale().toString(qlonglong(kLongLineChars)));
}

namespace {

// text with every line longer than EditorLoader::kLongLineChars broken into lines of kBrokenLineChars.
QString brokenLines(const QString &text)
{
    QString broken;
    broken.reserve(text.size() + text.size() / EditorLoader::kBrokenLineChars + 1);
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = text.indexOf(u'\n', at);
        const bool lastLine = end < 0;
        if (lastLine)
            end = text.size();
        const QStringView line = QStringView(text).sliced(at, end - at);
        if (line.size() > EditorLoader::kLongLineChars) {
            for (qsizetype piece = 0; piece < line.size(); piece += EditorLoader::kBrokenLineChars) {
                if (piece > 0)
                    broken += u'\n';
                broken += line.sliced(piece, qMin(EditorLoader::kBrokenLineChars, line.size() - piece));
            }
        } else {
            broken += line;
        }
        if (!lastLine)
            broken += u'\n';
        at = end + 1;
    }
    return broken;
}

} // namespace

void EditorLoader::load(const QString &text)
{
    if (!m_editor)
        return;
    if (!m_loading)
        m_wasReadOnly = m_editor->isReadOnly();
    m_loading = true;
    if (hasLongLine(text)) {
        m_original = text;
        m_text = brokenLines(text);
    } else {
        m_original.clear();
        m_text = text;
    }
    m_at = 0;
    m_next.stop();
    m_rehighlightAt = -1; // the new text is highlighted as it goes in
    m_nextRehighlight.stop();
    m_editor->setReadOnly(true);
    m_editor->setUndoRedoEnabled(false);
    m_editor->clear();
    appendSlice();
    // The first slice moved the editor's cursor along with it; the view starts at the top. The later
    // pieces go in after the cursor and leave it (and the person's scrolling) alone.
    m_editor->moveCursor(QTextCursor::Start);
}

void EditorLoader::appendSlice()
{
    if (!m_editor || !m_loading)
        return;
    QElapsedTimer clock;
    clock.start();
    QTextCursor cursor(m_editor->document());
    // At least one piece per turn, so it always progresses.
    do {
        // Whole lines: a line cut in two is laid out again with every piece that grows it (quadratic
        // for one long line), so a line longer than a piece goes in as one piece.
        qsizetype end = qMin(m_text.size(), m_at + kPieceChars);
        if (end < m_text.size()) {
            const qsizetype lineEnd = m_text.lastIndexOf(u'\n', end - 1);
            const qsizetype nextEnd = lineEnd >= m_at ? lineEnd : m_text.indexOf(u'\n', end);
            end = nextEnd < 0 ? m_text.size() : nextEnd + 1;
        }
        cursor.movePosition(QTextCursor::End);
        cursor.insertText(QStringView(m_text).sliced(m_at, end - m_at).toString());
        m_at = end;
    } while (m_at < m_text.size() && clock.elapsed() < kBudgetMs);
    if (m_at < m_text.size())
        m_next.start();
    else
        finish();
}

void EditorLoader::finish()
{
    m_loading = false;
    m_text.clear();
    m_at = 0;
    m_editor->setUndoRedoEnabled(true);
    m_editor->setReadOnly(m_wasReadOnly || brokeLongLines()); // what it shows is not the text: no edits
    Q_EMIT loaded();
}

void EditorLoader::rehighlight()
{
    if (!m_editor || !m_editor->document()->findChild<QSyntaxHighlighter *>())
        return;
    m_rehighlightAt = 0;
    rehighlightSlice();
}

void EditorLoader::rehighlightSlice()
{
    QSyntaxHighlighter *highlighter = m_editor ? m_editor->document()->findChild<QSyntaxHighlighter *>() : nullptr;
    if (!highlighter || m_rehighlightAt < 0) {
        m_rehighlightAt = -1;
        return;
    }
    QElapsedTimer clock;
    clock.start();
    QTextBlock block = m_editor->document()->findBlockByNumber(m_rehighlightAt);
    // At least one line per turn; a line is at most kMaxHighlightedLine characters (canvastabviews.h).
    while (block.isValid()) {
        highlighter->rehighlightBlock(block);
        block = block.next();
        ++m_rehighlightAt;
        if (clock.elapsed() >= kBudgetMs)
            break;
    }
    if (block.isValid()) {
        m_nextRehighlight.start();
        return;
    }
    m_rehighlightAt = -1;
    Q_EMIT rehighlighted();
}

} // namespace Tessera

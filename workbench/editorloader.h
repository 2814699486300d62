#pragma once

// Puts a long text into a QPlainTextEdit in slices (issue 15: a 4 MB file tab took 0.5 s in one
// setPlainText and its highlighter a minute, both in one turn of the GUI thread). Each turn of the event
// loop appends pieces of whole lines, at most kPieceChars unless one line is longer, until kBudgetMs
// have passed, then yields; the editor's highlighter, if any, formats only the lines each piece adds, so
// highlighting is sliced with the text. The first slice goes in at once (what the first frame or a
// headless render shows).
//
// While loading the editor is read-only and keeps no undo steps (the person cannot type into half a
// document; the text read so far is not an edit); both come back when the last piece is in. One loader
// per editor (a child of it): load() again starts over with the new text.
//
// A line longer than kLongLineChars is laid out whole each time it is shown (a 1 MB line held the GUI
// thread 285 ms): such a text goes in broken into lines of kBrokenLineChars, and the editor stays
// read-only, since what it shows is no longer the text (brokeLongLines(), originalText(); the view says
// so in a note, longLineNote()).
//
// rehighlight() re-formats the lines already in the editor the same way, a budget per turn (the
// highlighter's colours changed with the theme; QSyntaxHighlighter::rehighlight would format a large
// file in one turn). The first slice, the top of the document, is done before it returns; lines a
// running load adds later are formatted as they go in.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class QPlainTextEdit;

namespace Tessera {

class EditorLoader : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype kPieceChars = 4096; // one insertion; a line of code is far shorter
    static constexpr int kBudgetMs = 8;            // GUI-thread time per turn, half a 60 Hz frame
    static constexpr qsizetype kLongLineChars = 20000;  // a line past this is shown broken
    static constexpr qsizetype kBrokenLineChars = 2000;  // the pieces it is broken into

    // The editor's loader, made on first use (owned by the editor).
    static EditorLoader *of(QPlainTextEdit *editor);
    // Whether the editor is still being filled; false for an editor without a loader.
    static bool isLoading(const QPlainTextEdit *editor);

    // Replaces the editor's text with text, in slices (the first one before this returns).
    void load(const QString &text);
    bool isLoading() const { return m_loading; }
    // Whether the last load() broke a long line for the display (the editor is then read-only).
    bool brokeLongLines() const { return !m_original.isEmpty(); }
    // The text load() was given when it broke long lines; "" otherwise (the editor's text is the text).
    const QString &originalText() const { return m_original; }
    // Whether load() would break a line of text, and the note a view shows for it ("" when it would not).
    static bool hasLongLine(const QString &text);
    static QString longLineNote();
    // Re-highlights every line with the document's highlighter, in slices; nothing without one.
    void rehighlight();
    bool isRehighlighting() const { return m_rehighlightAt >= 0; }

Q_SIGNALS:
    // The whole text is in the editor.
    void loaded();
    // Every line has been re-highlighted.
    void rehighlighted();

private:
    explicit EditorLoader(QPlainTextEdit *editor);
    void appendSlice();
    void finish();
    void rehighlightSlice();

    QPointer<QPlainTextEdit> m_editor; // the parent
    QString m_text;
    QString m_original; // the text given, when m_text is it with its long lines broken
    qsizetype m_at = 0; // characters of m_text already in the editor
    bool m_loading = false;
    bool m_wasReadOnly = false;
    QTimer m_next; // the next slice, after the event loop turned
    int m_rehighlightAt = -1; // the next line (block number) to re-highlight; -1 when none is due
    QTimer m_nextRehighlight;
};

} // namespace Tessera

#pragma once

// Backend → Open Backend Log (issue 18): the backend's log (a stdio child's stderr, backend.h's
// logFilePath) in a window of Tessera's own, instead of handing the file to whatever opens it.
//  - Shows at most the file's last kMaxShownBytes, decoded as UTF-8 (bad bytes become U+FFFD), and
//    follows the file while the window is shown: every kPollMs what was appended is added; a file that
//    shrank or was replaced (the log starts over at 8 MiB, stdiobackend.h) is read again from its start.
//    The view stays at the bottom when it was there, and keeps the reader's place otherwise.
//  - Find: the field above the text, case-insensitive; Enter / Find Next and Shift+Enter / Find
//    Previous move to the next match (wrapping), the label says "3 of 12", "12 matches" or "No matches",
//    and every match is highlighted.
//  - Copy: the text is selectable (Ctrl+C copies the selection); Copy All puts the whole shown log on
//    the clipboard.
//  - Several logs (issue 16: each stdio MCP server's stderr, mcp/stdiotransport.h mcpServerLogPath,
//    beside the backend's): setLogFiles() fills a "Log:" chooser above the text (hidden while there is
//    one); the chosen one is shown and followed as above, each bounded the same way.
// refresh() is what the timer calls; tests call it directly instead of waiting.

#include <QDialog>
#include <QList>
#include <QString>
#include <QStringDecoder>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace Tessera {

class BackendLogWindow : public QDialog
{
    Q_OBJECT

public:
    static constexpr qint64 kMaxShownBytes = 2 * 1024 * 1024;
    static constexpr int kPollMs = 500;

    explicit BackendLogWindow(QWidget *parent = nullptr);

    struct Source
    {
        QString title; // what the chooser says: "Backend", "MCP server NAME"
        QString path;
        friend bool operator==(const Source &, const Source &) = default;
    };

    // Shows this file (read at once); the same path again only refreshes.
    void setLogFile(const QString &path);
    // The logs to choose from; the one shown stays chosen when it is still among them, else the first.
    void setLogFiles(const QList<Source> &sources);
    QString logFile() const { return m_path; }
    QComboBox *sourceChooser() const { return m_sources; }

    // Adds what the file gained since the last read (or reads it again when it shrank or is gone).
    void refresh();

    // Moves the selection to the next (or previous) match of the find field's text; false when none.
    bool findNext(bool backward = false);
    int matchCount() const { return m_matches; }
    void copyAll() const;

    QPlainTextEdit *textView() const { return m_text; }
    QLineEdit *findField() const { return m_find; }
    QLabel *matchLabel() const { return m_matchLabel; }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showFile(const QString &path);
    void restart();
    void appendText(const QString &text);
    void updateMatches();
    void updateMatchLabel(int current);

    QString m_path;
    qint64 m_offset = 0;        // bytes of the file read so far
    QByteArray m_fileIdentity;  // inode and device: a replaced file is read from its start
    QStringDecoder m_decoder{QStringDecoder::Utf8};
    int m_matches = 0;
    QList<Source> m_sourceList;
    QComboBox *m_sources = nullptr;
    QLabel *m_sourceLabel = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QLineEdit *m_find = nullptr;
    QLabel *m_matchLabel = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_poll = nullptr;
};

} // namespace Tessera

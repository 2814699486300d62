#include <app/backendlogwindow.h>

#include <sys/stat.h>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

namespace Tessera {

namespace {

constexpr int kMaxHighlights = 2000; // matches painted at once; the count is still exact

// Device and inode: a log that started over (renamed aside, a new file) is another file.
QByteArray fileIdentity(const QString &path)
{
    struct stat info {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QByteArray::number(qulonglong(info.st_dev)) + ':' + QByteArray::number(qulonglong(info.st_ino));
}

} // namespace

BackendLogWindow::BackendLogWindow(QWidget *parent)
    : QDialog(parent)
    , m_sources(new QComboBox(this))
    , m_sourceLabel(new QLabel(tr("&Log:"), this))
    , m_text(new QPlainTextEdit(this))
    , m_find(new QLineEdit(this))
    , m_matchLabel(new QLabel(this))
    , m_status(new QLabel(this))
    , m_poll(new QTimer(this))
{
    setObjectName(QStringLiteral("backendLogWindow"));
    setWindowTitle(tr("Backend Log"));
    setModal(false);
    resize(820, 560);

    m_find->setObjectName(QStringLiteral("backendLogFind"));
    m_find->setPlaceholderText(tr("Find in the log"));
    m_find->setAccessibleName(tr("Find in the log"));
    m_find->setClearButtonEnabled(true);
    m_find->installEventFilter(this);
    m_matchLabel->setObjectName(QStringLiteral("backendLogMatches"));
    auto *previous = new QPushButton(tr("Previous"), this);
    previous->setObjectName(QStringLiteral("backendLogPrevious"));
    previous->setAutoDefault(false);
    auto *next = new QPushButton(tr("Next"), this);
    next->setObjectName(QStringLiteral("backendLogNext"));
    next->setAutoDefault(false);
    auto *copy = new QPushButton(tr("Copy All"), this);
    copy->setObjectName(QStringLiteral("backendLogCopyAll"));
    copy->setAutoDefault(false);

    m_text->setObjectName(QStringLiteral("backendLogText"));
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setAccessibleName(tr("Backend log"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_status->setObjectName(QStringLiteral("backendLogStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_sources->setObjectName(QStringLiteral("backendLogSource"));
    m_sources->setAccessibleName(tr("Log"));
    m_sourceLabel->setBuddy(m_sources);
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_sourceLabel);
    sourceRow->addWidget(m_sources, 1);
    m_sources->hide();
    m_sourceLabel->hide();

    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_matchLabel);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addSpacing(12);
    findRow->addWidget(copy);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sourceRow);
    layout->addLayout(findRow);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_status);

    connect(m_find, &QLineEdit::textChanged, this, [this] {
        updateMatches();
        if (m_matches > 0) {
            m_text->moveCursor(QTextCursor::Start);
            findNext();
        }
    });
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findNext(); });
    connect(next, &QPushButton::clicked, this, [this] { findNext(); });
    connect(previous, &QPushButton::clicked, this, [this] { findNext(true); });
    connect(copy, &QPushButton::clicked, this, &BackendLogWindow::copyAll);
    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, &BackendLogWindow::refresh);
    connect(m_sources, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && index < m_sourceList.size())
            showFile(m_sourceList.at(index).path);
    });
}

void BackendLogWindow::setLogFile(const QString &path)
{
    setLogFiles({{tr("Backend"), path}});
}

void BackendLogWindow::setLogFiles(const QList<Source> &sources)
{
    if (sources != m_sourceList) {
        qsizetype chosen = 0;
        for (qsizetype i = 0; i < sources.size(); ++i) {
            if (sources.at(i).path == m_path)
                chosen = i;
        }
        m_sourceList = sources;
        const QSignalBlocker blocker(m_sources);
        m_sources->clear();
        for (const Source &source : sources)
            m_sources->addItem(source.title);
        m_sources->setCurrentIndex(int(chosen));
        m_sources->setVisible(sources.size() > 1);
        m_sourceLabel->setVisible(sources.size() > 1);
    }
    const int index = m_sources->currentIndex();
    showFile(index >= 0 && index < m_sourceList.size() ? m_sourceList.at(index).path : QString());
}

void BackendLogWindow::showFile(const QString &path)
{
    if (path == m_path) {
        refresh();
        return;
    }
    m_path = path;
    m_status->setText(QDir::toNativeSeparators(path));
    restart();
    refresh();
}

void BackendLogWindow::restart()
{
    m_offset = 0;
    m_fileIdentity.clear();
    m_decoder.resetState();
    m_text->clear();
}

void BackendLogWindow::refresh()
{
    if (m_path.isEmpty())
        return;
    QFile file(m_path);
    const QByteArray identity = fileIdentity(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (m_offset > 0 || m_text->document()->isEmpty())
            restart();
        m_text->setPlaceholderText(tr("Nothing is logged yet."));
        return;
    }
    const qint64 size = file.size();
    if ((!m_fileIdentity.isEmpty() && identity != m_fileIdentity) || size < m_offset)
        restart(); // started over: the old text belongs to a file that is gone
    m_fileIdentity = identity;
    if (size == m_offset)
        return;
    QString prefix;
    if (size - m_offset > kMaxShownBytes) {
        // Too much to show: the last part only, from a line start, and a note that more came before.
        const bool hadText = !m_text->document()->isEmpty();
        restart();
        m_fileIdentity = identity;
        m_offset = size - kMaxShownBytes;
        prefix = hadText ? tr("[… earlier lines not shown]") + QLatin1Char('\n')
                         : tr("[… the first %1 MB are not shown]").arg(m_offset / (1024 * 1024)) + QLatin1Char('\n');
        file.seek(m_offset);
        const QByteArray skipped = file.readLine(); // the rest of a cut line
        m_offset += skipped.size();
    } else {
        file.seek(m_offset);
    }
    const QByteArray bytes = file.read(size - m_offset);
    m_offset += bytes.size();
    const QString decoded = m_decoder.decode(bytes);
    appendText(prefix + decoded);
}

void BackendLogWindow::appendText(const QString &text)
{
    if (text.isEmpty())
        return;
    QScrollBar *bar = m_text->verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum();
    const int keep = bar->value();
    QTextCursor end(m_text->document());
    end.movePosition(QTextCursor::End);
    end.insertText(text);
    bar->setValue(atBottom ? bar->maximum() : keep);
    updateMatches();
}

void BackendLogWindow::updateMatches()
{
    const QString needle = m_find->text();
    QList<QTextEdit::ExtraSelection> highlights;
    m_matches = 0;
    if (!needle.isEmpty()) {
        const QString haystack = m_text->toPlainText();
        QTextCharFormat format;
        format.setBackground(m_text->palette().color(QPalette::Highlight).lighter(160));
        format.setForeground(m_text->palette().color(QPalette::Text));
        for (qsizetype at = haystack.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0;
             at = haystack.indexOf(needle, at + needle.size(), Qt::CaseInsensitive)) {
            ++m_matches;
            if (highlights.size() < kMaxHighlights) {
                QTextCursor cursor(m_text->document());
                cursor.setPosition(int(at));
                cursor.setPosition(int(at + needle.size()), QTextCursor::KeepAnchor);
                highlights.append({cursor, format});
            }
        }
    }
    m_text->setExtraSelections(highlights);
    updateMatchLabel(0);
}

void BackendLogWindow::updateMatchLabel(int current)
{
    if (m_find->text().isEmpty())
        m_matchLabel->clear();
    else if (m_matches == 0)
        m_matchLabel->setText(tr("No matches"));
    else if (current > 0)
        m_matchLabel->setText(tr("%1 of %2").arg(current).arg(m_matches));
    else
        m_matchLabel->setText(tr("%n match(es)", nullptr, m_matches));
}

bool BackendLogWindow::findNext(bool backward)
{
    const QString needle = m_find->text();
    if (needle.isEmpty() || m_matches == 0)
        return false;
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    QTextCursor found = m_text->document()->find(needle, m_text->textCursor(), flags);
    if (found.isNull()) { // wrap around
        QTextCursor from(m_text->document());
        from.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        found = m_text->document()->find(needle, from, flags);
    }
    if (found.isNull())
        return false;
    m_text->setTextCursor(found);
    m_text->ensureCursorVisible();
    // Which match this is: those that start before it, plus one.
    const QString before = m_text->toPlainText().left(found.selectionStart());
    int index = 1;
    for (qsizetype at = before.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0;
         at = before.indexOf(needle, at + needle.size(), Qt::CaseInsensitive))
        ++index;
    updateMatchLabel(index);
    return true;
}

void BackendLogWindow::copyAll() const
{
    QGuiApplication::clipboard()->setText(m_text->toPlainText());
}

void BackendLogWindow::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    refresh();
    m_poll->start();
}

void BackendLogWindow::hideEvent(QHideEvent *event)
{
    m_poll->stop();
    QDialog::hideEvent(event);
}

bool BackendLogWindow::eventFilter(QObject *watched, QEvent *event)
{
    // Shift+Enter in the find field goes backwards; Enter forwards (returnPressed).
    if (watched == m_find && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && key->modifiers() & Qt::ShiftModifier) {
            findNext(true);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace Tessera

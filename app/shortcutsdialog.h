#pragma once

// Help → Keyboard Shortcuts (issue 7): a two-column list (keys, what they do) built from the menu
// bar's actions, so it cannot fall out of date, followed by the keys inside cards and the composer.

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace Tessera {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    // menuBar may be null (only the in-card keys are listed). Not owned.
    explicit ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace Tessera

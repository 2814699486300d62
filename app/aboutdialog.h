#pragma once

// Help → About (issue 7): version, the Qt version it runs on, the license, and where Tessera keeps
// its data (QStandardPaths::AppDataLocation) and settings (QSettings' file).

#include <QDialog>

namespace Tessera {

class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The dialog's text as plain text, for tests and for copying.
    QString text() const { return m_text; }

private:
    QString m_text;
};

} // namespace Tessera

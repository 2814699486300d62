#include <app/aboutdialog.h>

#include <QDialogButtonBox>
#include <QDir>
#include <QIcon>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace Tessera {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Tessera"));

    const QString dataDir = QDir::toNativeSeparators(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
    const QString settingsFile = QDir::toNativeSeparators(QSettings().fileName());
    const QStringList lines = {
        tr("Tessera %1").arg(QStringLiteral(TESSERA_VERSION)),
        tr("A desktop client for agent conversations: cards drawn natively, conversations replayed offline."),
        tr("Built with Qt %1, running on Qt %2.").arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion())),
        tr("License: MIT. Copyright © The Tessera developers."),
        tr("Data: %1").arg(dataDir),
        tr("Settings: %1").arg(settingsFile),
    };
    m_text = lines.join(QLatin1Char('\n'));

    auto *layout = new QVBoxLayout(this);
    auto *heading = new QLabel(this);
    heading->setObjectName(QStringLiteral("aboutHeading"));
    heading->setTextFormat(Qt::PlainText);
    heading->setText(lines.at(0));
    QFont font = heading->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.4);
    heading->setFont(font);
    layout->addWidget(heading);
    for (int i = 1; i < lines.size(); ++i) {
        auto *label = new QLabel(lines.at(i), this);
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        layout->addWidget(label);
    }
    layout->addStretch(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

} // namespace Tessera

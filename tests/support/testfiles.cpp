#include <tests/support/testfiles.h>

#include <QDir>
#include <QFile>

namespace Tessera::TestSupport {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QString testDataPath(const QString &relative)
{
    return QStringLiteral(TESSERA_TEST_DATA "/") + relative;
}

QStringList testDataFiles(const QString &folder, const QString &pattern)
{
    return QDir(testDataPath(folder)).entryList({pattern}, QDir::Files, QDir::Name);
}

QStringList testDataFolders(const QString &folder)
{
    return QDir(testDataPath(folder)).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace Tessera::TestSupport

#pragma once

// Files in tests: whole-file reads and writes, and the fixtures under tests/data/.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Tessera::TestSupport {

// The file's bytes, or empty when it cannot be read.
QByteArray readFile(const QString &path);
// Replaces the file with `bytes`; false when it could not be written in full.
bool writeFile(const QString &path, const QByteArray &bytes);

// The absolute path of `relative` under tests/data/.
QString testDataPath(const QString &relative);
// The file names (not paths) in tests/data/<folder> matching `pattern`, sorted; empty when there is no
// such folder.
QStringList testDataFiles(const QString &folder, const QString &pattern = QStringLiteral("*.json"));
// The sub-folder names of tests/data/<folder>, sorted.
QStringList testDataFolders(const QString &folder);

} // namespace Tessera::TestSupport

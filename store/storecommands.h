#pragma once

// The store's headless commands (issue 4), called by app/commandline.cpp:
//   tessera import FILE.jsonl [--data-dir DIR]   prints a summary, then the new id as its LAST line
//   tessera list [SEARCH] [--data-dir DIR]       one conversation per line, tab-separated:
//                                                 id, title, message count, card count, last activity
//                                                 (ISO-8601 UTC); newest first; nothing stored: no lines
//   tessera export ID -o FILE [--format jsonl|md] [--data-dir DIR]   (-o -: standard output, bytes only)
// ID may be a unique prefix of at least 4 characters. Exit codes: 0 done, 2 anything failed (a reason
// on stderr). Each returns the process exit code and writes to stdout/stderr.
//
// Reading commands (list, export, and render/validate of a stored id) open the store read-write when no
// other Tessera holds it (so an old schema is migrated and cut-off turns are marked), else read-only.

#include <QFileInfo>
#include <QString>

#include <cards/transcript.h>

namespace Tessera {

int runStoreImport(const QString &file, const QString &dataDir);
int runStoreList(const QString &dataDir, const QString &search);
// Writes bytes to stdout as they are and flushes; false when not all of them could be written.
bool writeStandardOutput(const QByteArray &bytes);

int runStoreExport(const QString &idOrPrefix, const QString &output, const QString &format, const QString &dataDir);

// render / validate: an argument naming an existing file is a file (namesAFile); otherwise a stored
// conversation id (or unique prefix) in dataDir (empty: the default data dir). false with a reason when it
// is neither.
bool readConversationArgument(const QString &argument, const QString &dataDir, Transcript *transcript, QString *error);

// Whether readConversationArgument reads `argument` as a file: one that exists, or a path or a .jsonl name
// (a missing file is then named as one). Inline, so a program that reads files only tells the two apart
// without the store.
inline bool namesAFile(const QString &argument)
{
    return QFileInfo::exists(argument) || argument.contains(QLatin1Char('/'))
        || argument.endsWith(QLatin1String(".jsonl"));
}

} // namespace Tessera

#pragma once

// Runs a built program (the tessera binary, a helper) as a user would: in a child process, with its
// exit code, stdout and stderr collected. Shared by the tests that drive the command line.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Tessera::TestSupport {

struct CliResult
{
    int exitCode = -1; // the program's exit code; -1 when it did not finish in time, -2 when it crashed
    QString out;
    QByteArray outBytes; // stdout as written (a PNG or an export on standard output)
    QString err;
};

// Whether a displayless environment also drops QT_QPA_PLATFORM (the offscreen platform ctest sets):
// Remove is a machine with no display at all, Keep still lets a program that needs a GUI start.
enum class QpaPlatform { Remove, Keep };

// `environment` without DISPLAY and WAYLAND_DISPLAY, so nothing reaches the user's session.
QProcessEnvironment displaylessEnvironment(QpaPlatform platform = QpaPlatform::Remove,
                                           QProcessEnvironment environment = QProcessEnvironment::systemEnvironment());

// Starts `program` and waits up to three minutes (a cold start on a loaded two-core machine); a program
// still running then is killed and reported with exitCode -1.
CliResult runProgram(const QString &program, const QStringList &arguments,
                     const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

} // namespace Tessera::TestSupport

#include <tests/support/clirunner.h>

#include <QProcess>

namespace Tessera::TestSupport {

namespace {
constexpr int kTimeoutMs = 180000;
}

QProcessEnvironment displaylessEnvironment(QpaPlatform platform, QProcessEnvironment environment)
{
    if (platform == QpaPlatform::Remove)
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    return environment;
}

CliResult runProgram(const QString &program, const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    CliResult result;
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished(); // reaped here, not left to the QProcess destructor
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.outBytes = process.readAllStandardOutput();
    result.out = QString::fromUtf8(result.outBytes);
    result.err = QString::fromUtf8(process.readAllStandardError());
    if (result.exitCode == -2) // a crash (or a sanitizer's report) says why on stderr: keep it in the test log
        qWarning("%s crashed; the end of its stderr:\n%s", qPrintable(program), qPrintable(result.err.right(6000)));
    return result;
}

} // namespace Tessera::TestSupport

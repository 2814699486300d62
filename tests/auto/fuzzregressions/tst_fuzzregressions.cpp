#include <QDir>
#include <QFile>
#include <QTest>

#include <fuzz/fuzzentries.h>

using namespace Tessera;

// Every input a fuzzer once crashed on (tests/data/fuzz-regressions/<harness>/, README there) and every
// seed (fuzz/corpus/<harness>/) goes through the harness's entry: a crash, a sanitizer report (under an
// ASan build) or a broken rule aborts this test. A failed TESSERA_ASSERT aborts too (setUpFuzzing).
class FuzzRegressionsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void folderNamesHarness_data();
    void folderNamesHarness();
    void replay_data();
    void replay();

private:
    static QStringList inputFolders();
};

void FuzzRegressionsTest::initTestCase()
{
    Fuzz::setUpFuzzing();
}

QStringList FuzzRegressionsTest::inputFolders()
{
    return {QStringLiteral(TESSERA_TEST_DATA "/fuzz-regressions"), QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus")};
}

// A misspelt folder would silently replay nothing.
void FuzzRegressionsTest::folderNamesHarness_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &root : inputFolders()) {
        for (const QString &name : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QTest::newRow(qPrintable(QDir(root).dirName() + QLatin1Char('/') + name)) << name;
    }
}

void FuzzRegressionsTest::folderNamesHarness()
{
    QFETCH(QString, name);
    QVERIFY2(Fuzz::findHarness(qPrintable(name)), qPrintable(name + QStringLiteral(" is not a harness")));
}

void FuzzRegressionsTest::replay_data()
{
    QTest::addColumn<QString>("harness");
    QTest::addColumn<QString>("path");
    int rows = 0;
    for (const Fuzz::Harness &harness : Fuzz::harnesses()) {
        for (const QString &root : inputFolders()) {
            const QDir dir(root + QLatin1Char('/') + QLatin1String(harness.name));
            for (const QString &file : dir.entryList(QDir::Files, QDir::Name)) {
                QTest::newRow(qPrintable(QDir(root).dirName() + QLatin1Char('/') + dir.dirName() + QLatin1Char('/') + file))
                    << QString::fromLatin1(harness.name) << dir.filePath(file);
                ++rows;
            }
        }
    }
    QVERIFY2(rows > 0, "no seeds and no regressions found");
}

void FuzzRegressionsTest::replay()
{
    QFETCH(QString, harness);
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
    const QByteArray input = file.readAll();
    Fuzz::findHarness(qPrintable(harness))->entry(reinterpret_cast<const std::uint8_t *>(input.constData()),
                                                  std::size_t(input.size()));
}

QTEST_GUILESS_MAIN(FuzzRegressionsTest)
#include "tst_fuzzregressions.moc"

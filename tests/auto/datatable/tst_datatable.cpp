// data_table: model cell text (exact digits, em dash), roles, totals, sorting, TSV copy and sizing.

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QTableView>
#include <QtTest>

#include <cards/card.h>
#include <widgets/kinds/datatablecard.h>
#include <widgets/kinds/datatablemodel.h>
#include <tests/support/cardhelpers.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

const QString kDash = QStringLiteral("\u2014");

// Columns: name (text), qty (numeric), big (numeric), ratio (numeric), "a/b" (numeric, key needs escaping).
const QByteArray kTable = R"J({"kind":"data_table","specVersion":1,"payload":{
  "title":"Sector flow","caption":"Source: test data.",
  "columns":[{"key":"name","label":"Name"},{"key":"qty","label":"Quantity","numeric":true},
             {"key":"big","label":"Big","numeric":true},{"key":"ratio","label":"Ratio","numeric":true},
             {"key":"a/b","label":"Slash","numeric":true}],
  "rows":[{"name":"alpha","qty":100,"big":18446744073709551615,"ratio":1.10,"a/b":2.50},
          {"name":"beta","qty":9,"big":null,"ratio":0.5},
          {"name":"gamma","qty":null,"big":1,"ratio":1e2,"a/b":7},
          {"name":"delta","qty":10,"big":-3,"ratio":2}],
  "totals":{"name":"Total","qty":119,"big":null,"ratio":4.60}}})J";

QByteArray rowsCard(int rows, bool totals)
{
    QByteArray text = R"({"kind":"data_table","specVersion":1,"payload":{"columns":[{"key":"k","label":"K"},)"
                      R"({"key":"v","label":"V","numeric":true}],"rows":[)";
    for (int r = 0; r < rows; ++r)
        text += (r ? "," : "") + QByteArray(R"({"k":"row)") + QByteArray::number(r) + R"(","v":)"
            + QByteArray::number(r * 7) + "}";
    text += "]";
    if (totals)
        text += R"(,"totals":{"k":"All","v":1})";
    return text + "}}";
}

QStringList columnTexts(const QAbstractItemModel *model, int column)
{
    QStringList texts;
    for (int r = 0; r < model->rowCount(); ++r)
        texts.append(model->index(r, column).data().toString());
    return texts;
}

} // namespace

class TestDataTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellText_data();
    void cellText();
    void copyTextRoleIsEmptyForNull();
    void alignment();
    void headers();
    void totals();
    void noTotals();
    void sortNumericByValueNullsLast_data();
    void sortNumericByValueNullsLast();
    void sortText();
    void copySelectionAsTsv();
    void copyWholeTableIncludesHeaderAndTotals();
    void contextMenuHasCopy();
    void heightShowsAllRows_data();
    void heightShowsAllRows();
    void narrowWidthAddsScrollBarHeight();
    void rowsCappedAtFifty();
};

void TestDataTable::cellText_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");

    QTest::newRow("string") << 0 << 0 << QStringLiteral("alpha");
    QTest::newRow("int") << 0 << 1 << QStringLiteral("100");
    QTest::newRow("uint64 max exact") << 0 << 2 << QStringLiteral("18446744073709551615");
    QTest::newRow("float keeps 1.10") << 0 << 3 << QStringLiteral("1.10");
    QTest::newRow("escaped key keeps 2.50") << 0 << 4 << QStringLiteral("2.50");
    QTest::newRow("null") << 1 << 2 << kDash;
    QTest::newRow("missing key") << 1 << 4 << kDash;
    QTest::newRow("float 0.5") << 1 << 3 << QStringLiteral("0.5");
    QTest::newRow("exponent kept") << 2 << 3 << QStringLiteral("1e2");
    QTest::newRow("null qty") << 2 << 1 << kDash;
    QTest::newRow("negative") << 3 << 2 << QStringLiteral("-3");
}

void TestDataTable::cellText()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    const Card card = validCard(kTable);
    QVERIFY(card.isValid());
    DataTableModel model(card);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), 5);
    QCOMPARE(model.index(row, column).data().toString(), text);
    QCOMPARE(model.index(row, column).data(Qt::ToolTipRole).toString().isEmpty(), false);
}

void TestDataTable::copyTextRoleIsEmptyForNull()
{
    DataTableModel model(validCard(kTable));
    QCOMPARE(model.index(1, 2).data(DataTableModel::CopyTextRole).toString(), QString());
    QCOMPARE(model.index(1, 4).data(DataTableModel::CopyTextRole).toString(), QString());
    QCOMPARE(model.index(1, 2).data(DataTableModel::IsNullRole).toBool(), true);
    QCOMPARE(model.index(0, 2).data(DataTableModel::CopyTextRole).toString(), QStringLiteral("18446744073709551615"));
    QCOMPARE(model.index(0, 2).data(DataTableModel::IsNullRole).toBool(), false);
    QVERIFY(!model.index(1, 2).data(DataTableModel::SortRole).isValid());
    QCOMPARE(model.index(0, 1).data(DataTableModel::SortRole).typeId(), int(QMetaType::Double));
    QCOMPARE(model.index(0, 0).data(DataTableModel::SortRole).typeId(), int(QMetaType::QString));
}

void TestDataTable::alignment()
{
    DataTableModel model(validCard(kTable));
    const auto right = Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter);
    const auto left = Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter);
    QCOMPARE(model.index(0, 0).data(Qt::TextAlignmentRole).value<Qt::Alignment>(), left);
    for (int c = 1; c < 5; ++c) {
        QCOMPARE(model.index(0, c).data(Qt::TextAlignmentRole).value<Qt::Alignment>(), right);
        QCOMPARE(model.headerData(c, Qt::Horizontal, Qt::TextAlignmentRole).value<Qt::Alignment>(), right);
    }
    // Alignment follows the column, not the cell's type: a null in a numeric column is right-aligned too.
    QCOMPARE(model.index(1, 2).data(Qt::TextAlignmentRole).value<Qt::Alignment>(), right);
    QVERIFY(model.isNumericColumn(1));
    QVERIFY(!model.isNumericColumn(0));
}

void TestDataTable::headers()
{
    DataTableModel model(validCard(kTable));
    const QStringList expected{"Name", "Quantity", "Big", "Ratio", "Slash"};
    for (int c = 0; c < expected.size(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), expected.at(c));
    QCOMPARE(model.columnKey(4), QStringLiteral("a/b"));
    QCOMPARE(model.caption(), QStringLiteral("Source: test data."));
}

void TestDataTable::totals()
{
    const Card card = validCard(kTable);
    DataTableModel totals(card, DataTableModel::Section::Totals);
    QCOMPARE(totals.rowCount(), 1);
    QCOMPARE(totals.columnCount(), 5);
    QCOMPARE(totals.index(0, 0).data().toString(), QStringLiteral("Total"));
    QCOMPARE(totals.index(0, 1).data().toString(), QStringLiteral("119"));
    QCOMPARE(totals.index(0, 2).data().toString(), kDash);            // explicit null
    QCOMPARE(totals.index(0, 3).data().toString(), QStringLiteral("4.60")); // exact digits
    QCOMPARE(totals.index(0, 4).data().toString(), QString());        // missing key: blank
    QCOMPARE(totals.index(0, 1).data(Qt::FontRole).value<QFont>().bold(), true);
    QCOMPARE(totals.index(0, 3).data(Qt::TextAlignmentRole).value<Qt::Alignment>(),
             Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    DataTableModel rows(card);
    QCOMPARE(rows.index(0, 1).data(Qt::FontRole).value<QFont>().bold(), false);

    DataTableCard widget(card);
    QVERIFY(widget.totalsView());
    QCOMPARE(widget.totalsView()->model()->rowCount(), 1);
    QCOMPARE(widget.totalsView()->model()->index(0, 3).data().toString(), QStringLiteral("4.60"));
}

void TestDataTable::noTotals()
{
    const Card card = validCard(rowsCard(3, false));
    QVERIFY(card.isValid());
    DataTableModel totals(card, DataTableModel::Section::Totals);
    QCOMPARE(totals.rowCount(), 0);
    QVERIFY(!totals.cardHasTotals());
    DataTableCard widget(card);
    QVERIFY(!widget.totalsView());
}

void TestDataTable::sortNumericByValueNullsLast_data()
{
    QTest::addColumn<int>("order");
    QTest::addColumn<QStringList>("quantities");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("ascending") << int(Qt::AscendingOrder) << QStringList{"9", "10", "100", kDash}
                               << QStringList{"beta", "delta", "alpha", "gamma"};
    QTest::newRow("descending") << int(Qt::DescendingOrder) << QStringList{"100", "10", "9", kDash}
                                << QStringList{"alpha", "delta", "beta", "gamma"};
}

void TestDataTable::sortNumericByValueNullsLast()
{
    QFETCH(int, order);
    QFETCH(QStringList, quantities);
    QFETCH(QStringList, names);
    DataTableCard widget(validCard(kTable));
    QTableView *view = widget.tableView();
    // Unsorted at first: the card's own order.
    QCOMPARE(columnTexts(view->model(), 0), (QStringList{"alpha", "beta", "gamma", "delta"}));
    view->sortByColumn(1, Qt::SortOrder(order));
    QCOMPARE(columnTexts(view->model(), 1), quantities);
    QCOMPARE(columnTexts(view->model(), 0), names);
    // The totals row is pinned and never sorted.
    QCOMPARE(widget.totalsView()->model()->rowCount(), 1);
    QCOMPARE(widget.totalsView()->model()->index(0, 1).data().toString(), QStringLiteral("119"));
    // The big integer column sorts too (nulls last, huge value last among numbers ascending).
    view->sortByColumn(2, Qt::AscendingOrder);
    QCOMPARE(columnTexts(view->model(), 2), (QStringList{"-3", "1", "18446744073709551615", kDash}));
}

void TestDataTable::sortText()
{
    const QByteArray text = R"({"kind":"data_table","specVersion":1,"payload":{"columns":[{"key":"k","label":"K"}],
        "rows":[{"k":"item 10"},{"k":"Item 2"},{"k":null},{"k":"apple"}]}})";
    DataTableCard widget(validCard(text));
    widget.tableView()->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(columnTexts(widget.tableView()->model(), 0), (QStringList{"apple", "Item 2", "item 10", kDash}));
}

void TestDataTable::copySelectionAsTsv()
{
    DataTableCard widget(validCard(kTable));
    QTableView *view = widget.tableView();
    view->sortByColumn(1, Qt::AscendingOrder); // beta, delta, alpha, gamma
    QAbstractItemModel *model = view->model();
    QItemSelection selection(model->index(0, 0), model->index(2, 2));
    view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    const QString expected = QStringLiteral("beta\t9\t\n"
                                            "delta\t10\t-3\n"
                                            "alpha\t100\t18446744073709551615");
    QCOMPARE(widget.selectionAsTsv(), expected);

    QGuiApplication::clipboard()->clear();
    view->setFocus();
    QTest::keySequence(view, QKeySequence::Copy);
    QCOMPARE(QGuiApplication::clipboard()->text(), expected);

    // A non-rectangular selection: unselected cells inside the rectangle are empty.
    view->selectionModel()->clearSelection();
    view->selectionModel()->select(model->index(0, 0), QItemSelectionModel::Select);
    view->selectionModel()->select(model->index(1, 3), QItemSelectionModel::Select);
    QCOMPARE(widget.selectionAsTsv(), QStringLiteral("beta\t\n\t2"));
}

void TestDataTable::copyWholeTableIncludesHeaderAndTotals()
{
    DataTableCard widget(validCard(kTable));
    widget.tableView()->selectAll();
    widget.copySelection();
    const QString expected = QStringLiteral("Name\tQuantity\tBig\tRatio\tSlash\n"
                                            "alpha\t100\t18446744073709551615\t1.10\t2.50\n"
                                            "beta\t9\t\t0.5\t\n"
                                            "gamma\t\t1\t1e2\t7\n"
                                            "delta\t10\t-3\t2\t\n"
                                            "Total\t119\t\t4.60\t");
    QCOMPARE(QGuiApplication::clipboard()->text(), expected);
}

void TestDataTable::contextMenuHasCopy()
{
    DataTableCard widget(validCard(kTable));
    QTableView *view = widget.tableView();
    QCOMPARE(view->contextMenuPolicy(), Qt::ActionsContextMenu);
    QCOMPARE(view->actions().size(), 1);
    QAction *copy = view->actions().first();
    QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
    view->selectionModel()->select(view->model()->index(0, 3), QItemSelectionModel::ClearAndSelect);
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("1.10"));
}

void TestDataTable::heightShowsAllRows_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<bool>("totals");
    QTest::newRow("1 row") << 1 << false;
    QTest::newRow("12 rows + totals") << 12 << true;
    QTest::newRow("50 rows") << 50 << false;
    QTest::newRow("50 rows + totals") << 50 << true;
}

void TestDataTable::heightShowsAllRows()
{
    QFETCH(int, rows);
    QFETCH(bool, totals);
    const Card card = validCard(rowsCard(rows, totals));
    QVERIFY(card.isValid());
    DataTableCard widget(card);
    const int width = 600;
    const int height = widget.heightForWidth(width);
    QVERIFY(height > 0);
    widget.resize(width, height);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QTableView *view = widget.tableView();
    QCOMPARE(view->model()->rowCount(), rows);
    QCOMPARE(view->verticalScrollBar()->maximum(), 0);
    const int last = rows - 1;
    QVERIFY2(view->rowViewportPosition(last) + view->rowHeight(last) <= view->viewport()->height(),
             qPrintable(QStringLiteral("last row ends at %1, viewport %2")
                            .arg(view->rowViewportPosition(last) + view->rowHeight(last))
                            .arg(view->viewport()->height())));
    // The layout gave the card exactly what heightForWidth promised, and that is stable once shown.
    QCOMPARE(widget.heightForWidth(width), height);
    QVERIFY(widget.height() >= view->geometry().bottom());
    if (totals)
        QVERIFY(widget.totalsView()->geometry().top() >= view->geometry().bottom());
}

void TestDataTable::narrowWidthAddsScrollBarHeight()
{
    const QByteArray text = R"({"kind":"data_table","specVersion":1,"payload":{"columns":[
        {"key":"a","label":"A fairly long column header"},{"key":"b","label":"Another long header","numeric":true},
        {"key":"c","label":"Third long column header"}],"rows":[{"a":"x","b":1,"c":"y"}],"totals":{"b":1}}})";
    DataTableCard widget(validCard(text));
    const int wide = widget.heightForWidth(1200);
    const int narrow = widget.heightForWidth(260);
    QVERIFY2(narrow > wide, qPrintable(QStringLiteral("narrow %1, wide %2").arg(narrow).arg(wide)));
    widget.resize(260, narrow);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    // The totals view (bottom) carries the scroll bar and both views scroll together.
    QVERIFY(widget.totalsView()->horizontalScrollBar()->maximum() > 0);
    widget.totalsView()->horizontalScrollBar()->setValue(40);
    QCOMPARE(widget.tableView()->horizontalScrollBar()->value(), 40);
    QCOMPARE(widget.heightForWidth(260), narrow);
}

void TestDataTable::rowsCappedAtFifty()
{
    // 51 rows is invalid for the validator; the model still never shows more than 50.
    const Card card = Card::fromEnvelopeText(rowsCard(51, false));
    QVERIFY(!card.isValid());
    DataTableModel model(card);
    QCOMPARE(model.rowCount(), DataTableModel::kMaxRows);
}

QTEST_MAIN(TestDataTable)
#include "tst_datatable.moc"

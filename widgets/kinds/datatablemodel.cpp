#include <widgets/kinds/datatablemodel.h>

#include <QFont>

#include <nlohmann/json.hpp>

#include <cards/bidicontrols.h>
#include <cards/card.h>
#include <cards/jsonaccess.h>

namespace Tessera {

using nlohmann::json;

namespace {

const QString kEmDash = QStringLiteral("\u2014");

// JSON Pointer token escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
QString escapePointerToken(QString token)
{
    token.replace(u'~', QLatin1String("~0"));
    token.replace(u'/', QLatin1String("~1"));
    return token;
}

} // namespace

DataTableModel::DataTableModel(const Card &card, QObject *parent)
    : DataTableModel(card, Section::Rows, parent)
{}

DataTableModel::DataTableModel(const Card &card, Section section, QObject *parent)
    : QAbstractTableModel(parent)
    , m_section(section)
{
    const json &payload = card.payload();
    if (!payload.is_object())
        return;
    m_caption = jsonString(payload, "caption");

    auto columnsIt = payload.find("columns");
    if (columnsIt != payload.end() && columnsIt->is_array()) {
        for (const json &c : *columnsIt) {
            if (m_columns.size() >= kMaxColumns)
                break;
            Column column;
            column.key = jsonString(c, "key");
            column.label = jsonString(c, "label");
            if (c.is_object()) {
                auto numericIt = c.find("numeric");
                column.numeric = numericIt != c.end() && numericIt->is_boolean() && numericIt->get<bool>();
            }
            m_columns.append(column);
        }
    }

    // A totals row usually sums only some columns: there a missing key is blank, an explicit null "—".
    auto cellOf = [&](const json &object, const Column &column, const QString &objectPointer) {
        Cell cell;
        cell.text = kEmDash;
        if (section == Section::Totals && object.is_object() && !object.contains(column.key.toStdString()))
            cell.text.clear();
        const std::string key = column.key.toStdString();
        auto it = object.is_object() ? object.find(key) : object.end();
        if (!object.is_object() || it == object.end() || it->is_null())
            return cell;
        cell.isNull = false;
        if (it->is_string()) {
            cell.text = fromStdString(it->get_ref<const std::string &>());
            cell.sort = cell.text;
        } else if (it->is_number()) {
            cell.text = card.numberText(objectPointer + u'/' + escapePointerToken(column.key), *it);
            cell.sort = it->get<double>();
        } else {
            cell.text = fromStdString(it->dump());
            cell.sort = cell.text;
        }
        return cell;
    };
    auto rowOf = [&](const json &object, const QString &pointer) {
        QList<Cell> row;
        row.reserve(m_columns.size());
        for (const Column &column : std::as_const(m_columns)) {
            Cell cell = cellOf(object, column, pointer);
            cell.shown = column.numeric ? leftToRightText(cell.text) : isolatedText(cell.text);
            row.append(cell);
        }
        return row;
    };

    auto totalsIt = payload.find("totals");
    m_cardHasTotals = totalsIt != payload.end() && totalsIt->is_object();
    if (section == Section::Totals) {
        if (m_cardHasTotals)
            m_rows.append(rowOf(*totalsIt, QStringLiteral("/payload/totals")));
        return;
    }
    auto rowsIt = payload.find("rows");
    if (rowsIt == payload.end() || !rowsIt->is_array())
        return;
    for (size_t r = 0; r < rowsIt->size() && m_rows.size() < kMaxRows; ++r)
        m_rows.append(rowOf((*rowsIt)[r], QStringLiteral("/payload/rows/%1").arg(r)));
}

QString DataTableModel::columnKey(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).key : QString();
}

QString DataTableModel::columnLabel(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).label : QString();
}

bool DataTableModel::isNumericColumn(int column) const
{
    return column >= 0 && column < m_columns.size() && m_columns.at(column).numeric;
}

int DataTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DataTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant DataTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Cell &cell = m_rows.at(index.row()).at(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return cell.shown;
    case Qt::ToolTipRole:
        return cell.isNull ? tr("No value") : cell.shown;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(
            (isNumericColumn(index.column()) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    case Qt::FontRole:
        if (m_section == Section::Totals) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case SortRole:
        return cell.sort;
    case CopyTextRole:
        return cell.isNull ? QString() : cell.text;
    case IsNullRole:
        return cell.isNull;
    default:
        return {};
    }
}

QVariant DataTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < m_rows.size())
            return m_section == Section::Totals ? tr("Total") : QString::number(section + 1);
        return {};
    }
    if (section < 0 || section >= m_columns.size())
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return isolatedText(m_columns.at(section).label);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(
            (m_columns.at(section).numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default:
        return {};
    }
}

Qt::ItemFlags DataTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

} // namespace Tessera

#include "datatablemodel.h"

namespace Tessera {

DataTableModel::DataTableModel(const Card &, QObject *parent)
    : QAbstractTableModel(parent)
{}

int DataTableModel::rowCount(const QModelIndex &) const { return 0; }
int DataTableModel::columnCount(const QModelIndex &) const { return 0; }
QVariant DataTableModel::data(const QModelIndex &, int) const { return {}; }

} // namespace Tessera

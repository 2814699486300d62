#pragma once

#include <QAbstractTableModel>

namespace Tessera {

class Card;

// Stub: replaced by the real data_table model.
class DataTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit DataTableModel(const Card &card, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
};

} // namespace Tessera

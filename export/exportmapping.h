#pragma once

// Cards onto the export elements (exportelements.h), one table per layer (STYLE.md rule 2):
//  - kinds: one row per CardKind of the cards table (cards/cardkinds.h), in its order, checked by
//    static_assert, so a new kind without an export row does not build. The catalog kinds map as
//    issue 14 says: detail -> title, status as subtitle, Fields; data_table -> Table (+ caption as muted
//    Text, totals as a last row); alert -> Text led by the severity word; recommend_actions -> the
//    question as Text and one Button per action (id = the action's label: the press reports which action);
//    item_list -> Table (Name, Status and Meta columns as present); code -> Code; text -> Text;
//    metric_chart and canvas are refused (seed 001: no charts).
//  - json_render (seed 001): the root Card's title and subtitle, then its children depth first; a
//    Section's title becomes bold Text; each Actions element one Buttons row.
//  - dorkos_ui (seed 003): one row per node type that maps (card, heading, text, keyValue, table, stat,
//    list, button); any other node refuses the export, naming the node and its pointer.
// Pointers are into the payload (no "/payload" prefix), as the issues show them.

#include <QList>
#include <QStringList>

#include <cards/cardkinds.h>

namespace Tessera {

class Card;
struct ExportCard;
struct ExportIssue;

// False with issues when the card cannot be exported (invalid, a chart, a node that does not map, …).
bool mapCardForExport(const Card &card, ExportCard *out, QList<ExportIssue> *issues);

// Whether the kind table has a mapping for the kind (every kind with a cards-table row does).
bool hasExportMapping(CardKind kind);

// The widget-document node types that map, in seed 003's catalog order.
QStringList exportableWidgetNodeTypes();

} // namespace Tessera

#pragma once

// Builds native widgets for the nodes of a widget document (seed 003 "Node Catalog"; the rules are in
// cards/dialects/widgetdocument.h). One function per node type, looked up by type name in one table;
// containers (stack, card, form) recurse. Every node's outermost widget has the object name "widgetNode_<type>" and the property "widgetPointer" (its JSON
// Pointer, e.g. "/payload/root/children/0"). Numbers are written with their exact source digits
// (Card::numberText). Actions go through the host (WidgetDocumentCard::attachAction).
//
// What each node becomes:
//   stack -> a QVBoxLayout / QHBoxLayout (gap: 4 px per unit, at most 48 px; default 8 px)
//   card -> WidgetNodePanel (title bold, description muted, children, footer row)
//   divider -> a 1 px line (vertical inside a horizontal stack)
//   heading -> bold QLabel, 1.5 / 1.25 / 1.1 x the font for level 1 / 2 / 3 (default 2)
//   text -> MarkdownView (the chat's safe Markdown pipeline; links go to the host's openLink)
//   badge -> WidgetNodeBadge; stat -> label, value, delta (▲ up ok tone, ▼ down error tone, → flat
//   neutral: arrow + words, never color alone), hint, WidgetNodeSparkline from 2 trend points
//   keyValue -> a two-column grid; progress -> label, "N%" and WidgetNodeProgress
//   table -> read-only QTableWidget (no inner vertical scrolling: as tall as its rows; align per column,
//   numbers right-aligned by default; cells by widgetCellText)
//   list -> rows of [thumbnail | icon] title / subtitle … meta, badge, action buttons
//   chart -> WidgetNodeChart; timeline -> WidgetNodeTimeline; checklist -> QCheckBoxes (+ notes) and,
//   with an action, a submit button (submitLabel, default "Submit")
//   compare -> a grid (header: option names, "Recommended" badge; recommended columns tinted), rows
//   padded blank (widgetCompareRow)
//   rating -> WidgetNodeStars + value "4.5" (clamped) + "(N reviews)" + label
//   mood -> WidgetNodeMood + message; board -> label + WidgetNodeBoard; reveal -> WidgetNodeReveal +
//   label + "Result: R"; image -> WidgetNodeImage + caption; button -> WidgetNodeButton;
//   input -> label + QLineEdit; select -> label + QComboBox; form -> children + submit button.

#include <functional>

#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

class QBoxLayout;
class QCheckBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QTableWidget;
class QVBoxLayout;
class QWidget;

namespace Tessera {

class Card;
class WidgetDocumentCard;
struct RenderSettings;

class WidgetNodeBuilder
{
public:
    WidgetNodeBuilder(const Card &card, WidgetDocumentCard *host);
    ~WidgetNodeBuilder();

    // The widget of one node (never nullptr: anything unexpected becomes a muted note).
    QWidget *build(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    // A card node's title-less contents (description, children, footer) added to layout.
    void buildCardContents(const nlohmann::json &node, const QString &pointer, int depth, QBoxLayout *layout,
                           QWidget *parent);

    // Short phrases describing what was built, for the accessible description.
    QStringList summary() const { return m_summary; }

    // The node types this builder has a function for (its table's keys, in table order); equals
    // widgetNodeTypeNames() as a set (tst_widgetdocument checks it).
    static QStringList nodeTypes();

private:
    struct FormScope;
    // A form field's outer widget, its column and its label (labelWidget null when there is none).
    struct Field
    {
        QWidget *widget = nullptr;
        QVBoxLayout *layout = nullptr;
        QLabel *labelWidget = nullptr;
        QString name;
        QString label;
    };
    using NodeBuild = QWidget *(WidgetNodeBuilder::*)(const nlohmann::json &node, const QString &pointer, int depth,
                                                      QWidget *parent);
    struct NodeFactory
    {
        QLatin1String type;
        NodeBuild build;
    };
    static const NodeFactory kNodeFactories[]; // one per type of widgetNodeTypeNames()

    QWidget *buildNode(const QString &type, const nlohmann::json &node, const QString &pointer, int depth,
                       QWidget *parent);
    // One per node type (the rows of kNodeFactories); depth is the node's own level.
    QWidget *buildStack(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildCard(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildDivider(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildHeading(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildText(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildBadge(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildStat(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildKeyValue(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildProgress(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildTable(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildList(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildChart(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildTimeline(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildChecklist(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildCompare(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildRating(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildMood(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildBoard(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildReveal(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildImage(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildButton(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildInput(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildSelect(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    QWidget *buildForm(const nlohmann::json &node, const QString &pointer, int depth, QWidget *parent);
    // Parts of the functions above.
    QString addStatDelta(const nlohmann::json &node, const QString &pointer, QHBoxLayout *row, QWidget *w);
    void fillTable(QTableWidget *table, const nlohmann::json &rows, const QString &pointer, const QStringList &keys,
                   const QStringList &aligns);
    QWidget *listRow(const nlohmann::json &item, const QString &base, QWidget *parent);
    void addListActions(const nlohmann::json &item, QHBoxLayout *row, QWidget *rowWidget);
    void addChecklistSubmit(const nlohmann::json &node, const QList<QPointer<QCheckBox>> &boxes, QVBoxLayout *l,
                            QWidget *w);
    void addCompareHeads(const nlohmann::json &options, const QList<int> &recommended, QGridLayout *grid, QWidget *w);
    void addCompareRow(const nlohmann::json &row, int r, int optionCount, const QString &pointer, QGridLayout *grid,
                       QWidget *w);
    Field fieldFrame(const nlohmann::json &node, QWidget *parent);
    QWidget *finishField(const Field &field, QWidget *control, std::function<nlohmann::json()> value);

    void addChildren(const nlohmann::json &node, const char *key, const QString &pointer, int depth,
                     QBoxLayout *layout, QWidget *parent, bool horizontal);
    const RenderSettings &settings() const; // the host's (WidgetDocumentCard::settings)
    QString numberText(const QString &pointer, const nlohmann::json &value) const;
    QString cellText(const QString &pointer, const nlohmann::json &value) const;

    const Card &m_card;
    WidgetDocumentCard *m_host;
    QStringList m_summary;
    QList<FormScope *> m_forms; // innermost last
};

} // namespace Tessera

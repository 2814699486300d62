#pragma once

// Builds native widgets for the nodes of a widget document (seed 003 "Node Catalog"; the rules are in
// cards/widgetdocument.h). One call per node; containers (stack, card, form) recurse. Every node's
// outermost widget has the object name "widgetNode_<type>" and the property "widgetPointer" (its JSON
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

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

class QBoxLayout;
class QWidget;

namespace Tessera {

class Card;
class WidgetDocumentCard;

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

private:
    struct FormScope;
    QWidget *buildNode(const QString &type, const nlohmann::json &node, const QString &pointer, int depth,
                       QWidget *parent);
    void addChildren(const nlohmann::json &node, const char *key, const QString &pointer, int depth,
                     QBoxLayout *layout, QWidget *parent, bool horizontal);
    QString numberText(const QString &pointer, const nlohmann::json &value) const;
    QString cellText(const QString &pointer, const nlohmann::json &value) const;

    const Card &m_card;
    WidgetDocumentCard *m_host;
    QStringList m_summary;
    QList<FormScope *> m_forms; // innermost last
};

} // namespace Tessera

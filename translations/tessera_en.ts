<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>%1 (and %n more; see the terminal)</source>
        <translation>
            <numerusform>%1 (and %n more; see the terminal)</numerusform>
            <numerusform>%1 (and %n more; see the terminal)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::BackendLogWindow</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasPlaceholderCard</name>
    <message numerus="yes">
        <source>Interactive canvases are not drawn in this version. The canvas HTML (%Ln character(s)) is kept with the conversation.</source>
        <translation>
            <numerusform>Interactive canvases are not drawn in this version. The canvas HTML (%Ln character) is kept with the conversation.</numerusform>
            <numerusform>Interactive canvases are not drawn in this version. The canvas HTML (%Ln characters) is kept with the conversation.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CardStateBar</name>
    <message numerus="yes">
        <source>… %n more not shown (at most %1 lines)</source>
        <translation>
            <numerusform>… %n more not shown (at most %1 lines)</numerusform>
            <numerusform>… %n more not shown (at most %1 lines)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CodeCard</name>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n line(s)</source>
        <translation>
            <numerusform>%1, %n line</numerusform>
            <numerusform>%1, %n lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CommandLine</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fallback(s)</source>
        <translation>
            <numerusform>%n fallback</numerusform>
            <numerusform>%n fallbacks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationList</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n conversation(s) forever? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n conversation forever? This cannot be undone.</numerusform>
            <numerusform>Delete %n conversations forever? This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::DataTableCard</name>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n column(s)</source>
        <translation>
            <numerusform>%n column</numerusform>
            <numerusform>%n columns</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::DetailCard</name>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n field</numerusform>
            <numerusform>%n fields</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::FallbackCard</name>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n more</numerusform>
            <numerusform>+%n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+%n more)</numerusform>
            <numerusform>%1 (+%n more)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::ItemListCard</name>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::JsonRenderCard</name>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n field</numerusform>
            <numerusform>%n fields</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n button(s)</source>
        <translation>
            <numerusform>%n button</numerusform>
            <numerusform>%n buttons</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::MainWindow</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n block(s) could not be drawn natively</source>
        <translation>
            <numerusform>%n block could not be drawn natively</numerusform>
            <numerusform>%n blocks could not be drawn natively</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) cut off when Tessera last stopped, marked incomplete.</source>
        <translation>
            <numerusform>%n turn was cut off when Tessera last stopped; it is marked incomplete.</numerusform>
            <numerusform>%n turns were cut off when Tessera last stopped; they are marked incomplete.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved of “%1”: %n message(s); anything shown after them is on screen only.</source>
        <translation>
            <numerusform>Saved of “%1”: %n message; anything shown after it is on screen only.</numerusform>
            <numerusform>Saved of “%1”: %n messages; anything shown after them is on screen only.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s); counting the cards…</source>
        <translation>
            <numerusform>%n message; counting the cards…</numerusform>
            <numerusform>%n messages; counting the cards…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::McpServersPage</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n tool</numerusform>
            <numerusform>%n tools</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::MetricChartCard</name>
    <message numerus="yes">
        <source>%1, %n series</source>
        <translation>
            <numerusform>%1, %n series</numerusform>
            <numerusform>%1, %n series</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n points, from %2 to %3</source>
        <translation>
            <numerusform>%1: %n point, from %2 to %3</numerusform>
            <numerusform>%1: %n points, from %2 to %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::RecommendActionsCard</name>
    <message numerus="yes">
        <source>%n suggested action(s)</source>
        <translation>
            <numerusform>%n suggested action</numerusform>
            <numerusform>%n suggested actions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::StoreCommands</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::SystemPromptDialog</name>
    <message numerus="yes">
        <source>%Ln character(s): at most %1 can be kept.</source>
        <translation>
            <numerusform>%Ln character: at most %1 can be kept.</numerusform>
            <numerusform>%Ln characters: at most %1 can be kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>%Ln character</numerusform>
            <numerusform>%Ln characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetDocumentCard</name>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n entry</numerusform>
            <numerusform>%n entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>list of %n items</source>
        <translation>
            <numerusform>list of %n item</numerusform>
            <numerusform>list of %n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>timeline of %n stops</source>
        <translation>
            <numerusform>timeline of %n stop</numerusform>
            <numerusform>timeline of %n stops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>checklist of %n items</source>
        <translation>
            <numerusform>checklist of %n item</numerusform>
            <numerusform>checklist of %n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>comparison of %n options</source>
        <translation>
            <numerusform>comparison of %n option</numerusform>
            <numerusform>comparison of %n options</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%1 review(s))</source>
        <translation>
            <numerusform>(%1 review)</numerusform>
            <numerusform>(%1 reviews)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 review(s)</source>
        <translation>
            <numerusform>%1 review</numerusform>
            <numerusform>%1 reviews</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeImage</name>
    <message numerus="yes">
        <source>longer than %Ln character(s)</source>
        <translation>
            <numerusform>longer than %Ln character</numerusform>
            <numerusform>longer than %Ln characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeSparkline</name>
    <message numerus="yes">
        <source>%n points, from %1 to %2</source>
        <translation>
            <numerusform>%n point, from %1 to %2</numerusform>
            <numerusform>%n points, from %1 to %2</numerusform>
        </translation>
    </message>
</context>
</TS>

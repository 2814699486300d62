<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>QGuiApplication</name>
    <message>
        <source>QT_LAYOUT_DIRECTION</source>
        <translation>LTR</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unreadable line %1</source>
        <translation>Unlesbare Zeile %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n more; see the terminal)</source>
        <translation>
            <numerusform>%1 (und %n weiterer; siehe Terminal)</numerusform>
            <numerusform>%1 (und %n weitere; siehe Terminal)</numerusform>
        </translation>
    </message>
    <message>
        <source>the data: URI has no data</source>
        <translation>der data:-URI enthält keine Daten</translation>
    </message>
    <message>
        <source>http:// addresses are not fetched</source>
        <translation>http://-Adressen werden nicht abgerufen</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MB</source>
        <translation>%1 ist größer als %2 MB</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Open in Browser…</source>
        <translation>Im Browser öffnen…</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>not shown: more than %1 values</source>
        <translation>nicht angezeigt: mehr als %1 Werte</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> bei %1</translation>
    </message>
    <message>
        <source>This JSON cannot be shown: %1%2</source>
        <translation>Dieses JSON kann nicht angezeigt werden: %1%2</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>This image is not shown: %1</source>
        <translation>Dieses Bild wird nicht angezeigt: %1</translation>
    </message>
    <message>
        <source>This image cannot be shown: %1</source>
        <translation>Dieses Bild kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>This PDF is on the web; Tessera does not fetch it.</source>
        <translation>Dieses PDF liegt im Web; Tessera ruft es nicht ab.</translation>
    </message>
    <message>
        <source>This PDF is not shown: %1</source>
        <translation>Dieses PDF wird nicht angezeigt: %1</translation>
    </message>
    <message>
        <source>it is not a PDF</source>
        <translation>es ist kein PDF</translation>
    </message>
    <message>
        <source>it needs a password</source>
        <translation>es ist durch ein Passwort geschützt</translation>
    </message>
    <message>
        <source>its encryption is not supported</source>
        <translation>seine Verschlüsselung wird nicht unterstützt</translation>
    </message>
    <message>
        <source>QtPdf could not read it</source>
        <translation>QtPdf konnte es nicht lesen</translation>
    </message>
    <message>
        <source>This PDF cannot be shown: %1.</source>
        <translation>Dieses PDF kann nicht angezeigt werden: %1.</translation>
    </message>
    <message>
        <source>Tessera does not load web pages. Open this address in your browser?</source>
        <translation>Tessera lädt keine Webseiten. Diese Adresse im Browser öffnen?</translation>
    </message>
    <message>
        <source>This tab&apos;s type cannot be shown.</source>
        <translation>Tabs dieser Art können nicht angezeigt werden.</translation>
    </message>
    <message>
        <source>no working directory is set, so no local file is shown</source>
        <translation>es ist kein Arbeitsverzeichnis festgelegt, daher wird keine lokale Datei angezeigt</translation>
    </message>
    <message>
        <source>only file: URLs of this computer are shown</source>
        <translation>nur file:-URLs dieses Computers werden angezeigt</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is outside the working directory %2, so it is not shown</source>
        <translation>%1 liegt außerhalb des Arbeitsverzeichnisses %2 und wird daher nicht angezeigt</translation>
    </message>
    <message>
        <source>Shown without highlighting: a line is longer than %1 characters.</source>
        <translation>Ohne Hervorhebung angezeigt: eine Zeile ist länger als %1 Zeichen.</translation>
    </message>
    <message>
        <source>Shown without highlighting: the file is longer than %1 characters.</source>
        <translation>Ohne Hervorhebung angezeigt: die Datei ist länger als %1 Zeichen.</translation>
    </message>
    <message>
        <source>The app&apos;s tool result is not in this conversation.</source>
        <translation>Das Werkzeugergebnis der App ist nicht in dieser Unterhaltung.</translation>
    </message>
    <message>
        <source>MCP App views are not drawn here.</source>
        <translation>MCP-App-Ansichten werden hier nicht gezeichnet.</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>Ein Link, der nicht https:// ist, wird nicht geöffnet: %1</translation>
    </message>
    <message>
        <source>Links open from the Tessera window only.</source>
        <translation>Links lassen sich nur aus dem Tessera-Fenster öffnen.</translation>
    </message>
</context>
<context>
    <name>Tessera::AboutDialog</name>
    <message>
        <source>About Tessera</source>
        <translation>Über Tessera</translation>
    </message>
    <message>
        <source>Tessera %1</source>
        <translation>Tessera %1</translation>
    </message>
    <message>
        <source>A desktop client for agent conversations: cards drawn natively, conversations replayed offline.</source>
        <translation>Ein Desktop-Client für Agenten-Unterhaltungen: Karten nativ gezeichnet, Unterhaltungen offline wiedergegeben.</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>Erstellt mit Qt %1, läuft mit Qt %2.</translation>
    </message>
    <message>
        <source>License: MIT. Copyright © The Tessera developers.</source>
        <translation>Lizenz: MIT. Copyright © Die Tessera-Entwickler.</translation>
    </message>
    <message>
        <source>Data: %1</source>
        <translation>Daten: %1</translation>
    </message>
    <message>
        <source>Settings: %1</source>
        <translation>Einstellungen: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::AlertCard</name>
    <message>
        <source>%1 alert</source>
        <translation>Hinweis (%1)</translation>
    </message>
    <message>
        <source>%1 alert: %2</source>
        <translation>Hinweis (%1): %2</translation>
    </message>
    <message>
        <source>Severity: %1. %2</source>
        <translation>Schweregrad: %1. %2</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
</context>
<context>
    <name>Tessera::Backend</name>
    <message>
        <source>the backend is not connected</source>
        <translation>das Backend ist nicht verbunden</translation>
    </message>
    <message>
        <source>the backend is not connected: %1</source>
        <translation>das Backend ist nicht verbunden: %1</translation>
    </message>
    <message>
        <source>unknown event type &quot;%1&quot; ignored</source>
        <translation>unbekannter Ereignistyp „%1“ ignoriert</translation>
    </message>
</context>
<context>
    <name>Tessera::BackendLogWindow</name>
    <message>
        <source>Backend Log</source>
        <translation>Backend-Protokoll</translation>
    </message>
    <message>
        <source>Find in the log</source>
        <translation>Im Protokoll suchen</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Vorherige</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächste</translation>
    </message>
    <message>
        <source>Copy All</source>
        <translation>Alles kopieren</translation>
    </message>
    <message>
        <source>Backend log</source>
        <translation>Backend-Protokoll</translation>
    </message>
    <message>
        <source>Nothing is logged yet.</source>
        <translation>Noch nichts protokolliert.</translation>
    </message>
    <message>
        <source>[… earlier lines not shown]</source>
        <translation>[… frühere Zeilen nicht angezeigt]</translation>
    </message>
    <message>
        <source>[… the first %1 MB are not shown]</source>
        <translation>[… die ersten %1 MB werden nicht angezeigt]</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Log:</source>
        <translation>&amp;Protokoll:</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasCard</name>
    <message>
        <source>Canvas</source>
        <translation>Canvas</translation>
    </message>
    <message>
        <source>the document did not finish loading within %1 s</source>
        <translation>das Dokument wurde nicht innerhalb von %1 s fertig geladen</translation>
    </message>
    <message>
        <source>Canvas refused — %1: %2</source>
        <translation>Canvas abgelehnt — %1: %2</translation>
    </message>
    <message>
        <source>Canvas: %1</source>
        <translation>Canvas: %1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>ohne Titel</translation>
    </message>
    <message>
        <source>Drawing canvas…</source>
        <translation>Canvas wird gezeichnet…</translation>
    </message>
    <message>
        <source>Canvas paused: it runs when scrolled into view.</source>
        <translation>Canvas pausiert: Es läuft, sobald es in den sichtbaren Bereich gescrollt wird.</translation>
    </message>
    <message>
        <source>the canvas process ended</source>
        <translation>der Canvas-Prozess wurde beendet</translation>
    </message>
    <message>
        <source>the canvas process crashed or was killed (exit code %1)</source>
        <translation>der Canvas-Prozess ist abgestürzt oder wurde beendet (Exit-Code %1)</translation>
    </message>
    <message>
        <source>script error: %1</source>
        <translation>Skriptfehler: %1</translation>
    </message>
    <message>
        <source>the document could not be loaded</source>
        <translation>das Dokument konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>the page stopped responding (a script ran for more than %1 s)</source>
        <translation>die Seite reagiert nicht mehr (ein Skript lief länger als %1 s)</translation>
    </message>
    <message>
        <source>canvas stopped: %1</source>
        <translation>Canvas angehalten: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasPlaceholderCard</name>
    <message>
        <source>Canvas</source>
        <translation>Canvas</translation>
    </message>
    <message>
        <source>Libraries requested: none</source>
        <translation>Angeforderte Bibliotheken: keine</translation>
    </message>
    <message>
        <source>Libraries requested: %1</source>
        <translation>Angeforderte Bibliotheken: %1</translation>
    </message>
    <message>
        <source>Canvas placeholder: %1</source>
        <translation>Canvas-Platzhalter: %1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>ohne Titel</translation>
    </message>
    <message numerus="yes">
        <source>Interactive canvases are not drawn in this version. The canvas HTML (%Ln character(s)) is kept with the conversation.</source>
        <translation>
            <numerusform>Interaktive Canvas-Karten werden in dieser Version nicht gezeichnet. Das Canvas-HTML (%Ln Zeichen) bleibt in der Unterhaltung erhalten.</numerusform>
            <numerusform>Interaktive Canvas-Karten werden in dieser Version nicht gezeichnet. Das Canvas-HTML (%Ln Zeichen) bleibt in der Unterhaltung erhalten.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::CanvasTabPage</name>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>The agent has an update to this document. Apply it (your changes are replaced) or discard it.</source>
        <translation>Der Agent hat eine neue Fassung dieses Dokuments. Übernehmen Sie sie (Ihre Änderungen werden ersetzt) oder verwerfen Sie sie.</translation>
    </message>
    <message>
        <source>You are editing this document; the agent&apos;s updates to it wait until you are done.</source>
        <translation>Sie bearbeiten dieses Dokument; die Aktualisierungen des Agenten warten, bis Sie fertig sind.</translation>
    </message>
</context>
<context>
    <name>Tessera::CardExport</name>
    <message>
        <source>Copy as &amp;Text</source>
        <translation>Als &amp;Text kopieren</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>Als &amp;JSON kopieren</translation>
    </message>
    <message>
        <source>Copy as &amp;Image</source>
        <translation>Als &amp;Bild kopieren</translation>
    </message>
    <message>
        <source>Copy Card</source>
        <translation>Karte kopieren</translation>
    </message>
    <message>
        <source>This card cannot go to %1 as it is; nothing was copied.</source>
        <translation>Diese Karte kann so nicht nach %1; es wurde nichts kopiert.</translation>
    </message>
    <message>
        <source>Copied for %1, without what %1 cannot show:</source>
        <translation>Für %1 kopiert, ohne das, was %1 nicht zeigen kann:</translation>
    </message>
    <message>
        <source>Copy for %1</source>
        <translation>Für %1 kopieren</translation>
    </message>
</context>
<context>
    <name>Tessera::CardFrame</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::CardKindName</name>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Item list</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Suggested actions</source>
        <translation>Vorgeschlagene Aktionen</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>Canvas</translation>
    </message>
    <message>
        <source>Interactive card</source>
        <translation>Interaktive Karte</translation>
    </message>
    <message>
        <source>Widget</source>
        <translation>Widget</translation>
    </message>
</context>
<context>
    <name>Tessera::CardStateBar</name>
    <message>
        <source>Decided: %1</source>
        <translation>Entschieden: %1</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message numerus="yes">
        <source>… %n more not shown (at most %1 lines)</source>
        <translation>
            <numerusform>… %n weitere Zeile nicht angezeigt (höchstens %1 Zeilen)</numerusform>
            <numerusform>… %n weitere Zeilen nicht angezeigt (höchstens %1 Zeilen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Card state</source>
        <translation>Kartenstatus</translation>
    </message>
</context>
<context>
    <name>Tessera::CodeCard</name>
    <message>
        <source>Language: %1</source>
        <translation>Sprache: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message>
        <source>Copy the code exactly as received</source>
        <translation>Den Code genau wie empfangen kopieren</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n line(s)</source>
        <translation>
            <numerusform>%1, %n Zeile</numerusform>
            <numerusform>%1, %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
</context>
<context>
    <name>Tessera::CommandLine</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n Karte</numerusform>
            <numerusform>%n Karten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fallback(s)</source>
        <translation>
            <numerusform>%n Ersatzdarstellung</numerusform>
            <numerusform>%n Ersatzdarstellungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::Composer</name>
    <message>
        <source>Message the agent (Ctrl+Enter to send)</source>
        <translation>Nachricht an den Agenten (Strg+Eingabe zum Senden)</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>Eingabefeld</translation>
    </message>
    <message>
        <source>Write a message; Ctrl+Enter sends it</source>
        <translation>Nachricht schreiben; Strg+Eingabe sendet sie</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Editing — Esc to cancel</source>
        <translation>Bearbeiten — Esc bricht ab</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>&amp;Erneut senden</translation>
    </message>
    <message>
        <source>Editing your last message; Enter resends it, Esc cancels</source>
        <translation>Ihre letzte Nachricht wird bearbeitet; Enter sendet sie erneut, Esc bricht ab</translation>
    </message>
    <message>
        <source>Remove the pasted text</source>
        <translation>Eingefügten Text entfernen</translation>
    </message>
    <message>
        <source>Pasted text: %1 — sent after what you write</source>
        <translation>Eingefügter Text: %1 — wird nach Ihrem Text gesendet</translation>
    </message>
</context>
<context>
    <name>Tessera::ConnectDialog</name>
    <message>
        <source>Connect to an Agent</source>
        <translation>Mit einem Agenten verbinden</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Save &amp;Anyway</source>
        <translation>&amp;Trotzdem speichern</translation>
    </message>
    <message>
        <source>Save this backend although its test failed</source>
        <translation>Dieses Backend speichern, obwohl sein Test fehlschlug</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>&amp;Backends</source>
        <translation>&amp;Backends</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>OpenAI-compatible endpoint</source>
        <translation>OpenAI-kompatibler Endpunkt</translation>
    </message>
    <message>
        <source>WebSocket agent</source>
        <translation>WebSocket-Agent</translation>
    </message>
    <message>
        <source>Local program</source>
        <translation>Lokales Programm</translation>
    </message>
    <message>
        <source>A name for this backend</source>
        <translation>Ein Name für dieses Backend</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigene</translation>
    </message>
    <message>
        <source>&amp;Load Models</source>
        <translation>Modelle &amp;laden</translation>
    </message>
    <message>
        <source>Not needed by most local servers</source>
        <translation>Von den meisten lokalen Servern nicht benötigt</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Key from &amp;variable:</source>
        <translation>Schlüssel aus &amp;Variable:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>program --and arguments</source>
        <translation>programm --und argumente</translation>
    </message>
    <message>
        <source>Tessera&apos;s own</source>
        <translation>Das von Tessera</translation>
    </message>
    <message>
        <source>B&amp;rowse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Command line:</source>
        <translation>&amp;Befehlszeile:</translation>
    </message>
    <message>
        <source>&amp;Working directory:</source>
        <translation>&amp;Arbeitsverzeichnis:</translation>
    </message>
    <message>
        <source>Kept in the keyring (type to replace)</source>
        <translation>Im Schlüsselbund gespeichert (zum Ersetzen tippen)</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Lokal</translation>
    </message>
    <message>
        <source>Local %1</source>
        <translation>Lokal %1</translation>
    </message>
    <message>
        <source>Remove Backend</source>
        <translation>Backend entfernen</translation>
    </message>
    <message>
        <source>Remove the backend “%1” and its API key? Conversations that used it keep their messages.</source>
        <translation>Das Backend „%1“ und seinen API-Schlüssel entfernen? Gespräche, die es nutzten, behalten ihre Nachrichten.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Removed “%1”.</source>
        <translation>„%1“ entfernt.</translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation>Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>Reading the API key from the keyring…</source>
        <translation>Der API-Schlüssel wird aus dem Schlüsselbund gelesen…</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Die Verbindung wird getestet…</translation>
    </message>
    <message>
        <source>Asking the server for its models…</source>
        <translation>Der Server wird nach seinen Modellen gefragt…</translation>
    </message>
    <message>
        <source>Models loaded: %1</source>
        <translation>Modelle geladen: %1</translation>
    </message>
    <message>
        <source>Works: %1</source>
        <translation>Funktioniert: %1</translation>
    </message>
    <message>
        <source>Storing the API key in the keyring…</source>
        <translation>Der API-Schlüssel wird im Schlüsselbund gespeichert…</translation>
    </message>
    <message>
        <source>The API key was not stored: %1</source>
        <translation>Der API-Schlüssel wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The API key could not be read from the keyring: %1</source>
        <translation>Der API-Schlüssel konnte nicht aus dem Schlüsselbund gelesen werden: %1</translation>
    </message>
    <message>
        <source>No keyring answered, so Tessera cannot keep the key (%1). Put the key in an environment variable, write its name below, and start Tessera from where it is set.</source>
        <translation>Kein Schlüsselbund hat geantwortet, daher kann Tessera den Schlüssel nicht aufbewahren (%1). Legen Sie den Schlüssel in eine Umgebungsvariable, tragen Sie unten ihren Namen ein und starten Sie Tessera dort, wo sie gesetzt ist.</translation>
    </message>
    <message>
        <source>The backend was saved without its key.</source>
        <translation>Das Backend wurde ohne seinen Schlüssel gespeichert.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConnectionTest</name>
    <message>
        <source>Cannot connect to %1: connection refused (is the server running?)</source>
        <translation>Verbindung zu %1 nicht möglich: Verbindung abgelehnt (läuft der Server?)</translation>
    </message>
    <message>
        <source>Cannot connect: host %1 not found.</source>
        <translation>Verbindung nicht möglich: Host %1 nicht gefunden.</translation>
    </message>
    <message>
        <source>The TLS handshake with %1 failed: %2</source>
        <translation>Der TLS-Handshake mit %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s.</source>
        <translation>%1 hat nicht innerhalb von %2 s geantwortet.</translation>
    </message>
    <message>
        <source>%1 closed the connection without answering.</source>
        <translation>%1 hat die Verbindung ohne Antwort geschlossen.</translation>
    </message>
    <message>
        <source>The request to %1 failed: %2</source>
        <translation>Die Anfrage an %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 refused the API key (401): check the key, or give one if the server needs it.</source>
        <translation>%1 hat den API-Schlüssel abgelehnt (401): Prüfen Sie den Schlüssel, oder geben Sie einen an, falls der Server einen braucht.</translation>
    </message>
    <message>
        <source>%1 does not allow this API key (403): the key may not use this server or model.</source>
        <translation>%1 lässt diesen API-Schlüssel nicht zu (403): Der Schlüssel darf diesen Server oder dieses Modell vielleicht nicht nutzen.</translation>
    </message>
    <message>
        <source>The server does not know the model %1%2</source>
        <translation>Der Server kennt das Modell %1 nicht%2</translation>
    </message>
    <message>
        <source>%1 answered 404 for %2: not an OpenAI-compatible path (a base URL usually ends in /v1)%3</source>
        <translation>%1 hat für %2 mit 404 geantwortet: kein OpenAI-kompatibler Pfad (eine Basis-URL endet meist auf /v1)%3</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2%3</source>
        <translation>%1 hat mit HTTP %2 geantwortet%3</translation>
    </message>
    <message>
        <source>Cannot connect to %1: connection refused (is the agent running?)</source>
        <translation>Verbindung zu %1 nicht möglich: Verbindung abgelehnt (läuft der Agent?)</translation>
    </message>
    <message>
        <source>%1 did not answer in time.</source>
        <translation>%1 hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Only an OpenAI-compatible endpoint lists its models.</source>
        <translation>Nur ein OpenAI-kompatibler Endpunkt listet seine Modelle auf.</translation>
    </message>
    <message>
        <source>No backend is configured.</source>
        <translation>Es ist kein Backend eingerichtet.</translation>
    </message>
    <message>
        <source>%1 answered, but not with a model list: is it an OpenAI-compatible server?</source>
        <translation>%1 hat geantwortet, aber nicht mit einer Modellliste: Ist es ein OpenAI-kompatibler Server?</translation>
    </message>
    <message>
        <source>The server does not list the model %1 (it lists: %2).</source>
        <translation>Der Server führt das Modell %1 nicht auf (er führt auf: %2).</translation>
    </message>
    <message>
        <source>The endpoint answered and lists 1 model.</source>
        <translation>Der Endpunkt hat geantwortet und listet 1 Modell auf.</translation>
    </message>
    <message>
        <source>The endpoint answered and lists %1 models.</source>
        <translation>Der Endpunkt hat geantwortet und listet %1 Modelle auf.</translation>
    </message>
    <message>
        <source>The endpoint answered with the model %1.</source>
        <translation>Der Endpunkt hat mit dem Modell %1 geantwortet.</translation>
    </message>
    <message>
        <source>%1 answered, but not with a chat completion: is it an OpenAI-compatible server?</source>
        <translation>%1 hat geantwortet, aber nicht mit einer Chat-Completion: Ist es ein OpenAI-kompatibler Server?</translation>
    </message>
    <message>
        <source>The agent at %1 accepted the connection.</source>
        <translation>Der Agent unter %1 hat die Verbindung angenommen.</translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation>Das Arbeitsverzeichnis %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The program %1 is not found or not executable.</source>
        <translation>Das Programm %1 wurde nicht gefunden oder ist nicht ausführbar.</translation>
    </message>
    <message>
        <source>The program %1 is found (a test does not start it).</source>
        <translation>Das Programm %1 wurde gefunden (ein Test startet es nicht).</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>Recently deleted: kept until you empty it.</source>
        <translation>Zuletzt gelöscht: bleibt erhalten, bis Sie es leeren.</translation>
    </message>
    <message>
        <source>Empty Recently deleted…</source>
        <translation>„Zuletzt gelöscht“ leeren…</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titel der Unterhaltung</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>deleted %1</source>
        <translation>gelöscht %1</translation>
    </message>
    <message>
        <source>last activity %1</source>
        <translation>zuletzt aktiv %1</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Re&amp;store</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Delete &amp;Forever…</source>
        <translation>&amp;Endgültig löschen…</translation>
    </message>
    <message>
        <source>Undo Delete</source>
        <translation>Löschen rückgängig machen</translation>
    </message>
    <message>
        <source>‹ Back to conversations</source>
        <translation>‹ Zurück zu den Unterhaltungen</translation>
    </message>
    <message>
        <source>Recently deleted (%1)</source>
        <translation>Zuletzt gelöscht (%1)</translation>
    </message>
    <message>
        <source>Could not rename the conversation: %1</source>
        <translation>Die Unterhaltung konnte nicht umbenannt werden: %1</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete “%1”? It stays in Recently deleted until you empty it.</source>
        <translation>„%1“ löschen? Sie bleibt unter „Zuletzt gelöscht“, bis Sie es leeren.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Could not delete the conversation: %1</source>
        <translation>Die Unterhaltung konnte nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>Could not restore the conversation: %1</source>
        <translation>Die Unterhaltung konnte nicht wiederhergestellt werden: %1</translation>
    </message>
    <message>
        <source>Delete Forever</source>
        <translation>Endgültig löschen</translation>
    </message>
    <message>
        <source>Delete “%1” forever? This cannot be undone.</source>
        <translation>„%1“ endgültig löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Empty Recently deleted</source>
        <translation>„Zuletzt gelöscht“ leeren</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n conversation(s) forever? This cannot be undone.</source>
        <translation>
            <numerusform>%n Unterhaltung endgültig löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
            <numerusform>%n Unterhaltungen endgültig löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Could not empty Recently deleted: %1</source>
        <translation>„Zuletzt gelöscht“ konnte nicht geleert werden: %1</translation>
    </message>
    <message>
        <source>Deleted “%1”</source>
        <translation>„%1“ gelöscht</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n Karte</numerusform>
            <numerusform>%n Karten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationModel</name>
    <message>
        <source>Tool result (%1): %2</source>
        <translation>Werkzeugergebnis (%1): %2</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>Werkzeugaufruf: %1</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Werkzeugaufruf</translation>
    </message>
    <message>
        <source>Unreadable line %1: %2</source>
        <translation>Unlesbare Zeile %1: %2</translation>
    </message>
    <message>
        <source>This turn was cut off: Tessera stopped before it completed.</source>
        <translation>Diese Runde wurde abgeschnitten: Tessera wurde beendet, bevor sie abgeschlossen war.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationSession</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>the backend did not start a turn within %1</source>
        <translation>das Backend hat innerhalb von %1 keine Runde begonnen</translation>
    </message>
    <message>
        <source>No answer: the backend did not start a turn within %1.</source>
        <translation>Keine Antwort: Das Backend hat innerhalb von %1 keine Runde begonnen.</translation>
    </message>
    <message>
        <source>the agent sent nothing for %1</source>
        <translation>der Agent hat %1 lang nichts gesendet</translation>
    </message>
    <message>
        <source>This turn was cut off: the agent sent nothing for %1.</source>
        <translation>Diese Runde wurde abgeschnitten: Der Agent hat %1 lang nichts gesendet.</translation>
    </message>
    <message>
        <source>the backend was replaced</source>
        <translation>das Backend wurde ersetzt</translation>
    </message>
    <message>
        <source>This turn was cut off: the backend was replaced.</source>
        <translation>Diese Runde wurde abgeschnitten: Das Backend wurde ersetzt.</translation>
    </message>
    <message>
        <source>The backend sent something unusable: %1</source>
        <translation>Das Backend hat etwas Unbrauchbares gesendet: %1</translation>
    </message>
    <message>
        <source>no agent backend is connected</source>
        <translation>kein Agenten-Backend ist verbunden</translation>
    </message>
    <message>
        <source>the backend is not connected</source>
        <translation>das Backend ist nicht verbunden</translation>
    </message>
    <message>
        <source>the backend is not connected: %1</source>
        <translation>das Backend ist nicht verbunden: %1</translation>
    </message>
    <message>
        <source>the agent is busy with your last turn</source>
        <translation>der Agent ist noch mit Ihrer letzten Runde beschäftigt</translation>
    </message>
    <message>
        <source>Conversation with %1</source>
        <translation>Unterhaltung mit %1</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>no such turn is in progress</source>
        <translation>diese Runde läuft nicht</translation>
    </message>
    <message>
        <source>The backend sent an event of unknown type &quot;%1&quot;; it was ignored.</source>
        <translation>Das Backend hat ein Ereignis unbekannten Typs „%1“ gesendet; es wurde ignoriert.</translation>
    </message>
    <message>
        <source>(no turn)</source>
        <translation>(keine Runde)</translation>
    </message>
    <message>
        <source>Ignored %1 for turn %2: %3.</source>
        <translation>%1 für Runde %2 ignoriert: %3.</translation>
    </message>
    <message>
        <source>the turn has already started</source>
        <translation>die Runde hat bereits begonnen</translation>
    </message>
    <message>
        <source>the turn has already ended</source>
        <translation>die Runde ist bereits beendet</translation>
    </message>
    <message>
        <source>the turn was stopped</source>
        <translation>die Runde wurde angehalten</translation>
    </message>
    <message>
        <source>the backend started turn %1 before completing it</source>
        <translation>das Backend hat Runde %1 begonnen, bevor die laufende abgeschlossen war</translation>
    </message>
    <message>
        <source>This turn was cut off: the backend started another turn.</source>
        <translation>Diese Runde wurde abgeschnitten: Das Backend hat eine weitere Runde begonnen.</translation>
    </message>
    <message>
        <source>The agent sent an invalid %1 card (%2: %3); it is shown as raw data.</source>
        <translation>Der Agent hat eine ungültige Karte vom Typ %1 gesendet (%2: %3); sie wird als Rohdaten angezeigt.</translation>
    </message>
    <message>
        <source>envelope</source>
        <translation>Umschlag</translation>
    </message>
    <message>
        <source>The backend sent an unreadable message: %1</source>
        <translation>Das Backend hat eine unlesbare Nachricht gesendet: %1</translation>
    </message>
    <message>
        <source>no conversation has started yet</source>
        <translation>es wurde noch keine Unterhaltung begonnen</translation>
    </message>
    <message>
        <source>the turn has already ended (error: %1)</source>
        <translation>die Runde ist bereits beendet (Fehler: %1)</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message>
        <source>the backend was stopped</source>
        <translation>das Backend wurde beendet</translation>
    </message>
    <message>
        <source>the backend failed</source>
        <translation>das Backend ist ausgefallen</translation>
    </message>
    <message>
        <source>This turn was cut off: %1</source>
        <translation>Diese Runde wurde abgeschnitten: %1</translation>
    </message>
    <message>
        <source>The agent sent no answer.</source>
        <translation>Der Agent hat keine Antwort gesendet.</translation>
    </message>
    <message>
        <source>not sent: %1</source>
        <translation>nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Your message is kept in the conversation but was not sent: %1</source>
        <translation>Ihre Nachricht bleibt in der Unterhaltung, wurde aber nicht gesendet: %1</translation>
    </message>
    <message>
        <source>this card has already been decided</source>
        <translation>über diese Karte wurde bereits entschieden</translation>
    </message>
    <message>
        <source>the widget&apos;s values are not a JSON object</source>
        <translation>die Werte des Widgets sind kein JSON-Objekt</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <translation>von Ihnen angehalten</translation>
    </message>
    <message>
        <source>You stopped this turn.</source>
        <translation>Sie haben diese Runde angehalten.</translation>
    </message>
    <message>
        <source>The backend reported an error: %1</source>
        <translation>Das Backend hat einen Fehler gemeldet: %1</translation>
    </message>
    <message>
        <source>the backend reported an error: %1</source>
        <translation>das Backend hat einen Fehler gemeldet: %1</translation>
    </message>
    <message>
        <source>the connection to the backend was lost mid-turn</source>
        <translation>die Verbindung zum Backend ist mitten in der Runde abgebrochen</translation>
    </message>
    <message>
        <source>a card id may have at most %1 characters and a state at most %2</source>
        <translation>eine Karten-ID darf höchstens %1 Zeichen haben und ein Zustand höchstens %2</translation>
    </message>
    <message>
        <source>it names no card of this conversation</source>
        <translation>sie nennt keine Karte dieser Unterhaltung</translation>
    </message>
    <message>
        <source>this backend keeps its own history: its answers cannot be asked again</source>
        <translation>dieses Backend führt seinen eigenen Verlauf: seine Antworten können nicht neu angefordert werden</translation>
    </message>
    <message>
        <source>the last turn has no typed message to ask again</source>
        <translation>die letzte Runde hat keine getippte Nachricht, die erneut gestellt werden könnte</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>es gibt nichts zu senden</translation>
    </message>
    <message>
        <source>this turn has no version %1</source>
        <translation>diese Runde hat keine Version %1</translation>
    </message>
    <message>
        <source>this conversation is not stored</source>
        <translation>diese Unterhaltung ist nicht gespeichert</translation>
    </message>
    <message>
        <source>The conversation&apos;s system prompt could not be read: %1</source>
        <translation>Der Systemprompt der Unterhaltung konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>only the agent opens, updates and closes canvas tabs</source>
        <translation>nur der Agent öffnet, aktualisiert und schließt Canvas-Tabs</translation>
    </message>
    <message>
        <source>the canvas command could not be stored</source>
        <translation>der Canvas-Befehl konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>the conversation was left</source>
        <translation>die Unterhaltung wurde verlassen</translation>
    </message>
    <message>
        <source>the consent card could not be stored</source>
        <translation>die Zustimmungskarte konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>this app&apos;s tool call is no longer waiting for a decision</source>
        <translation>dieser Werkzeugaufruf der App wartet nicht mehr auf eine Entscheidung</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a decision on an app&apos;s tool call</source>
        <translation>„%1“ ist keine Entscheidung über den Werkzeugaufruf einer App</translation>
    </message>
    <message>
        <source>Sent without the tools of %1: not ready after %2 s</source>
        <translation>Ohne die Werkzeuge von %1 gesendet: nach %2 s nicht bereit</translation>
    </message>
    <message>
        <source>the backend started turn %1 again: that id belongs to an earlier turn of this conversation, so its answer is not shown</source>
        <translation>das Backend hat den Durchgang %1 erneut gestartet: diese Kennung gehört zu einem früheren Durchgang dieser Unterhaltung, daher wird seine Antwort nicht angezeigt</translation>
    </message>
    <message>
        <source>No answer shown: the backend reused the turn id %1 of an earlier turn.</source>
        <translation>Keine Antwort angezeigt: das Backend hat die Durchgangskennung %1 eines früheren Durchgangs erneut verwendet.</translation>
    </message>
</context>
<context>
    <name>Tessera::ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>… this block is %1 px tall; the image shows its first %2 px</source>
        <translation>… dieser Block ist %1 px hoch; das Bild zeigt seine ersten %2 px</translation>
    </message>
    <message>
        <source>Copy &amp;Text</source>
        <translation>&amp;Text kopieren</translation>
    </message>
    <message>
        <source>Copy Answer as &amp;Markdown</source>
        <translation>Antwort als &amp;Markdown kopieren</translation>
    </message>
</context>
<context>
    <name>Tessera::CsvTableModel</name>
    <message>
        <source>the first %1 of %2 columns</source>
        <translation>die ersten %1 von %2 Spalten</translation>
    </message>
    <message>
        <source>the first %1 of %2 rows</source>
        <translation>die ersten %1 von %2 Zeilen</translation>
    </message>
    <message>
        <source>Showing %1.</source>
        <translation>Angezeigt werden %1.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
</context>
<context>
    <name>Tessera::DataTableCard</name>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Totals</source>
        <translation>Summen</translation>
    </message>
    <message>
        <source>No rows</source>
        <translation>Keine Zeilen</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n column(s)</source>
        <translation>
            <numerusform>%n Spalte</numerusform>
            <numerusform>%n Spalten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::DataTableModel</name>
    <message>
        <source>No value</source>
        <translation>Kein Wert</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
</context>
<context>
    <name>Tessera::DecisionBar</name>
    <message>
        <source>Chosen</source>
        <translation>Gewählt</translation>
    </message>
    <message>
        <source>This card has no id, so a decision could not be bound to it.</source>
        <translation>Diese Karte hat keine ID, daher konnte keine Entscheidung an sie gebunden werden.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Decision sent.</source>
        <translation>Entscheidung gesendet.</translation>
    </message>
    <message>
        <source>Not sent: try again.</source>
        <translation>Nicht gesendet: Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Expired: nothing waits for this decision any more.</source>
        <translation>Abgelaufen: Auf diese Entscheidung wartet nichts mehr.</translation>
    </message>
</context>
<context>
    <name>Tessera::DetailCard</name>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n Feld</numerusform>
            <numerusform>%n Felder</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::EditorLoader</name>
    <message>
        <source>Shown read-only, broken every %1 characters: a line is longer than %2 characters.</source>
        <translation>Schreibgeschützt angezeigt, alle %1 Zeichen umbrochen: eine Zeile ist länger als %2 Zeichen.</translation>
    </message>
</context>
<context>
    <name>Tessera::FallbackCard</name>
    <message>
        <source>Invalid card</source>
        <translation>Ungültige Karte</translation>
    </message>
    <message>
        <source>Unknown card kind &quot;%1&quot;</source>
        <translation>Unbekannte Kartenart „%1“</translation>
    </message>
    <message>
        <source>Invalid %1 card</source>
        <translation>Ungültige Karte vom Typ %1</translation>
    </message>
    <message>
        <source>This card could not be drawn.</source>
        <translation>Diese Karte konnte nicht gezeichnet werden.</translation>
    </message>
    <message>
        <source>Unreadable data</source>
        <translation>Unlesbare Daten</translation>
    </message>
    <message>
        <source>This data could not be read.</source>
        <translation>Diese Daten konnten nicht gelesen werden.</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n weiteres</numerusform>
            <numerusform>+%n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Show raw JSON</source>
        <translation>Roh-JSON anzeigen</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+%n weiteres)</numerusform>
            <numerusform>%1 (+%n weitere)</numerusform>
        </translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>Roh-JSON</translation>
    </message>
    <message>
        <source>Hide raw JSON</source>
        <translation>Roh-JSON ausblenden</translation>
    </message>
    <message>
        <source>Invalid dorkos-ui widget</source>
        <translation>Ungültiges dorkos-ui-Widget</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>Alles kopieren</translation>
    </message>
    <message>
        <source>Put the whole raw text on the clipboard</source>
        <translation>Den ganzen Rohtext in die Zwischenablage legen</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2.</source>
        <translation>Angezeigt werden die ersten %1 von %2.</translation>
    </message>
</context>
<context>
    <name>Tessera::FindBar</name>
    <message>
        <source>Find in conversation</source>
        <translation>In der Unterhaltung suchen</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>Nächster Treffer (F3)</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Searching older messages…</source>
        <translation>Ältere Nachrichten werden durchsucht…</translation>
    </message>
    <message>
        <source>No matches in the newest %1 messages</source>
        <translation>Keine Treffer in den neuesten %1 Nachrichten</translation>
    </message>
    <message>
        <source>%1 of %2 in the newest %3 messages</source>
        <translation>%1 von %2 in den neuesten %3 Nachrichten</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
</context>
<context>
    <name>Tessera::HttpTransport</name>
    <message>
        <source>the server sent %1 over %2; it was refused</source>
        <translation>der Server hat %1 über %2 gesendet; das wurde abgelehnt</translation>
    </message>
    <message>
        <source>a reply</source>
        <translation>eine Antwort</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>eine Zeile</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>ein Ereignis</translation>
    </message>
    <message>
        <source>event %1 of %2 %3</source>
        <translation>Ereignis %1 von %2 %3</translation>
    </message>
    <message>
        <source>the event stream ended before the answer and resuming it from event %1 failed: </source>
        <translation>der Ereignisstrom endete vor der Antwort, und die Fortsetzung ab Ereignis %1 ist fehlgeschlagen: </translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404)</source>
        <translation>der Server hat die Sitzung beendet (HTTP 404)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2%3</source>
        <translation>HTTP %1 von %2%3</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>the connection to %1 broke: %2</source>
        <translation>die Verbindung zu %1 ist abgebrochen: %2</translation>
    </message>
    <message>
        <source>the server ended the event stream %1 times in a row without a new event or the answer</source>
        <translation>der Server hat den Ereignisstrom %1-mal hintereinander ohne neues Ereignis oder die Antwort beendet</translation>
    </message>
    <message>
        <source>the server closed the event stream without answering</source>
        <translation>der Server hat den Ereignisstrom ohne Antwort geschlossen</translation>
    </message>
    <message>
        <source>the reply to POST %1</source>
        <translation>die Antwort auf POST %1</translation>
    </message>
    <message>
        <source>HTTP %1 from %2 with no answer</source>
        <translation>HTTP %1 von %2 ohne Antwort</translation>
    </message>
    <message>
        <source>the server accepted the request but sent no answer (HTTP 202)</source>
        <translation>der Server hat die Anfrage angenommen, aber keine Antwort gesendet (HTTP 202)</translation>
    </message>
</context>
<context>
    <name>Tessera::ItemListCard</name>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n Eintrag</numerusform>
            <numerusform>%n Einträge</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::JsonRenderCard</name>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Bild: %1</translation>
    </message>
    <message>
        <source>Not loaded: the address has no host.</source>
        <translation>Nicht geladen: Die Adresse hat keinen Host.</translation>
    </message>
    <message>
        <source>From %1, not loaded: Tessera loads no remote images.</source>
        <translation>Von %1, nicht geladen: Tessera lädt keine entfernten Bilder.</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n Feld</numerusform>
            <numerusform>%n Felder</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n button(s)</source>
        <translation>
            <numerusform>%n Knopf</numerusform>
            <numerusform>%n Knöpfe</numerusform>
        </translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Table: %1</source>
        <translation>Tabelle: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>No rows</source>
        <translation>Keine Zeilen</translation>
    </message>
    <message>
        <source>Tells the agent you pressed it (action %1)</source>
        <translation>Teilt dem Agenten mit, dass Sie ihn gedrückt haben (Aktion %1)</translation>
    </message>
    <message>
        <source>This card has no id, so a press cannot be sent.</source>
        <translation>Diese Karte hat keine ID, daher kann das Drücken nicht gesendet werden.</translation>
    </message>
    <message>
        <source>Opens %1 after you confirm</source>
        <translation>Öffnet %1 nach Ihrer Bestätigung</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Pressed: %1</source>
        <translation>Gedrückt: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::MainWindow</name>
    <message>
        <source>Item %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Conversation…</source>
        <translation>Unterhaltung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open Conversation</source>
        <translation>Unterhaltung öffnen</translation>
    </message>
    <message>
        <source>Conversations (*.jsonl);;All files (*)</source>
        <translation>Unterhaltungen (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;Demo</source>
        <translation>&amp;Demo öffnen</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Copy Card as &amp;Text</source>
        <translation>Karte als &amp;Text kopieren</translation>
    </message>
    <message>
        <source>Copy Card as &amp;JSON</source>
        <translation>Karte als &amp;JSON kopieren</translation>
    </message>
    <message>
        <source>Copy Card as &amp;Image</source>
        <translation>Karte als &amp;Bild kopieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Focus &amp;Composer</source>
        <translation>&amp;Eingabefeld fokussieren</translation>
    </message>
    <message>
        <source>Focus Con&amp;versation</source>
        <translation>&amp;Unterhaltung fokussieren</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>Follow &amp;System</source>
        <translation>&amp;System folgen</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>Ü&amp;ber Tessera</translation>
    </message>
    <message>
        <source>Cannot open conversation</source>
        <translation>Unterhaltung kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Tessera could not read %1:
%2</source>
        <translation>Tessera konnte %1 nicht lesen:
%2</translation>
    </message>
    <message>
        <source>Demo conversation</source>
        <translation>Demo-Unterhaltung</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>No agent backend is connected: the message is in the conversation but was not sent.</source>
        <translation>Kein Agenten-Backend verbunden: Die Nachricht steht in der Unterhaltung, wurde aber nicht gesendet.</translation>
    </message>
    <message>
        <source>Move the keyboard focus into a card to copy it.</source>
        <translation>Setzen Sie den Tastaturfokus in eine Karte, um sie zu kopieren.</translation>
    </message>
    <message>
        <source>Card copied.</source>
        <translation>Karte kopiert.</translation>
    </message>
    <message>
        <source>&amp;Import Conversation…</source>
        <translation>&amp;Unterhaltung importieren …</translation>
    </message>
    <message>
        <source>Import Conversation</source>
        <translation>Unterhaltung importieren</translation>
    </message>
    <message>
        <source>&amp;Find Conversation</source>
        <translation>Unterhaltung &amp;suchen</translation>
    </message>
    <message>
        <source>Opened from a file: use File → Import Conversation to keep it in Tessera.</source>
        <translation>Aus einer Datei geöffnet: Mit Datei → Unterhaltung importieren bleibt sie in Tessera erhalten.</translation>
    </message>
    <message>
        <source> It is saved.</source>
        <translation> Sie ist gespeichert.</translation>
    </message>
    <message>
        <source>Cannot import</source>
        <translation>Import nicht möglich</translation>
    </message>
    <message>
        <source>Conversations are not being saved: %1</source>
        <translation>Unterhaltungen werden nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation>&amp;Neue Unterhaltung</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>The agent is answering…</source>
        <translation>Der Agent antwortet…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop this turn (Esc)</source>
        <translation>Diese Runde anhalten (Esc)</translation>
    </message>
    <message>
        <source>no agent backend is connected</source>
        <translation>kein Agenten-Backend ist verbunden</translation>
    </message>
    <message>
        <source>&amp;Backend</source>
        <translation>Bac&amp;kend</translation>
    </message>
    <message>
        <source>S&amp;top Turn</source>
        <translation>Runde an&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Restart Backend</source>
        <translation>Backend &amp;neu starten</translation>
    </message>
    <message>
        <source>Open Backend &amp;Log</source>
        <translation>Backend-&amp;Protokoll öffnen</translation>
    </message>
    <message>
        <source>This backend has no log.</source>
        <translation>Dieses Backend hat kein Protokoll.</translation>
    </message>
    <message>
        <source>the agent is busy with your last turn</source>
        <translation>der Agent ist noch mit Ihrer letzten Runde beschäftigt</translation>
    </message>
    <message>
        <source>your message is kept in the conversation, but %1</source>
        <translation>Ihre Nachricht bleibt in der Unterhaltung, aber %1</translation>
    </message>
    <message>
        <source>The turn did not complete: %1</source>
        <translation>Die Runde wurde nicht abgeschlossen: %1</translation>
    </message>
    <message>
        <source>Cannot connect: %1</source>
        <translation>Verbindung nicht möglich: %1</translation>
    </message>
    <message>
        <source>No agent backend</source>
        <translation>Kein Agenten-Backend</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird hergestellt…</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Verbunden mit %1</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation>Verbindung wird wiederhergestellt…</translation>
    </message>
    <message>
        <source>Reconnecting: %1</source>
        <translation>Verbindung wird wiederhergestellt: %1</translation>
    </message>
    <message>
        <source>Backend stopped</source>
        <translation>Backend beendet</translation>
    </message>
    <message>
        <source>Backend stopped: %1</source>
        <translation>Backend beendet: %1</translation>
    </message>
    <message>
        <source>Could not send: %1. Try again in a moment.</source>
        <translation>Senden nicht möglich: %1. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Nicht gesendet</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>Ein Link, der nicht https:// verwendet, wurde nicht geöffnet: %1</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source>Open this address in your browser?</source>
        <translation>Diese Adresse im Browser öffnen?</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>No browser opened %1.</source>
        <translation>Kein Browser hat %1 geöffnet.</translation>
    </message>
    <message>
        <source>&amp;Export Conversation…</source>
        <translation>Unterhaltung e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Only a stored conversation can be exported: import it first.</source>
        <translation>Nur eine gespeicherte Unterhaltung kann exportiert werden: importieren Sie sie zuerst.</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export Conversation</source>
        <translation>Unterhaltung exportieren</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Exportiert nach %1.</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Read-only: %1 cannot be written. Stored conversations can be read; nothing new is saved.</source>
        <translation>Nur lesen: %1 kann nicht beschrieben werden. Gespeicherte Unterhaltungen lassen sich lesen; nichts Neues wird gespeichert.</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation>&amp;Unterhaltung</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <source>&amp;Edit and Resend</source>
        <translation>&amp;Bearbeiten und erneut senden</translation>
    </message>
    <message>
        <source>Cannot show that version: %1</source>
        <translation>Diese Version kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Verbinden…</translation>
    </message>
    <message>
        <source>Backend → Connect… sets up an agent to talk to.</source>
        <translation>Backend → Verbinden… richtet einen Agenten ein, mit dem Sie sprechen können.</translation>
    </message>
    <message>
        <source>No agent is connected.</source>
        <translation>Kein Agent ist verbunden.</translation>
    </message>
    <message>
        <source>Connect…</source>
        <translation>Verbinden…</translation>
    </message>
    <message>
        <source>The backend this conversation talks to; click to switch</source>
        <translation>Das Backend dieses Gesprächs; klicken zum Wechseln</translation>
    </message>
    <message>
        <source>Backend: none</source>
        <translation>Backend: keins</translation>
    </message>
    <message>
        <source>Backend: %1</source>
        <translation>Backend: %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n Karte</numerusform>
            <numerusform>%n Karten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n block(s) could not be drawn natively</source>
        <translation>
            <numerusform>%n Block konnte nicht nativ gezeichnet werden</numerusform>
            <numerusform>%n Blöcke konnten nicht nativ gezeichnet werden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) cut off when Tessera last stopped, marked incomplete.</source>
        <translation>
            <numerusform>%n Runde wurde beim letzten Beenden von Tessera abgeschnitten und ist als unvollständig markiert.</numerusform>
            <numerusform>%n Runden wurden beim letzten Beenden von Tessera abgeschnitten und sind als unvollständig markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo is now saved as a conversation of yours.</source>
        <translation>Die Demo ist jetzt als Ihre eigene Unterhaltung gespeichert.</translation>
    </message>
    <message>
        <source>Copy Card for %1</source>
        <translation>Karte für %1 kopieren</translation>
    </message>
    <message>
        <source>&amp;Find in Conversation</source>
        <translation>In der Unterhaltung &amp;suchen</translation>
    </message>
    <message>
        <source>No agent backend is connected: start Tessera with %1, %2 or %3.</source>
        <translation>Kein Agenten-Backend verbunden: Starten Sie Tessera mit %1, %2 oder %3.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>two parts of a summary</comment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Conversations are not being saved: %1.</source>
        <translation>Unterhaltungen werden nicht gespeichert: %1.</translation>
    </message>
    <message>
        <source>Nothing of the conversation on screen is saved.</source>
        <translation>Von der angezeigten Unterhaltung ist nichts gespeichert.</translation>
    </message>
    <message numerus="yes">
        <source>Saved of “%1”: %n message(s); anything shown after them is on screen only.</source>
        <translation>
            <numerusform>Gespeichert von „%1“: %n Nachricht; alles danach Angezeigte gibt es nur auf dem Bildschirm.</numerusform>
            <numerusform>Gespeichert von „%1“: %n Nachrichten; alles danach Angezeigte gibt es nur auf dem Bildschirm.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not sent: %1 is read-only, so nothing new can be kept. Your text is still in the composer.</source>
        <translation>Nicht gesendet: %1 ist schreibgeschützt, daher kann nichts Neues gespeichert werden. Ihr Text steht noch im Eingabefeld.</translation>
    </message>
    <message>
        <source>Card copied for %1.</source>
        <translation>Karte für %1 kopiert.</translation>
    </message>
    <message>
        <source>The card cannot go to %1 as it is; see the issues.</source>
        <translation>Die Karte kann so nicht nach %1; siehe die Probleme.</translation>
    </message>
    <message>
        <source>System &amp;Prompt…</source>
        <translation>System&amp;prompt…</translation>
    </message>
    <message>
        <source>Connect an OpenAI-compatible backend to give this conversation a system prompt.</source>
        <translation>Verbinden Sie ein OpenAI-kompatibles Backend, um dieser Unterhaltung einen Systemprompt zu geben.</translation>
    </message>
    <message>
        <source>This agent keeps its own instructions: a system prompt is for OpenAI-compatible backends only.</source>
        <translation>Dieser Agent hat eigene Anweisungen: Ein Systemprompt gilt nur für OpenAI-kompatible Backends.</translation>
    </message>
    <message>
        <source>The agent is answering: change the system prompt when the turn ends.</source>
        <translation>Der Agent antwortet: Ändern Sie den Systemprompt, wenn die Runde endet.</translation>
    </message>
    <message>
        <source>Instructions for the model in this conversation, sent before Tessera&apos;s card rules</source>
        <translation>Anweisungen für das Modell in dieser Unterhaltung, vor Tesseras Kartenregeln gesendet</translation>
    </message>
    <message>
        <source>The system prompt was not saved: %1</source>
        <translation>Der Systemprompt wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>This conversation has no system prompt from the next message on.</source>
        <translation>Ab der nächsten Nachricht hat diese Unterhaltung keinen Systemprompt.</translation>
    </message>
    <message>
        <source>The system prompt applies from the next message.</source>
        <translation>Der Systemprompt gilt ab der nächsten Nachricht.</translation>
    </message>
    <message>
        <source>No agent is connected: Backend → Connect… (%1) sets one up.</source>
        <translation>Kein Agent ist verbunden: Backend → Verbinden… (%1) richtet einen ein.</translation>
    </message>
    <message>
        <source>Canvas &amp;Panel</source>
        <translation>Canvas-&amp;Bereich</translation>
    </message>
    <message>
        <source>Some MCP servers offer no tools: %1</source>
        <translation>Einige MCP-Server bieten keine Werkzeuge an: %1</translation>
    </message>
    <message>
        <source>The canvas panel could not be read: %1</source>
        <translation>Der Canvas-Bereich konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The canvas change was not kept: %1</source>
        <translation>Die Canvas-Änderung wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>the agent is answering in the conversation on screen; try again when it is done</source>
        <translation>der Agent antwortet gerade in der angezeigten Unterhaltung; versuchen Sie es erneut, wenn er fertig ist</translation>
    </message>
    <message>
        <source>the conversation it came from is not open any more</source>
        <translation>die Unterhaltung, aus der es stammt, ist nicht mehr geöffnet</translation>
    </message>
    <message>
        <source>An app&apos;s tool call waits for your decision…</source>
        <translation>Der Werkzeugaufruf einer App wartet auf Ihre Entscheidung…</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message>
        <source>Waiting for MCP servers…</source>
        <translation>Warten auf MCP-Server…</translation>
    </message>
    <message>
        <source>Reading %1 (%2 MB)…</source>
        <translation>%1 wird gelesen (%2 MB)…</translation>
    </message>
    <message>
        <source>Reading the conversation</source>
        <translation>Unterhaltung wird gelesen</translation>
    </message>
    <message>
        <source>the conversation is still being read</source>
        <translation>die Unterhaltung wird noch gelesen</translation>
    </message>
    <message>
        <source>The older lines could not be read: %1</source>
        <translation>Die älteren Zeilen konnten nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s); counting the cards…</source>
        <translation>
            <numerusform>%n Nachricht; Karten werden gezählt…</numerusform>
            <numerusform>%n Nachrichten; Karten werden gezählt…</numerusform>
        </translation>
    </message>
    <message>
        <source>The conversation could not be counted: %1</source>
        <translation>Die Unterhaltung konnte nicht gezählt werden: %1</translation>
    </message>
    <message>
        <source>%1 could not be read again: %2</source>
        <translation>%1 konnte nicht erneut gelesen werden: %2</translation>
    </message>
    <message>
        <source>It is not a regular file.</source>
        <translation>Es ist keine reguläre Datei.</translation>
    </message>
</context>
<context>
    <name>Tessera::MarkdownView</name>
    <message>
        <source>[image]</source>
        <translation>[Bild]</translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <translation>[Bild: %1]</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppCard</name>
    <message>
        <source>app not drawn: %1</source>
        <translation>App nicht gezeichnet: %1</translation>
    </message>
    <message>
        <source>The app asked for network access to %1; refused: an app view reaches no network.</source>
        <translation>Die App hat Netzwerkzugriff auf %1 verlangt; abgelehnt: Eine App-Ansicht erreicht kein Netzwerk.</translation>
    </message>
    <message>
        <source>%1 is not connected: the app&apos;s tool calls are off.</source>
        <translation>%1 ist nicht verbunden: Die Werkzeugaufrufe der App sind abgeschaltet.</translation>
    </message>
    <message>
        <source>App %1 from %2</source>
        <translation>App %1 von %2</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source>An app asks to open this address in your browser:

%1</source>
        <translation>Eine App möchte diese Adresse in Ihrem Browser öffnen:

%1</translation>
    </message>
    <message>
        <source>App %1</source>
        <translation>App %1</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppConsent</name>
    <message>
        <source>the app&apos;s view was closed</source>
        <translation>die Ansicht der App wurde geschlossen</translation>
    </message>
    <message>
        <source>no conversation can ask for consent</source>
        <translation>keine Unterhaltung kann um Zustimmung bitten</translation>
    </message>
</context>
<context>
    <name>Tessera::McpAppView</name>
    <message>
        <source>Starting the app…</source>
        <translation>Die App wird gestartet…</translation>
    </message>
    <message>
        <source>the web channel script of Qt WebChannel is missing</source>
        <translation>das Web-Channel-Skript von Qt WebChannel fehlt</translation>
    </message>
    <message>
        <source>the app&apos;s document could not be loaded</source>
        <translation>das Dokument der App konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>the app&apos;s process ended (exit code %1)</source>
        <translation>der Prozess der App wurde beendet (Exit-Code %1)</translation>
    </message>
    <message>
        <source>the app did not finish loading within %1 s</source>
        <translation>die App wurde nicht innerhalb von %1 s fertig geladen</translation>
    </message>
    <message>
        <source>app stopped: %1</source>
        <translation>App angehalten: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::McpClient</name>
    <message>
        <source>the connection to the server was closed</source>
        <translation>die Verbindung zum Server wurde geschlossen</translation>
    </message>
    <message>
        <source>the server did not answer initialize within %1 s</source>
        <translation>der Server hat nicht innerhalb von %1 s auf initialize geantwortet</translation>
    </message>
    <message>
        <source>initialize failed: %1</source>
        <translation>initialize ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server speaks MCP version %1; Tessera supports %2</source>
        <translation>der Server spricht MCP-Version %1; Tessera unterstützt %2</translation>
    </message>
    <message>
        <source>(none given)</source>
        <translation>(keine angegeben)</translation>
    </message>
    <message>
        <source>the server is not connected</source>
        <translation>der Server ist nicht verbunden</translation>
    </message>
    <message>
        <source>%1 cancelled</source>
        <translation>%1 abgebrochen</translation>
    </message>
    <message>
        <source>a request</source>
        <translation>eine Anfrage</translation>
    </message>
    <message>
        <source>%1 timed out after %2 s</source>
        <translation>%1 hat nach %2 s das Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>the server sent something that isn&apos;t JSON-RPC (%1: %2): %3</source>
        <translation>der Server hat etwas gesendet, das kein JSON-RPC ist (%1: %2): %3</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>kein JSON</translation>
    </message>
    <message>
        <source>a batch, which MCP no longer has</source>
        <translation>ein Batch, den MCP nicht mehr kennt</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>no &quot;jsonrpc&quot;: &quot;2.0&quot;</source>
        <translation>kein &quot;jsonrpc&quot;: &quot;2.0&quot;</translation>
    </message>
    <message>
        <source>&quot;method&quot; is not a string</source>
        <translation>&quot;method&quot; ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>neither a request, a notification nor a response</source>
        <translation>weder eine Anfrage noch eine Benachrichtigung noch eine Antwort</translation>
    </message>
    <message>
        <source>the server answered %1 with error %2: %3</source>
        <translation>der Server hat auf %1 mit Fehler %2 geantwortet: %3</translation>
    </message>
    <message>
        <source>the server&apos;s answer to %1 is not an object</source>
        <translation>die Antwort des Servers auf %1 ist kein Objekt</translation>
    </message>
</context>
<context>
    <name>Tessera::McpController</name>
    <message>
        <source>%1 asked for input that cannot be shown: %2</source>
        <translation>%1 hat nach Eingaben gefragt, die nicht angezeigt werden können: %2</translation>
    </message>
    <message>
        <source>the line is damaged</source>
        <translation>die Zeile ist beschädigt</translation>
    </message>
    <message>
        <source>the conversation is no longer live</source>
        <translation>die Unterhaltung ist nicht mehr live</translation>
    </message>
</context>
<context>
    <name>Tessera::McpElicitationCard</name>
    <message>
        <source>%1 asks</source>
        <translation>%1 fragt</translation>
    </message>
    <message>
        <source>%1 *</source>
        <translation>%1 *</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine Auswahl)</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Accepted: sent to the server.</source>
        <translation>Angenommen: an den Server gesendet.</translation>
    </message>
    <message>
        <source>Declined: nothing was sent.</source>
        <translation>Abgelehnt: Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was sent.</source>
        <translation>Abgebrochen: Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>Not answered: the turn ended first, and the server was told it was cancelled.</source>
        <translation>Nicht beantwortet: Die Runde endete zuerst, und dem Server wurde mitgeteilt, dass sie abgebrochen wurde.</translation>
    </message>
</context>
<context>
    <name>Tessera::McpElicitationForm</name>
    <message>
        <source>must be at least %1</source>
        <translation>muss mindestens %1 sein</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>darf höchstens %1 sein</translation>
    </message>
    <message>
        <source>must be text</source>
        <translation>muss Text sein</translation>
    </message>
    <message>
        <source>must be at least %1 characters</source>
        <translation>muss mindestens %1 Zeichen lang sein</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>darf höchstens %1 Zeichen lang sein</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>muss eine Zahl sein</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>muss wahr oder falsch sein</translation>
    </message>
    <message>
        <source>must be one of: %1</source>
        <translation>muss eines davon sein: %1</translation>
    </message>
    <message>
        <source>must be a list of: %1</source>
        <translation>muss eine Liste aus diesen sein: %1</translation>
    </message>
    <message>
        <source>needs at least %1 chosen</source>
        <translation>mindestens %1 müssen gewählt sein</translation>
    </message>
    <message>
        <source>takes at most %1 chosen</source>
        <translation>höchstens %1 dürfen gewählt sein</translation>
    </message>
    <message>
        <source>is not a field of this form</source>
        <translation>ist kein Feld dieses Formulars</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>ist erforderlich</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServerDialog</name>
    <message>
        <source>%1, line %2: write NAME%3value</source>
        <translation>%1, Zeile %2: Schreiben Sie NAME%3Wert</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>A&amp;ktiviert</translation>
    </message>
    <message>
        <source>MCP Server</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>files</source>
        <translation>dateien</translation>
    </message>
    <message>
        <source>Command (stdio)</source>
        <translation>Befehl (stdio)</translation>
    </message>
    <message>
        <source>URL (Streamable HTTP)</source>
        <translation>URL (Streamable HTTP)</translation>
    </message>
    <message>
        <source>API_KEY=value, one a line</source>
        <translation>API_KEY=Wert, einer pro Zeile</translation>
    </message>
    <message>
        <source>Authorization: Bearer …, one a line</source>
        <translation>Authorization: Bearer …, einer pro Zeile</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Connect by:</source>
        <translation>&amp;Verbindung über:</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumente:</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>Umgebun&amp;g:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Header:</translation>
    </message>
    <message>
        <source>Environment and header values are kept in the desktop&apos;s keyring, never in a file.</source>
        <translation>Umgebungs- und Header-Werte werden im Schlüsselbund des Desktops aufbewahrt, nie in einer Datei.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServerSettings</name>
    <message>
        <source>has no command</source>
        <translation>hat keinen Befehl</translation>
    </message>
    <message>
        <source>stored MCP server %1: %2</source>
        <translation>gespeicherter MCP-Server %1: %2</translation>
    </message>
    <message>
        <source>the secrets of MCP server %1 did not read from the keyring: %2</source>
        <translation>die Geheimnisse des MCP-Servers %1 ließen sich nicht aus dem Schlüsselbund lesen: %2</translation>
    </message>
    <message>
        <source>the keyring&apos;s entry %1%2 is not what Tessera wrote</source>
        <translation>der Schlüsselbund-Eintrag %1%2 ist nicht das, was Tessera geschrieben hat</translation>
    </message>
    <message>
        <source>MCP server %1 was not saved: its env and header values go to the keyring, and %2</source>
        <translation>MCP-Server %1 wurde nicht gespeichert: Seine Umgebungs- und Header-Werte gehören in den Schlüsselbund, und %2</translation>
    </message>
    <message>
        <source>MCP server %1 was not saved: the settings file %2 could not be written</source>
        <translation>MCP-Server %1 wurde nicht gespeichert: Die Einstellungsdatei %2 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>no MCP server named %1 is stored</source>
        <translation>es ist kein MCP-Server namens %1 gespeichert</translation>
    </message>
    <message>
        <source>MCP server %1 was removed, but its secrets stay in the keyring: %2</source>
        <translation>MCP-Server %1 wurde entfernt, aber seine Geheimnisse bleiben im Schlüsselbund: %2</translation>
    </message>
</context>
<context>
    <name>Tessera::McpServersPage</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>Befehl oder URL</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Paste Configuration…</source>
        <translation>Konfiguration ein&amp;fügen…</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Connect to each enabled server once and show how many tools it has</source>
        <translation>Mit jedem aktivierten Server einmal verbinden und anzeigen, wie viele Werkzeuge er hat</translation>
    </message>
    <message>
        <source>&amp;Undo Remove</source>
        <translation>Entfernen &amp;rückgängig machen</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>/mcpServers: names no server</source>
        <translation>/mcpServers: nennt keinen Server</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Replaced %1.</source>
        <translation>%1 ersetzt.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>No MCP server named %1 is stored.</source>
        <translation>Es ist kein MCP-Server namens %1 gespeichert.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>Es gibt nichts rückgängig zu machen.</translation>
    </message>
    <message>
        <source>%1 is back.</source>
        <translation>%1 ist wieder da.</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Werkzeug</numerusform>
            <numerusform>%n Werkzeuge</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste MCP Configuration</source>
        <translation>MCP-Konfiguration einfügen</translation>
    </message>
    <message>
        <source>Paste the {&quot;mcpServers&quot;: {…}} configuration another MCP client uses.</source>
        <translation>Fügen Sie die {&quot;mcpServers&quot;: {…}}-Konfiguration ein, die ein anderer MCP-Client verwendet.</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>Nicht gelesen: %1</translation>
    </message>
    <message>
        <source>MCP servers give the agent tools. Nothing runs without your consent; environment and header values are kept in the desktop&apos;s keyring. A change here reaches the open window after the answer in progress, if any.</source>
        <translation>MCP-Server geben dem Agenten Werkzeuge. Nichts läuft ohne Ihre Zustimmung; Umgebungs- und Header-Werte werden im Schlüsselbund des Desktops aufbewahrt. Eine Änderung hier erreicht das offene Fenster nach der laufenden Antwort, falls es eine gibt.</translation>
    </message>
    <message>
        <source>Run &amp;read-only tools without asking</source>
        <translation>Nur &amp;lesende Werkzeuge ohne Nachfrage ausführen</translation>
    </message>
    <message>
        <source>Tools their server marks as read-only run without a consent card; tools marked destructive always ask</source>
        <translation>Werkzeuge, die ihr Server als nur lesend kennzeichnet, laufen ohne Zustimmungskarte; als destruktiv gekennzeichnete fragen immer</translation>
    </message>
</context>
<context>
    <name>Tessera::McpToolHost</name>
    <message>
        <source>the server&apos;s result is not a tool result: %1</source>
        <translation>das Ergebnis des Servers ist kein Werkzeugergebnis: %1</translation>
    </message>
    <message>
        <source>resources/read %1 failed: %2</source>
        <translation>resources/read %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the view %1 was not drawn: %2</source>
        <translation>die Ansicht %1 wurde nicht gezeichnet: %2</translation>
    </message>
    <message>
        <source>%1: tools/list failed: %2</source>
        <translation>%1: tools/list ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the arguments are not a JSON object</source>
        <translation>die Argumente sind kein JSON-Objekt</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>%1 of %2 MCP tools are not offered to the model (at most %3 tools and %4 KB of their schemas go with a request): %5</source>
        <translation>%1 von %2 MCP-Werkzeugen werden dem Modell nicht angeboten (höchstens %3 Werkzeuge und %4 KB ihrer Schemas gehen mit einer Anfrage): %5</translation>
    </message>
    <message>
        <source>%1 is for the model only: its server does not let an app call it</source>
        <translation>%1 ist nur für das Modell: sein Server lässt keine App es aufrufen</translation>
    </message>
</context>
<context>
    <name>Tessera::MetricChartCard</name>
    <message>
        <source>Bar chart</source>
        <translation>Balkendiagramm</translation>
    </message>
    <message>
        <source>Area chart</source>
        <translation>Flächendiagramm</translation>
    </message>
    <message>
        <source>Scatter chart</source>
        <translation>Streudiagramm</translation>
    </message>
    <message>
        <source>Line chart</source>
        <translation>Liniendiagramm</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n series</source>
        <translation>
            <numerusform>%1, %n Reihe</numerusform>
            <numerusform>%1, %n Reihen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no points</source>
        <translation>%1: keine Punkte</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n points, from %2 to %3</source>
        <translation>
            <numerusform>%1: %n Punkt, von %2 bis %3</numerusform>
            <numerusform>%1: %n Punkte, von %2 bis %3</numerusform>
        </translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source> (UTC)</source>
        <translation> (UTC)</translation>
    </message>
</context>
<context>
    <name>Tessera::OpenAiBackend</name>
    <message>
        <source>%1 is not an http:// or https:// address</source>
        <translation>%1 ist keine http://- oder https://-Adresse</translation>
    </message>
    <message>
        <source>not a client event: %1</source>
        <translation>kein Client-Ereignis: %1</translation>
    </message>
    <message>
        <source>an OpenAI-compatible endpoint takes no %1 events</source>
        <translation>ein OpenAI-kompatibler Endpunkt nimmt keine %1-Ereignisse an</translation>
    </message>
    <message>
        <source>the model is still answering</source>
        <translation>das Modell antwortet noch</translation>
    </message>
    <message>
        <source>there is nothing to send</source>
        <translation>es gibt nichts zu senden</translation>
    </message>
    <message>
        <source>this request for input is no longer waiting for an answer</source>
        <translation>diese Eingabeanfrage wartet nicht mehr auf eine Antwort</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an answer to a request for input</source>
        <translation>„%1“ ist keine Antwort auf eine Eingabeanfrage</translation>
    </message>
    <message>
        <source>this tool call is no longer waiting for consent</source>
        <translation>dieser Werkzeugaufruf wartet nicht mehr auf Zustimmung</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a consent decision</source>
        <translation>„%1“ ist keine Zustimmungsentscheidung</translation>
    </message>
    <message>
        <source>%1 is marked destructive: it can be allowed once or denied, not allowed for this conversation</source>
        <translation>%1 ist als zerstörerisch markiert: es kann einmal erlaubt oder abgelehnt werden, nicht für diese Unterhaltung erlaubt</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOut</name>
    <message>
        <source>Pop &amp;Out</source>
        <translation>&amp;Herauslösen</translation>
    </message>
    <message>
        <source>Show this in a small window of its own; the conversation keeps it too</source>
        <translation>Dies in einem eigenen kleinen Fenster zeigen; die Unterhaltung behält es ebenfalls</translation>
    </message>
    <message>
        <source>Pop out</source>
        <translation>Herauslösen</translation>
    </message>
    <message>
        <source>Pop out %1</source>
        <translation>%1 herauslösen</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOutController</name>
    <message>
        <source>the conversation is not shown any more</source>
        <translation>die Unterhaltung wird nicht mehr angezeigt</translation>
    </message>
    <message>
        <source>The prompt was not put into the composer: %1</source>
        <translation>Die Eingabe wurde nicht ins Eingabefeld gesetzt: %1</translation>
    </message>
    <message>
        <source>Could not send: %1</source>
        <translation>Senden nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::PopOutWindow</name>
    <message>
        <source>From the conversation</source>
        <translation>Aus der Unterhaltung</translation>
    </message>
    <message>
        <source>From “%1”</source>
        <translation>Aus „%1“</translation>
    </message>
    <message>
        <source>%1 · follows the newest board</source>
        <translation>%1 · folgt dem neuesten Spielbrett</translation>
    </message>
    <message>
        <source>Widget</source>
        <translation>Widget</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>Popped out: %1</source>
        <translation>Herausgelöst: %1</translation>
    </message>
    <message>
        <source>This app cannot be shown here.</source>
        <translation>Diese App kann hier nicht angezeigt werden.</translation>
    </message>
    <message>
        <source>App %1</source>
        <translation>App %1</translation>
    </message>
</context>
<context>
    <name>Tessera::ProseBlock</name>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Refused to open a link that is not https://: %1</source>
        <translation>Ein Link, der nicht https:// ist, wird nicht geöffnet: %1</translation>
    </message>
    <message>
        <source>Links open from the Tessera window only.</source>
        <translation>Links lassen sich nur aus dem Tessera-Fenster öffnen.</translation>
    </message>
</context>
<context>
    <name>Tessera::ProseSkeleton</name>
    <message>
        <source>Widget loading</source>
        <translation>Widget wird geladen</translation>
    </message>
    <message>
        <source>The agent is still writing this widget.</source>
        <translation>Der Agent schreibt dieses Widget noch.</translation>
    </message>
    <message>
        <source>Building a widget…</source>
        <translation>Widget wird erstellt…</translation>
    </message>
</context>
<context>
    <name>Tessera::RecommendActionsCard</name>
    <message>
        <source>Puts this prompt into the composer: %1</source>
        <translation>Setzt diese Eingabe ins Eingabefeld: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n suggested action(s)</source>
        <translation>
            <numerusform>%n vorgeschlagene Aktion</numerusform>
            <numerusform>%n vorgeschlagene Aktionen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Dem System folgen</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>&amp;Font size:</source>
        <translation>&amp;Schriftgröße:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>S&amp;prache:</translation>
    </message>
    <message>
        <source>A new language is used from the next start.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>&amp;Reduce motion in widgets</source>
        <translation>Bewegung in Widgets &amp;reduzieren</translation>
    </message>
    <message>
        <source>Load &amp;images from the web in widgets without asking</source>
        <translation>&amp;Bilder aus dem Web in Widgets ohne Nachfrage laden</translation>
    </message>
    <message>
        <source>&amp;Name on button presses:</source>
        <translation>&amp;Name bei Knopfdrücken:</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>&amp;Allgemein</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
</context>
<context>
    <name>Tessera::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Strg+Eingabe</translation>
    </message>
    <message>
        <source>Send the message in the composer</source>
        <translation>Die Nachricht im Eingabefeld senden</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Umschalt+Tab</translation>
    </message>
    <message>
        <source>Move between cards, pills, items, tables and buttons</source>
        <translation>Zwischen Karten, Vorschlägen, Einträgen, Tabellen und Knöpfen wechseln</translation>
    </message>
    <message>
        <source>Enter / Space</source>
        <translation>Eingabe / Leertaste</translation>
    </message>
    <message>
        <source>Activate a pill or an item</source>
        <translation>Einen Vorschlag oder Eintrag auslösen</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <source>Move between table cells</source>
        <translation>Zwischen Tabellenzellen wechseln</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Strg+C</translation>
    </message>
    <message>
        <source>Copy the selected table cells as TSV</source>
        <translation>Die ausgewählten Tabellenzellen als TSV kopieren</translation>
    </message>
    <message>
        <source>Menu key</source>
        <translation>Menütaste</translation>
    </message>
    <message>
        <source>Copy a card as text, JSON or image</source>
        <translation>Eine Karte als Text, JSON oder Bild kopieren</translation>
    </message>
    <message>
        <source>Page Up / Page Down</source>
        <translation>Bild auf / Bild ab</translation>
    </message>
    <message>
        <source>Scroll the conversation</source>
        <translation>Die Unterhaltung blättern</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter, F3 / Shift+F3</source>
        <translation>Enter / Umschalt+Enter, F3 / Umschalt+F3</translation>
    </message>
    <message>
        <source>Next and previous match in the find bar</source>
        <translation>Nächster und vorheriger Treffer in der Suchleiste</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Suchleiste schließen</translation>
    </message>
</context>
<context>
    <name>Tessera::StdioBackend</name>
    <message>
        <source>event over %1 MiB skipped</source>
        <translation>Ereignis über %1 MiB übersprungen</translation>
    </message>
    <message>
        <source>the backend command is empty</source>
        <translation>der Backend-Befehl ist leer</translation>
    </message>
    <message>
        <source>the event is not valid JSON and was not sent</source>
        <translation>das Ereignis ist kein gültiges JSON und wurde nicht gesendet</translation>
    </message>
    <message>
        <source>the event contains a line break and was not sent</source>
        <translation>das Ereignis enthält einen Zeilenumbruch und wurde nicht gesendet</translation>
    </message>
    <message>
        <source>the backend is not running</source>
        <translation>das Backend läuft nicht</translation>
    </message>
    <message>
        <source>could not write to the backend: %1</source>
        <translation>konnte nicht an das Backend schreiben: %1</translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>Zeile %1: </translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>line %1: the backend closed in the middle of an event</source>
        <translation>Zeile %1: Das Backend wurde mitten in einem Ereignis geschlossen</translation>
    </message>
    <message>
        <source>the backend crashed</source>
        <translation>das Backend ist abgestürzt</translation>
    </message>
    <message>
        <source>the backend exited with code %1</source>
        <translation>das Backend wurde mit Code %1 beendet</translation>
    </message>
</context>
<context>
    <name>Tessera::StdioTransport</name>
    <message>
        <source>the server is not running</source>
        <translation>der Server läuft nicht</translation>
    </message>
    <message>
        <source>line %1: the server sent a message over %2; it was refused</source>
        <translation>Zeile %1: Der Server hat eine Nachricht über %2 gesendet; sie wurde abgelehnt</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the server crashed</source>
        <translation>der Server ist abgestürzt</translation>
    </message>
    <message>
        <source>the server exited with code %1</source>
        <translation>der Server wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <source> in the middle of a message</source>
        <translation> mitten in einer Nachricht</translation>
    </message>
</context>
<context>
    <name>Tessera::StoreCommands</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n Nachricht</numerusform>
            <numerusform>%n Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n Karte</numerusform>
            <numerusform>%n Karten</numerusform>
        </translation>
    </message>
    <message>
        <source>imported %1 from %2 as &quot;%3&quot; into %4</source>
        <translation>%1 aus %2 als „%3“ in %4 importiert</translation>
    </message>
    <message>
        <source>wrote %1 (%2, %3)</source>
        <translation>%1 geschrieben (%2, %3)</translation>
    </message>
</context>
<context>
    <name>Tessera::SystemPromptDialog</name>
    <message>
        <source>System Prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>&amp;Instructions for the model in this conversation:</source>
        <translation>&amp;Anweisungen für das Modell in dieser Unterhaltung:</translation>
    </message>
    <message>
        <source>&amp;Instructions for the model in “%1”:</source>
        <translation>&amp;Anweisungen für das Modell in „%1“:</translation>
    </message>
    <message>
        <source>Sent before each of your messages from the next one on, followed by Tessera&apos;s own rules for drawing cards. Only this conversation uses it; leave it empty for none.</source>
        <translation>Wird ab der nächsten Nachricht vor jeder Ihrer Nachrichten gesendet, gefolgt von Tesseras eigenen Regeln zum Zeichnen von Karten. Nur diese Unterhaltung verwendet ihn; lassen Sie ihn leer, wenn Sie keinen möchten.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>For example: Answer in French. Keep answers short.</source>
        <translation>Zum Beispiel: Antworte auf Französisch. Halte die Antworten kurz.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s): at most %1 can be kept.</source>
        <translation>
            <numerusform>%Ln Zeichen: Höchstens %1 können gespeichert werden.</numerusform>
            <numerusform>%Ln Zeichen: Höchstens %1 können gespeichert werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>%Ln Zeichen</numerusform>
            <numerusform>%Ln Zeichen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::Theme</name>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
</context>
<context>
    <name>Tessera::ToolActivityLine</name>
    <message>
        <source>This card could not be drawn.</source>
        <translation>Diese Karte konnte nicht gezeichnet werden.</translation>
    </message>
</context>
<context>
    <name>Tessera::ToolResultLine</name>
    <message>
        <source>
… (cut here; the whole result is in the stored conversation)</source>
        <translation>
… (hier gekürzt; das ganze Ergebnis steht in der gespeicherten Unterhaltung)</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(kein Text)</translation>
    </message>
    <message>
        <source>Show result</source>
        <translation>Ergebnis anzeigen</translation>
    </message>
    <message>
        <source>Hide result</source>
        <translation>Ergebnis ausblenden</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>running: %1</source>
        <translation>läuft: %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>No card: the result does not fit its descriptor at %1</source>
        <translation>Keine Karte: Das Ergebnis passt bei %1 nicht zu seinem Deskriptor</translation>
    </message>
    <message>
        <source>allowed once by the user</source>
        <translation>einmal vom Benutzer erlaubt</translation>
    </message>
    <message>
        <source>allowed for this conversation by the user</source>
        <translation>vom Benutzer für diese Unterhaltung erlaubt</translation>
    </message>
    <message>
        <source>allowed for this conversation</source>
        <translation>für diese Unterhaltung erlaubt</translation>
    </message>
    <message>
        <source>allowed by the setting for read-only tools</source>
        <translation>durch die Einstellung für nur lesende Werkzeuge erlaubt</translation>
    </message>
    <message>
        <source>denied by the user</source>
        <translation>vom Benutzer abgelehnt</translation>
    </message>
    <message>
        <source>allowed by --allow-tool %1</source>
        <translation>erlaubt durch --allow-tool %1</translation>
    </message>
    <message>
        <source>denied: no --allow-tool names it</source>
        <translation>abgelehnt: kein --allow-tool nennt es</translation>
    </message>
</context>
<context>
    <name>Tessera::UserBubble</name>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>You said</source>
        <translation>Sie schrieben</translation>
    </message>
</context>
<context>
    <name>Tessera::VersionSwitcherRow</name>
    <message>
        <source>Previous version</source>
        <translation>Vorherige Version</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Nächste Version</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Version %1 von %2</translation>
    </message>
</context>
<context>
    <name>Tessera::WebSocketBackend</name>
    <message>
        <source>no answer from the server within %1 s</source>
        <translation>keine Antwort vom Server innerhalb von %1 s</translation>
    </message>
    <message>
        <source>%1 is not a WebSocket address (ws:// or wss://)</source>
        <translation>%1 ist keine WebSocket-Adresse (ws:// oder wss://)</translation>
    </message>
    <message>
        <source>wss:// needs TLS, which this Qt has no backend for</source>
        <translation>wss:// braucht TLS, wofür dieses Qt kein Backend hat</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>Verbindung zu %1 wird hergestellt</translation>
    </message>
    <message>
        <source>stopped retrying: %1</source>
        <translation>keine weiteren Versuche: %1</translation>
    </message>
    <message>
        <source>frame %1: event over %2 MiB refused; the connection was closed</source>
        <translation>Frame %1: Ereignis über %2 MiB abgelehnt; die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>retrying in %1 s: %2</source>
        <translation>neuer Versuch in %1 s: %2</translation>
    </message>
    <message>
        <source>the connection closed</source>
        <translation>die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>the server closed the connection (%1: %2)</source>
        <translation>der Server hat die Verbindung geschlossen (%1: %2)</translation>
    </message>
    <message>
        <source>the server closed the connection (code %1)</source>
        <translation>der Server hat die Verbindung geschlossen (Code %1)</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>the event is not valid JSON and was not sent</source>
        <translation>das Ereignis ist kein gültiges JSON und wurde nicht gesendet</translation>
    </message>
    <message>
        <source>the backend is not connected</source>
        <translation>das Backend ist nicht verbunden</translation>
    </message>
    <message>
        <source>could not send to the backend: %1</source>
        <translation>konnte nicht an das Backend senden: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetDocumentCard</name>
    <message>
        <source>Widget</source>
        <translation>Widget</translation>
    </message>
    <message>
        <source>Widget: %1</source>
        <translation>Widget: %1</translation>
    </message>
    <message>
        <source>This widget is not connected to a live session, so it cannot send &quot;%1&quot; to the agent.</source>
        <translation>Dieses Widget ist mit keiner Live-Sitzung verbunden und kann „%1“ daher nicht an den Agenten senden.</translation>
    </message>
    <message>
        <source>Links open only in the Tessera window: %1</source>
        <translation>Links öffnen sich nur im Tessera-Fenster: %1</translation>
    </message>
    <message>
        <source>This control has no action Tessera can run.</source>
        <translation>Dieses Bedienelement hat keine Aktion, die Tessera ausführen kann.</translation>
    </message>
    <message>
        <source>Celebrate!</source>
        <translation>Hurra!</translation>
    </message>
    <message>
        <source>Celebrate! (no confetti: reduced motion is on)</source>
        <translation>Hurra! (kein Konfetti: reduzierte Bewegung ist aktiviert)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a DorkOS window command; Tessera has nothing to run for it.</source>
        <translation>„%1“ ist ein DorkOS-Fensterbefehl; Tessera kann dafür nichts ausführen.</translation>
    </message>
    <message>
        <source>(this part of the widget cannot be shown)</source>
        <translation>(dieser Teil des Widgets kann nicht angezeigt werden)</translation>
    </message>
    <message>
        <source>up</source>
        <translation>steigend</translation>
    </message>
    <message>
        <source>down</source>
        <translation>fallend</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>unverändert</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n Eintrag</numerusform>
            <numerusform>%n Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message numerus="yes">
        <source>list of %n items</source>
        <translation>
            <numerusform>Liste mit %n Eintrag</numerusform>
            <numerusform>Liste mit %n Einträgen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>timeline of %n stops</source>
        <translation>
            <numerusform>Zeitleiste mit %n Station</numerusform>
            <numerusform>Zeitleiste mit %n Stationen</numerusform>
        </translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Absenden</translation>
    </message>
    <message numerus="yes">
        <source>checklist of %n items</source>
        <translation>
            <numerusform>Checkliste mit %n Punkt</numerusform>
            <numerusform>Checkliste mit %n Punkten</numerusform>
        </translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>Empfohlen</translation>
    </message>
    <message numerus="yes">
        <source>comparison of %n options</source>
        <translation>
            <numerusform>Vergleich von %n Option</numerusform>
            <numerusform>Vergleich von %n Optionen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of 5 stars</source>
        <translation>%1 von 5 Sternen</translation>
    </message>
    <message>
        <source>board</source>
        <translation>Spielbrett</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>image: %1</source>
        <translation>Bild: %1</translation>
    </message>
    <message>
        <source>form</source>
        <translation>Formular</translation>
    </message>
    <message>
        <source>(unsupported widget &quot;%1&quot;)</source>
        <translation>(nicht unterstütztes Widget „%1“)</translation>
    </message>
    <message numerus="yes">
        <source>(%1 review(s))</source>
        <translation>
            <numerusform>(%1 Bewertung)</numerusform>
            <numerusform>(%1 Bewertungen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 review(s)</source>
        <translation>
            <numerusform>%1 Bewertung</numerusform>
            <numerusform>%1 Bewertungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeBoard</name>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeButton</name>
    <message>
        <source>Sending</source>
        <translation>Wird gesendet</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeChart</name>
    <message>
        <source>Pie chart</source>
        <translation>Kreisdiagramm</translation>
    </message>
    <message>
        <source>Bar chart</source>
        <translation>Balkendiagramm</translation>
    </message>
    <message>
        <source>Area chart</source>
        <translation>Flächendiagramm</translation>
    </message>
    <message>
        <source>Line chart</source>
        <translation>Liniendiagramm</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeImage</name>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Image could not be shown (%1): %2</source>
        <translation>Bild konnte nicht angezeigt werden (%1): %2</translation>
    </message>
    <message>
        <source>Image not shown: only https:// and data: images are allowed. %1</source>
        <translation>Bild nicht angezeigt: Nur https://- und data:-Bilder sind erlaubt. %1</translation>
    </message>
    <message>
        <source>an unknown host</source>
        <translation>einem unbekannten Host</translation>
    </message>
    <message>
        <source>%1 (image from %2, not loaded)</source>
        <translation>%1 (Bild von %2, nicht geladen)</translation>
    </message>
    <message>
        <source>Image: %1 (from %2, not loaded: Tessera loads remote images only when you ask)</source>
        <translation>Bild: %1 (von %2, nicht geladen: Tessera lädt entfernte Bilder nur auf Ihre Anforderung)</translation>
    </message>
    <message>
        <source>Load image from %1</source>
        <translation>Bild von %1 laden</translation>
    </message>
    <message>
        <source>larger than %1 px</source>
        <translation>größer als %1 px</translation>
    </message>
    <message>
        <source>not a data URI</source>
        <translation>kein data:-URI</translation>
    </message>
    <message>
        <source>bad base64</source>
        <translation>ungültiges Base64</translation>
    </message>
    <message>
        <source>Loading image from %1…</source>
        <translation>Bild wird von %1 geladen…</translation>
    </message>
    <message>
        <source>larger than %1 MB</source>
        <translation>größer als %1 MB</translation>
    </message>
    <message>
        <source>Could not load the image from %1: %2</source>
        <translation>Das Bild von %1 konnte nicht geladen werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>longer than %Ln character(s)</source>
        <translation>
            <numerusform>länger als %Ln Zeichen</numerusform>
            <numerusform>länger als %Ln Zeichen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeMood</name>
    <message>
        <source>Mood: %1</source>
        <translation>Stimmung: %1</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeSparkline</name>
    <message>
        <source>Trend</source>
        <translation>Trend</translation>
    </message>
    <message numerus="yes">
        <source>%n points, from %1 to %2</source>
        <translation>
            <numerusform>%n Punkt, von %1 bis %2</numerusform>
            <numerusform>%n Punkte, von %1 bis %2</numerusform>
        </translation>
    </message>
    <message>
        <source> (low %1, high %2)</source>
        <translation> (Minimum %1, Maximum %2)</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeStars</name>
    <message>
        <source>%1 of 5 stars</source>
        <translation>%1 von 5 Sternen</translation>
    </message>
</context>
<context>
    <name>Tessera::WidgetNodeTimeline</name>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>upcoming</source>
        <translation>bevorstehend</translation>
    </message>
</context>
</TS>

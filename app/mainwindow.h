#pragma once

// The main window only assembles parts (STYLE.md rule 9): the conversation view, the composer,
// menus and the status bar. Each part is its own class with its own signals.

#include <QMainWindow>

namespace Tessera {

class Composer;
class ConversationModel;
class ConversationView;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Opens a conversation file; on failure shows why and keeps the current conversation.
    bool openFile(const QString &path);
    // Opens the conversation bundled with the app.
    void openDemo();

    ConversationView *conversationView() const { return m_view; }
    Composer *composer() const { return m_composer; }
    ConversationModel *model() const { return m_model; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void showConversation(const QString &title, const QByteArray &data);
    void sendMessage(const QString &text);
    void showShortcuts();
    void showAbout();

    ConversationModel *m_model = nullptr;
    ConversationView *m_view = nullptr;
    Composer *m_composer = nullptr;
};

} // namespace Tessera

#pragma once

// seed 003 image (and list item thumbnails): src is "https://…" or "data:…" (validated).
//  - data: URIs are decoded here (base64 or percent-encoded) and drawn; at most kWidgetMaxDataUri
//    characters (validation) and kMaxPixels decoded pixels per side; anything undecodable shows the alt
//    text with a note.
//  - https:// images are NOT loaded by default: the image shows its alt text, the host, and a
//    "Load image from HOST" button; no QNetworkAccessManager exists until that click (or until the
//    widget is shown on screen with loadRemote true (RenderSettings::loadRemoteImages); never in a headless
//    render). The download is capped at kMaxRemoteBytes, redirects may not leave https, and the reply
//    is decoded like a data: image.
// Full images keep their aspect ratio, at most the width given and kMaxHeight px tall
// (heightForWidth); thumbnails are kThumbnail px squares (object-contained) with no button.

#include <QImage>
#include <QPointer>
#include <QUrl>
#include <QWidget>

class QLabel;
class QNetworkAccessManager;
class QNetworkReply;
class QPushButton;

namespace Tessera {

class WidgetNodeImage : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { Full, Thumbnail };
    static constexpr int kMaxHeight = 320;                    // px, full images
    static constexpr int kThumbnail = 40;                     // px
    static constexpr int kMaxPixels = 4096;                   // decoded width or height
    static constexpr qint64 kMaxRemoteBytes = 8 * 1024 * 1024; // one https download

    // loadRemote: RenderSettings::loadRemoteImages of the document drawn.
    WidgetNodeImage(const QString &src, const QString &alt, Mode mode, bool loadRemote, QWidget *parent = nullptr);

    bool isRemote() const { return m_remote; }
    bool hasImage() const { return !m_image.isNull(); }
    QImage image() const { return m_image; }
    QString host() const { return m_url.host(); }
    QPushButton *loadButton() const { return m_loadButton; } // nullptr for data: images and thumbnails
    QNetworkAccessManager *network() const { return m_network; } // nullptr until a load starts
    QString note() const;                                      // the text shown instead of the image

    // Decodes a data: URI into an image (null on failure, with the reason in *error).
    static QImage decodeDataUri(const QString &uri, QString *error);
    // Decodes image bytes with the kMaxPixels limit.
    static QImage decodeBytes(const QByteArray &bytes, QString *error);

    // Starts the https download (the "Load image" button does this).
    void loadRemote();

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void imageChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void setImage(const QImage &image);
    void setNote(const QString &text);

    Mode m_mode;
    QString m_alt;
    QUrl m_url;
    bool m_remote = false;
    bool m_loadRemote = false; // load an https image on show, without the click
    QImage m_image;
    QLabel *m_note = nullptr;
    QWidget *m_canvas = nullptr; // full images: draws the image (height-for-width)
    QPushButton *m_loadButton = nullptr;
    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
};

} // namespace Tessera
